package vmstub

import (
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// Natives on the interpreter's values: the std::string and std::option
// functions that write through a mutable reference (std::vector's are in
// vmstub/framework/movestdlib).

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
