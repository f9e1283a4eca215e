package aptosstdlib

// 0x1::big_vector: BigVector (elements grouped in buckets of bucket_size,
// the buckets vector<T> items of a TableWithLength under their index) and
// all its public functions: empty, destroy_empty, destroy, borrow,
// borrow_mut, append, push_back, pop_back, remove, swap_remove, swap,
// reverse, index_of, contains, to_vector, length, is_empty (singleton is
// friend-only on Aptos; the for_each family is inline). The buckets stay
// as Aptos keeps them: all full but the last, an emptied last bucket
// removed, so a vector's table items are those Aptos would write. The
// buckets are table items of table.go's per-call cells, changed in place.

import (
	"encoding/binary"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of big_vector and smart_vector (the same numbers).
const (
	EVecIndexOutOfBounds = 1 // invalid_argument
	EVecNotEmpty         = 2 // invalid_argument
	EVecEmpty            = 3 // invalid_state
	EVecZeroBucketSize   = 4 // invalid_argument
)

// vecErrors are the abort reasons of big_vector and smart_vector.
var vecErrors = []native.AbortReason{
	{Reason: EVecIndexOutOfBounds, Name: "EINDEX_OUT_OF_BOUNDS", Description: "Vector index is out of bounds"},
	{Reason: EVecNotEmpty, Name: "EVECTOR_NOT_EMPTY", Description: "Cannot destroy a non-empty vector"},
	{Reason: EVecEmpty, Name: "EVECTOR_EMPTY", Description: "Cannot pop back from an empty vector"},
	{Reason: EVecZeroBucketSize, Name: "EZERO_BUCKET_SIZE", Description: "bucket_size cannot be 0"},
}

const tBigVector = "0x1::big_vector::BigVector<T0>"

// BigVector declares 0x1::big_vector.
func BigVector() native.Module {
	v, mv := "&"+tBigVector, "&mut "+tBigVector
	tp := func(abilities ...string) []native.TypeParam { return []native.TypeParam{{Constraints: abilities}} }
	f := func(name string, tps []native.TypeParam, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: tps, Params: params, Return: ret, Impl: impl}
	}
	return native.Module{Address: addr, Name: "big_vector",
		Structs: []native.Struct{{Name: "BigVector", Abilities: []string{native.AbilityStore}, TypeParams: []native.TypeParam{{}},
			Fields: []string{"buckets: 0x1::table_with_length::TableWithLength<u64, vector<T0>>", "end_index: u64", "bucket_size: u64"}}},
		Functions: []native.Function{
			f("empty", tp(native.AbilityStore), []string{"u64"}, []string{tBigVector}, bvEmpty),
			f("destroy_empty", tp(), []string{tBigVector}, nil, bvDestroyEmpty),
			f("destroy", tp(native.AbilityDrop), []string{tBigVector}, nil, bvDestroy),
			f("borrow", tp(), []string{v, "u64"}, []string{"&T0"}, bvBorrow(false)),
			f("borrow_mut", tp(), []string{mv, "u64"}, []string{"&mut T0"}, bvBorrow(true)),
			f("append", tp(native.AbilityStore), []string{mv, tBigVector}, nil, bvAppend),
			f("push_back", tp(native.AbilityStore), []string{mv, "T0"}, nil, bvPushBack),
			f("pop_back", tp(), []string{mv}, []string{"T0"}, bvPopBack),
			f("remove", tp(), []string{mv, "u64"}, []string{"T0"}, bvRemove),
			f("swap_remove", tp(), []string{mv, "u64"}, []string{"T0"}, bvSwapRemove),
			f("swap", tp(), []string{mv, "u64", "u64"}, nil, bvSwap),
			f("reverse", tp(), []string{mv}, nil, bvReverse),
			f("index_of", tp(), []string{v, "&T0"}, []string{"bool", "u64"}, bvIndexOf),
			f("contains", tp(), []string{v, "&T0"}, []string{"bool"}, bvContains),
			f("to_vector", tp(native.AbilityCopy), []string{v}, []string{"vector<T0>"}, bvToVector),
			f("length", tp(), []string{v}, []string{"u64"}, bvLength),
			f("is_empty", tp(), []string{v}, []string{"bool"}, bvIsEmpty),
		},
		Errors: vecErrors,
	}
}

// buckets are the buckets of a BigVector or a SmartTable, whose first
// field is a TableWithLength<u64, vector<E>> holding them under their
// index: a reference to the struct (mutable for the Funcs that change
// it) and vt, vector<E>.
type buckets struct {
	c   *native.Context
	ref movevm.Value
	vt  *movevm.Type
}

func (b *buckets) val() movevm.Value {
	v, _ := b.ref.Deref()
	return v
}

// numBuckets is the TableWithLength's length.
func (b *buckets) numBuckets() uint64 { return b.val().Elem(0).Elem(1).AsU64() }

// bucket returns bucket i's table item.
func (b *buckets) bucket(i uint64) (*tableCell, error) {
	return cellOf(b.c, b.val().Elem(0).Elem(0).Elem(0).AsAddress(), binary.LittleEndian.AppendUint64(nil, i), b.vt)
}

// putBucket stores a new bucket i holding elems.
func (b *buckets) putBucket(i uint64, elems []movevm.Value) error {
	cell, err := b.bucket(i)
	if err != nil {
		return err
	}
	v := movevm.NewVector(b.vt, elems)
	if err := b.c.KeepMemory(v); err != nil {
		return err
	}
	cell.cell.Put(v)
	cell.dirty = true
	return nil
}

// deleteBucket deletes bucket i and returns its elements.
func (b *buckets) deleteBucket(i uint64) ([]movevm.Value, error) {
	cell, err := b.bucket(i)
	if err != nil {
		return nil, err
	}
	v := cell.cell.Take()
	cell.dirty = true
	if !v.IsValid() {
		return nil, nil
	}
	return movevm.Unpack(v), b.c.ReleaseMemory(v)
}

// bigVec is a BigVector a Func works on.
type bigVec struct{ buckets }

func newBigVec(c *native.Context, ref movevm.Value, elem *movevm.Type) (*bigVec, error) {
	vt, err := c.VectorOf(elem)
	return &bigVec{buckets{c: c, ref: ref, vt: vt}}, err
}

func (b *bigVec) length() uint64 { return bigVecEnd(b.val()) }
func (b *bigVec) size() uint64   { return b.val().Elem(2).AsU64() }

// bigVecEnd is the end_index (the length) of BigVector v: big_vector's
// Funcs and smart_vector's length read it here.
func bigVecEnd(v movevm.Value) uint64 { return v.Elem(1).AsU64() }

// locate is the bucket holding element i and i's place in it.
func (b *bigVec) locate(i uint64) (bucket, offset uint64) { return i / b.size(), i % b.size() }

// bucketRef returns a reference to bucket i, which must exist.
func (b *buckets) bucketRef(i uint64, mut bool) (movevm.Value, error) {
	cell, err := b.bucket(i)
	if err != nil {
		return movevm.Value{}, err
	}
	if !cell.cell.Value().IsValid() {
		return movevm.Value{}, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "a big_vector bucket is missing"}
	}
	cell.dirty = cell.dirty || mut
	return b.c.Ref(cell.cell, mut)
}

func (b *bigVec) setLength(n uint64) error { return setU64Field(b.c, b.ref, 1, n) }

// setNumBuckets writes the TableWithLength's length.
func (b *buckets) setNumBuckets(n uint64) error {
	twl, err := b.c.InnerRef(b.ref, true, 0)
	if err != nil {
		return err
	}
	return setU64Field(b.c, twl, 1, n)
}

func (b *bigVec) abort(category, reason uint64) error {
	return b.c.Abort(native.Code(category, reason))
}

// push appends x, adding a bucket when the last is full.
func (b *bigVec) push(x movevm.Value) error {
	nb, n := b.numBuckets(), b.length()
	if n == nb*b.size() {
		if err := b.putBucket(nb, nil); err != nil {
			return err
		}
		nb++
		if err := b.setNumBuckets(nb); err != nil {
			return err
		}
	}
	r, err := b.bucketRef(nb-1, true)
	if err != nil {
		return err
	}
	if err := b.c.VecPushBack(r, x); err != nil {
		return err
	}
	return b.setLength(n + 1)
}

// dropLastIfEmpty removes the last bucket when it has no elements left.
func (b *bigVec) dropLastIfEmpty() error {
	nb := b.numBuckets()
	if nb == 0 {
		return nil
	}
	cell, err := b.bucket(nb - 1)
	if err != nil || cell.cell.Value().Len() > 0 {
		return err
	}
	if _, err := b.deleteBucket(nb - 1); err != nil {
		return err
	}
	return b.setNumBuckets(nb - 1)
}

// pop removes the last element; the vector must not be empty.
func (b *bigVec) pop() (movevm.Value, error) {
	n := b.length()
	if n == 0 {
		return movevm.Value{}, b.abort(native.InvalidState, EVecEmpty)
	}
	r, err := b.bucketRef(b.numBuckets()-1, true)
	if err != nil {
		return movevm.Value{}, err
	}
	x, err := b.c.VecPopBack(r)
	if err != nil {
		return movevm.Value{}, err
	}
	if err := b.dropLastIfEmpty(); err != nil {
		return movevm.Value{}, err
	}
	return x, b.setLength(n - 1)
}

// checkIndex aborts unless every index is below the length.
func (b *bigVec) checkIndex(is ...uint64) error {
	for _, i := range is {
		if i >= b.length() {
			return b.abort(native.InvalidArgument, EVecIndexOutOfBounds)
		}
	}
	return nil
}

// elemRef is a reference to element i, which must exist.
func (b *bigVec) elemRef(i uint64, mut bool) (movevm.Value, error) {
	k, at := b.locate(i)
	r, err := b.bucketRef(k, mut)
	if err != nil {
		return movevm.Value{}, err
	}
	return b.c.InnerRef(r, mut, int(at))
}

// remove takes out element i, the later ones moving down one place (the
// first of each later bucket to the end of the one before).
func (b *bigVec) remove(i uint64) (movevm.Value, error) {
	if err := b.checkIndex(i); err != nil {
		return movevm.Value{}, err
	}
	first, at := b.locate(i)
	prev, err := b.bucketRef(first, true)
	if err != nil {
		return movevm.Value{}, err
	}
	if err := b.c.ChargeElems(movevm.VecLen(prev)); err != nil {
		return movevm.Value{}, err
	}
	x, err := b.c.VecRemove(prev, at, false)
	if err != nil {
		return movevm.Value{}, err
	}
	for k := first + 1; k < b.numBuckets(); k++ {
		cur, err := b.bucketRef(k, true)
		if err != nil {
			return movevm.Value{}, err
		}
		if err := b.c.ChargeElems(movevm.VecLen(cur)); err != nil {
			return movevm.Value{}, err
		}
		y, err := b.c.VecRemove(cur, 0, false)
		if err != nil {
			return movevm.Value{}, err
		}
		if err := b.c.VecPushBack(prev, y); err != nil {
			return movevm.Value{}, err
		}
		prev = cur
	}
	if err := b.dropLastIfEmpty(); err != nil {
		return movevm.Value{}, err
	}
	return x, b.setLength(b.length() - 1)
}

// swapRemove takes out element i, the last element taking its place.
func (b *bigVec) swapRemove(i uint64) (movevm.Value, error) {
	if err := b.checkIndex(i); err != nil {
		return movevm.Value{}, err
	}
	last, err := b.pop()
	if err != nil || b.length() == i {
		return last, err
	}
	k, at := b.locate(i)
	r, err := b.bucketRef(k, true)
	if err != nil {
		return movevm.Value{}, err
	}
	return b.c.VecReplace(r, at, last)
}

// swap exchanges elements i and j.
func (b *bigVec) swap(i, j uint64) error {
	if err := b.checkIndex(i, j); err != nil || i == j {
		return err
	}
	ki, ati := b.locate(i)
	kj, atj := b.locate(j)
	ri, err := b.bucketRef(ki, true)
	if err != nil {
		return err
	}
	rj, err := b.bucketRef(kj, true)
	if err != nil {
		return err
	}
	return exchange(b.c, ri, ati, rj, atj, ki == kj)
}

// exchange swaps element i of the vector ri points at with element j of
// the one rj points at (the same vector when same), charged per element
// of ri moved.
func exchange(c *native.Context, ri movevm.Value, i uint64, rj movevm.Value, j uint64, same bool) error {
	if i == j && same {
		return nil
	}
	if err := c.ChargeElems(2 * movevm.VecLen(ri)); err != nil {
		return err
	}
	ei, err := c.VecRemove(ri, i, false)
	if err != nil {
		return err
	}
	if same && j > i {
		j-- // element j moved down one place
	}
	ej, err := c.VecReplace(rj, j, ei)
	if err != nil {
		return err
	}
	return c.VecInsert(ri, i, ej)
}

// elems visits the elements in order with f until f says stop.
func (b *bigVec) elems(f func(i uint64, x movevm.Value) (bool, error)) error {
	var i uint64
	for k := range b.numBuckets() {
		r, err := b.bucketRef(k, false)
		if err != nil {
			return err
		}
		v, _ := r.Deref()
		for e := range v.Len() {
			if stop, err := f(i, v.Elem(e)); err != nil || stop {
				return err
			}
			i++
		}
	}
	return nil
}

// indexOf is the index of the first element equal to what ref points at
// (-1 when there is none), compared by BCS.
func (b *bigVec) indexOf(ref movevm.Value) (int64, error) {
	x, _ := ref.Deref()
	want, err := native.SerializeCharged(b.c.NativeContext, x)
	if err != nil {
		return -1, err
	}
	at := int64(-1)
	return at, b.elems(func(i uint64, e movevm.Value) (bool, error) {
		got, err := native.SerializeCharged(b.c.NativeContext, e)
		if err == nil && string(got) == string(want) {
			at = int64(i)
			return true, nil
		}
		return false, err
	})
}

// takeAll removes every element, in order, and every bucket.
func (b *bigVec) takeAll() ([]movevm.Value, error) {
	if err := b.c.ChargeElems(int(b.length())); err != nil {
		return nil, err
	}
	out := make([]movevm.Value, 0, b.length())
	for k := range b.numBuckets() {
		xs, err := b.deleteBucket(k)
		if err != nil {
			return nil, err
		}
		out = append(out, xs...)
	}
	if err := b.setNumBuckets(0); err != nil {
		return nil, err
	}
	return out, b.setLength(0)
}
