package movestdlib

// 0x1::option: Option<T> (a vector of at most one element) and all of its
// natives and public functions: none, some, is_none, is_some, contains,
// get_with_default, destroy_some, destroy_none, from_vec, to_vec,
// destroy_with_default, swap, extract, fill, swap_or_fill, borrow,
// borrow_mut, borrow_with_default. Exported helpers build and read Option
// values for the other framework packages.

import (
	"bytes"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort codes of std::option: the module's constants are the full codes.
const (
	EOptionIsSet     = 0x40000
	EOptionNotSet    = 0x40001
	EOptionVecTooBig = 0x40002
)

// Option declares 0x1::option.
func Option() native.Module {
	opt, ropt, mopt := "0x1::option::Option<T0>", "&0x1::option::Option<T0>", "&mut 0x1::option::Option<T0>"
	anyT := []native.TypeParam{{}}
	f := func(name string, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, TypeParams: anyT, Params: params, Return: ret, Impl: impl}
	}
	withParams := func(fn native.Function, tp ...string) native.Function {
		fn.TypeParams = []native.TypeParam{{Constraints: tp}}
		return fn
	}
	t, o, b := []string{"T0"}, []string{opt}, []string{"bool"}
	return native.Module{Address: addr, Name: "option",
		Structs: []native.Struct{{Name: "Option", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
			TypeParams: anyT, Fields: []string{"vec: vector<T0>"}}},
		Functions: []native.Function{
			f("none", nil, o, optionNone),
			f("some", t, o, optionSome),
			f("is_none", []string{ropt}, b, optionIs(false)),
			f("is_some", []string{ropt}, b, optionIs(true)),
			f("contains", []string{ropt, "&T0"}, b, optionContains),
			withParams(f("get_with_default", []string{ropt, "T0"}, t, getWithDefault), native.AbilityCopy, native.AbilityDrop),
			f("destroy_some", o, t, destroySome),
			f("destroy_none", o, nil, destroyNone),
			f("from_vec", []string{"vector<T0>"}, o, fromVec),
			f("to_vec", o, []string{"vector<T0>"}, toVec),
			withParams(f("destroy_with_default", []string{opt, "T0"}, t, destroyWithDefault), native.AbilityDrop),
			f("swap", []string{mopt, "T0"}, t, optionSwap),
			f("extract", []string{mopt}, t, optionExtract),
			f("fill", []string{mopt, "T0"}, nil, optionFill),
			f("swap_or_fill", []string{mopt, "T0"}, o, swapOrFill),
			f("borrow", []string{ropt}, []string{"&T0"}, optionBorrow(false)),
			f("borrow_mut", []string{mopt}, []string{"&mut T0"}, optionBorrow(true)),
			f("borrow_with_default", []string{ropt, "&T0"}, []string{"&T0"}, borrowWithDefault),
		},
		Errors: []native.AbortReason{
			{Reason: EOptionIsSet & 0xFFFF, Name: "EOPTION_IS_SET", Description: "The `Option` is in an invalid state for the operation attempted. The `Option` is `Some` while it should be `None`."},
			{Reason: EOptionNotSet & 0xFFFF, Name: "EOPTION_NOT_SET", Description: "The `Option` is in an invalid state for the operation attempted. The `Option` is `None` while it should be `Some`."},
			{Reason: EOptionVecTooBig & 0xFFFF, Name: "EOPTION_VEC_TOO_LONG", Description: "Cannot construct an option from a vector with 2 or more elements."},
		},
	}
}

// OptionType returns the runtime type Option<t>, charging the type tag it
// builds (native.TypeTagCharged).
func OptionType(c *native.Context, t *movevm.Type) (*movevm.Type, error) {
	tag, err := native.TypeTagCharged(c.NativeContext, t)
	if err != nil {
		return nil, err
	}
	return c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "option", Name: "Option",
		TypeArgs: []ledgerapi.TypeTag{tag}}))
}

// newOption makes an Option<t> holding elems (none or one).
func newOption(c *native.Context, t *movevm.Type, elems []movevm.Value) (movevm.Value, error) {
	ot, err := OptionType(c, t)
	if err != nil {
		return movevm.Value{}, err
	}
	vt, err := c.VectorOf(t)
	if err != nil {
		return movevm.Value{}, err
	}
	return movevm.NewStruct(ot, []movevm.Value{movevm.NewVector(vt, elems)}), nil
}

// None returns option::none<t>().
func None(c *native.Context, t *movevm.Type) (movevm.Value, error) { return newOption(c, t, nil) }

// Some returns option::some(x); x becomes the option's element.
func Some(c *native.Context, x movevm.Value) (movevm.Value, error) {
	return newOption(c, x.Type(), []movevm.Value{x})
}

// OptionElem returns the element of an Option value (or of the Option a
// reference points at) and true, or false for None. The element is the
// option's own, not a copy.
func OptionElem(v movevm.Value) (movevm.Value, bool) {
	if k := v.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		v, _ = v.Deref()
	}
	if vec := v.Elem(0); vec.Len() > 0 {
		return vec.Elem(0), true
	}
	return movevm.Value{}, false
}

func optionNone(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	o, err := None(c, targs[0])
	return []movevm.Value{o}, err
}

func optionSome(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	o, err := newOption(c, targs[0], []movevm.Value{args[0]})
	return []movevm.Value{o}, err
}

// optionIs is is_some (some) or is_none.
func optionIs(some bool) native.Func {
	return func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		_, ok := OptionElem(args[0])
		return []movevm.Value{movevm.Bool(ok == some)}, nil
	}
}

// optionContains is option::contains: Some of a value equal to e's (Move
// equality, of the BCS encodings).
func optionContains(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	x, ok := OptionElem(args[0])
	if !ok {
		return []movevm.Value{movevm.Bool(false)}, nil
	}
	e, _ := args[1].Deref()
	a, err := native.SerializeCharged(c.NativeContext, x)
	if err != nil {
		return nil, err
	}
	b, err := native.SerializeCharged(c.NativeContext, e)
	return []movevm.Value{movevm.Bool(bytes.Equal(a, b))}, err
}

// CopyValue returns a copy of v (a value of a type with copy), made
// through its BCS: charged as serialized and as output.
func CopyValue(c *native.Context, v movevm.Value) (movevm.Value, error) {
	b, err := native.SerializeCharged(c.NativeContext, v)
	if err != nil {
		return movevm.Value{}, err
	}
	if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
		return movevm.Value{}, err
	}
	return c.Deserialize(v.Type(), b)
}

// getWithDefault is option::get_with_default: a copy of the element, or
// the default.
func getWithDefault(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	x, ok := OptionElem(args[0])
	if !ok {
		return []movevm.Value{args[1]}, nil
	}
	v, err := CopyValue(c, x)
	return []movevm.Value{v}, err
}

// unpackOption takes an Option value apart and returns its elements.
func unpackOption(o movevm.Value) []movevm.Value {
	f := movevm.Unpack(o)
	if len(f) != 1 {
		return nil
	}
	return movevm.Unpack(f[0])
}

// destroySome is option::destroy_some (EOPTION_NOT_SET on None).
func destroySome(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, ok := OptionElem(args[0]); !ok {
		return nil, c.Abort(EOptionNotSet)
	}
	return unpackOption(args[0]), nil
}

// destroyNone is option::destroy_none (EOPTION_IS_SET on Some).
func destroyNone(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, ok := OptionElem(args[0]); ok {
		return nil, c.Abort(EOptionIsSet)
	}
	return nil, nil
}

// fromVec is option::from_vec (EOPTION_VEC_TOO_LONG for two elements or
// more): the vector becomes the option's.
func fromVec(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if args[0].Len() > 1 {
		return nil, c.Abort(EOptionVecTooBig)
	}
	ot, err := OptionType(c, targs[0])
	if err != nil {
		return nil, err
	}
	o, err := c.Struct(ot, args[0])
	return []movevm.Value{o}, err
}

// toVec is option::to_vec: the option's vector.
func toVec(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	f := movevm.Unpack(args[0])
	if len(f) != 1 {
		return nil, errInvariant("an Option value that is not one field")
	}
	return f, nil
}

// destroyWithDefault is option::destroy_with_default: the element, or the
// default.
func destroyWithDefault(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, ok := OptionElem(args[0]); !ok {
		return []movevm.Value{args[1]}, nil
	}
	return unpackOption(args[0]), nil
}

// optionVec returns a mutable reference to the vector of the Option ref
// points at and its length.
func optionVec(c *native.Context, ref movevm.Value) (movevm.Value, int, error) {
	r, err := c.InnerRef(ref, true, 0)
	if err != nil {
		return movevm.Value{}, 0, err
	}
	return r, movevm.VecLen(r), nil
}

// optionSwap is option::swap(self, e): the element, replaced by e in
// place; None aborts with EOPTION_NOT_SET.
func optionSwap(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	vec, n, err := optionVec(c, args[0])
	if err != nil || n == 0 {
		return nil, firstErr(err, c.Abort(EOptionNotSet))
	}
	x, err := c.VecReplace(vec, 0, args[1])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{x}, nil
}

// optionExtract is option::extract: the element, popped from the option's
// vector (references to it are dead afterwards), leaving None.
func optionExtract(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	vec, n, err := optionVec(c, args[0])
	if err != nil || n == 0 {
		return nil, firstErr(err, c.Abort(EOptionNotSet))
	}
	x, err := c.VecPopBack(vec)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{x}, nil
}

// optionFill is option::fill: None becomes Some(e), in place.
func optionFill(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	vec, n, err := optionVec(c, args[0])
	if err != nil || n != 0 {
		return nil, firstErr(err, c.Abort(EOptionIsSet))
	}
	return nil, c.VecPushBack(vec, args[1])
}

// swapOrFill is option::swap_or_fill: the option becomes Some(e) in place;
// the old option is returned as a new value.
func swapOrFill(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	vec, n, err := optionVec(c, args[0])
	if err != nil {
		return nil, err
	}
	o, _ := args[0].Deref()
	var old []movevm.Value
	if n > 0 {
		x, err := c.VecReplace(vec, 0, args[1])
		if err != nil {
			return nil, err
		}
		old = []movevm.Value{x}
	} else if err := c.VecPushBack(vec, args[1]); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(o.Type(), []movevm.Value{movevm.NewVector(o.Elem(0).Type(), old)})}, nil
}

// optionBorrow is option::borrow (or borrow_mut): a reference to the
// element, aborting with EOPTION_NOT_SET on None.
func optionBorrow(mut bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		if _, ok := OptionElem(args[0]); !ok {
			return nil, c.Abort(EOptionNotSet)
		}
		r, err := c.InnerRef(args[0], mut, 0, 0)
		return []movevm.Value{r}, err
	}
}

// borrowWithDefault is option::borrow_with_default.
func borrowWithDefault(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, ok := OptionElem(args[0]); !ok {
		return []movevm.Value{args[1]}, nil
	}
	r, err := c.InnerRef(args[0], false, 0, 0)
	return []movevm.Value{r}, err
}
