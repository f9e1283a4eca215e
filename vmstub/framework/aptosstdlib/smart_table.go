package aptosstdlib

// 0x1::smart_table: SmartTable and Entry and all the module's public
// functions (the for_each/map/any family is inline on Aptos). A
// SmartTable is a linear-hashing table as on Aptos: entries Entry { hash,
// key, value } (hash the SipHash-2-4 of the key's BCS, as
// sip_hash_from_value computes it) in buckets, vectors held in a
// TableWithLength under their index; num_buckets and level pick a key's
// bucket, and a bucket splits, the next in linear-hashing order, when an
// add brings the load factor to split_load_threshold. new starts with two
// buckets, the target bucket size is set from the first entry's size,
// and a split moves entries as Aptos's partition and trim_reverse do, so
// the buckets' table items hold what Aptos's would. The buckets are
// table items of table.go's per-call cells, changed in place.

import (
	"encoding/binary"
	"math/bits"

	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of smart_table.
const (
	ESmartNotFound             = 1 // invalid_argument
	ESmartZeroCapacity         = 2
	ESmartNotEmpty             = 3 // invalid_argument
	ESmartAlreadyExists        = 4 // invalid_argument
	ESmartInvalidLoadThreshold = 5 // invalid_argument
	ESmartInvalidTargetSize    = 6 // invalid_argument
	ESmartExceedMaxBucketSize  = 7 // permission_denied
	ESmartInvalidBucketIndex   = 8 // raw, from keys_paginated
	ESmartInvalidVectorIndex   = 9 // raw, from keys_paginated
)

// smartMaxBucket is the length a bucket may have before an add (Aptos's
// per-bucket limit).
const smartMaxBucket = 10000

const tSmartTable = "0x1::smart_table::SmartTable<T0, T1>"

// SmartTable declares 0x1::smart_table.
func SmartTable() native.Module {
	t, mt := "&"+tSmartTable, "&mut "+tSmartTable
	tp := func(k, v []string) []native.TypeParam { return []native.TypeParam{{Constraints: k}, {Constraints: v}} }
	c, d, s := native.AbilityCopy, native.AbilityDrop, native.AbilityStore
	any2 := tp(nil, nil)
	kDrop := tp([]string{d}, nil)
	kCopyDrop := tp([]string{c, d}, nil)
	view := tp([]string{s, c, d}, []string{s, c})
	entry, mentry := "&0x1::smart_table::Entry<T0, T1>", "&mut 0x1::smart_table::Entry<T0, T1>"
	twl := "0x1::table_with_length::TableWithLength<u64, vector<0x1::smart_table::Entry<T0, T1>>>"
	f := func(name string, tps []native.TypeParam, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: tps, Params: params, Return: ret, Impl: impl}
	}
	return native.Module{Address: addr, Name: "smart_table",
		Structs: []native.Struct{
			{Name: "Entry", Abilities: []string{c, d, s}, TypeParams: []native.TypeParam{{}, {}}, Fields: []string{"hash: u64", "key: T0", "value: T1"}},
			{Name: "SmartTable", Abilities: []string{s}, TypeParams: []native.TypeParam{{}, {}},
				Fields: []string{"buckets: " + twl, "num_buckets: u64", "level: u8", "size: u64", "split_load_threshold: u8", "target_bucket_size: u64"}},
		},
		Functions: []native.Function{
			f("new", tp([]string{c, d, s}, []string{s}), nil, []string{tSmartTable}, smartNew),
			f("new_with_config", tp([]string{c, d, s}, []string{s}), []string{"u64", "u8", "u64"}, []string{tSmartTable}, smartNew),
			f("destroy_empty", any2, []string{tSmartTable}, nil, smartDestroyEmpty),
			f("destroy", tp([]string{d}, []string{d}), []string{tSmartTable}, nil, smartDestroy),
			f("clear", tp([]string{d}, []string{d}), []string{mt}, nil, smartClear),
			f("add", any2, []string{mt, "T0", "T1"}, nil, smartAddFunc),
			f("add_all", any2, []string{mt, "vector<T0>", "vector<T1>"}, nil, smartAddAll),
			f("to_simple_map", view, []string{t}, []string{"0x1::simple_map::SimpleMap<T0, T1>"}, smartToSimpleMap),
			f("keys", view, []string{t}, []string{"vector<T0>"}, smartKeys),
			f("keys_paginated", view, []string{t, "u64", "u64", "u64"}, []string{"vector<T0>", "u64", "u64"}, smartKeysPaginated),
			f("borrow", kDrop, []string{t, "T0"}, []string{"&T1"}, smartBorrow(false)),
			f("borrow_with_default", kCopyDrop, []string{t, "T0", "&T1"}, []string{"&T1"}, smartBorrowWithDefault),
			f("borrow_mut", kDrop, []string{mt, "T0"}, []string{"&mut T1"}, smartBorrow(true)),
			f("borrow_mut_with_default", tp([]string{c, d}, []string{d}), []string{mt, "T0", "T1"}, []string{"&mut T1"}, smartBorrowMutWithDefault),
			f("contains", kDrop, []string{t, "T0"}, []string{"bool"}, smartContains),
			f("remove", kCopyDrop, []string{mt, "T0"}, []string{"T1"}, smartRemove),
			f("upsert", tp([]string{c, d}, []string{d}), []string{mt, "T0", "T1"}, nil, smartUpsert),
			f("length", any2, []string{t}, []string{"u64"}, smartField(3)),
			f("load_factor", any2, []string{t}, []string{"u64"}, smartLoadFactor),
			f("update_split_load_threshold", any2, []string{mt, "u8"}, nil, smartUpdate(4)),
			f("update_target_bucket_size", any2, []string{mt, "u64"}, nil, smartUpdate(5)),
			f("borrow_kv", any2, []string{entry}, []string{"&T0", "&T1"}, smartBorrowKV(false)),
			f("borrow_kv_mut", any2, []string{mentry}, []string{"&mut T0", "&mut T1"}, smartBorrowKV(true)),
			f("num_buckets", any2, []string{t}, []string{"u64"}, smartField(1)),
			f("borrow_buckets", any2, []string{t}, []string{"&" + twl}, smartBorrowBuckets(false)),
			f("borrow_buckets_mut", any2, []string{mt}, []string{"&mut " + twl}, smartBorrowBuckets(true)),
		},
		Errors: []native.AbortReason{
			{Reason: ESmartNotFound, Name: "ENOT_FOUND", Description: "Key not found in the smart table"},
			{Reason: ESmartZeroCapacity, Name: "EZERO_CAPACITY", Description: "Smart table capacity must be larger than 0"},
			{Reason: ESmartNotEmpty, Name: "ENOT_EMPTY", Description: "Cannot destroy non-empty hashmap"},
			{Reason: ESmartAlreadyExists, Name: "EALREADY_EXIST", Description: "Key already exists"},
			{Reason: ESmartInvalidLoadThreshold, Name: "EINVALID_LOAD_THRESHOLD_PERCENT", Description: "Invalid load threshold percent to trigger split."},
			{Reason: ESmartInvalidTargetSize, Name: "EINVALID_TARGET_BUCKET_SIZE", Description: "Invalid target bucket size."},
			{Reason: ESmartExceedMaxBucketSize, Name: "EEXCEED_MAX_BUCKET_SIZE", Description: "Invalid target bucket size."},
			{Reason: ESmartInvalidBucketIndex, Name: "EINVALID_BUCKET_INDEX", Description: "Invalid bucket index."},
			{Reason: ESmartInvalidVectorIndex, Name: "EINVALID_VECTOR_INDEX", Description: "Invalid vector index within a bucket."},
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

// smartTab is a SmartTable a Func works on.
type smartTab struct {
	buckets
	k, v *movevm.Type
}

// smartOf is the SmartTable<targs> ref points at.
func smartOf(c *native.Context, targs []*movevm.Type, ref movevm.Value) (*smartTab, error) {
	et, err := structOf(c, "smart_table", "Entry", targs...)
	if err != nil {
		return nil, err
	}
	vt, err := c.VectorOf(et)
	return &smartTab{buckets: buckets{c: c, ref: ref, vt: vt}, k: targs[0], v: targs[1]}, err
}

func (t *smartTab) num() uint64    { return t.val().Elem(1).AsU64() }
func (t *smartTab) level() uint64  { return t.val().Elem(2).AsU64() }
func (t *smartTab) size() uint64   { return t.val().Elem(3).AsU64() }
func (t *smartTab) target() uint64 { return t.val().Elem(5).AsU64() }

func (t *smartTab) abort(category, reason uint64) error {
	return t.c.Abort(native.Code(category, reason))
}

// index is the bucket of hash: hash modulo 2^(level+1), or modulo
// 2^level when that bucket is not split yet.
func (t *smartTab) index(hash uint64) uint64 {
	return smartIndex(t.level(), t.num(), hash)
}

func smartIndex(level, num, hash uint64) uint64 {
	i := hash
	if level+1 < 64 {
		i = hash % (1 << (level + 1))
	}
	if i < num {
		return i
	}
	return i % (1 << level)
}

// find returns the hash of key, its bucket and its position there (-1).
func (t *smartTab) find(key movevm.Value, mut bool) (uint64, movevm.Value, int, error) {
	want, err := native.SerializeCharged(t.c.NativeContext, key)
	if err != nil {
		return 0, movevm.Value{}, -1, err
	}
	hash := sipHash24(0, 0, want)
	r, err := t.bucketRef(t.index(hash), mut)
	if err != nil {
		return 0, movevm.Value{}, -1, err
	}
	b, _ := r.Deref()
	for i := range b.Len() {
		got, err := native.SerializeCharged(t.c.NativeContext, b.Elem(i).Elem(1))
		if err != nil {
			return 0, movevm.Value{}, -1, err
		}
		if string(got) == string(want) {
			return hash, r, i, nil
		}
	}
	return hash, r, -1, nil
}

// add adds key and value, aborting when the key is there, then splits a
// bucket when the load factor reaches the threshold.
func (t *smartTab) add(key, value movevm.Value) error {
	hash, r, i, err := t.find(key, true)
	if err != nil {
		return err
	}
	if movevm.VecLen(r) > smartMaxBucket {
		return t.abort(native.PermissionDenied, ESmartExceedMaxBucketSize)
	}
	if i >= 0 {
		return t.abort(native.InvalidArgument, ESmartAlreadyExists)
	}
	e := movevm.NewStruct(t.vt.Elem, []movevm.Value{movevm.U64(hash), key, value})
	if t.target() == 0 {
		b, err := native.SerializeCharged(t.c.NativeContext, e)
		if err != nil {
			return err
		}
		if err := setField(t.c, t.ref, 5, movevm.U64(max(1024/max(uint64(len(b)), 1), 1))); err != nil {
			return err
		}
	}
	if err := t.c.VecPushBack(r, e); err != nil {
		return err
	}
	if err := setField(t.c, t.ref, 3, movevm.U64(t.size()+1)); err != nil {
		return err
	}
	if t.size()*100/t.num()/t.target() >= t.val().Elem(4).AsU64() {
		return t.split()
	}
	return nil
}

// split adds bucket num_buckets, moving into it the entries of the bucket
// it splits (num_buckets without its top bit) that now belong there: the
// entries that stay keep their order, those that move are in the order
// Aptos's partition then trim_reverse leave them.
func (t *smartTab) split() error {
	n, level := t.num(), t.level()
	from := n ^ (1 << level)
	if err := setField(t.c, t.ref, 1, movevm.U64(n+1)); err != nil {
		return err
	}
	if from+1 == 1<<level {
		level++
		if err := setField(t.c, t.ref, 2, movevm.U8(uint8(level))); err != nil {
			return err
		}
	}
	r, err := t.bucketRef(from, true)
	if err != nil {
		return err
	}
	m := movevm.VecLen(r)
	if err := t.c.ChargeElems(2 * m); err != nil {
		return err
	}
	es := make([]movevm.Value, m)
	for i := m - 1; i >= 0; i-- {
		if es[i], err = t.c.VecPopBack(r); err != nil {
			return err
		}
	}
	stays := func(e movevm.Value) bool { return smartIndex(level, n+1, e.Elem(0).AsU64()) != n }
	p := 0
	for p < m && stays(es[p]) {
		p++
	}
	for i := p + 1; i < m; i++ {
		if stays(es[i]) {
			es[p], es[i] = es[i], es[p]
			p++
		}
	}
	for _, e := range es[:p] {
		if err := t.c.VecPushBack(r, e); err != nil {
			return err
		}
	}
	moved := make([]movevm.Value, 0, m-p)
	for i := m - 1; i >= p; i-- {
		moved = append(moved, es[i])
	}
	if err := t.putBucket(n, moved); err != nil {
		return err
	}
	return t.setNumBuckets(t.numBuckets() + 1)
}

// setField writes field i of the struct ref points at, in place, so that
// every reference to the struct or into it sees the new value.
func setField(ctx *native.Context, ref movevm.Value, i int, x movevm.Value) error {
	r, err := ctx.InnerRef(ref, true, i)
	if err != nil {
		return err
	}
	_, err = ctx.WriteThrough(r, x)
	return err
}

// setU64Field is setField of a u64.
func setU64Field(ctx *native.Context, ref movevm.Value, i int, x uint64) error {
	return setField(ctx, ref, i, movevm.U64(x))
}
