package vmstub

import (
	"encoding/binary"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// aptos_std::table for Move code. A table is a handle; its items are state
// items keyed by (handle, BCS of the key) holding the BCS of the value,
// readable through POST /tables/{handle}/item. During a Move call an item
// Move code touched lives in a movevm.Cell (borrow and borrow_mut hand out
// references into it); when the call succeeds, changed cells are written
// to the session.

// Abort codes of Aptos's table natives: (100 << 8) + 7 for a key added
// twice and (101 << 8) + 7 for a missing key (0x6407 and 0x6507; the 7 is
// the old ECATEGORY_INVALID_ARGUMENT of those natives, not a std::error
// category).
const (
	eTableAlreadyExists = 100<<8 + 7
	eTableNotFound      = 101<<8 + 7
)

// tableOpCost is the interpreter units a table operation costs besides
// reading the item.
const tableOpCost = 20

func tableModuleDef() Module {
	t, mt := "&0x1::table::Table<T0, T1>", "&mut 0x1::table::Table<T0, T1>"
	kv := []TypeParam{{Constraints: []string{AbilityCopy, AbilityDrop}}, {}}
	kvDrop := []TypeParam{{Constraints: []string{AbilityCopy, AbilityDrop}}, {Constraints: []string{AbilityDrop}}}
	kvStore := []TypeParam{{Constraints: []string{AbilityCopy, AbilityDrop}}, {Constraints: []string{AbilityStore}}}
	return mod1("table", []Struct{sGeneric(sPlain("Table", abStore, "handle: address"),
		[]TypeParam{{Constraints: []string{AbilityCopy, AbilityDrop}, Phantom: true}, {Phantom: true}})}, []Function{
		generic(Function{Name: "new", Return: []string{"0x1::table::Table<T0, T1>"}, MoveNative: nativeTableNew}, kvStore),
		generic(Function{Name: "add", Params: []string{mt, "T0", "T1"}, MoveNative: nativeTableAdd(false)}, kv),
		generic(Function{Name: "upsert", Params: []string{mt, "T0", "T1"}, MoveNative: nativeTableAdd(true)}, kvDrop),
		generic(Function{Name: "borrow", Params: []string{t, "T0"}, Return: []string{"&T1"}, MoveNative: nativeTableBorrow(false)}, kv),
		generic(Function{Name: "borrow_mut", Params: []string{mt, "T0"}, Return: []string{"&mut T1"}, MoveNative: nativeTableBorrow(true)}, kv),
		generic(Function{Name: "borrow_with_default", Params: []string{t, "T0", "&T1"}, Return: []string{"&T1"}, MoveNative: nativeTableBorrowWithDefault}, kv),
		generic(Function{Name: "contains", Params: []string{t, "T0"}, Return: []string{"bool"}, MoveNative: nativeTableContains}, kv),
		generic(Function{Name: "remove", Params: []string{mt, "T0"}, Return: []string{"T1"}, MoveNative: nativeTableRemove}, kv),
	})
}

// tableCell is a table item as Move code sees it during a call.
type tableCell struct {
	handle ledgerapi.Address
	key    []byte
	cell   *movevm.Cell
	dirty  bool
}

// cell returns the item of the table args[0] (a reference to a Table)
// under key args[1], reading it on first use; targs are the table's key
// and value types.
func tableItem(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) (*tableCell, error) {
	tbl, _ := args[0].Deref()
	key, err := serializeCharged(ctx, args[1])
	if err != nil {
		return nil, err
	}
	return cellOf(ctx, tbl.Elem(0).AsAddress(), key, targs[1])
}

// cellOf returns the item under key (BCS) of the table with handle, whose
// values are of type t, reading it on first use.
func cellOf(ctx *movevm.NativeContext, handle ledgerapi.Address, key []byte, t *movevm.Type) (*tableCell, error) {
	host := ctx.Host().(*moveHost)
	if err := ctx.Charge(tableOpCost); err != nil {
		return nil, err
	}
	id := string(handle[:]) + string(key)
	if tc := host.cells[id]; tc != nil {
		return tc, nil
	}
	data, ok, err := host.s.TableItem(handle, key)
	if err != nil {
		return nil, host.fromNative(err)
	}
	var v movevm.Value
	if ok {
		if err := ctx.Charge(uint64(len(data)) / 32); err != nil {
			return nil, err
		}
		if v, err = ctx.Deserialize(t, data); err != nil {
			return nil, err
		}
		if err := ctx.ChargeLoaded(v); err != nil {
			return nil, err
		}
	}
	tc := &tableCell{handle: handle, key: key, cell: movevm.NewCell(t, v)}
	if host.cells == nil {
		host.cells = map[string]*tableCell{}
	}
	host.cells[id] = tc
	host.cellOrder = append(host.cellOrder, tc)
	return tc, nil
}

// newTableHandle is the handle of the next table the transaction makes:
// sha3-256(transaction hash ‖ the number of tables it made before, u32
// big-endian), as table::new derives it.
func (s *Session) newTableHandle() ledgerapi.Address {
	h := s.txnHash()
	handle := ledgerapi.Address(crypto.SHA3_256(h[:], binary.BigEndian.AppendUint32(nil, s.tables)))
	s.tables++
	return handle
}

// writeCells writes the items Move code changed to the session.
func (h *moveHost) writeCells() error {
	for _, tc := range h.cellOrder {
		if !tc.dirty {
			continue
		}
		v := tc.cell.Value()
		if !v.IsValid() {
			if err := h.s.set(storage.TableItemKey(tc.handle, tc.key), nil, false); err != nil {
				return err
			}
			continue
		}
		data, err := movevm.Serialize(nil, v)
		if err != nil {
			return err
		}
		if err := h.s.SetTableItem(tc.handle, tc.key, data); err != nil {
			return err
		}
	}
	return nil
}

// nativeTableNew is table::new: a handle of sha3-256(transaction hash ‖
// the number of tables the transaction made before, u32 big-endian).
func nativeTableNew(ctx *movevm.NativeContext, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	handle := ctx.Host().(*moveHost).s.newTableHandle()
	k, err := typeTagCharged(ctx, targs[0])
	if err != nil {
		return nil, err
	}
	v, err := typeTagCharged(ctx, targs[1])
	if err != nil {
		return nil, err
	}
	t, err := ctx.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "table", Name: "Table",
		TypeArgs: []ledgerapi.TypeTag{k, v}}))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{movevm.Address(handle)})}, nil
}

// nativeTableAdd is table::add (the key must be new) or table::upsert.
func nativeTableAdd(upsert bool) movevm.NativeFunc {
	return func(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		tc, err := tableItem(ctx, targs, args)
		if err != nil {
			return nil, err
		}
		if tc.cell.Value().IsValid() && !upsert {
			return nil, &movevm.NativeAbort{Code: eTableAlreadyExists}
		}
		// The item keeps its value beyond the call: it counts in the memory
		// quota until it is removed or replaced.
		if err := ctx.KeepMemory(args[2]); err != nil {
			return nil, err
		}
		if err := ctx.ReleaseMemory(tc.cell.Value()); err != nil {
			return nil, err
		}
		tc.cell.Put(args[2])
		tc.dirty = true
		return nil, nil
	}
}

// nativeTableBorrow is table::borrow and table::borrow_mut.
func nativeTableBorrow(mut bool) movevm.NativeFunc {
	return func(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		tc, err := tableItem(ctx, targs, args)
		if err != nil {
			return nil, err
		}
		if !tc.cell.Value().IsValid() {
			return nil, &movevm.NativeAbort{Code: eTableNotFound}
		}
		tc.dirty = tc.dirty || mut
		r, err := ctx.Ref(tc.cell, mut)
		return []movevm.Value{r}, err
	}
}

// nativeTableBorrowWithDefault is table::borrow_with_default: the item, or
// the default reference when there is none.
func nativeTableBorrowWithDefault(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	tc, err := tableItem(ctx, targs, args)
	if err != nil {
		return nil, err
	}
	if !tc.cell.Value().IsValid() {
		return []movevm.Value{args[2]}, nil
	}
	r, err := ctx.Ref(tc.cell, false)
	return []movevm.Value{r}, err
}

func nativeTableContains(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	tc, err := tableItem(ctx, targs, args)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(tc.cell.Value().IsValid())}, nil
}

func nativeTableRemove(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	tc, err := tableItem(ctx, targs, args)
	if err != nil {
		return nil, err
	}
	if !tc.cell.Value().IsValid() {
		return nil, &movevm.NativeAbort{Code: eTableNotFound}
	}
	tc.dirty = true
	v := tc.cell.Take()
	return []movevm.Value{v}, ctx.ReleaseMemory(v)
}
