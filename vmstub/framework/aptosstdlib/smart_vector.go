package aptosstdlib

// 0x1::smart_vector: SmartVector (an inline vector, then a BigVector in an
// Option once the inline part is full) and all its public functions: new,
// empty, empty_with_config, singleton, destroy_empty, destroy, clear,
// borrow, borrow_mut, append, add_all, to_vector, push_back, pop_back,
// remove, swap_remove, swap, reverse, index_of, contains, length,
// is_empty (the for_each family is inline on Aptos). Elements go where
// Aptos puts them: inline up to inline_capacity or, without a configured
// capacity, while the inline elements' estimated size stays under 150
// bytes, the BigVector's bucket size then estimated from it; an emptied
// BigVector is dropped. index_of of a missing value returns (false, the
// inline length) when a BigVector exists, as on Aptos.

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

const tSmartVector = "0x1::smart_vector::SmartVector<T0>"

// SmartVector declares 0x1::smart_vector.
func SmartVector() native.Module {
	v, mv := "&"+tSmartVector, "&mut "+tSmartVector
	tp := func(abilities ...string) []native.TypeParam { return []native.TypeParam{{Constraints: abilities}} }
	f := func(name string, tps []native.TypeParam, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: tps, Params: params, Return: ret, Impl: impl}
	}
	st := native.AbilityStore
	return native.Module{Address: addr, Name: "smart_vector",
		Structs: []native.Struct{{Name: "SmartVector", Abilities: []string{st}, TypeParams: []native.TypeParam{{}},
			Fields: []string{"inline_vec: vector<T0>", "big_vec: 0x1::option::Option<" + tBigVector + ">",
				"inline_capacity: 0x1::option::Option<u64>", "bucket_size: 0x1::option::Option<u64>"}}},
		Functions: []native.Function{
			f("new", tp(st), nil, []string{tSmartVector}, svNew),
			f("empty", tp(st), nil, []string{tSmartVector}, svNew),
			f("empty_with_config", tp(st), []string{"u64", "u64"}, []string{tSmartVector}, svNew),
			f("singleton", tp(st), []string{"T0"}, []string{tSmartVector}, svSingleton),
			f("destroy_empty", tp(), []string{tSmartVector}, nil, svDestroyEmpty),
			f("destroy", tp(native.AbilityDrop), []string{tSmartVector}, nil, svDestroy),
			f("clear", tp(native.AbilityDrop), []string{mv}, nil, svClear),
			f("borrow", tp(), []string{v, "u64"}, []string{"&T0"}, svBorrow(false)),
			f("borrow_mut", tp(), []string{mv, "u64"}, []string{"&mut T0"}, svBorrow(true)),
			f("append", tp(st), []string{mv, tSmartVector}, nil, svAppend),
			f("add_all", tp(st), []string{mv, "vector<T0>"}, nil, svAddAll),
			f("to_vector", tp(st, native.AbilityCopy), []string{v}, []string{"vector<T0>"}, svToVector),
			f("push_back", tp(st), []string{mv, "T0"}, nil, svPushBack),
			f("pop_back", tp(), []string{mv}, []string{"T0"}, svTake(func(s *smartVec, _ []movevm.Value) (movevm.Value, error) { return s.pop() })),
			f("remove", tp(), []string{mv, "u64"}, []string{"T0"}, svTake(func(s *smartVec, a []movevm.Value) (movevm.Value, error) { return s.remove(a[1].AsU64()) })),
			f("swap_remove", tp(), []string{mv, "u64"}, []string{"T0"}, svTake(func(s *smartVec, a []movevm.Value) (movevm.Value, error) { return s.swapRemove(a[1].AsU64()) })),
			f("swap", tp(st), []string{mv, "u64", "u64"}, nil, svSwap),
			f("reverse", tp(st), []string{mv}, nil, svReverse),
			f("index_of", tp(), []string{v, "&T0"}, []string{"bool", "u64"}, svIndexOf),
			f("contains", tp(), []string{v, "&T0"}, []string{"bool"}, svContains),
			f("length", tp(), []string{v}, []string{"u64"}, svLength),
			f("is_empty", tp(), []string{v}, []string{"bool"}, svIsEmpty),
		},
		Errors: vecErrors,
	}
}

// smartVec is a SmartVector a Func works on through a reference.
type smartVec struct {
	c    *native.Context
	ref  movevm.Value
	elem *movevm.Type
}

func (s *smartVec) val() movevm.Value {
	v, _ := s.ref.Deref()
	return v
}

func (s *smartVec) inlineLen() uint64 { return uint64(s.val().Elem(0).Len()) }
func (s *smartVec) hasBig() bool      { return s.val().Elem(1).Elem(0).Len() == 1 }

func (s *smartVec) inline(mut bool) (movevm.Value, error) { return s.c.InnerRef(s.ref, mut, 0) }

// big is the BigVector, which must exist.
func (s *smartVec) big(mut bool) (*bigVec, error) {
	r, err := s.c.InnerRef(s.ref, mut, 1, 0, 0)
	if err != nil {
		return nil, err
	}
	return newBigVec(s.c, r, s.elem)
}

func (s *smartVec) length() uint64 {
	n := s.inlineLen()
	if s.hasBig() {
		n += bigVecEnd(s.val().Elem(1).Elem(0).Elem(0))
	}
	return n
}

func (s *smartVec) checkIndex(i uint64) error {
	if i >= s.length() {
		return s.c.Abort(native.Code(native.InvalidArgument, EVecIndexOutOfBounds))
	}
	return nil
}

// optU64 is the value of an Option<u64> and whether it is set.
func optU64(o movevm.Value) (uint64, bool) {
	if o.Elem(0).Len() == 0 {
		return 0, false
	}
	return o.Elem(0).Elem(0).AsU64(), true
}

// push appends x inline while it fits, to the BigVector (made on the
// first element that does not fit) after.
func (s *smartVec) push(x movevm.Value) error {
	il := s.inlineLen()
	if !s.hasBig() {
		var bucket uint64
		if capacity, ok := optU64(s.val().Elem(2)); ok {
			if il < capacity {
				return s.pushInline(x)
			}
			bucket, _ = optU64(s.val().Elem(3))
		} else {
			xb, err := native.SerializeCharged(s.c.NativeContext, x)
			if err != nil {
				return err
			}
			if uint64(len(xb))*(il+1) < 150 {
				return s.pushInline(x)
			}
			ib, err := native.SerializeCharged(s.c.NativeContext, s.val().Elem(0))
			if err != nil {
				return err
			}
			avg := max(uint64(len(ib)+len(xb))/(il+1), 1)
			bucket = max(1024/avg, 1)
		}
		bv, err := newBigVector(s.c, s.elem, bucket)
		if err != nil {
			return err
		}
		opt, err := s.c.InnerRef(s.ref, true, 1, 0)
		if err != nil {
			return err
		}
		if err := s.c.VecPushBack(opt, bv); err != nil {
			return err
		}
	}
	b, err := s.big(true)
	if err != nil {
		return err
	}
	return b.push(x)
}

func (s *smartVec) pushInline(x movevm.Value) error {
	r, err := s.inline(true)
	if err != nil {
		return err
	}
	return s.c.VecPushBack(r, x)
}

// dropBigIfEmpty drops the BigVector once it has no elements.
func (s *smartVec) dropBigIfEmpty() error {
	if !s.hasBig() || s.length() > s.inlineLen() {
		return nil
	}
	opt, err := s.c.InnerRef(s.ref, true, 1, 0)
	if err != nil {
		return err
	}
	_, err = s.c.VecPopBack(opt)
	return err
}

// pop removes the last element.
func (s *smartVec) pop() (movevm.Value, error) {
	if s.length() == 0 {
		return movevm.Value{}, s.c.Abort(native.Code(native.InvalidState, EVecEmpty))
	}
	if s.hasBig() {
		b, err := s.big(true)
		if err != nil {
			return movevm.Value{}, err
		}
		x, err := b.pop()
		if err != nil {
			return movevm.Value{}, err
		}
		return x, s.dropBigIfEmpty()
	}
	r, err := s.inline(true)
	if err != nil {
		return movevm.Value{}, err
	}
	return s.c.VecPopBack(r)
}

// remove takes out element i, the later ones moving down.
func (s *smartVec) remove(i uint64) (movevm.Value, error) {
	if err := s.checkIndex(i); err != nil {
		return movevm.Value{}, err
	}
	if il := s.inlineLen(); i >= il {
		b, err := s.big(true)
		if err != nil {
			return movevm.Value{}, err
		}
		x, err := b.remove(i - il)
		if err != nil {
			return movevm.Value{}, err
		}
		return x, s.dropBigIfEmpty()
	}
	r, err := s.inline(true)
	if err != nil {
		return movevm.Value{}, err
	}
	if err := s.c.ChargeElems(movevm.VecLen(r)); err != nil {
		return movevm.Value{}, err
	}
	return s.c.VecRemove(r, i, false)
}

// swapRemove takes out element i, the last element taking its place.
func (s *smartVec) swapRemove(i uint64) (movevm.Value, error) {
	if err := s.checkIndex(i); err != nil {
		return movevm.Value{}, err
	}
	il := s.inlineLen()
	if i >= il {
		b, err := s.big(true)
		if err != nil {
			return movevm.Value{}, err
		}
		x, err := b.swapRemove(i - il)
		if err != nil {
			return movevm.Value{}, err
		}
		return x, s.dropBigIfEmpty()
	}
	if s.hasBig() {
		last, err := s.pop()
		if err != nil {
			return movevm.Value{}, err
		}
		if err := s.pushInline(last); err != nil {
			return movevm.Value{}, err
		}
	}
	r, err := s.inline(true)
	if err != nil {
		return movevm.Value{}, err
	}
	return s.c.VecRemove(r, i, true)
}

// swap exchanges elements i and j.
func (s *smartVec) swap(i, j uint64) error {
	i, j = min(i, j), max(i, j)
	if err := s.checkIndex(j); err != nil {
		return err
	}
	il := s.inlineLen()
	if i >= il {
		b, err := s.big(true)
		if err != nil {
			return err
		}
		return b.swap(i-il, j-il)
	}
	ri, err := s.inline(true)
	if err != nil {
		return err
	}
	if j < il {
		return exchange(s.c, ri, i, ri, j, true)
	}
	b, err := s.big(true)
	if err != nil {
		return err
	}
	kj, atj := b.locate(j - il)
	rj, err := b.bucketRef(kj, true)
	if err != nil {
		return err
	}
	return exchange(s.c, ri, i, rj, atj, false)
}

// reverse reverses the elements: the last inline-length elements become
// the inline part, the BigVector is reversed, and the old inline elements
// are pushed after it, as Aptos does it.
func (s *smartVec) reverse() error {
	il := s.inlineLen()
	if err := s.c.ChargeElems(2 * int(s.length())); err != nil {
		return err
	}
	tail := make([]movevm.Value, 0, il)
	for range il {
		x, err := s.pop()
		if err != nil {
			return err
		}
		tail = append(tail, x)
	}
	if s.hasBig() {
		b, err := s.big(true)
		if err != nil {
			return err
		}
		if err := b.reverse(); err != nil {
			return err
		}
	}
	r, err := s.inline(true)
	if err != nil {
		return err
	}
	var head []movevm.Value
	for movevm.VecLen(r) > 0 {
		x, err := s.c.VecPopBack(r)
		if err != nil {
			return err
		}
		head = append(head, x)
	}
	for _, x := range tail {
		if err := s.c.VecPushBack(r, x); err != nil {
			return err
		}
	}
	for _, x := range head {
		if err := s.push(x); err != nil {
			return err
		}
	}
	return nil
}

// takeAll removes every element, in order, and drops the BigVector.
func (s *smartVec) takeAll() ([]movevm.Value, error) {
	r, err := s.inline(true)
	if err != nil {
		return nil, err
	}
	out, err := popAll(s.c, r)
	if err != nil || !s.hasBig() {
		return out, err
	}
	b, err := s.big(true)
	if err != nil {
		return nil, err
	}
	rest, err := b.takeAll()
	if err != nil {
		return nil, err
	}
	return append(out, rest...), s.dropBigIfEmpty()
}
