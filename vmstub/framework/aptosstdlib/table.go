package aptosstdlib

// 0x1::table: Table (a handle) and its natives: new, add, upsert, borrow,
// borrow_mut, borrow_with_default, borrow_mut_with_default, contains,
// remove; Box, the wrapper Aptos's natives store values in (its BCS is the
// value's). A table's items are
// state items keyed by (handle, BCS of the key) holding the BCS of the
// value, readable through POST /tables/{handle}/item. During a Move call
// an item Move code touched lives in a movevm.Cell (borrow and borrow_mut
// hand out references into it), kept in per-call state this module owns
// (tableCells, a native.Committer): when the call succeeds, changed items
// are written to the host; when it fails, they are forgotten.

import (
	"encoding/binary"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort codes of Aptos's table natives: (100 << 8) + 7 for a key added
// twice and (101 << 8) + 7 for a missing key (0x6407 and 0x6507; the 7 is
// the old ECATEGORY_INVALID_ARGUMENT of those natives, not a std::error
// category).
const (
	ETableAlreadyExists = 100<<8 + 7
	ETableNotFound      = 101<<8 + 7
)

// tableOpCost is the interpreter units a table operation costs besides
// reading the item.
const tableOpCost = 20

// Table declares 0x1::table.
func Table() native.Module {
	t, mt := "&0x1::table::Table<T0, T1>", "&mut 0x1::table::Table<T0, T1>"
	copyDrop := []string{native.AbilityCopy, native.AbilityDrop}
	kv := []native.TypeParam{{Constraints: copyDrop}, {}}
	kvDrop := []native.TypeParam{{Constraints: copyDrop}, {Constraints: []string{native.AbilityDrop}}}
	kvStore := []native.TypeParam{{Constraints: copyDrop}, {Constraints: []string{native.AbilityStore}}}
	return native.Module{Address: addr, Name: "table",
		Structs: []native.Struct{
			{Name: "Table", Abilities: []string{native.AbilityStore},
				TypeParams: []native.TypeParam{{Constraints: copyDrop, Phantom: true}, {Phantom: true}}, Fields: []string{"handle: address"}},
			{Name: "Box", Abilities: []string{native.AbilityKey, native.AbilityDrop, native.AbilityStore},
				TypeParams: []native.TypeParam{{}}, Fields: []string{"val: T0"}},
		},
		Functions: []native.Function{
			{Name: "new", TypeParams: kvStore, Return: []string{"0x1::table::Table<T0, T1>"}, Impl: tableNew},
			{Name: "add", TypeParams: kv, Params: []string{mt, "T0", "T1"}, Impl: tableAdd(false)},
			{Name: "upsert", TypeParams: kvDrop, Params: []string{mt, "T0", "T1"}, Impl: tableAdd(true)},
			{Name: "borrow", TypeParams: kv, Params: []string{t, "T0"}, Return: []string{"&T1"}, Impl: tableBorrow(false)},
			{Name: "borrow_mut", TypeParams: kv, Params: []string{mt, "T0"}, Return: []string{"&mut T1"}, Impl: tableBorrow(true)},
			{Name: "borrow_with_default", TypeParams: kv, Params: []string{t, "T0", "&T1"}, Return: []string{"&T1"}, Impl: tableBorrowWithDefault},
			{Name: "borrow_mut_with_default", TypeParams: kvDrop, Params: []string{mt, "T0", "T1"}, Return: []string{"&mut T1"},
				Impl: tableBorrowMutWithDefault},
			{Name: "contains", TypeParams: kv, Params: []string{t, "T0"}, Return: []string{"bool"}, Impl: tableContains},
			{Name: "remove", TypeParams: kv, Params: []string{mt, "T0"}, Return: []string{"T1"}, Impl: tableRemove},
		},
	}
}

// tableCell is a table item as Move code sees it during a call.
type tableCell struct {
	handle ledgerapi.Address
	key    []byte
	cell   *movevm.Cell
	dirty  bool
}

// tableCells are the items Move code touched during a call, by handle ‖
// key, in first-touch order.
type tableCells struct {
	m     map[string]*tableCell
	order []*tableCell
}

// cells is the call's tableCells.
var cells = native.NewState[tableCells](nil)

// Commit writes the items Move code changed to h: the BCS of the value,
// or the item's deletion when it was removed.
func (tc *tableCells) Commit(h native.Host) error {
	for _, c := range tc.order {
		if !c.dirty {
			continue
		}
		v := c.cell.Value()
		if !v.IsValid() {
			if err := h.DeleteTableItem(c.handle, c.key); err != nil {
				return err
			}
			continue
		}
		data, err := movevm.Serialize(nil, v)
		if err != nil {
			return err
		}
		if err := h.SetTableItem(c.handle, c.key, data); err != nil {
			return err
		}
	}
	return nil
}

// tableCount is the number of tables the transaction made.
var tableCount = native.NewState[uint32](nil)

// NewTableHandle returns the handle of the next table the transaction
// makes, as table::new derives it: sha3-256(transaction hash ‖ the number
// of tables it made before, u32 big-endian). It takes the session's
// States so that tables made outside this package number from the same
// counter.
func NewTableHandle(s *native.States, txnHash ledgerapi.HashValue) ledgerapi.Address {
	n := tableCount.In(s)
	handle := ledgerapi.Address(crypto.SHA3_256(txnHash[:], binary.BigEndian.AppendUint32(nil, *n)))
	*n++
	return handle
}

// newHandle is NewTableHandle in a call.
func newHandle(c *native.Context) ledgerapi.Address {
	return NewTableHandle(c.Host().States(), c.Host().Txn().Hash)
}

// tableItem returns the item of the table args[0] (a reference to a
// Table) under key args[1], reading it on first use; targs are the
// table's key and value types.
func tableItem(c *native.Context, targs []*movevm.Type, args []movevm.Value) (*tableCell, error) {
	tbl, _ := args[0].Deref()
	key, err := native.SerializeCharged(c.NativeContext, args[1])
	if err != nil {
		return nil, err
	}
	return cellOf(c, tbl.Elem(0).AsAddress(), key, targs[1])
}

// cellOf returns the item under key (BCS) of the table with handle, whose
// values are of type t, reading it from the host on first use.
func cellOf(c *native.Context, handle ledgerapi.Address, key []byte, t *movevm.Type) (*tableCell, error) {
	if err := c.Charge(tableOpCost); err != nil {
		return nil, err
	}
	cs := cells.Get(c)
	id := string(handle[:]) + string(key)
	if tc := cs.m[id]; tc != nil {
		return tc, nil
	}
	data, ok, err := c.Host().TableItem(handle, key)
	if err != nil {
		return nil, err
	}
	var v movevm.Value
	if ok {
		if err := c.Charge(uint64(len(data)) / 32); err != nil {
			return nil, err
		}
		if v, err = c.Deserialize(t, data); err != nil {
			return nil, err
		}
		if err := c.ChargeLoaded(v); err != nil {
			return nil, err
		}
	}
	tc := &tableCell{handle: handle, key: key, cell: movevm.NewCell(t, v)}
	if cs.m == nil {
		cs.m = map[string]*tableCell{}
	}
	cs.m[id] = tc
	cs.order = append(cs.order, tc)
	return tc, nil
}

// tableNew is table::new: a table with the transaction's next handle.
func tableNew(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	handle := newHandle(c)
	k, err := native.TypeTagCharged(c.NativeContext, targs[0])
	if err != nil {
		return nil, err
	}
	v, err := native.TypeTagCharged(c.NativeContext, targs[1])
	if err != nil {
		return nil, err
	}
	t, err := c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "table", Name: "Table",
		TypeArgs: []ledgerapi.TypeTag{k, v}}))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{movevm.Address(handle)})}, nil
}

// tableAdd is table::add (the key must be new) or table::upsert.
func tableAdd(upsert bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		tc, err := tableItem(c, targs, args)
		if err != nil {
			return nil, err
		}
		if tc.cell.Value().IsValid() && !upsert {
			return nil, c.Abort(ETableAlreadyExists)
		}
		// The item keeps its value beyond the call: it counts in the memory
		// quota until it is removed or replaced.
		if err := c.KeepMemory(args[2]); err != nil {
			return nil, err
		}
		if err := c.ReleaseMemory(tc.cell.Value()); err != nil {
			return nil, err
		}
		tc.cell.Put(args[2])
		tc.dirty = true
		return nil, nil
	}
}

// tableBorrow is table::borrow and table::borrow_mut.
func tableBorrow(mut bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		tc, err := tableItem(c, targs, args)
		if err != nil {
			return nil, err
		}
		if !tc.cell.Value().IsValid() {
			return nil, c.Abort(ETableNotFound)
		}
		tc.dirty = tc.dirty || mut
		r, err := c.Ref(tc.cell, mut)
		return []movevm.Value{r}, err
	}
}

// tableBorrowWithDefault is table::borrow_with_default: the item, or the
// default reference when there is none.
func tableBorrowWithDefault(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	tc, err := tableItem(c, targs, args)
	if err != nil {
		return nil, err
	}
	if !tc.cell.Value().IsValid() {
		return []movevm.Value{args[2]}, nil
	}
	r, err := c.Ref(tc.cell, false)
	return []movevm.Value{r}, err
}

// tableBorrowMutWithDefault is table::borrow_mut_with_default: a mutable
// reference to the item, added with the default value first when there
// is none (the default is dropped otherwise).
func tableBorrowMutWithDefault(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	tc, err := tableItem(c, targs, args)
	if err != nil {
		return nil, err
	}
	if !tc.cell.Value().IsValid() {
		if err := c.KeepMemory(args[2]); err != nil {
			return nil, err
		}
		tc.cell.Put(args[2])
	}
	tc.dirty = true
	r, err := c.Ref(tc.cell, true)
	return []movevm.Value{r}, err
}

func tableContains(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	tc, err := tableItem(c, targs, args)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(tc.cell.Value().IsValid())}, nil
}

// tableRemove is table::remove: the item's value, the item deleted.
func tableRemove(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	tc, err := tableItem(c, targs, args)
	if err != nil {
		return nil, err
	}
	if !tc.cell.Value().IsValid() {
		return nil, c.Abort(ETableNotFound)
	}
	tc.dirty = true
	v := tc.cell.Take()
	return []movevm.Value{v}, c.ReleaseMemory(v)
}
