package movevm

import (
	"bytes"
	"sort"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Storage reads resources as the state before the session holds them.
type Storage interface {
	// Resource returns the BCS of the resource of type tag under addr;
	// found is false when there is none. An error is the store's own.
	Resource(addr ledgerapi.Address, tag ledgerapi.StructTag) (data []byte, found bool, err error)
}

// Write is a resource change: the new BCS bytes, or Deleted.
type Write struct {
	Address ledgerapi.Address
	Tag     ledgerapi.StructTag
	Data    []byte
	Deleted bool
}

type resKey struct {
	addr ledgerapi.Address
	t    *Type
}

// resource is a global resource as the running call sees it.
type resource struct {
	cell    *container // vals[0] holds the value, invalid when absent
	existed bool       // present before the call
	base    bool       // present before the session
	dirty   bool       // moved or mutably borrowed
}

// committedWrite is a change earlier calls of the session made.
type committedWrite struct {
	tag     ledgerapi.StructTag
	data    []byte
	deleted bool
	base    bool // present before the session
}

// load returns the resource of type t under addr, reading it on first use.
func (s *Session) load(addr ledgerapi.Address, t *Type) (*resource, error) {
	k := resKey{addr, t}
	if r, ok := s.resources[k]; ok {
		return r, nil
	}
	r := &resource{cell: &container{vals: make([]Value, 1)}}
	var data []byte
	found := false
	if w, ok := s.committed[k]; ok {
		data, found, r.base = w.data, !w.deleted, w.base
	} else {
		tag, err := t.StructTag()
		if err != nil {
			return nil, err
		}
		if data, found, err = s.env.Storage.Resource(addr, tag); err != nil {
			return nil, errorf(onchain.STORAGE_ERROR, "reading %s under %s: %v", tag, addr, err)
		}
		r.base = found
	}
	if found {
		if err := s.env.Gas.Charge(resourceCost + uint64(len(data))/bytesPerUnit); err != nil {
			return nil, err
		}
		v, err := s.Deserialize(t, data)
		if err != nil {
			return nil, errorf(onchain.FAILED_TO_DESERIALIZE_RESOURCE, "resource %s under %s: %v", t, addr, err)
		}
		if err := s.chargeLoaded(v); err != nil {
			return nil, err
		}
		r.cell.vals[0], r.existed = v, true
	}
	s.resources[k] = r
	return r, nil
}

// global runs the global storage instructions.
func (s *Session) global(fr *frame, in *bytecode.Instruction) error {
	var generic bool
	switch in.Op {
	case bytecode.OpExistsGeneric, bytecode.OpMutBorrowGlobalGeneric, bytecode.OpImmBorrowGlobalGeneric,
		bytecode.OpMoveFromGeneric, bytecode.OpMoveToGeneric:
		generic = true
	}
	t, err := s.structInstr(fr, !generic, in.Index)
	if err != nil {
		return err
	}
	if !t.abilities.Has(bytecode.AbilityKey) {
		return errorf(onchain.BORROWGLOBAL_WITHOUT_KEY_ABILITY, "%s on %s, which has no key ability", in.Op, t)
	}
	var addr ledgerapi.Address
	var val Value
	if in.Op == bytecode.OpMoveTo || in.Op == bytecode.OpMoveToGeneric {
		if val, err = s.popType(fr, t); err != nil {
			return err
		}
		_, sg, err := s.popRef(fr, false)
		if err != nil {
			return err
		}
		if sg.t != TypeSigner {
			return errorf(onchain.TYPE_MISMATCH, "move_to needs &signer, got a reference to %s", sg.t)
		}
		addr = sg.AsAddress()
	} else {
		a, err := s.popType(fr, TypeAddress)
		if err != nil {
			return err
		}
		addr = a.AsAddress()
	}
	r, err := s.load(addr, t)
	if err != nil {
		return err
	}
	present := r.cell.vals[0].IsValid()
	switch in.Op {
	case bytecode.OpExists, bytecode.OpExistsGeneric:
		s.stack = append(s.stack, Bool(present))
	case bytecode.OpMoveTo, bytecode.OpMoveToGeneric:
		if present {
			return errorf(onchain.RESOURCE_ALREADY_EXISTS, "%s already exists under %s", t, addr)
		}
		// A fresh cell: references into an earlier one stay dead.
		r.cell.dead = true
		r.cell = &container{vals: []Value{val}}
		r.dirty = true
	case bytecode.OpMoveFrom, bytecode.OpMoveFromGeneric:
		if !present {
			return errorf(onchain.MISSING_DATA, "no %s under %s", t, addr)
		}
		s.stack = append(s.stack, r.cell.vals[0])
		r.cell.vals[0] = Value{}
		r.dirty = true
	default:
		if !present {
			return errorf(onchain.MISSING_DATA, "no %s under %s", t, addr)
		}
		mut := in.Op == bytecode.OpMutBorrowGlobal || in.Op == bytecode.OpMutBorrowGlobalGeneric
		rt, err := s.types.refOf(t, mut)
		if err != nil {
			return err
		}
		r.dirty = r.dirty || mut
		s.stack = append(s.stack, Value{t: rt, p: r.cell})
	}
	return nil
}

// changes serializes what the running call changed.
func (s *Session) changes() (map[resKey]*committedWrite, error) {
	out := map[resKey]*committedWrite{}
	for k, r := range s.resources {
		if !r.dirty {
			continue
		}
		v := r.cell.vals[0]
		if !v.IsValid() && !r.existed {
			continue // created and removed again
		}
		tag, err := k.t.StructTag()
		if err != nil {
			return nil, err
		}
		w := &committedWrite{tag: tag, deleted: !v.IsValid(), base: r.base}
		if !w.deleted {
			if w.data, err = Serialize(nil, v); err != nil {
				return nil, err
			}
			if err := s.env.Gas.Charge(resourceCost + uint64(len(w.data))/bytesPerUnit); err != nil {
				return nil, err
			}
		}
		out[k] = w
	}
	return out, nil
}

// writes lists the session's changes in a deterministic order.
func (s *Session) writes() ([]Write, error) {
	out := make([]Write, 0, len(s.committed))
	for k, w := range s.committed {
		out = append(out, Write{Address: k.addr, Tag: w.tag, Data: w.data, Deleted: w.deleted})
	}
	sort.Slice(out, func(i, j int) bool {
		if c := bytes.Compare(out[i].Address[:], out[j].Address[:]); c != 0 {
			return c < 0
		}
		return out[i].Tag.String() < out[j].Tag.String()
	})
	return out, nil
}
