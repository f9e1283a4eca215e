package onchain

import (
	"bytes"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// Deep copies, for stores that must not share memory with their callers.

// Clone returns a deep copy of k.
func (k StateKey) Clone() StateKey {
	c := k
	c.Resource = cloneStructTag(k.Resource)
	c.Key = bytes.Clone(k.Key)
	return c
}

// Clone returns a deep copy of w.
func (w WriteOp) Clone() WriteOp {
	c := w
	c.Key = w.Key.Clone()
	c.Value = bytes.Clone(w.Value)
	if w.Metadata != nil {
		m := *w.Metadata
		c.Metadata = &m
	}
	return c
}

// Clone returns a deep copy of e.
func (e Event) Clone() Event {
	c := e
	c.Type = cloneTypeTag(e.Type)
	c.Data = bytes.Clone(e.Data)
	return c
}

// Clone returns a deep copy of s.
func (s ExecutionStatus) Clone() ExecutionStatus {
	c := s
	if s.Info != nil {
		i := *s.Info
		c.Info = &i
	}
	return c
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
