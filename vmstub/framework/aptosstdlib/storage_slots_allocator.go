package aptosstdlib

// 0x1::storage_slots_allocator, whole: Link (Occupied or Vacant),
// StorageSlotsAllocator (enum V1: the lazily created slots table, a
// TableWithLength<u64, Link<T>>, the next slot index, whether freed slots
// are reused, the head of the reuse queue and its length), ReservedSlot and
// StoredSlot, and every public function: new, allocate_spare_slots,
// get_num_spare_slot_count, add, remove, destroy_empty, borrow,
// borrow_mut, reserve_slot, fill_reserved_slot, remove_and_reserve,
// free_reserved_slot, reserved_to_index, stored_to_index, is_null_index,
// is_special_unused_index.
//
// Pinned layout: the version whose slots table is a TableWithLength and
// whose StorageSlotsAllocator has no inline slot (new(should_reuse)), the
// one big_ordered_map's BPlusTreeMap (Node enum V1, u16 degrees) uses; the
// older layouts (a Table and an inline_slot, a StorageSlotsAllocatorConfig,
// RefToSlot) are not served. As on Aptos, slot indices start at
// FIRST_INDEX (10), a freed slot is kept as a Vacant link at the head of
// the reuse queue only when should_reuse, and the slots are items of the
// TableWithLength (table.go's per-call cells, changed in place). An
// abort of the table or of option (a missing slot, no table yet) is
// located in this module with that module's code.

import (
	"encoding/binary"
	"math"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Special indices and abort reasons of storage_slots_allocator.
const (
	ssaNullIndex  = 0
	ssaFirstIndex = 10 // FIRST_INDEX, the first slot index handed out

	ESSAInvalidArgument         = 1 // raw, as Aptos asserts it
	ESSACannotHaveSparesNoReuse = 2 // invalid_argument
	ESSAInternalInvariant       = 7 // raw
)

const (
	tSSA      = "0x1::storage_slots_allocator::StorageSlotsAllocator<T0>"
	tStored   = "0x1::storage_slots_allocator::StoredSlot"
	tReserved = "0x1::storage_slots_allocator::ReservedSlot"
)

// StorageSlotsAllocator declares 0x1::storage_slots_allocator.
func StorageSlotsAllocator() native.Module {
	t := []native.TypeParam{{Constraints: []string{native.AbilityStore}}}
	st := []string{native.AbilityStore}
	s, ms := "&"+tSSA, "&mut "+tSSA
	f := func(name string, tps []native.TypeParam, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: tps, Params: params, Return: ret, Impl: impl}
	}
	return native.Module{Address: addr, Name: "storage_slots_allocator",
		Structs: []native.Struct{
			{Name: "Link", Abilities: st, TypeParams: t, Variants: []native.Variant{
				{Name: "Occupied", Fields: []string{"value: T0"}}, {Name: "Vacant", Fields: []string{"next: u64"}}}},
			{Name: "StorageSlotsAllocator", Abilities: st, TypeParams: t, Variants: []native.Variant{{Name: "V1", Fields: []string{
				"slots: 0x1::option::Option<0x1::table_with_length::TableWithLength<u64, 0x1::storage_slots_allocator::Link<T0>>>",
				"new_slot_index: u64", "should_reuse: bool", "reuse_head_index: u64", "reuse_spare_count: u32"}}}},
			{Name: "ReservedSlot", Fields: []string{"slot_index: u64"}},
			{Name: "StoredSlot", Abilities: st, Fields: []string{"slot_index: u64"}},
		},
		Functions: []native.Function{
			f("new", t, []string{"bool"}, []string{tSSA}, ssaNewFunc),
			f("allocate_spare_slots", t, []string{ms, "u64"}, nil, ssaAllocateSpare),
			f("get_num_spare_slot_count", t, []string{s}, []string{"u32"}, ssaGetSpareCount),
			f("add", t, []string{ms, "T0"}, []string{tStored}, ssaAdd),
			f("remove", t, []string{ms, tStored}, []string{"T0"}, ssaRemove),
			f("destroy_empty", t, []string{tSSA}, nil, ssaDestroyEmpty),
			f("borrow", t, []string{s, "u64"}, []string{"&T0"}, ssaBorrow(false)),
			f("borrow_mut", t, []string{ms, "u64"}, []string{"&mut T0"}, ssaBorrow(true)),
			f("reserve_slot", t, []string{ms}, []string{tStored, tReserved}, ssaReserveSlot),
			f("fill_reserved_slot", t, []string{ms, tReserved, "T0"}, nil, ssaFillReserved),
			f("remove_and_reserve", t, []string{ms, "u64"}, []string{tReserved, "T0"}, ssaRemoveAndReserve),
			f("free_reserved_slot", t, []string{ms, tReserved, tStored}, nil, ssaFreeReserved),
			f("reserved_to_index", nil, []string{"&" + tReserved}, []string{"u64"}, ssaSlotIndex),
			f("stored_to_index", nil, []string{"&" + tStored}, []string{"u64"}, ssaSlotIndex),
			f("is_null_index", nil, []string{"u64"}, []string{"bool"}, ssaIsNull),
			f("is_special_unused_index", nil, []string{"u64"}, []string{"bool"}, ssaIsSpecial),
		},
		Errors: []native.AbortReason{
			{Reason: ESSAInvalidArgument, Name: "EINVALID_ARGUMENT"},
			{Reason: ESSACannotHaveSparesNoReuse, Name: "ECANNOT_HAVE_SPARES_WITHOUT_REUSE"},
			{Reason: ESSAInternalInvariant, Name: "EINTERNAL_INVARIANT_BROKEN"},
		},
	}
}

// slots is a StorageSlotsAllocator a Func works on: a reference to it
// (mutable for the Funcs that change it), its Link<T> type and the slots
// table's type arguments (u64, Link<T>).
type slots struct {
	c    *native.Context
	ref  movevm.Value
	link *movevm.Type
}

func newSlots(c *native.Context, ref movevm.Value, elem *movevm.Type) (*slots, error) {
	link, err := structOf(c, "storage_slots_allocator", "Link", elem)
	return &slots{c: c, ref: ref, link: link}, err
}

// Fields of StorageSlotsAllocator::V1.
const (
	ssaSlots = iota
	ssaNewSlot
	ssaShouldReuse
	ssaReuseHead
	ssaSpareCount
)

func (s *slots) val() movevm.Value {
	v, _ := s.ref.Deref()
	return v
}

func (s *slots) u64(i int) uint64 { return s.val().Elem(i).AsU64() }
func (s *slots) reuse() bool      { return s.val().Elem(ssaShouldReuse).AsBool() }

// table is the slots TableWithLength, if made.
func (s *slots) table() (movevm.Value, bool) {
	vec := s.val().Elem(ssaSlots).Elem(0)
	if vec.Len() == 0 {
		return movevm.Value{}, false
	}
	return vec.Elem(0), true
}

// cell returns slot i's table item; without a table it aborts as
// option::borrow does.
func (s *slots) cell(i uint64) (*tableCell, error) {
	twl, ok := s.table()
	if !ok {
		return nil, s.c.Abort(movestdlib.EOptionNotSet)
	}
	return cellOf(s.c, twl.Elem(0).Elem(0).AsAddress(), binary.LittleEndian.AppendUint64(nil, i), s.link)
}

// setTableLength writes the TableWithLength's length.
func (s *slots) setTableLength(n uint64) error {
	r, err := s.c.InnerRef(s.ref, true, ssaSlots, 0, 0)
	if err != nil {
		return err
	}
	return setU64Field(s.c, r, 1, n)
}

// addLink stores link as slot i (table_with_length::add).
func (s *slots) addLink(i uint64, link movevm.Value) error {
	tc, err := s.cell(i)
	if err != nil {
		return err
	}
	if tc.cell.Value().IsValid() {
		return s.c.Abort(ETableAlreadyExists)
	}
	if err := s.c.KeepMemory(link); err != nil {
		return err
	}
	tc.cell.Put(link)
	tc.dirty = true
	twl, _ := s.table()
	return s.setTableLength(twl.Elem(1).AsU64() + 1)
}

// removeLink takes slot i's link out (table_with_length::remove).
func (s *slots) removeLink(i uint64) (movevm.Value, error) {
	tc, err := s.cell(i)
	if err != nil {
		return movevm.Value{}, err
	}
	if !tc.cell.Value().IsValid() {
		return movevm.Value{}, s.c.Abort(ETableNotFound)
	}
	tc.dirty = true
	v := tc.cell.Take()
	if err := s.c.ReleaseMemory(v); err != nil {
		return movevm.Value{}, err
	}
	twl, _ := s.table()
	return v, s.setTableLength(twl.Elem(1).AsU64() - 1)
}

// linkField is the one field of link when it is of variant want
// (0 Occupied, 1 Vacant); another variant fails as unpacking it would.
func linkField(link movevm.Value, want uint16) (movevm.Value, error) {
	if link.Variant() != want {
		return movevm.Value{}, &movevm.Error{Status: onchain.STRUCT_VARIANT_MISMATCH, Message: "a storage slot's link is not of the variant expected"}
	}
	f, err := unpackN(link, 1)
	if err != nil {
		return movevm.Value{}, err
	}
	return f[0], nil
}

// nextSlotIndex hands out a new index, making the slots table first.
func (s *slots) nextSlotIndex() (uint64, error) {
	i := s.u64(ssaNewSlot)
	if err := setU64Field(s.c, s.ref, ssaNewSlot, i+1); err != nil {
		return 0, err
	}
	if _, ok := s.table(); ok {
		return i, nil
	}
	twl, err := twlNew(s.c, []*movevm.Type{movevm.TypeU64, s.link}, nil)
	if err != nil {
		return 0, err
	}
	vec, err := s.c.InnerRef(s.ref, true, ssaSlots, 0)
	if err != nil {
		return 0, err
	}
	return i, s.c.VecPushBack(vec, twl[0])
}

// pushReuse frees slot i: a Vacant link at the head of the reuse queue
// when slots are reused, nothing otherwise.
func (s *slots) pushReuse(i uint64) error {
	if !s.reuse() {
		return nil
	}
	if err := s.addLink(i, movevm.NewVariant(s.link, 1, []movevm.Value{movevm.U64(s.u64(ssaReuseHead))})); err != nil {
		return err
	}
	if err := setU64Field(s.c, s.ref, ssaReuseHead, i); err != nil {
		return err
	}
	return setField(s.c, s.ref, ssaSpareCount, movevm.U32(uint32(s.u64(ssaSpareCount))+1))
}

// popReuse takes the head of the reuse queue (NULL_INDEX when empty).
func (s *slots) popReuse() (uint64, error) {
	i := s.u64(ssaReuseHead)
	if i == ssaNullIndex {
		return i, nil
	}
	link, err := s.removeLink(i)
	if err != nil {
		return 0, err
	}
	next, err := linkField(link, 1)
	if err != nil {
		return 0, err
	}
	if err := setU64Field(s.c, s.ref, ssaReuseHead, next.AsU64()); err != nil {
		return 0, err
	}
	n := s.u64(ssaSpareCount)
	if n == 0 {
		return 0, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "reuse_spare_count underflow"}
	}
	return i, setField(s.c, s.ref, ssaSpareCount, movevm.U32(uint32(n-1)))
}

// reserve is reserve_slot: a reused index, or a new one.
func (s *slots) reserve() (uint64, error) {
	i, err := s.popReuse()
	if err != nil || i != ssaNullIndex {
		return i, err
	}
	return s.nextSlotIndex()
}

// fill is fill_reserved_slot: v stored as slot i.
func (s *slots) fill(i uint64, v movevm.Value) error {
	return s.addLink(i, movevm.NewVariant(s.link, 0, []movevm.Value{v}))
}

// take is remove_and_reserve: slot i's value, the slot kept for a fill.
func (s *slots) take(i uint64) (movevm.Value, error) {
	link, err := s.removeLink(i)
	if err != nil {
		return movevm.Value{}, err
	}
	return linkField(link, 0)
}

// borrow is a reference to slot i's value.
func (s *slots) borrow(i uint64, mut bool) (movevm.Value, error) {
	tc, err := s.cell(i)
	if err != nil {
		return movevm.Value{}, err
	}
	link := tc.cell.Value()
	if !link.IsValid() {
		return movevm.Value{}, s.c.Abort(ETableNotFound)
	}
	if link.Variant() != 0 {
		return movevm.Value{}, &movevm.Error{Status: onchain.STRUCT_VARIANT_MISMATCH, Message: "borrowing a vacant storage slot"}
	}
	tc.dirty = tc.dirty || mut
	r, err := s.c.Ref(tc.cell, mut)
	if err != nil {
		return movevm.Value{}, err
	}
	return s.c.InnerRef(r, mut, 0)
}

// What one spare slot costs before allocate_spare_slots makes any: the
// gas of Aptos's loop iteration (a table add and a dozen instructions)
// and the memory of its table cell (the cache entry, key and link,
// beyond what KeepMemory counts of the link), so that a huge n runs out
// of gas or memory at once instead of looping over storage look-ups.
const (
	ssaSpareSlotGas    = tableOpCost + 12
	ssaSpareSlotMemory = 256
)

// allocateSpare is allocate_spare_slots.
func (s *slots) allocateSpare(n uint64) error {
	if !s.reuse() {
		return s.c.Abort(native.Code(native.InvalidArgument, ESSACannotHaveSparesNoReuse))
	}
	if err := s.c.Charge(saturatingMul(n, ssaSpareSlotGas)); err != nil {
		return err
	}
	if err := s.c.UseMemory(saturatingMul(n, ssaSpareSlotMemory)); err != nil {
		return err
	}
	for range n {
		i, err := s.nextSlotIndex()
		if err != nil {
			return err
		}
		if err := s.pushReuse(i); err != nil {
			return err
		}
	}
	return nil
}

// destroyEmpty is destroy_empty: the reuse queue emptied, then the slots
// table (which must then be empty) dropped.
func (s *slots) destroyEmpty() error {
	for {
		i, err := s.popReuse()
		if err != nil {
			return err
		}
		if i == ssaNullIndex {
			break
		}
	}
	if twl, ok := s.table(); ok && twl.Elem(1).AsU64() != 0 {
		return s.c.Abort(native.Code(native.InvalidState, ETWLNotEmpty))
	}
	return nil
}

// newSSA is StorageSlotsAllocator<elem>::V1 as new(reuse) makes it.
func newSSA(c *native.Context, elem *movevm.Type, reuse bool) (movevm.Value, error) {
	t, err := structOf(c, "storage_slots_allocator", "StorageSlotsAllocator", elem)
	if err != nil {
		return movevm.Value{}, err
	}
	link, err := structOf(c, "storage_slots_allocator", "Link", elem)
	if err != nil {
		return movevm.Value{}, err
	}
	twl, err := structOf(c, "table_with_length", "TableWithLength", movevm.TypeU64, link)
	if err != nil {
		return movevm.Value{}, err
	}
	none, err := movestdlib.None(c, twl)
	if err != nil {
		return movevm.Value{}, err
	}
	return movevm.NewVariant(t, 0, []movevm.Value{none, movevm.U64(ssaFirstIndex), movevm.Bool(reuse),
		movevm.U64(ssaNullIndex), movevm.U32(0)}), nil
}

// saturatingMul is a*b, or the largest uint64 when that overflows.
func saturatingMul(a, b uint64) uint64 {
	if b != 0 && a > math.MaxUint64/b {
		return math.MaxUint64
	}
	return a * b
}
