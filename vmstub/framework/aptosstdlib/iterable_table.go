package aptosstdlib

// 0x1::iterable_table: IterableTable (a TableWithLength of IterableValue
// { val, prev, next }, a doubly linked list in insertion order, with its
// head and tail keys) and all its public functions: new, destroy_empty,
// add, remove, borrow, borrow_mut, borrow_mut_with_default, length,
// empty, contains, head_key, tail_key, borrow_iter, borrow_iter_mut,
// remove_iter, append. The items are table_with_length's (table.go's
// per-call cells), changed in place; a key added twice or missing aborts
// with the table's code (0x6407, 0x6507) located here, destroy_empty of a
// non-empty table with the bare code 0, as on Aptos.

import (
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

const tIterable = "0x1::iterable_table::IterableTable<T0, T1>"

// IterableTable declares 0x1::iterable_table.
func IterableTable() native.Module {
	t, mt := "&"+tIterable, "&mut "+tIterable
	k := native.TypeParam{Constraints: []string{native.AbilityCopy, native.AbilityStore, native.AbilityDrop}}
	v := native.TypeParam{Constraints: []string{native.AbilityStore}}
	kv := []native.TypeParam{k, v}
	opt := "0x1::option::Option<T0>"
	f := func(name string, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: kv, Params: params, Return: ret, Impl: impl}
	}
	bmwd := f("borrow_mut_with_default", []string{mt, "T0", "T1"}, []string{"&mut T1"}, itBorrowMutWithDefault)
	bmwd.TypeParams = []native.TypeParam{k, {Constraints: []string{native.AbilityStore, native.AbilityDrop}}}
	return native.Module{Address: addr, Name: "iterable_table",
		Structs: []native.Struct{
			{Name: "IterableValue", Abilities: []string{native.AbilityStore}, TypeParams: kv, Fields: []string{"val: T1", "prev: " + opt, "next: " + opt}},
			{Name: "IterableTable", Abilities: []string{native.AbilityStore}, TypeParams: kv,
				Fields: []string{"inner: 0x1::table_with_length::TableWithLength<T0, 0x1::iterable_table::IterableValue<T0, T1>>", "head: " + opt, "tail: " + opt}},
		},
		Functions: []native.Function{
			f("new", nil, []string{tIterable}, itNew),
			f("destroy_empty", []string{tIterable}, nil, itDestroyEmpty),
			f("add", []string{mt, "T0", "T1"}, nil, itAdd),
			f("remove", []string{mt, "T0"}, []string{"T1"}, itRemove),
			f("borrow", []string{t, "T0"}, []string{"&T1"}, itBorrow(false)),
			f("borrow_mut", []string{mt, "T0"}, []string{"&mut T1"}, itBorrow(true)),
			bmwd,
			f("length", []string{t}, []string{"u64"}, itLength),
			f("empty", []string{t}, []string{"bool"}, itEmpty),
			f("contains", []string{t, "T0"}, []string{"bool"}, itContains),
			f("head_key", []string{t}, []string{opt}, itEnd(1)),
			f("tail_key", []string{t}, []string{opt}, itEnd(2)),
			f("borrow_iter", []string{t, "T0"}, []string{"&T1", opt, opt}, itBorrowIter(false)),
			f("borrow_iter_mut", []string{mt, "T0"}, []string{"&mut T1", opt, opt}, itBorrowIter(true)),
			f("remove_iter", []string{mt, "T0"}, []string{"T1", opt, opt}, itRemoveIter),
			f("append", []string{mt, mt}, nil, itAppend),
		},
	}
}

// itTargs are the type arguments of the inner table: K and
// IterableValue<K, V>.
func itTargs(c *native.Context, targs []*movevm.Type) ([]*movevm.Type, error) {
	iv, err := structOf(c, "iterable_table", "IterableValue", targs...)
	return []*movevm.Type{targs[0], iv}, err
}

// itItem is a reference to the IterableValue under key.
func itItem(c *native.Context, targs []*movevm.Type, ref, key movevm.Value, mut bool) (movevm.Value, error) {
	tt, err := itTargs(c, targs)
	if err != nil {
		return movevm.Value{}, err
	}
	twl, err := c.InnerRef(ref, mut, 0)
	if err != nil {
		return movevm.Value{}, err
	}
	r, err := twlInner(mut, tableBorrow(mut))(c, tt, []movevm.Value{twl, key})
	if err != nil {
		return movevm.Value{}, err
	}
	return r[0], nil
}

// itCopy is a copy of an Option<K> (or any copyable value).
func itCopy(c *native.Context, v movevm.Value) (movevm.Value, error) {
	out, err := copies(c, v.Type(), []movevm.Value{v})
	if err != nil {
		return movevm.Value{}, err
	}
	return out[0], nil
}

// itSome is some(key) (a copy of key).
func itSome(c *native.Context, key movevm.Value) (movevm.Value, error) {
	k, err := itCopy(c, key)
	if err != nil {
		return movevm.Value{}, err
	}
	return movestdlib.Some(c, k)
}

func itNew(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	tt, err := itTargs(c, targs)
	if err != nil {
		return nil, err
	}
	twl, err := twlNew(c, tt, nil)
	if err != nil {
		return nil, err
	}
	head, err := movestdlib.None(c, targs[0])
	if err != nil {
		return nil, err
	}
	tail, err := movestdlib.None(c, targs[0])
	if err != nil {
		return nil, err
	}
	t, err := structOf(c, "iterable_table", "IterableTable", targs...)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{twl[0], head, tail})}, nil
}

func itDestroyEmpty(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if args[0].Elem(0).Elem(1).AsU64() != 0 || args[0].Elem(1).Elem(0).Len() != 0 || args[0].Elem(2).Elem(0).Len() != 0 {
		return nil, c.Abort(0)
	}
	return nil, nil
}

// itAdd is iterable_table::add: the entry becomes the tail.
func itAdd(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ref, key := args[0], args[1]
	tv, _ := ref.Deref()
	prev, err := itCopy(c, tv.Elem(2))
	if err != nil {
		return nil, err
	}
	next, err := movestdlib.None(c, targs[0])
	if err != nil {
		return nil, err
	}
	tt, err := itTargs(c, targs)
	if err != nil {
		return nil, err
	}
	k, err := itCopy(c, key)
	if err != nil {
		return nil, err
	}
	twl, err := c.InnerRef(ref, true, 0)
	if err != nil {
		return nil, err
	}
	if _, err := twlAdd(c, tt, []movevm.Value{twl, k, movevm.NewStruct(tt[1], []movevm.Value{args[2], prev, next})}); err != nil {
		return nil, err
	}
	if tail := tv.Elem(2); tail.Elem(0).Len() == 1 {
		item, err := itItem(c, targs, ref, tail.Elem(0).Elem(0), true)
		if err != nil {
			return nil, err
		}
		s, err := itSome(c, key)
		if err != nil {
			return nil, err
		}
		if err := setField(c, item, 2, s); err != nil {
			return nil, err
		}
	} else {
		s, err := itSome(c, key)
		if err != nil {
			return nil, err
		}
		if err := setField(c, ref, 1, s); err != nil {
			return nil, err
		}
	}
	s, err := itSome(c, key)
	if err != nil {
		return nil, err
	}
	return nil, setField(c, ref, 2, s)
}

// itIs reports whether the Option<K> o holds key (compared by BCS).
func itIs(c *native.Context, o, key movevm.Value) (bool, error) {
	if o.Elem(0).Len() == 0 {
		return false, nil
	}
	a, err := native.SerializeCharged(c.NativeContext, o.Elem(0).Elem(0))
	if err != nil {
		return false, err
	}
	b, err := native.SerializeCharged(c.NativeContext, key)
	return string(a) == string(b), err
}

// itRemoveIter is iterable_table::remove_iter: the value and its
// neighbours' keys, the neighbours linked to each other.
func itRemoveIter(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ref, key := args[0], args[1]
	tt, err := itTargs(c, targs)
	if err != nil {
		return nil, err
	}
	twl, err := c.InnerRef(ref, true, 0)
	if err != nil {
		return nil, err
	}
	r, err := twlRemove(c, tt, []movevm.Value{twl, key})
	if err != nil {
		return nil, err
	}
	f, err := unpackN(r[0], 3)
	if err != nil {
		return nil, err
	}
	val, prev, next := f[0], f[1], f[2]
	tv, _ := ref.Deref()
	for _, end := range []struct {
		field int
		to    movevm.Value
	}{{2, prev}, {1, next}} {
		is, err := itIs(c, tv.Elem(end.field), key)
		if err != nil {
			return nil, err
		}
		if is {
			cp, err := itCopy(c, end.to)
			if err != nil {
				return nil, err
			}
			if err := setField(c, ref, end.field, cp); err != nil {
				return nil, err
			}
		}
	}
	for _, link := range []struct {
		at, to movevm.Value
		field  int
	}{{prev, next, 2}, {next, prev, 1}} {
		if link.at.Elem(0).Len() == 0 {
			continue
		}
		item, err := itItem(c, targs, ref, link.at.Elem(0).Elem(0), true)
		if err != nil {
			return nil, err
		}
		cp, err := itCopy(c, link.to)
		if err != nil {
			return nil, err
		}
		if err := setField(c, item, link.field, cp); err != nil {
			return nil, err
		}
	}
	return []movevm.Value{val, prev, next}, nil
}

func itRemove(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, err := itRemoveIter(c, targs, args)
	if err != nil {
		return nil, err
	}
	return r[:1], nil
}

func itBorrow(mut bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		item, err := itItem(c, targs, args[0], args[1], mut)
		if err != nil {
			return nil, err
		}
		r, err := c.InnerRef(item, mut, 0)
		return []movevm.Value{r}, err
	}
}

func itBorrowIter(mut bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		item, err := itItem(c, targs, args[0], args[1], mut)
		if err != nil {
			return nil, err
		}
		iv, _ := item.Deref()
		prev, err := itCopy(c, iv.Elem(1))
		if err != nil {
			return nil, err
		}
		next, err := itCopy(c, iv.Elem(2))
		if err != nil {
			return nil, err
		}
		r, err := c.InnerRef(item, mut, 0)
		return []movevm.Value{r, prev, next}, err
	}
}

func itBorrowMutWithDefault(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	tt, err := itTargs(c, targs)
	if err != nil {
		return nil, err
	}
	twl, err := c.InnerRef(args[0], false, 0)
	if err != nil {
		return nil, err
	}
	ok, err := twlPresent(c, tt, []movevm.Value{twl, args[1]})
	if err != nil {
		return nil, err
	}
	if !ok {
		k, err := itCopy(c, args[1])
		if err != nil {
			return nil, err
		}
		if _, err := itAdd(c, targs, []movevm.Value{args[0], k, args[2]}); err != nil {
			return nil, err
		}
	}
	return itBorrow(true)(c, targs, args[:2])
}

func itLength(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, _ := args[0].Deref()
	return []movevm.Value{t.Elem(0).Elem(1)}, nil
}

func itEmpty(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, _ := args[0].Deref()
	return []movevm.Value{movevm.Bool(t.Elem(0).Elem(1).AsU64() == 0)}, nil
}

func itContains(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	tt, err := itTargs(c, targs)
	if err != nil {
		return nil, err
	}
	twl, err := c.InnerRef(args[0], false, 0)
	if err != nil {
		return nil, err
	}
	ok, err := twlPresent(c, tt, []movevm.Value{twl, args[1]})
	return []movevm.Value{movevm.Bool(ok)}, err
}

// itEnd is head_key (field 1) and tail_key (field 2).
func itEnd(field int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		t, _ := args[0].Deref()
		v, err := itCopy(c, t.Elem(field))
		return []movevm.Value{v}, err
	}
}

// itAppend is iterable_table::append: v2's entries, head first, moved to
// the end of v1.
func itAppend(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v2, _ := args[1].Deref()
	for v2.Elem(1).Elem(0).Len() == 1 {
		key, err := itCopy(c, v2.Elem(1).Elem(0).Elem(0))
		if err != nil {
			return nil, err
		}
		r, err := itRemoveIter(c, targs, []movevm.Value{args[1], key})
		if err != nil {
			return nil, err
		}
		k, err := itCopy(c, key)
		if err != nil {
			return nil, err
		}
		if _, err := itAdd(c, targs, []movevm.Value{args[0], k, r[0]}); err != nil {
			return nil, err
		}
	}
	return nil, nil
}
