package vmstub_test

import (
	"crypto/ed25519"
	"crypto/sha3"
	"sort"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// Worst cases of the hash and signature natives of aptos_hash, ed25519
// and secp256k1 (see bench_natives_test.go): hashing the largest bytes,
// verifying an Ed25519 signature and recovering a secp256k1 key in a loop.

// sigBenchHandles are the struct handles the signature cases import into
// the benchmark module (set by their setup, read by their locals).
var sigBenchHandles struct{ edPk, edSig, secpSig tok }

func init() {
	priv := ed25519.NewKeyFromSeed(rfcSeed)
	msg := []byte("a message of a few dozen bytes, as signed in practice")
	edSig := ed25519.Sign(priv, msg)
	digest := sha3.Sum256([]byte("hello world"))
	imp := func(k *kit, mod, name string) tok {
		return bytecode.StructOf(k.b.ImportStruct(k.b.ModuleRef(one, mod), name, stringAbil))
	}
	cases := map[string]nativeCase{
		"aptos_hash_keccak256": {bytesLocals(), func(k *kit, nb *nbKit) []bytecode.Instruction { return big256K(k, nb, 0) },
			func(k *kit, nb *nbKit) []bytecode.Instruction {
				h := k.fn("aptos_hash", "keccak256", nil, []tok{bytesT}, []tok{bytesT})
				return []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), callF(h), in(bytecode.OpPop)}
			}},
		"aptos_hash_blake2b_256": {bytesLocals(), func(k *kit, nb *nbKit) []bytecode.Instruction { return big256K(k, nb, 0) },
			func(k *kit, nb *nbKit) []bytecode.Instruction {
				h := k.fn("aptos_hash", "blake2b_256", nil, []tok{bytesT}, []tok{bytesT})
				return []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), callF(h), in(bytecode.OpPop)}
			}},
		"ed25519_verify": {nil, func(k *kit, nb *nbKit) []bytecode.Instruction {
			sigBenchHandles.edPk, sigBenchHandles.edSig = imp(k, "ed25519", "UnvalidatedPublicKey"), imp(k, "ed25519", "Signature")
			code := append(k.construct("ed25519", "new_signature_from_bytes", sigBenchHandles.edSig, edSig), in(bytecode.OpStLoc, 0))
			return append(append(code, k.construct("ed25519", "new_unvalidated_public_key_from_bytes", sigBenchHandles.edPk, rfcPub)...), in(bytecode.OpStLoc, 1))
		}, func(k *kit, nb *nbKit) []bytecode.Instruction {
			h := k.fn("ed25519", "signature_verify_strict", nil, []tok{bytecode.Ref(sigBenchHandles.edSig), bytecode.Ref(sigBenchHandles.edPk), bytesT}, []tok{bytecode.Bool})
			return []bytecode.Instruction{in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 1), k.bytes(msg), callF(h), in(bytecode.OpPop)}
		}},
		"secp256k1_recover": {nil, func(k *kit, nb *nbKit) []bytecode.Instruction {
			sigBenchHandles.secpSig = imp(k, "secp256k1", "ECDSASignature")
			return append(k.construct("secp256k1", "ecdsa_signature_from_bytes", sigBenchHandles.secpSig, tsSecpSig), in(bytecode.OpStLoc, 0))
		}, func(k *kit, nb *nbKit) []bytecode.Instruction {
			pkT := bytecode.StructOf(k.b.ImportStruct(k.b.ModuleRef(one, "secp256k1"), "ECDSARawPublicKey", stringAbil))
			h := k.fn("secp256k1", "ecdsa_recover", nil, []tok{bytesT, bytecode.U8, bytecode.Ref(sigBenchHandles.secpSig)}, []tok{optOf(pkT)})
			return []bytecode.Instruction{k.bytes(digest[:]), in(bytecode.OpLdU8, 0), in(bytecode.OpImmBorrowLoc, 0), callF(h), in(bytecode.OpPop)}
		}},
	}
	caseLocals["ed25519_verify"] = func(*nbKit) []tok { return []tok{sigBenchHandles.edSig, sigBenchHandles.edPk} }
	caseLocals["secp256k1_recover"] = func(*nbKit) []tok { return []tok{sigBenchHandles.secpSig} }
	for name, c := range cases {
		nativeCases[name] = c
		nativeCaseNames = append(nativeCaseNames, name)
	}
	sort.Strings(nativeCaseNames)
}

func BenchmarkWorstCaseNativeKeccak256(b *testing.B)     { benchNative(b, "aptos_hash_keccak256") }
func BenchmarkWorstCaseNativeBlake2b256(b *testing.B)    { benchNative(b, "aptos_hash_blake2b_256") }
func BenchmarkWorstCaseNativeEd25519Verify(b *testing.B) { benchNative(b, "ed25519_verify") }
func BenchmarkWorstCaseNativeSecp256k1Recover(b *testing.B) {
	benchNative(b, "secp256k1_recover")
}
