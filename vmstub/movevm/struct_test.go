package movevm

import (
	"testing"

	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// structModule builds module "s" with Pair{a: u64, b: bool} (copy, drop),
// Box{x: u64} (no abilities) and functions whose bodies code makes from
// the handles.
type structIdx struct {
	pair, box          bc.StructDefIndex
	pairA, pairB, boxX bc.FieldHandleIndex
	pairT, boxT        bc.SignatureToken
}

func structModule(t testing.TB, fns func(b *bc.ModuleBuilder, x structIdx)) *bc.Module {
	return build(t, "s", func(b *bc.ModuleBuilder) {
		var x structIdx
		x.pair = b.Struct("Pair", bc.AbilityCopy|bc.AbilityDrop, bc.Field("a", bc.U64), bc.Field("b", bc.Bool))
		x.box = b.Struct("Box", 0, bc.Field("x", bc.U64))
		x.pairA, x.pairB, x.boxX = b.FieldHandle(x.pair, "a"), b.FieldHandle(x.pair, "b"), b.FieldHandle(x.box, "x")
		x.pairT, x.boxT = b.StructType(x.pair), b.StructType(x.box)
		fns(b, x)
	})
}

func TestStructsAndReferences(t *testing.T) {
	var x structIdx
	m := structModule(t, func(b *bc.ModuleBuilder, i structIdx) {
		x = i
		u64 := []bc.SignatureToken{bc.U64}
		setA := b.Function("set_a", bc.Public, bc.Fn{Params: []bc.SignatureToken{bc.MutRef(x.pairT), bc.U64}, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 1), I(bc.OpMoveLoc, 0), I(bc.OpMutBorrowField, uint64(x.pairA)), I(bc.OpWriteRef), I(bc.OpRet)}})
		getA := b.Function("get_a", bc.Public, bc.Fn{Params: []bc.SignatureToken{bc.Ref(x.pairT)}, Returns: u64, Code: []bc.Instruction{
			I(bc.OpMoveLoc, 0), I(bc.OpImmBorrowField, uint64(x.pairA)), I(bc.OpReadRef), I(bc.OpRet)}})
		b.Function("roundtrip", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.U64, x.pairT}, Locals: []bc.SignatureToken{x.pairT},
			Code: []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpLdFalse), I(bc.OpPack, uint64(x.pair)), I(bc.OpStLoc, 0),
				I(bc.OpMutBorrowLoc, 0), I(bc.OpLdU64, 9), I(bc.OpCall, uint64(setA)),
				I(bc.OpMutBorrowLoc, 0), I(bc.OpFreezeRef), I(bc.OpCall, uint64(getA)),
				I(bc.OpMoveLoc, 0), I(bc.OpRet)}})
		b.Function("unpack", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.U64, bc.Bool}, Code: []bc.Instruction{
			I(bc.OpLdU64, 5), I(bc.OpLdTrue), I(bc.OpPack, uint64(x.pair)), I(bc.OpUnpack, uint64(x.pair)), I(bc.OpRet)}})
		b.Function("eq", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.Bool, bc.Bool}, Locals: []bc.SignatureToken{bc.U64, bc.U64}, Code: []bc.Instruction{
			I(bc.OpLdU64, 5), I(bc.OpLdTrue), I(bc.OpPack, uint64(x.pair)), I(bc.OpLdU64, 5), I(bc.OpLdTrue), I(bc.OpPack, uint64(x.pair)), I(bc.OpEq),
			I(bc.OpLdU64, 3), I(bc.OpStLoc, 0), I(bc.OpLdU64, 4), I(bc.OpStLoc, 1),
			I(bc.OpImmBorrowLoc, 0), I(bc.OpMutBorrowLoc, 1), I(bc.OpEq), I(bc.OpRet)}})
		// A reference to a local of a function that returned.
		badRef := b.Function("bad_ref", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.Ref(bc.U64)}, Locals: u64, Code: []bc.Instruction{
			I(bc.OpLdU64, 1), I(bc.OpStLoc, 0), I(bc.OpImmBorrowLoc, 0), I(bc.OpRet)}})
		b.Function("dangling", bc.Public, bc.Fn{Returns: u64, Code: []bc.Instruction{I(bc.OpCall, uint64(badRef)), I(bc.OpReadRef), I(bc.OpRet)}})
		// A reference into a struct that was unpacked.
		b.Function("unpacked", bc.Public, bc.Fn{Returns: u64, Locals: []bc.SignatureToken{x.pairT, bc.Ref(bc.U64)}, Code: []bc.Instruction{
			I(bc.OpLdU64, 5), I(bc.OpLdTrue), I(bc.OpPack, uint64(x.pair)), I(bc.OpStLoc, 0),
			I(bc.OpImmBorrowLoc, 0), I(bc.OpImmBorrowField, uint64(x.pairA)), I(bc.OpStLoc, 1),
			I(bc.OpMoveLoc, 0), I(bc.OpUnpack, uint64(x.pair)), I(bc.OpPop), I(bc.OpPop),
			I(bc.OpMoveLoc, 1), I(bc.OpReadRef), I(bc.OpRet)}})
	})
	e := newEnv(m)
	rets, err := e.call("s", "roundtrip", nil)
	if err != nil {
		t.Fatal(err)
	}
	if rets[0].AsU64() != 9 || rets[1].Elem(0).AsU64() != 9 || rets[1].Elem(1).AsBool() {
		t.Fatalf("roundtrip got %d, pair (%d, %v)", rets[0].AsU64(), rets[1].Elem(0).AsU64(), rets[1].Elem(1).AsBool())
	}
	b, err := Serialize(nil, rets[1])
	if err != nil || string(b) != "\x09\x00\x00\x00\x00\x00\x00\x00\x00" {
		t.Fatalf("BCS of Pair{9, false} = %x, %v", b, err)
	}
	rets, err = e.call("s", "unpack", nil)
	if err != nil || rets[0].AsU64() != 5 || !rets[1].AsBool() {
		t.Fatalf("unpack = %v, %v", rets, err)
	}
	rets, err = e.call("s", "eq", nil)
	if err != nil || !rets[0].AsBool() || rets[1].AsBool() {
		t.Fatalf("eq = %v, %v", rets, err)
	}
	_, err = e.call("s", "dangling", nil)
	wantStatus(t, err, onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR)
	_, err = e.call("s", "unpacked", nil)
	wantStatus(t, err, onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR)
}

func TestStructFailures(t *testing.T) {
	cases := []struct {
		name   string
		rets   func(structIdx) []bc.SignatureToken
		locals func(structIdx) []bc.SignatureToken
		code   func(structIdx) []bc.Instruction
		st     onchain.StatusCode
	}{
		{"pop without drop", nil, nil, func(x structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpPack, uint64(x.box)), I(bc.OpPop), I(bc.OpRet)}
		}, onchain.POP_WITHOUT_DROP_ABILITY},
		{"local left without drop", nil, func(x structIdx) []bc.SignatureToken { return []bc.SignatureToken{x.boxT} }, func(x structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpPack, uint64(x.box)), I(bc.OpStLoc, 0), I(bc.OpRet)}
		}, onchain.UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP},
		{"overwrite without drop", nil, func(x structIdx) []bc.SignatureToken { return []bc.SignatureToken{x.boxT} }, func(x structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpPack, uint64(x.box)), I(bc.OpStLoc, 0),
				I(bc.OpLdU64, 2), I(bc.OpPack, uint64(x.box)), I(bc.OpStLoc, 0), I(bc.OpRet)}
		}, onchain.STLOC_UNSAFE_TO_DESTROY_ERROR},
		{"copy without copy", nil, func(x structIdx) []bc.SignatureToken { return []bc.SignatureToken{x.boxT} }, func(x structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpPack, uint64(x.box)), I(bc.OpStLoc, 0), I(bc.OpCopyLoc, 0), I(bc.OpRet)}
		}, onchain.COPYLOC_WITHOUT_COPY_ABILITY},
		{"read without copy", nil, func(x structIdx) []bc.SignatureToken { return []bc.SignatureToken{x.boxT} }, func(x structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpPack, uint64(x.box)), I(bc.OpStLoc, 0), I(bc.OpImmBorrowLoc, 0), I(bc.OpReadRef), I(bc.OpRet)}
		}, onchain.READREF_WITHOUT_COPY_ABILITY},
		{"write without drop", nil, func(x structIdx) []bc.SignatureToken { return []bc.SignatureToken{x.boxT} }, func(x structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpPack, uint64(x.box)), I(bc.OpStLoc, 0),
				I(bc.OpLdU64, 2), I(bc.OpPack, uint64(x.box)), I(bc.OpMutBorrowLoc, 0), I(bc.OpWriteRef), I(bc.OpRet)}
		}, onchain.WRITEREF_WITHOUT_DROP_ABILITY},
		{"write through immutable", nil, func(structIdx) []bc.SignatureToken { return []bc.SignatureToken{bc.U64} }, func(structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpStLoc, 0), I(bc.OpLdU64, 2), I(bc.OpImmBorrowLoc, 0), I(bc.OpWriteRef), I(bc.OpRet)}
		}, onchain.WRITEREF_NO_MUTABLE_REFERENCE_ERROR},
		{"write wrong type", nil, func(structIdx) []bc.SignatureToken { return []bc.SignatureToken{bc.U64} }, func(structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpStLoc, 0), I(bc.OpLdTrue), I(bc.OpMutBorrowLoc, 0), I(bc.OpWriteRef), I(bc.OpRet)}
		}, onchain.TYPE_MISMATCH},
		{"read a non-reference", nil, nil, func(structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpReadRef), I(bc.OpPop), I(bc.OpRet)}
		}, onchain.TYPE_MISMATCH},
		{"freeze immutable", nil, func(structIdx) []bc.SignatureToken { return []bc.SignatureToken{bc.U64} }, func(structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpStLoc, 0), I(bc.OpImmBorrowLoc, 0), I(bc.OpFreezeRef), I(bc.OpPop), I(bc.OpRet)}
		}, onchain.TYPE_MISMATCH},
		{"pack wrong field", nil, nil, func(x structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdTrue), I(bc.OpLdU64, 1), I(bc.OpPack, uint64(x.pair)), I(bc.OpPop), I(bc.OpRet)}
		}, onchain.TYPE_MISMATCH},
		{"pack too few", nil, nil, func(x structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdTrue), I(bc.OpPack, uint64(x.pair)), I(bc.OpPop), I(bc.OpRet)}
		}, onchain.EMPTY_VALUE_STACK},
		{"unpack wrong type", nil, nil, func(x structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpUnpack, uint64(x.pair)), I(bc.OpRet)}
		}, onchain.TYPE_MISMATCH},
		{"field of another struct", nil, func(structIdx) []bc.SignatureToken { return []bc.SignatureToken{bc.U64} }, func(x structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpStLoc, 0), I(bc.OpImmBorrowLoc, 0), I(bc.OpImmBorrowField, uint64(x.pairA)), I(bc.OpPop), I(bc.OpRet)}
		}, onchain.TYPE_MISMATCH},
		{"mutable field through immutable", nil, func(x structIdx) []bc.SignatureToken { return []bc.SignatureToken{x.pairT} }, func(x structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpLdTrue), I(bc.OpPack, uint64(x.pair)), I(bc.OpStLoc, 0),
				I(bc.OpImmBorrowLoc, 0), I(bc.OpMutBorrowField, uint64(x.pairA)), I(bc.OpPop), I(bc.OpRet)}
		}, onchain.WRITEREF_NO_MUTABLE_REFERENCE_ERROR},
		{"compare without drop", func(structIdx) []bc.SignatureToken { return []bc.SignatureToken{bc.Bool} }, nil, func(x structIdx) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpPack, uint64(x.box)), I(bc.OpLdU64, 1), I(bc.OpPack, uint64(x.box)), I(bc.OpEq), I(bc.OpRet)}
		}, onchain.EQUALITY_OP_TYPE_MISMATCH_ERROR},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := structModule(t, func(b *bc.ModuleBuilder, x structIdx) {
				f := bc.Fn{Code: c.code(x)}
				if c.rets != nil {
					f.Returns = c.rets(x)
				}
				if c.locals != nil {
					f.Locals = c.locals(x)
				}
				b.Function("f", bc.Public, f)
			})
			_, err := newEnv(m).call("s", "f", nil)
			wantStatus(t, err, c.st)
		})
	}
}
