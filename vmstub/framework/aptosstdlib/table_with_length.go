package aptosstdlib

// 0x1::table_with_length: TableWithLength (a Table and its length) and its
// public functions: new, destroy_empty, add, borrow, borrow_mut, length,
// empty, borrow_mut_with_default, upsert, remove, contains. The items are
// the inner table's (table.go), the length a field written in place. An
// abort of the inner table (a key added twice, a missing key) is located
// in this module with the table's code (0x6407, 0x6507).

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// ETWLNotEmpty is ENOT_EMPTY, raised as invalid_state by destroy_empty of
// a table that has items.
const ETWLNotEmpty = 102

const tTWL = "0x1::table_with_length::TableWithLength<T0, T1>"

// TableWithLength declares 0x1::table_with_length.
func TableWithLength() native.Module {
	t, mt := "&"+tTWL, "&mut "+tTWL
	cd := []string{native.AbilityCopy, native.AbilityDrop}
	kv := []native.TypeParam{{Constraints: cd}, {}}
	kvDrop := []native.TypeParam{{Constraints: cd}, {Constraints: []string{native.AbilityDrop}}}
	return native.Module{Address: addr, Name: "table_with_length",
		Structs: []native.Struct{{Name: "TableWithLength", Abilities: []string{native.AbilityStore},
			TypeParams: []native.TypeParam{{Constraints: cd, Phantom: true}, {Phantom: true}},
			Fields:     []string{"inner: 0x1::table::Table<T0, T1>", "length: u64"}}},
		Functions: []native.Function{
			{Name: "new", TypeParams: []native.TypeParam{{Constraints: cd}, {Constraints: []string{native.AbilityStore}}}, Return: []string{tTWL}, Impl: twlNew},
			{Name: "destroy_empty", TypeParams: kv, Params: []string{tTWL}, Impl: twlDestroyEmpty},
			{Name: "add", TypeParams: kv, Params: []string{mt, "T0", "T1"}, Impl: twlAdd},
			{Name: "borrow", TypeParams: kv, Params: []string{t, "T0"}, Return: []string{"&T1"}, Impl: twlInner(false, tableBorrow(false))},
			{Name: "borrow_mut", TypeParams: kv, Params: []string{mt, "T0"}, Return: []string{"&mut T1"}, Impl: twlInner(true, tableBorrow(true))},
			{Name: "length", TypeParams: kv, Params: []string{t}, Return: []string{"u64"}, Impl: twlLength},
			{Name: "empty", TypeParams: kv, Params: []string{t}, Return: []string{"bool"}, Impl: twlEmpty},
			{Name: "borrow_mut_with_default", TypeParams: kvDrop, Params: []string{mt, "T0", "T1"}, Return: []string{"&mut T1"}, Impl: twlBorrowMutWithDefault},
			{Name: "upsert", TypeParams: kvDrop, Params: []string{mt, "T0", "T1"}, Impl: twlUpsert},
			{Name: "remove", TypeParams: kv, Params: []string{mt, "T0"}, Return: []string{"T1"}, Impl: twlRemove},
			{Name: "contains", TypeParams: kv, Params: []string{t, "T0"}, Return: []string{"bool"}, Impl: twlInner(false, tableContains)},
		},
		Errors: []native.AbortReason{
			{Reason: 100, Name: "EALREADY_EXISTS", Description: "The key is already in the table (raised by the table native as 0x6407)"},
			{Reason: 101, Name: "ENOT_FOUND", Description: "The key is not in the table (raised by the table native as 0x6507)"},
			{Reason: ETWLNotEmpty, Name: "ENOT_EMPTY", Description: "The table is not empty"},
		},
	}
}

// twlInner runs a table Func on the inner Table of the TableWithLength
// args[0] points at.
func twlInner(mut bool, f native.Func) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		inner, err := c.InnerRef(args[0], mut, 0)
		if err != nil {
			return nil, err
		}
		return f(c, targs, append([]movevm.Value{inner}, args[1:]...))
	}
}

// twlLen is the length field of the TableWithLength ref points at.
func twlLen(ref movevm.Value) uint64 {
	t, _ := ref.Deref()
	return t.Elem(1).AsU64()
}

func twlNew(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	tbl, err := tableNew(c, targs, nil)
	if err != nil {
		return nil, err
	}
	t, err := structOf(c, "table_with_length", "TableWithLength", targs...)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{tbl[0], movevm.U64(0)})}, nil
}

func twlDestroyEmpty(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if args[0].Elem(1).AsU64() != 0 {
		return nil, c.Abort(native.Code(native.InvalidState, ETWLNotEmpty))
	}
	return nil, nil
}

func twlAdd(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, err := twlInner(true, tableAdd(false))(c, targs, args); err != nil {
		return nil, err
	}
	return nil, setU64Field(c, args[0], 1, twlLen(args[0])+1)
}

func twlLength(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.U64(twlLen(args[0]))}, nil
}

func twlEmpty(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Bool(twlLen(args[0]) == 0)}, nil
}

// twlPresent reports whether the inner table of args[0] has key args[1].
func twlPresent(c *native.Context, targs []*movevm.Type, args []movevm.Value) (bool, error) {
	r, err := twlInner(false, tableContains)(c, targs, args[:2])
	if err != nil {
		return false, err
	}
	return r[0].AsBool(), nil
}

func twlBorrowMutWithDefault(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := twlPresent(c, targs, args)
	if err != nil {
		return nil, err
	}
	if !ok {
		if _, err := twlAdd(c, targs, args); err != nil {
			return nil, err
		}
	}
	return twlInner(true, tableBorrow(true))(c, targs, args[:2])
}

func twlUpsert(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := twlPresent(c, targs, args)
	if err != nil {
		return nil, err
	}
	if !ok {
		return twlAdd(c, targs, args)
	}
	return twlInner(true, tableAdd(true))(c, targs, args)
}

func twlRemove(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, err := twlInner(true, tableRemove)(c, targs, args)
	if err != nil {
		return nil, err
	}
	return v, setU64Field(c, args[0], 1, twlLen(args[0])-1)
}
