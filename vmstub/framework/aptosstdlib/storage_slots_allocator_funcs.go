package aptosstdlib

// 0x1::storage_slots_allocator's public functions over slots (the
// allocator's operations in storage_slots_allocator.go).

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// slotOf is a StoredSlot or ReservedSlot of index i.
func slotOf(c *native.Context, name string, i uint64) (movevm.Value, error) {
	t, err := structOf(c, "storage_slots_allocator", name)
	if err != nil {
		return movevm.Value{}, err
	}
	return movevm.NewStruct(t, []movevm.Value{movevm.U64(i)}), nil
}

// slotIndex takes a StoredSlot or ReservedSlot value apart.
func slotIndex(v movevm.Value) (uint64, error) {
	f, err := unpackN(v, 1)
	if err != nil {
		return 0, err
	}
	return f[0].AsU64(), nil
}

func ssaNewFunc(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, err := newSSA(c, targs[0], args[0].AsBool())
	return []movevm.Value{v}, err
}

// ssaFunc runs f on the allocator args[0] points at.
func ssaFunc(f func(s *slots, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error)) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		s, err := newSlots(c, args[0], targs[0])
		if err != nil {
			return nil, err
		}
		return f(s, targs, args)
	}
}

var ssaAllocateSpare = ssaFunc(func(s *slots, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, s.allocateSpare(args[1].AsU64())
})

var ssaGetSpareCount = ssaFunc(func(s *slots, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	if !s.reuse() {
		return nil, s.c.Abort(native.Code(native.InvalidArgument, ESSACannotHaveSparesNoReuse))
	}
	return []movevm.Value{s.val().Elem(ssaSpareCount)}, nil
})

var ssaAdd = ssaFunc(func(s *slots, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := s.reserve()
	if err != nil {
		return nil, err
	}
	if err := s.fill(i, args[1]); err != nil {
		return nil, err
	}
	v, err := slotOf(s.c, "StoredSlot", i)
	return []movevm.Value{v}, err
})

var ssaRemove = ssaFunc(func(s *slots, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := slotIndex(args[1])
	if err != nil {
		return nil, err
	}
	v, err := s.take(i)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{v}, s.pushReuse(i)
})

func ssaDestroyEmpty(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	cell := movevm.NewCell(args[0].Type(), args[0])
	ref, err := c.Ref(cell, true)
	if err != nil {
		return nil, err
	}
	s, err := newSlots(c, ref, targs[0])
	if err != nil {
		return nil, err
	}
	return nil, s.destroyEmpty()
}

func ssaBorrow(mut bool) native.Func {
	return ssaFunc(func(s *slots, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		r, err := s.borrow(args[1].AsU64(), mut)
		return []movevm.Value{r}, err
	})
}

var ssaReserveSlot = ssaFunc(func(s *slots, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	i, err := s.reserve()
	if err != nil {
		return nil, err
	}
	stored, err := slotOf(s.c, "StoredSlot", i)
	if err != nil {
		return nil, err
	}
	reserved, err := slotOf(s.c, "ReservedSlot", i)
	return []movevm.Value{stored, reserved}, err
})

var ssaFillReserved = ssaFunc(func(s *slots, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := slotIndex(args[1])
	if err != nil {
		return nil, err
	}
	return nil, s.fill(i, args[2])
})

var ssaRemoveAndReserve = ssaFunc(func(s *slots, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i := args[1].AsU64()
	v, err := s.take(i)
	if err != nil {
		return nil, err
	}
	reserved, err := slotOf(s.c, "ReservedSlot", i)
	return []movevm.Value{reserved, v}, err
})

var ssaFreeReserved = ssaFunc(func(s *slots, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := slotIndex(args[1])
	if err != nil {
		return nil, err
	}
	j, err := slotIndex(args[2])
	if err != nil {
		return nil, err
	}
	if i != j {
		return nil, s.c.Abort(ESSAInvalidArgument)
	}
	return nil, s.pushReuse(i)
})

func ssaSlotIndex(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	return []movevm.Value{v.Elem(0)}, nil
}

func ssaIsNull(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Bool(args[0].AsU64() == ssaNullIndex)}, nil
}

func ssaIsSpecial(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i := args[0].AsU64()
	return []movevm.Value{movevm.Bool(i != ssaNullIndex && i < ssaFirstIndex)}, nil
}
