package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// TestCryptoAlgebraAbortsByDesign: a package naming crypto_algebra's
// functions and bls12381_algebra's / bn254_algebra's structures publishes,
// and every call aborts in 0x1::crypto_algebra as on an Aptos chain
// without the cryptography_algebra_natives flag: NOT_IMPLEMENTED(0)
// (0xC0000), or, for multi_scalar_mul, which Aptos does not gate,
// NOT_IMPLEMENTED(E_NOT_IMPLEMENTED) (0xC0001).
func TestCryptoAlgebraAbortsByDesign(t *testing.T) {
	// Struct handles 2..5 of the module (after the kit's String and
	// Option): Element, bls12381_algebra's G1 and Fr, bn254_algebra's G1.
	el := bytecode.StructHandleIndex(2)
	g1, fr, bnG1 := bytecode.StructOf(3), bytecode.StructOf(4), bytecode.StructOf(5)
	elG1, elFr := bytecode.StructOf(el, g1), bytecode.StructOf(el, fr)
	elTP := func(i uint16) tok { return bytecode.StructOf(el, bytecode.TypeParameter(i)) }
	bytesT := bytecode.Vector(bytecode.U8)
	setup := func(k *kit) {
		b := k.b
		if b.ImportStruct(b.ModuleRef(one, "crypto_algebra"), "Element", bytecode.AbilityCopy|bytecode.AbilityDrop,
			bytecode.StructTypeParameter{IsPhantom: true}) != el ||
			b.ImportStruct(b.ModuleRef(one, "bls12381_algebra"), "G1", 0) != 3 ||
			b.ImportStruct(b.ModuleRef(one, "bls12381_algebra"), "Fr", 0) != 4 ||
			b.ImportStruct(b.ModuleRef(one, "bn254_algebra"), "G1", 0) != 5 {
			t.Fatal("unexpected struct handle order")
		}
	}
	notImpl := aborts("0x1::crypto_algebra", 0xC0000)
	cases := func(ledgerapi.Address) []viewCase {
		return []viewCase{
			{name: "zero<bls12381 G1>", rets: []tok{elG1}, abort: notImpl, code: func(k *kit) []bytecode.Instruction {
				h := k.fn("crypto_algebra", "zero", anyTP, nil, []tok{elTP(0)})
				return []bytecode.Instruction{k.callG(h, g1)}
			}},
			{name: "order<bn254 G1>", rets: []tok{bytesT}, abort: notImpl, code: func(k *kit) []bytecode.Instruction {
				h := k.fn("crypto_algebra", "order", anyTP, nil, []tok{bytesT})
				return []bytecode.Instruction{k.callG(h, bnG1)}
			}},
			{name: "from_u64<Fr>", rets: []tok{elFr}, abort: notImpl, code: func(k *kit) []bytecode.Instruction {
				h := k.fn("crypto_algebra", "from_u64", anyTP, []tok{u64T}, []tok{elTP(0)})
				return []bytecode.Instruction{in(bytecode.OpLdU64, 7), k.callG(h, fr)}
			}},
			{name: "hash_to<G1, G1>", rets: []tok{elG1}, abort: notImpl, code: func(k *kit) []bytecode.Instruction {
				h := k.fn("crypto_algebra", "hash_to", []bytecode.AbilitySet{0, 0}, []tok{bytecode.Ref(bytesT), bytecode.Ref(bytesT)}, []tok{elTP(0)})
				return []bytecode.Instruction{k.bytes([]byte("dst")), in(bytecode.OpStLoc, 0),
					in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 0), k.callG(h, g1, g1)}
			}, locals: []tok{bytesT}},
			{name: "multi_scalar_mul<G1, Fr>", rets: []tok{elG1}, abort: aborts("0x1::crypto_algebra", 0xC0001),
				locals: []tok{bytecode.Vector(elG1), bytecode.Vector(elFr)},
				code: func(k *kit) []bytecode.Instruction {
					h := k.fn("crypto_algebra", "multi_scalar_mul", []bytecode.AbilitySet{0, 0},
						[]tok{bytecode.Ref(bytecode.Vector(elTP(0))), bytecode.Ref(bytecode.Vector(elTP(1)))}, []tok{elTP(0)})
					return []bytecode.Instruction{
						in(bytecode.OpVecPack, uint64(k.b.Signature(elG1)), 0), in(bytecode.OpStLoc, 0),
						in(bytecode.OpVecPack, uint64(k.b.Signature(elFr)), 0), in(bytecode.OpStLoc, 1),
						in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 1), k.callG(h, g1, fr)}
				}},
		}
	}
	runViews(t, "algebra", cases, setup)
}
