package vmstub

import (
	"bytes"
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// Natives on the interpreter's values: the standard library functions
// that write through a mutable reference or compare values of any type.

// eIndexOutOfBounds is std::vector's EINDEX_OUT_OF_BOUNDS.
const eIndexOutOfBounds = 0x20000

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

func nativeVecIsEmpty(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Bool(movevm.VecLen(args[0]) == 0)}, nil
}

// indexOf finds the first element of the vector vec points at equal to
// what ref points at (Move equality is equality of the BCS encodings),
// charging per byte compared.
func indexOf(ctx *movevm.NativeContext, vec, ref movevm.Value) (int, error) {
	x, _ := ref.Deref()
	want, err := serializeCharged(ctx, x)
	if err != nil {
		return -1, err
	}
	v, _ := vec.Deref()
	for i := range v.Len() {
		b, err := serializeCharged(ctx, v.Elem(i))
		if err != nil {
			return -1, err
		}
		if bytes.Equal(b, want) {
			return i, nil
		}
	}
	return -1, nil
}

func nativeVecContains(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := indexOf(ctx, args[0], args[1])
	return []movevm.Value{movevm.Bool(i >= 0)}, err
}

func nativeVecIndexOf(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := indexOf(ctx, args[0], args[1])
	if i < 0 {
		return []movevm.Value{movevm.Bool(false), movevm.U64(0)}, err
	}
	return []movevm.Value{movevm.Bool(true), movevm.U64(uint64(i))}, err
}

// nativeVecReverse is vector::reverse, in place: a reference to v[i]
// reads the element now at i.
func nativeVecReverse(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := ctx.ChargeElems(movevm.VecLen(args[0])); err != nil {
		return nil, err
	}
	return nil, ctx.VecReverse(args[0])
}

// appendRate is the units per element vector::append moves (each is
// checked, and its memory counted, as it joins the vector).
const appendRate = 12

// nativeVecAppend is vector::append: other's elements move to the end of
// the vector, within the vector length limit; other is consumed.
func nativeVecAppend(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := ctx.ChargeElems(args[1].Len() * appendRate); err != nil {
		return nil, err
	}
	return nil, ctx.VecSplice(args[0], uint64(movevm.VecLen(args[0])), args[1])
}

func nativeVecSingleton(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	vt, err := ctx.VectorOf(targs[0])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewVector(vt, []movevm.Value{args[0]})}, nil
}

// nativeVecRemove is vector::remove (order kept) or, with swap,
// vector::swap_remove (the last element takes the removed one's place),
// in place. An index out of bounds aborts with EINDEX_OUT_OF_BOUNDS,
// except that swap_remove on a non-empty vector fails as vector::swap
// does.
func nativeVecRemove(swap bool) movevm.NativeFunc {
	return func(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		n, i := movevm.VecLen(args[0]), args[1].AsU64()
		switch {
		case swap && n > 0 && i >= uint64(n):
			// Aptos's swap_remove checks only that the vector is not
			// empty; vector::swap then fails on the index.
			return nil, &movevm.Error{Status: onchain.VECTOR_OPERATION_ERROR, Message: "vector::swap_remove: index out of bounds"}
		case n < 0:
			return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "vector::remove through a dead reference"}
		case i >= uint64(n):
			return nil, &movevm.NativeAbort{Code: eIndexOutOfBounds}
		}
		moved := 1
		if !swap {
			moved = n - int(i)
		}
		if err := ctx.ChargeElems(moved); err != nil {
			return nil, err
		}
		x, err := ctx.VecRemove(args[0], i, swap)
		if err != nil {
			return nil, err
		}
		return []movevm.Value{x}, nil
	}
}

// nativeVecInsert is vector::insert, in place, within the vector length
// limit.
func nativeVecInsert(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n, i := movevm.VecLen(args[0]), args[1].AsU64()
	if n >= 0 && i > uint64(n) {
		return nil, &movevm.NativeAbort{Code: eIndexOutOfBounds}
	}
	if err := ctx.ChargeElems(n - int(i) + 1); err != nil {
		return nil, err
	}
	return nil, ctx.VecInsert(args[0], i, args[2])
}

// stringMoveRate is the units per byte string::append, append_utf8 and
// insert move into a string (checked as UTF-8, each its memory counted).
const stringMoveRate = 14

// nativeStringAppend is string::append (a String) and string::append_utf8
// (bytes, which must be UTF-8): the bytes move to the end of the string's
// own vector, charged per byte.
func nativeStringAppend(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	add := args[1]
	if err := ctx.ChargeElems(stringLen(add) * stringMoveRate); err != nil {
		return nil, err
	}
	if add.Type().Kind == movevm.KindStruct {
		f, err := unpackN(add, 1)
		if err != nil {
			return nil, err
		}
		add = f[0]
	} else if !utf8.Valid(add.Bytes()) {
		return nil, &movevm.NativeAbort{Code: eInvalidUTF8}
	}
	bytesRef, err := ctx.InnerRef(args[0], true, 0)
	if err != nil {
		return nil, err
	}
	return nil, ctx.VecSplice(bytesRef, uint64(movevm.VecLen(bytesRef)), add)
}

// stringLen is the length of a String or a vector<u8>.
func stringLen(v movevm.Value) int {
	if v.Type().Kind == movevm.KindStruct {
		return v.Elem(0).Len()
	}
	return v.Len()
}

// nativeStringInsert is string::insert(s, at, o): at must be at most the
// length and on a character boundary (EINVALID_INDEX); o's bytes move into
// the string's own vector, charged per byte moved.
func nativeStringInsert(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	bytesRef, err := ctx.InnerRef(args[0], true, 0)
	if err != nil {
		return nil, err
	}
	b, _ := bytesRef.Deref()
	n, at := uint64(b.Len()), args[1].AsU64()
	if at > n || (at < n && !utf8.RuneStart(byte(b.Elem(int(at)).AsU64()))) {
		return nil, &movevm.NativeAbort{Code: eInvalidIndex}
	}
	if err := ctx.ChargeElems((int(n-at) + stringLen(args[2])) * stringMoveRate); err != nil {
		return nil, err
	}
	o, err := unpackN(args[2], 1)
	if err != nil {
		return nil, err
	}
	return nil, ctx.VecSplice(bytesRef, at, o[0])
}

// optionVec returns a mutable reference to the vector of the Option ref
// points at and its length.
func optionVec(ctx *movevm.NativeContext, ref movevm.Value) (movevm.Value, int, error) {
	r, err := ctx.InnerRef(ref, true, 0)
	if err != nil {
		return movevm.Value{}, 0, err
	}
	return r, movevm.VecLen(r), nil
}

// nativeOptionSwap is option::swap(self, e): the element, replaced by e in
// place; None aborts with EOPTION_NOT_SET.
func nativeOptionSwap(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	vec, n, err := optionVec(ctx, args[0])
	if err != nil || n == 0 {
		return nil, firstErr(err, &movevm.NativeAbort{Code: eOptionNotSet})
	}
	x, err := ctx.VecReplace(vec, 0, args[1])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{x}, nil
}

// nativeOptionExtract is option::extract: the element, popped from the
// option's vector (references to it are dead afterwards), leaving None.
func nativeOptionExtract(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	vec, n, err := optionVec(ctx, args[0])
	if err != nil || n == 0 {
		return nil, firstErr(err, &movevm.NativeAbort{Code: eOptionNotSet})
	}
	x, err := ctx.VecPopBack(vec)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{x}, nil
}

// nativeOptionFill is option::fill: None becomes Some(e), in place.
func nativeOptionFill(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	vec, n, err := optionVec(ctx, args[0])
	if err != nil || n != 0 {
		return nil, firstErr(err, &movevm.NativeAbort{Code: eOptionIsSet})
	}
	return nil, ctx.VecPushBack(vec, args[1])
}

// nativeOptionSwapOrFill is option::swap_or_fill: the option becomes
// Some(e) in place; the old option is returned as a new value.
func nativeOptionSwapOrFill(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	vec, n, err := optionVec(ctx, args[0])
	if err != nil {
		return nil, err
	}
	o, _ := args[0].Deref()
	var old []movevm.Value
	if n > 0 {
		x, err := ctx.VecReplace(vec, 0, args[1])
		if err != nil {
			return nil, err
		}
		old = []movevm.Value{x}
	} else if err := ctx.VecPushBack(vec, args[1]); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(o.Type(), []movevm.Value{movevm.NewVector(o.Elem(0).Type(), old)})}, nil
}
