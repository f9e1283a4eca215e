package movevm

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"testing"
)

// inplaceFixture is a local holding a vector<u64>, a mutable reference to
// that local and the context natives get.
type inplaceFixture struct {
	t      *testing.T
	ctx    *NativeContext
	vt     *Type
	local  *container
	vecRef Value
}

func newInplace(t *testing.T, limits Limits, elems ...uint64) *inplaceFixture {
	t.Helper()
	s := New(nil, limits).NewSession(Env{Modules: ModuleMap{}, Storage: memStore{}})
	vt, err := s.types.vectorOf(TypeU64)
	if err != nil {
		t.Fatal(err)
	}
	f := &inplaceFixture{t: t, ctx: &NativeContext{s: s}, vt: vt}
	f.local = &container{vals: []Value{f.vec(elems...)}}
	rt, err := s.types.refOf(vt, true)
	if err != nil {
		t.Fatal(err)
	}
	f.vecRef = Value{t: rt, p: f.local}
	return f
}

func (f *inplaceFixture) vec(elems ...uint64) Value {
	es := make([]Value, len(elems))
	for i, e := range elems {
		es[i] = U64(e)
	}
	return NewVector(f.vt, es)
}

// elemRef is &mut v[i], as VecMutBorrow makes it.
func (f *inplaceFixture) elemRef(i uint64) Value {
	rt, err := f.ctx.s.types.refOf(TypeU64, true)
	if err != nil {
		f.t.Fatal(err)
	}
	v, _ := f.vecRef.Deref()
	return Value{t: rt, p: v.p, n: i}
}

// contents is the vector the local holds now.
func (f *inplaceFixture) contents() []uint64 {
	v, _ := f.vecRef.Deref()
	return u64s(v)
}

func (f *inplaceFixture) want(want ...uint64) {
	f.t.Helper()
	got := f.contents()
	if len(got) != len(want) {
		f.t.Fatalf("vector %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			f.t.Fatalf("vector %v, want %v", got, want)
		}
	}
}

// sees checks that ref reads x, or is dead when dead.
func sees(t *testing.T, ref Value, x uint64, dead bool) {
	t.Helper()
	v, ok := ref.Deref()
	switch {
	case dead && ok:
		t.Fatalf("a reference to a removed element still reads %d", v.AsU64())
	case !dead && !ok:
		t.Fatalf("a reference to a kept element is dead, want %d", x)
	case !dead && v.AsU64() != x:
		t.Fatalf("a reference reads %d, want %d", v.AsU64(), x)
	}
}

func TestInPlaceReverse(t *testing.T) {
	f := newInplace(t, Limits{}, 1, 2, 3)
	before := f.local.vals[0].p
	r0, r2 := f.elemRef(0), f.elemRef(2)
	if err := f.ctx.VecReverse(f.vecRef); err != nil {
		t.Fatal(err)
	}
	f.want(3, 2, 1)
	if f.local.vals[0].p != before {
		t.Fatal("reverse replaced the vector's container")
	}
	sees(t, r0, 3, false) // the slot, not a stale copy
	sees(t, r2, 1, false)
}

func TestInPlaceRemove(t *testing.T) {
	f := newInplace(t, Limits{}, 1, 2, 3, 4)
	r0, r3 := f.elemRef(0), f.elemRef(3)
	x, err := f.ctx.VecRemove(f.vecRef, 1, false)
	if err != nil || x.AsU64() != 2 {
		t.Fatalf("remove: %v, %v", x, err)
	}
	f.want(1, 3, 4)
	sees(t, r0, 1, false)
	sees(t, r3, 0, true)
	x, err = f.ctx.VecRemove(f.vecRef, 0, true)
	if err != nil || x.AsU64() != 1 {
		t.Fatalf("swap_remove: %v, %v", x, err)
	}
	f.want(4, 3)
	sees(t, r0, 4, false)
	if _, err := f.ctx.VecRemove(f.vecRef, 2, false); err == nil {
		t.Fatal("removing past the end succeeded")
	}
	for range 2 {
		if _, err := f.ctx.VecPopBack(f.vecRef); err != nil {
			t.Fatal(err)
		}
	}
	_, err = f.ctx.VecPopBack(f.vecRef)
	wantStatus(t, err, onchain.VECTOR_OPERATION_ERROR)
	sees(t, r0, 0, true)
}

func TestInPlaceInsertAndReplace(t *testing.T) {
	f := newInplace(t, Limits{MaxVectorLen: 4}, 1, 3)
	r1 := f.elemRef(1)
	if err := f.ctx.VecInsert(f.vecRef, 1, U64(2)); err != nil {
		t.Fatal(err)
	}
	f.want(1, 2, 3)
	sees(t, r1, 2, false)
	if err := f.ctx.VecPushBack(f.vecRef, U64(4)); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, f.ctx.VecPushBack(f.vecRef, U64(5)), onchain.VECTOR_OPERATION_ERROR) // the length limit
	wantStatus(t, f.ctx.VecInsert(f.vecRef, 0, U64(0)), onchain.VECTOR_OPERATION_ERROR)
	wantStatus(t, f.ctx.VecInsert(f.vecRef, 9, U64(0)), onchain.VECTOR_OPERATION_ERROR)
	wantStatus(t, f.ctx.VecInsert(f.vecRef, 0, Bool(true)), onchain.TYPE_MISMATCH)
	old, err := f.ctx.VecReplace(f.vecRef, 3, U64(40))
	if err != nil || old.AsU64() != 4 {
		t.Fatalf("replace: %v, %v", old, err)
	}
	f.want(1, 2, 3, 40)
}

func TestInPlaceSplice(t *testing.T) {
	f := newInplace(t, Limits{MaxVectorLen: 6}, 1, 4)
	other := f.vec(2, 3)
	intoOther := Value{t: f.elemRef(0).t, p: other.p, n: 0}
	r1 := f.elemRef(1)
	if err := f.ctx.VecSplice(f.vecRef, 1, other); err != nil {
		t.Fatal(err)
	}
	f.want(1, 2, 3, 4)
	sees(t, r1, 2, false)
	sees(t, intoOther, 0, true) // the appended vector is consumed
	if err := f.ctx.VecSplice(f.vecRef, 1, other); err == nil {
		t.Fatal("a consumed vector was spliced again")
	}
	wantStatus(t, f.ctx.VecSplice(f.vecRef, 4, f.vec(5, 6, 7)), onchain.VECTOR_OPERATION_ERROR) // 7 > 6
	f.want(1, 2, 3, 4)
	if err := f.ctx.VecSplice(f.vecRef, 4, f.vec(5, 6)); err != nil {
		t.Fatal(err)
	}
	f.want(1, 2, 3, 4, 5, 6)
}

func TestInPlaceRefusesBadReferences(t *testing.T) {
	f := newInplace(t, Limits{}, 1)
	imm, err := f.ctx.s.types.refOf(f.vt, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.ctx.VecReverse(Value{t: imm, p: f.local}); err == nil {
		t.Fatal("reverse through an immutable reference")
	}
	if err := f.ctx.VecReverse(f.elemRef(0)); err == nil {
		t.Fatal("reverse through a reference to a u64")
	}
	f.local.dead = true
	if err := f.ctx.VecPushBack(f.vecRef, U64(1)); err == nil {
		t.Fatal("push through a dead reference")
	}
	if VecLen(f.vecRef) != -1 {
		t.Fatal("VecLen of a dead reference")
	}
}

func TestUnpackKillsReferences(t *testing.T) {
	f := newInplace(t, Limits{}, 7, 8)
	v, _ := f.vecRef.Deref()
	r := f.elemRef(1)
	got := Unpack(v)
	if len(got) != 2 || got[1].AsU64() != 8 {
		t.Fatalf("Unpack: %v", got)
	}
	sees(t, r, 0, true)
	if Unpack(v) != nil || Unpack(U64(1)) != nil {
		t.Fatal("Unpack of a consumed value or a primitive")
	}
}

func TestInPlaceMemory(t *testing.T) {
	f := newInplace(t, Limits{MaxMemory: 400}, 1)
	wantStatus(t, f.ctx.VecSplice(f.vecRef, 1, f.vec(make([]uint64, 20)...)), onchain.MEMORY_LIMIT_EXCEEDED) // 20 × 32 > 400
	f.want(1)
	for range 12 {
		if err := f.ctx.VecPushBack(f.vecRef, U64(2)); err != nil {
			t.Fatal(err)
		}
	}
	wantStatus(t, f.ctx.VecPushBack(f.vecRef, U64(2)), onchain.MEMORY_LIMIT_EXCEEDED) // 13 × 32 > 400
	if _, err := f.ctx.VecPopBack(f.vecRef); err != nil {
		t.Fatal(err)
	}
	if err := f.ctx.VecPushBack(f.vecRef, U64(2)); err != nil {
		t.Fatalf("a popped element did not give its memory back: %v", err)
	}
}

func TestWriteThrough(t *testing.T) {
	f := newInplace(t, Limits{}, 1, 2)
	r := f.elemRef(1)
	old, err := f.ctx.WriteThrough(r, U64(5))
	if err != nil || old.AsU64() != 2 {
		t.Fatalf("WriteThrough: %v, %v", old, err)
	}
	f.want(1, 5)
	if _, err := f.ctx.WriteThrough(r, Bool(true)); err == nil {
		t.Fatal("a bool written through &mut u64")
	}
	f.local.vals[0].p.(*container).dead = true
	if _, err := f.ctx.WriteThrough(r, U64(1)); err == nil {
		t.Fatal("a write through a dead reference")
	}
}

func TestFitsMemory(t *testing.T) {
	f := newInplace(t, Limits{MaxMemory: 3200}, 1) // 100 bytes of output
	if err := f.ctx.FitsMemory(100); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, f.ctx.FitsMemory(101), onchain.MEMORY_LIMIT_EXCEEDED)
	wantStatus(t, f.ctx.FitsMemory(-1), onchain.MEMORY_LIMIT_EXCEEDED)
	if err := f.ctx.VecPushBack(f.vecRef, U64(2)); err != nil { // takes one element, 32
		t.Fatal(err)
	}
	wantStatus(t, f.ctx.FitsMemory(100), onchain.MEMORY_LIMIT_EXCEEDED)
	if err := f.ctx.FitsMemory(99); err != nil {
		t.Fatal(err)
	}
	if err := f.ctx.FitsMemory(99); err != nil {
		t.Fatal("FitsMemory took memory")
	}
}

func TestSwap(t *testing.T) {
	f := newInplace(t, Limits{}, 1, 2, 3)
	a, b := f.elemRef(0), f.elemRef(2)
	if err := f.ctx.Swap(a, b); err != nil {
		t.Fatal(err)
	}
	f.want(3, 2, 1)
	sees(t, a, 3, false)
	// A whole vector swapped with another local's: the slot keeps its
	// container, the vector moves.
	other := &container{vals: []Value{f.vec(9)}}
	otherRef := Value{t: f.vecRef.t, p: other}
	if err := f.ctx.Swap(f.vecRef, otherRef); err != nil {
		t.Fatal(err)
	}
	f.want(9)
	if got := u64s(other.vals[0]); len(got) != 3 || got[0] != 3 {
		t.Fatalf("the other local holds %v", got)
	}
	if err := f.ctx.Swap(f.vecRef, f.elemRef(0)); err == nil {
		t.Fatal("a vector swapped with a u64")
	}
	imm, err := f.ctx.s.types.refOf(f.vt, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.ctx.Swap(Value{t: imm, p: f.local}, otherRef); err == nil {
		t.Fatal("a swap through an immutable reference")
	}
	other.dead = true
	if err := f.ctx.Swap(f.vecRef, otherRef); err == nil {
		t.Fatal("a swap through a dead reference")
	}
}
