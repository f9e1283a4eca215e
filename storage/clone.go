package storage

import "github.com/ledgernode/ledgernode/ledgerapi"

// Deep copies. Backends use them to honour the copy semantics of the
// contract: what a caller passes in or gets back never shares memory with
// what the store keeps.

// Clone returns a deep copy of t: no slice, pointer or type tag of the copy
// shares memory with t.
func (t Transaction) Clone() Transaction {
	c := t
	c.Payload = CloneBytes(t.Payload)
	if t.Sender != nil {
		s := *t.Sender
		c.Sender = &s
	}
	if t.SequenceNumber != nil {
		n := *t.SequenceNumber
		c.SequenceNumber = &n
	}
	if t.Info.StateCheckpointHash != nil {
		h := *t.Info.StateCheckpointHash
		c.Info.StateCheckpointHash = &h
	}
	if t.Events != nil {
		c.Events = make([]Event, len(t.Events))
		for i, e := range t.Events {
			c.Events[i] = e.Clone()
		}
	}
	if t.Changes != nil {
		c.Changes = make([]WriteOp, len(t.Changes))
		for i, w := range t.Changes {
			c.Changes[i] = w.Clone()
		}
	}
	return c
}

// Clone returns a deep copy of e.
func (e Event) Clone() Event {
	c := e
	c.Type = cloneTypeTag(e.Type)
	c.Data = CloneBytes(e.Data)
	return c
}

// Clone returns a deep copy of w.
func (w WriteOp) Clone() WriteOp {
	return WriteOp{Key: w.Key.Clone(), Value: CloneBytes(w.Value), Deleted: w.Deleted}
}

// Clone returns a deep copy of k.
func (k StateKey) Clone() StateKey {
	c := k
	c.Resource = cloneStructTag(k.Resource)
	c.Key = CloneBytes(k.Key)
	return c
}

// CloneBytes returns a copy of b, keeping nil as nil.
func CloneBytes(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append(make([]byte, 0, len(b)), b...)
}

func cloneTypeTag(t ledgerapi.TypeTag) ledgerapi.TypeTag {
	c := t
	if t.Elem != nil {
		e := cloneTypeTag(*t.Elem)
		c.Elem = &e
	}
	if t.Struct != nil {
		s := cloneStructTag(*t.Struct)
		c.Struct = &s
	}
	return c
}

func cloneStructTag(s ledgerapi.StructTag) ledgerapi.StructTag {
	c := s
	if s.TypeArgs != nil {
		c.TypeArgs = make([]ledgerapi.TypeTag, len(s.TypeArgs))
		for i, a := range s.TypeArgs {
			c.TypeArgs[i] = cloneTypeTag(a)
		}
	}
	return c
}
