package aptosstdlib

// 0x1::smart_table: SmartTable and Entry, and the functions Move code
// calls: new, add, upsert, borrow, borrow_mut, borrow_with_default,
// contains, remove, length. A SmartTable keeps its entries in buckets,
// vectors of Entry { hash, key, value } held in a TableWithLength under
// the bucket index, hash being SipHash-2-4 of the key's BCS as
// sip_hash_from_value computes it. Aptos splits buckets as the table grows
// (linear hashing); here a table keeps one bucket, index 0, which the
// layout allows (num_buckets 1, level 0 put every hash there): the values
// Move code sees are the same, the JSON of a table shows one bucket where
// Aptos would show several. The bucket is a table item of table.go's
// per-call cells.

import (
	"bytes"
	"encoding/binary"
	"math/bits"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of smart_table (invalid_argument).
const (
	ESmartNotFound      = 1
	ESmartAlreadyExists = 4
)

const tSmartTable = "0x1::smart_table::SmartTable<T0, T1>"

// bucketKey returns the BCS of the one bucket's index, 0u64 (a new slice:
// the item keeps it).
func bucketKey() []byte { return make([]byte, 8) }

// SmartTable declares 0x1::smart_table.
func SmartTable() native.Module {
	t, mt := "&"+tSmartTable, "&mut "+tSmartTable
	any2 := []native.TypeParam{{}, {}}
	kDrop := []native.TypeParam{{Constraints: []string{native.AbilityDrop}}, {}}
	kCopyDrop := []native.TypeParam{{Constraints: []string{native.AbilityCopy, native.AbilityDrop}}, {}}
	return native.Module{Address: addr, Name: "smart_table",
		Structs: []native.Struct{
			{Name: "Entry", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}, TypeParams: any2,
				Fields: []string{"hash: u64", "key: T0", "value: T1"}},
			{Name: "SmartTable", Abilities: []string{native.AbilityStore}, TypeParams: any2,
				Fields: []string{"buckets: 0x1::table_with_length::TableWithLength<u64, vector<0x1::smart_table::Entry<T0, T1>>>",
					"num_buckets: u64", "level: u8", "size: u64", "split_load_threshold: u8", "target_bucket_size: u64"}},
		},
		Functions: []native.Function{
			{Name: "new", TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}},
				{Constraints: []string{native.AbilityStore}}}, Return: []string{tSmartTable}, Impl: smartNew},
			{Name: "add", TypeParams: any2, Params: []string{mt, "T0", "T1"}, Impl: smartAdd(false)},
			{Name: "upsert", TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityCopy, native.AbilityDrop}},
				{Constraints: []string{native.AbilityDrop}}}, Params: []string{mt, "T0", "T1"}, Impl: smartAdd(true)},
			{Name: "borrow", TypeParams: kDrop, Params: []string{t, "T0"}, Return: []string{"&T1"}, Impl: smartBorrow(false)},
			{Name: "borrow_mut", TypeParams: kDrop, Params: []string{mt, "T0"}, Return: []string{"&mut T1"}, Impl: smartBorrow(true)},
			{Name: "borrow_with_default", TypeParams: kCopyDrop, Params: []string{t, "T0", "&T1"}, Return: []string{"&T1"}, Impl: smartBorrowWithDefault},
			{Name: "contains", TypeParams: kDrop, Params: []string{t, "T0"}, Return: []string{"bool"}, Impl: smartContains},
			{Name: "remove", TypeParams: kCopyDrop, Params: []string{mt, "T0"}, Return: []string{"T1"}, Impl: smartRemove},
			{Name: "length", TypeParams: any2, Params: []string{t}, Return: []string{"u64"}, Impl: smartLength},
		},
		Errors: []native.AbortReason{
			{Reason: ESmartNotFound, Name: "ENOT_FOUND", Description: "Key not found in the smart table"},
			{Reason: ESmartAlreadyExists, Name: "EALREADY_EXIST", Description: "Key already exists"},
		},
	}
}

// sipHash24 is SipHash-2-4 of msg with the key k0, k1.
func sipHash24(k0, k1 uint64, msg []byte) uint64 {
	v0, v1, v2, v3 := k0^0x736f6d6570736575, k1^0x646f72616e646f6d, k0^0x6c7967656e657261, k1^0x7465646279746573
	round := func() {
		v0 += v1
		v1 = bits.RotateLeft64(v1, 13) ^ v0
		v0 = bits.RotateLeft64(v0, 32)
		v2 += v3
		v3 = bits.RotateLeft64(v3, 16) ^ v2
		v0 += v3
		v3 = bits.RotateLeft64(v3, 21) ^ v0
		v2 += v1
		v1 = bits.RotateLeft64(v1, 17) ^ v2
		v2 = bits.RotateLeft64(v2, 32)
	}
	last := uint64(len(msg)) << 56
	for ; len(msg) >= 8; msg = msg[8:] {
		m := binary.LittleEndian.Uint64(msg)
		v3 ^= m
		round()
		round()
		v0 ^= m
	}
	for i, b := range msg {
		last |= uint64(b) << (8 * i)
	}
	v3 ^= last
	round()
	round()
	v0 ^= last
	v2 ^= 0xff
	for range 4 {
		round()
	}
	return v0 ^ v1 ^ v2 ^ v3
}

// smartBucket returns the bucket (index 0) of the SmartTable st points at.
func smartBucket(ctx *native.Context, st movevm.Value, targs []*movevm.Type) (*tableCell, error) {
	handle := st.Elem(0).Elem(0).Elem(0).AsAddress() // buckets.inner.handle
	vt, err := smartEntriesType(ctx, targs)
	if err != nil {
		return nil, err
	}
	return cellOf(ctx, handle, bucketKey(), vt)
}

// smartEntriesType is vector<Entry<K, V>>.
func smartEntriesType(ctx *native.Context, targs []*movevm.Type) (*movevm.Type, error) {
	k, err := native.TypeTagCharged(ctx.NativeContext, targs[0])
	if err != nil {
		return nil, err
	}
	v, err := native.TypeTagCharged(ctx.NativeContext, targs[1])
	if err != nil {
		return nil, err
	}
	return ctx.TypeOf(ledgerapi.VectorOf(ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "smart_table",
		Name: "Entry", TypeArgs: []ledgerapi.TypeTag{k, v}})))
}

// smartFind returns the bucket and the index of key in it (-1), charging
// per byte of the keys compared.
func smartFind(ctx *native.Context, ref, key movevm.Value, targs []*movevm.Type) (*tableCell, int, error) {
	st, _ := ref.Deref()
	cell, err := smartBucket(ctx, st, targs)
	if err != nil {
		return nil, -1, err
	}
	want, err := native.SerializeCharged(ctx.NativeContext, key)
	if err != nil {
		return nil, -1, err
	}
	bucket := cell.cell.Value()
	for i := range bucket.Len() {
		b, err := native.SerializeCharged(ctx.NativeContext, bucket.Elem(i).Elem(1))
		if err != nil {
			return nil, -1, err
		}
		if bytes.Equal(b, want) {
			return cell, i, nil
		}
	}
	return cell, -1, nil
}

// bucketRef is a mutable reference to the bucket in cell, marked changed.
func bucketRef(ctx *native.Context, cell *tableCell) (movevm.Value, error) {
	cell.dirty = true
	return ctx.Ref(cell.cell, true)
}

func smartNew(ctx *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	handle := newHandle(ctx)
	vt, err := smartEntriesType(ctx, targs)
	if err != nil {
		return nil, err
	}
	vtag, err := native.TypeTagCharged(ctx.NativeContext, vt)
	if err != nil {
		return nil, err
	}
	cell, err := cellOf(ctx, handle, bucketKey(), vt)
	if err != nil {
		return nil, err
	}
	cell.cell.Put(movevm.NewVector(vt, nil))
	cell.dirty = true
	k, _ := targs[0].Tag()
	v, _ := targs[1].Tag()
	types := map[string]*movevm.Type{}
	for name, tag := range map[string]ledgerapi.StructTag{
		"table": {Address: ledgerapi.AddressOne, Module: "table", Name: "Table", TypeArgs: []ledgerapi.TypeTag{{Kind: ledgerapi.KindU64}, vtag}},
		"twl":   {Address: ledgerapi.AddressOne, Module: "table_with_length", Name: "TableWithLength", TypeArgs: []ledgerapi.TypeTag{{Kind: ledgerapi.KindU64}, vtag}},
		"smart": {Address: ledgerapi.AddressOne, Module: "smart_table", Name: "SmartTable", TypeArgs: []ledgerapi.TypeTag{k, v}},
	} {
		if types[name], err = ctx.TypeOf(ledgerapi.StructType(tag)); err != nil {
			return nil, err
		}
	}
	twl := movevm.NewStruct(types["twl"], []movevm.Value{movevm.NewStruct(types["table"], []movevm.Value{movevm.Address(handle)}), movevm.U64(1)})
	return []movevm.Value{movevm.NewStruct(types["smart"], []movevm.Value{twl, movevm.U64(1), movevm.U8(0), movevm.U64(0), movevm.U8(75), movevm.U64(0)})}, nil
}

// smartAdd is smart_table::add (the key must be new) or upsert
// (the value of an existing key is overwritten in place).
func smartAdd(upsert bool) native.Func {
	return func(ctx *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		cell, i, err := smartFind(ctx, args[0], args[1], targs)
		if err != nil {
			return nil, err
		}
		if i >= 0 && !upsert {
			return nil, &movevm.NativeAbort{Code: native.Code(native.InvalidArgument, ESmartAlreadyExists)}
		}
		bucket, err := bucketRef(ctx, cell)
		if err != nil {
			return nil, err
		}
		if i >= 0 {
			r, err := ctx.InnerRef(bucket, true, i, 2)
			if err != nil {
				return nil, err
			}
			_, err = ctx.WriteThrough(r, args[2])
			return nil, err
		}
		key, err := native.SerializeCharged(ctx.NativeContext, args[1])
		if err != nil {
			return nil, err
		}
		e := movevm.NewStruct(cell.cell.Value().Type().Elem, []movevm.Value{movevm.U64(sipHash24(0, 0, key)), args[1], args[2]})
		st, _ := args[0].Deref()
		if st.Elem(5).AsU64() == 0 { // set on the first add from the entry's size, as Aptos does
			b, err := native.SerializeCharged(ctx.NativeContext, e)
			if err != nil {
				return nil, err
			}
			if err := setU64Field(ctx, args[0], 5, max(1024/max(uint64(len(b)), 1), 1)); err != nil {
				return nil, err
			}
		}
		if err := ctx.VecPushBack(bucket, e); err != nil {
			return nil, err
		}
		return nil, setU64Field(ctx, args[0], 3, st.Elem(3).AsU64()+1)
	}
}

func smartNotFound() error {
	return &movevm.NativeAbort{Code: native.Code(native.InvalidArgument, ESmartNotFound)}
}

func smartBorrow(mut bool) native.Func {
	return func(ctx *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		cell, i, err := smartFind(ctx, args[0], args[1], targs)
		if err != nil || i < 0 {
			return nil, firstErr(err, smartNotFound())
		}
		cell.dirty = cell.dirty || mut
		ref, err := ctx.Ref(cell.cell, mut)
		if err != nil {
			return nil, err
		}
		r, err := ctx.InnerRef(ref, mut, i, 2)
		return []movevm.Value{r}, err
	}
}

func smartBorrowWithDefault(ctx *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	cell, i, err := smartFind(ctx, args[0], args[1], targs)
	if err != nil {
		return nil, err
	}
	if i < 0 {
		return []movevm.Value{args[2]}, nil
	}
	ref, err := ctx.Ref(cell.cell, false)
	if err != nil {
		return nil, err
	}
	r, err := ctx.InnerRef(ref, false, i, 2)
	return []movevm.Value{r}, err
}

func smartContains(ctx *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, i, err := smartFind(ctx, args[0], args[1], targs)
	return []movevm.Value{movevm.Bool(i >= 0)}, err
}

// smartRemove is smart_table::remove: the bucket's last entry takes
// the removed one's place, in place; the removed entry is taken apart.
func smartRemove(ctx *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	cell, i, err := smartFind(ctx, args[0], args[1], targs)
	if err != nil || i < 0 {
		return nil, firstErr(err, smartNotFound())
	}
	bucket, err := bucketRef(ctx, cell)
	if err != nil {
		return nil, err
	}
	e, err := ctx.VecRemove(bucket, uint64(i), true)
	if err != nil {
		return nil, err
	}
	f, err := unpackN(e, 3)
	if err != nil {
		return nil, err
	}
	st, _ := args[0].Deref()
	return []movevm.Value{f[2]}, setU64Field(ctx, args[0], 3, st.Elem(3).AsU64()-1)
}

func smartLength(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	st, _ := args[0].Deref()
	return []movevm.Value{st.Elem(3)}, nil
}

// setU64Field writes u64 field i of the struct ref points at, in place, so
// that every reference to the struct or into it sees the new value.
func setU64Field(ctx *native.Context, ref movevm.Value, i int, x uint64) error {
	r, err := ctx.InnerRef(ref, true, i)
	if err != nil {
		return err
	}
	_, err = ctx.WriteThrough(r, movevm.U64(x))
	return err
}
