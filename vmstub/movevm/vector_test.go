package movevm

import (
	"testing"

	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// vecEval runs code with local 0 a vector<u64> [10, 20, 30] (signature
// index of u64 given to code).
func vecEval(t *testing.T, rets []bc.SignatureToken, code func(sig uint64) []bc.Instruction) ([]Value, error) {
	m := build(t, "v", func(b *bc.ModuleBuilder) {
		sig := uint64(b.Signature(bc.U64))
		pre := []bc.Instruction{I(bc.OpLdU64, 10), I(bc.OpLdU64, 20), I(bc.OpLdU64, 30), I(bc.OpVecPack, sig, 3), I(bc.OpStLoc, 0)}
		b.Function("f", bc.Public, bc.Fn{Returns: rets, Locals: []bc.SignatureToken{bc.Vector(bc.U64)}, Code: append(pre, code(sig)...)})
	})
	return newEnv(m).call("v", "f", nil)
}

func u64s(v Value) []uint64 {
	out := []uint64{}
	for i := 0; i < v.Len(); i++ {
		out = append(out, v.Elem(i).AsU64())
	}
	return out
}

func TestVectors(t *testing.T) {
	vec := []bc.SignatureToken{bc.Vector(bc.U64)}
	cases := []struct {
		name string
		rets []bc.SignatureToken
		code func(sig uint64) []bc.Instruction
		want []uint64 // the returned vector, or the returned u64s
		st   onchain.StatusCode
	}{
		{"len", []bc.SignatureToken{bc.U64}, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpImmBorrowLoc, 0), I(bc.OpVecLen, sig), I(bc.OpRet)}
		}, []uint64{3}, 0},
		{"borrow", []bc.SignatureToken{bc.U64}, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpImmBorrowLoc, 0), I(bc.OpLdU64, 1), I(bc.OpVecImmBorrow, sig), I(bc.OpReadRef), I(bc.OpRet)}
		}, []uint64{20}, 0},
		{"write element", vec, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 7), I(bc.OpMutBorrowLoc, 0), I(bc.OpLdU64, 2), I(bc.OpVecMutBorrow, sig), I(bc.OpWriteRef),
				I(bc.OpMoveLoc, 0), I(bc.OpRet)}
		}, []uint64{10, 20, 7}, 0},
		{"push and pop", []bc.SignatureToken{bc.U64, bc.Vector(bc.U64)}, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpMutBorrowLoc, 0), I(bc.OpLdU64, 40), I(bc.OpVecPushBack, sig),
				I(bc.OpMutBorrowLoc, 0), I(bc.OpVecPopBack, sig), I(bc.OpMutBorrowLoc, 0), I(bc.OpVecPopBack, sig), I(bc.OpAdd),
				I(bc.OpMoveLoc, 0), I(bc.OpRet)}
		}, []uint64{70, 10, 20}, 0},
		{"swap", vec, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpMutBorrowLoc, 0), I(bc.OpLdU64, 0), I(bc.OpLdU64, 2), I(bc.OpVecSwap, sig), I(bc.OpMoveLoc, 0), I(bc.OpRet)}
		}, []uint64{30, 20, 10}, 0},
		{"unpack", []bc.SignatureToken{bc.U64, bc.U64, bc.U64}, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpVecUnpack, sig, 3), I(bc.OpRet)}
		}, []uint64{10, 20, 30}, 0},
		{"borrow out of range", []bc.SignatureToken{bc.U64}, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpImmBorrowLoc, 0), I(bc.OpLdU64, 3), I(bc.OpVecImmBorrow, sig), I(bc.OpReadRef), I(bc.OpRet)}
		}, nil, onchain.VECTOR_OPERATION_ERROR},
		{"swap out of range", vec, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpMutBorrowLoc, 0), I(bc.OpLdU64, 0), I(bc.OpLdU64, 9), I(bc.OpVecSwap, sig), I(bc.OpMoveLoc, 0), I(bc.OpRet)}
		}, nil, onchain.VECTOR_OPERATION_ERROR},
		{"pop empty", []bc.SignatureToken{bc.U64}, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpVecUnpack, sig, 3), I(bc.OpPop), I(bc.OpPop), I(bc.OpPop),
				I(bc.OpVecPack, sig, 0), I(bc.OpStLoc, 0), I(bc.OpMutBorrowLoc, 0), I(bc.OpVecPopBack, sig), I(bc.OpRet)}
		}, nil, onchain.VECTOR_OPERATION_ERROR},
		{"unpack wrong count", []bc.SignatureToken{bc.U64, bc.U64}, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpVecUnpack, sig, 2), I(bc.OpRet)}
		}, nil, onchain.VECTOR_OPERATION_ERROR},
		{"push wrong type", vec, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpMutBorrowLoc, 0), I(bc.OpLdTrue), I(bc.OpVecPushBack, sig), I(bc.OpMoveLoc, 0), I(bc.OpRet)}
		}, nil, onchain.TYPE_MISMATCH},
		{"push through immutable", vec, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpImmBorrowLoc, 0), I(bc.OpLdU64, 1), I(bc.OpVecPushBack, sig), I(bc.OpMoveLoc, 0), I(bc.OpRet)}
		}, nil, onchain.WRITEREF_NO_MUTABLE_REFERENCE_ERROR},
		{"pack wrong type", vec, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU8, 1), I(bc.OpVecPack, sig, 1), I(bc.OpRet)}
		}, nil, onchain.TYPE_MISMATCH},
		{"pack more than the stack", vec, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpVecPack, sig, 1<<40), I(bc.OpRet)}
		}, nil, onchain.EMPTY_VALUE_STACK},
		{"len of a u64", []bc.SignatureToken{bc.U64}, func(sig uint64) []bc.Instruction {
			return []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpVecLen, sig), I(bc.OpRet)}
		}, nil, onchain.TYPE_MISMATCH},
		{"stale element reference", []bc.SignatureToken{bc.U64}, func(sig uint64) []bc.Instruction {
			// borrow element 2, pop it, then read through the reference
			return []bc.Instruction{I(bc.OpMutBorrowLoc, 0), I(bc.OpLdU64, 2), I(bc.OpVecImmBorrow, sig),
				I(bc.OpMutBorrowLoc, 0), I(bc.OpVecPopBack, sig), I(bc.OpPop), I(bc.OpReadRef), I(bc.OpRet)}
		}, nil, onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rets, err := vecEval(t, c.rets, c.code)
			if c.st != 0 {
				wantStatus(t, err, c.st)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []uint64
			for _, r := range rets {
				if r.Type().Kind == KindVector {
					got = append(got, u64s(r)...)
				} else {
					got = append(got, r.AsU64())
				}
			}
			if len(got) != len(c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("got %v, want %v", got, c.want)
				}
			}
		})
	}
}

// TestVectorLengthLimit: VecPack, VecPushBack, deserialization and
// natives' vectors all keep to MaxVectorLen.
func TestVectorLengthLimit(t *testing.T) {
	m := build(t, "vl", func(b *bc.ModuleBuilder) {
		sig := uint64(b.Signature(bc.U64))
		vec := []bc.SignatureToken{bc.Vector(bc.U64)}
		b.Function("pack", bc.Public, bc.Fn{Returns: vec, Code: []bc.Instruction{
			I(bc.OpLdU64, 1), I(bc.OpLdU64, 2), I(bc.OpLdU64, 3), I(bc.OpLdU64, 4), I(bc.OpVecPack, sig, 4), I(bc.OpRet)}})
		b.Function("push", bc.Public, bc.Fn{Params: vec, Returns: vec, Code: []bc.Instruction{
			I(bc.OpMutBorrowLoc, 0), I(bc.OpLdU64, 9), I(bc.OpVecPushBack, sig), I(bc.OpMoveLoc, 0), I(bc.OpRet)}})
		bytes := b.Function("bytes", bc.Public, bc.Fn{Native: true, Params: []bc.SignatureToken{bc.U64}, Returns: []bc.SignatureToken{bc.Vector(bc.U8)}})
		b.Function("make", bc.Public, bc.Fn{Params: []bc.SignatureToken{bc.U64}, Returns: []bc.SignatureToken{bc.Vector(bc.U8)},
			Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpCall, uint64(bytes)), I(bc.OpRet)}})
	})
	n := NewNatives()
	n.Register(cafe, "vl", "bytes", func(ctx *NativeContext, _ []*Type, args []Value) ([]Value, error) {
		v, err := ctx.Bytes(make([]byte, args[0].AsU64()))
		return []Value{v}, err
	})
	e := newEnv(m)
	e.vm = New(n, Limits{MaxVectorLen: 3})
	_, err := e.call("vl", "pack", nil)
	wantStatus(t, err, onchain.VECTOR_OPERATION_ERROR)
	s := e.sess
	vt, _ := s.types.vectorOf(TypeU64)
	three := NewVector(vt, []Value{U64(1), U64(2), U64(3)})
	_, err = e.call("vl", "push", nil, three)
	wantStatus(t, err, onchain.VECTOR_OPERATION_ERROR)
	two := NewVector(vt, []Value{U64(1), U64(2)})
	if rets, err := e.call("vl", "push", nil, two); err != nil || rets[0].Len() != 3 {
		t.Fatalf("push to 3: %v, %v", rets, err)
	}
	if _, err := e.call("vl", "make", nil, U64(3)); err != nil {
		t.Fatal(err)
	}
	_, err = e.call("vl", "make", nil, U64(4))
	wantStatus(t, err, onchain.VECTOR_OPERATION_ERROR)
	if _, err := s.Deserialize(vt, []byte{4, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0}); err == nil {
		t.Fatal("deserialized a vector of 4 with a limit of 3")
	}
}
