package vmstub

import (
	"bytes"
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// Natives on the interpreter's values: the standard library functions
// that write through a mutable reference or compare values of any type.

// eIndexOutOfBounds is std::vector's EINDEX_OUT_OF_BOUNDS.
const eIndexOutOfBounds = 0x20000

// statusVectorOperation is VECTOR_OPERATION_ERROR, what a vector
// instruction with a bad index fails with.
const statusVectorOperation = 4018

func vectorModuleDef() Module {
	v, e := "vector<T0>", "T0"
	fs := []Function{
		{Name: "is_empty", Params: []string{"&" + v}, Return: []string{"bool"}, MoveNative: nativeVecIsEmpty},
		{Name: "contains", Params: []string{"&" + v, "&" + e}, Return: []string{"bool"}, MoveNative: nativeVecContains},
		{Name: "index_of", Params: []string{"&" + v, "&" + e}, Return: []string{"bool", "u64"}, MoveNative: nativeVecIndexOf},
		{Name: "reverse", Params: []string{"&mut " + v}, MoveNative: nativeVecReverse},
		{Name: "append", Params: []string{"&mut " + v, v}, MoveNative: nativeVecAppend},
		{Name: "singleton", Params: []string{e}, Return: []string{v}, MoveNative: nativeVecSingleton},
		{Name: "remove", Params: []string{"&mut " + v, "u64"}, Return: []string{e}, MoveNative: nativeVecRemove(false)},
		{Name: "swap_remove", Params: []string{"&mut " + v, "u64"}, Return: []string{e}, MoveNative: nativeVecRemove(true)},
		{Name: "insert", Params: []string{"&mut " + v, "u64", e}, MoveNative: nativeVecInsert},
	}
	for i := range fs {
		fs[i] = generic(fs[i], elemParam)
	}
	return mod1("vector", nil, fs,
		AbortReason{eIndexOutOfBounds & 0xFFFF, "EINDEX_OUT_OF_BOUNDS", "The index into the vector is out of bounds"})
}

// elems returns the vector a reference points at and its elements.
func elems(ref movevm.Value) (movevm.Value, []movevm.Value) {
	v, _ := ref.Deref()
	return v, elemsOf(v)
}

// elemsOf returns the elements of vector v in a new slice.
func elemsOf(v movevm.Value) []movevm.Value {
	out := make([]movevm.Value, v.Len())
	for i := range out {
		out[i] = v.Elem(i)
	}
	return out
}

// setVector writes elements es through ref, as a vector of v's type.
func setVector(ref, v movevm.Value, es []movevm.Value) error {
	if !ref.Set(movevm.NewVector(v.Type(), es)) {
		return &movevm.Error{Status: 2000, Message: "vector reference cannot be written"} // UNKNOWN_INVARIANT_VIOLATION_ERROR
	}
	return nil
}

func nativeVecIsEmpty(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	return []movevm.Value{movevm.Bool(v.Len() == 0)}, nil
}

// indexOf finds the first element equal to what ref points at (Move
// equality is equality of the BCS encodings).
func indexOf(vec, ref movevm.Value) (int, error) {
	x, _ := ref.Deref()
	want, err := movevm.Serialize(nil, x)
	if err != nil {
		return -1, err
	}
	_, es := elems(vec)
	for i, e := range es {
		b, err := movevm.Serialize(nil, e)
		if err != nil {
			return -1, err
		}
		if bytes.Equal(b, want) {
			return i, nil
		}
	}
	return -1, nil
}

func nativeVecContains(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := indexOf(args[0], args[1])
	return []movevm.Value{movevm.Bool(i >= 0)}, err
}

func nativeVecIndexOf(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := indexOf(args[0], args[1])
	if i < 0 {
		return []movevm.Value{movevm.Bool(false), movevm.U64(0)}, err
	}
	return []movevm.Value{movevm.Bool(true), movevm.U64(uint64(i))}, err
}

func nativeVecReverse(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, es := elems(args[0])
	for i, j := 0, len(es)-1; i < j; i, j = i+1, j-1 {
		es[i], es[j] = es[j], es[i]
	}
	return nil, setVector(args[0], v, es)
}

func nativeVecAppend(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, es := elems(args[0])
	for i := range args[1].Len() {
		es = append(es, args[1].Elem(i))
	}
	return nil, setVector(args[0], v, es)
}

func nativeVecSingleton(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	vt, err := ctx.VectorOf(targs[0])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewVector(vt, []movevm.Value{args[0]})}, nil
}

// nativeVecRemove is vector::remove (order kept) or, with swap,
// vector::swap_remove (the last element takes the removed one's place).
// An index out of bounds aborts with EINDEX_OUT_OF_BOUNDS, except that
// swap_remove on a non-empty vector fails as vector::swap does.
func nativeVecRemove(swap bool) movevm.NativeFunc {
	return func(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		v, es := elems(args[0])
		i := args[1].AsU64()
		switch {
		case swap && len(es) > 0 && i >= uint64(len(es)):
			// Aptos's swap_remove checks only that the vector is not
			// empty; vector::swap then fails on the index.
			return nil, &movevm.Error{Status: statusVectorOperation, Message: "vector::swap_remove: index out of bounds"}
		case i >= uint64(len(es)):
			return nil, &movevm.NativeAbort{Code: eIndexOutOfBounds}
		}
		x := es[i]
		if swap {
			es[i] = es[len(es)-1]
			es = es[:len(es)-1]
		} else {
			es = append(es[:i], es[i+1:]...)
		}
		return []movevm.Value{x}, setVector(args[0], v, es)
	}
}

func nativeVecInsert(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, es := elems(args[0])
	i := args[1].AsU64()
	if i > uint64(len(es)) {
		return nil, &movevm.NativeAbort{Code: eIndexOutOfBounds}
	}
	es = append(es[:i], append([]movevm.Value{args[2]}, es[i:]...)...)
	return nil, setVector(args[0], v, es)
}

// nativeStringAppend is string::append (a String) and string::append_utf8
// (bytes, which must be UTF-8).
func nativeStringAppend(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, _ := args[0].Deref()
	add := args[1]
	if add.Type().Kind == movevm.KindStruct {
		add = add.Elem(0)
	} else if !utf8.Valid(add.Bytes()) {
		return nil, &movevm.NativeAbort{Code: eInvalidUTF8}
	}
	field := s.Elem(0)
	es := elemsOf(field)
	for i := range add.Len() {
		es = append(es, add.Elem(i))
	}
	if !args[0].Set(movevm.NewStruct(s.Type(), []movevm.Value{movevm.NewVector(field.Type(), es)})) {
		return nil, &movevm.Error{Status: 2000, Message: "string reference cannot be written"}
	}
	return nil, nil
}

// nativeStringInsert is string::insert(s, at, o): at must be at most the
// length and on a character boundary (EINVALID_INDEX).
func nativeStringInsert(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, _ := args[0].Deref()
	field := s.Elem(0)
	b, at := field.Bytes(), args[1].AsU64()
	if at > uint64(len(b)) || (at < uint64(len(b)) && !utf8.RuneStart(b[at])) {
		return nil, &movevm.NativeAbort{Code: eInvalidIndex}
	}
	es := elemsOf(field)
	out := append(append(append([]movevm.Value(nil), es[:at]...), elemsOf(args[2].Elem(0))...), es[at:]...)
	if !args[0].Set(movevm.NewStruct(s.Type(), []movevm.Value{movevm.NewVector(field.Type(), out)})) {
		return nil, &movevm.Error{Status: 2000, Message: "string reference cannot be written"}
	}
	return nil, nil
}

// nativeOptionSwap is option::swap(self, e): the element, replaced by e;
// None aborts with EOPTION_NOT_SET.
func nativeOptionSwap(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	o, _ := args[0].Deref()
	vec := o.Elem(0)
	if vec.Len() == 0 {
		return nil, &movevm.NativeAbort{Code: eOptionNotSet}
	}
	x := vec.Elem(0)
	return []movevm.Value{x}, setOption(args[0], o, vec, []movevm.Value{args[1]})
}

// nativeOptionExtract is option::extract: the element, leaving None.
func nativeOptionExtract(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	o, _ := args[0].Deref()
	vec := o.Elem(0)
	if vec.Len() == 0 {
		return nil, &movevm.NativeAbort{Code: eOptionNotSet}
	}
	x := vec.Elem(0)
	return []movevm.Value{x}, setOption(args[0], o, vec, nil)
}

// nativeOptionFill is option::fill: None becomes Some(e).
func nativeOptionFill(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	o, _ := args[0].Deref()
	vec := o.Elem(0)
	if vec.Len() != 0 {
		return nil, &movevm.NativeAbort{Code: eOptionIsSet}
	}
	return nil, setOption(args[0], o, vec, []movevm.Value{args[1]})
}

// nativeOptionSwapOrFill is option::swap_or_fill: the option becomes
// Some(e); the old option is returned.
func nativeOptionSwapOrFill(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	o, _ := args[0].Deref()
	return []movevm.Value{o}, setOption(args[0], o, o.Elem(0), []movevm.Value{args[1]})
}

// setOption writes an option of o's type holding es through ref.
func setOption(ref, o, vec movevm.Value, es []movevm.Value) error {
	if !ref.Set(movevm.NewStruct(o.Type(), []movevm.Value{movevm.NewVector(vec.Type(), es)})) {
		return &movevm.Error{Status: 2000, Message: "option reference cannot be written"}
	}
	return nil
}
