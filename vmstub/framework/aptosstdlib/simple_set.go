package aptosstdlib

// 0x1::simple_set: SimpleSet (a vector of distinct keys, compared by
// value) and all its public functions: length, create, contains,
// destroy_empty, insert (false when the key is there), remove (false when
// it is not; the last key takes the removed one's place). Changes are
// made in place in the set's vector; destroy_empty of a non-empty set
// fails as vector::destroy_empty does.

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

const tSimpleSet = "0x1::simple_set::SimpleSet<T0>"

// SimpleSet declares 0x1::simple_set.
func SimpleSet() native.Module {
	one := []native.TypeParam{{}}
	return native.Module{Address: addr, Name: "simple_set",
		Structs: []native.Struct{{Name: "SimpleSet", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
			TypeParams: one, Fields: []string{"data: vector<T0>"}}},
		Functions: []native.Function{
			{Name: "length", TypeParams: one, Params: []string{"&" + tSimpleSet}, Return: []string{"u64"}, Impl: setLength},
			{Name: "create", TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityStore, native.AbilityCopy}}}, Return: []string{tSimpleSet}, Impl: setCreate},
			{Name: "contains", TypeParams: one, Params: []string{"&" + tSimpleSet, "&T0"}, Return: []string{"bool"}, Impl: setContains},
			{Name: "destroy_empty", TypeParams: one, Params: []string{tSimpleSet}, Impl: setDestroyEmpty},
			{Name: "insert", TypeParams: one, Params: []string{"&mut " + tSimpleSet, "T0"}, Return: []string{"bool"}, Impl: setInsert},
			{Name: "remove", TypeParams: one, Params: []string{"&mut " + tSimpleSet, "&T0"}, Return: []string{"bool"}, Impl: setRemove},
		},
	}
}

func setLength(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, _ := args[0].Deref()
	return []movevm.Value{movevm.U64(uint64(s.Elem(0).Len()))}, nil
}

func setCreate(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	t, err := structOf(c, "simple_set", "SimpleSet", targs...)
	if err != nil {
		return nil, err
	}
	vt, err := c.VectorOf(targs[0])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{movevm.NewVector(vt, nil)})}, nil
}

// setFind is the index of key (a value or a reference) in the set ref
// points at (-1), and a reference to its vector.
func setFind(c *native.Context, ref, key movevm.Value, mut bool) (int, movevm.Value, error) {
	data, err := c.InnerRef(ref, mut, 0)
	if err != nil {
		return -1, movevm.Value{}, err
	}
	if k := key.Type().Kind; k != movevm.KindRef && k != movevm.KindMutRef {
		cell := movevm.NewCell(key.Type(), key)
		if key, err = c.Ref(cell, false); err != nil {
			return -1, movevm.Value{}, err
		}
	}
	i, err := movestdlib.Find(c, data, key)
	return i, data, err
}

func setContains(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, _, err := setFind(c, args[0], args[1], false)
	return []movevm.Value{movevm.Bool(i >= 0)}, err
}

func setDestroyEmpty(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if n := args[0].Elem(0).Len(); n != 0 {
		return nil, &movevm.Error{Status: onchain.VECTOR_OPERATION_ERROR, Message: fmt.Sprintf("destroying a simple_set of %d keys (destroy of a non-empty vector)", n)}
	}
	return nil, nil
}

func setInsert(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, data, err := setFind(c, args[0], args[1], true)
	if err != nil || i >= 0 {
		return []movevm.Value{movevm.Bool(false)}, err
	}
	return []movevm.Value{movevm.Bool(true)}, c.VecPushBack(data, args[1])
}

func setRemove(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, data, err := setFind(c, args[0], args[1], true)
	if err != nil || i < 0 {
		return []movevm.Value{movevm.Bool(false)}, err
	}
	_, err = c.VecRemove(data, uint64(i), true)
	return []movevm.Value{movevm.Bool(true)}, err
}
