package storage

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
	c.Info.Status = t.Info.Status.Clone()
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

// CloneBytes returns a copy of b, keeping nil as nil.
func CloneBytes(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append(make([]byte, 0, len(b)), b...)
}
