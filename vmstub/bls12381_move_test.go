package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::bls12381 from Move code, on Aptos's published test vectors
// (its module's tests): validation, proofs of possession, aggregation of
// keys and signatures, normal and multi-signature verification, and the
// abort codes EZERO_PUBKEYS and EWRONG_SIZE. The group operations are
// checked on every vector in aptosstdlib's bls12381_test.go.

// The suite imports the module's structs after String and Option.
var (
	blsPkT    = bytecode.StructOf(2) // PublicKey
	blsPopT   = bytecode.StructOf(3) // ProofOfPossession
	blsPkPopT = bytecode.StructOf(4) // PublicKeyWithPoP
	blsAggPkT = bytecode.StructOf(5) // AggrPublicKeysWithPoP
	blsSigT   = bytecode.StructOf(6) // Signature
	blsAmsT   = bytecode.StructOf(7) // AggrOrMultiSignature
)

func importBLSStructs(k *kit) {
	for i, s := range []string{"PublicKey", "ProofOfPossession", "PublicKeyWithPoP", "AggrPublicKeysWithPoP", "Signature", "AggrOrMultiSignature"} {
		if h := k.b.ImportStruct(k.b.ModuleRef(one, "bls12381"), s, stringAbil); int(h) != i+2 {
			k.t.Fatalf("bls12381::%s is struct handle %d", s, h)
		}
	}
}

var (
	blsPK1    = unhex("92e201a806af246f805f460fbdc6fc90dd16a18d6accc236e85d3578671d6f6690dde22134d19596c58ce9d63252410a")
	blsPK2    = unhex("ab9df801c6f96ade1c0490c938c87d5bcc2e52ccb8768e1b5d14197c5e8bfa562783b96711b702dda411a1a9f08ebbfa")
	blsAgg12  = unhex("b79ad47abb441d7eda9b220a626df2e4e4910738c5f777947f0213398ecafae044ec0c20d552d1348347e9abfcf3eca1")
	blsMulti2 = unhex("964af3d83436f6a9a382f34590c0c14e4454dc1de536af205319ce1ed417b87a2374863d5df7b7d5ed900cf91dffa7a105d3f308831d698c0d74fb2259d4813434fb86425db0ded664ae8f85d02ec1d31734910317d4155cbf69017735900d4d")
	blsSig1   = unhex("a55ac2d64b4c1d141b15d876d3e54ad1eea07ee488e8287cce7cdf3eec551458ab5795ab196f8c112590346f7bc7c97e0053cd5be0f9bd74b93a87cd44458e98d125d6d5c6950ea5e62666beb34422ead79121f8cb0815dae41a986688d03eaf")
	blsSig2   = unhex("90a639a44491191c46379a843266c293de3a46197714ead2ad3886233dd5c2b608b6437fa32fbf9d218b20f1cbfa7970182663beb9c148e2e9412b148e16abf283ffa51b8a536c0e55d61b2e5c849edc49f636c0ef07cb99f125cbcf602e22bb")
	blsSig12  = unhex("8f1949a06b95c3cb62898d861f889350c0d2cb740da513bfa195aa0ab8fa006ea2efe004a7bbbd9bb363637a279aed20132efd0846f520e7ee0e8ed847a1c6969bb986ad2239bcc9af561b6c2aa6d3016e1c722146471f1e28313de189fe7ebc")
	blsLowPK  = unhex("ae3cd9403b69c20a0d455fd860e977fe6ee7140a7f091f26c860f2caccd3e0a7a7365798ac10df776675b3a67db8faa0")
	blsNPK    = unhex("94209a296b739577cb076d3bfb1ca8ee936f29b69b7dae436118c4dd1cc26fd43dcd16249476a006b8b949bf022a7858")
	blsNSig   = unhex("b01ce4632e94d8c611736e96aa2ad8e0528a02f927a81a92db8047b002a8c71dc2d6bfb94729d0973790c10b6ece446817e4b7543afd7ca9a17c75de301ae835d66231c26a003f11ae26802b98d90869a9e73788c38739f7ac9d52659e1f7cf7")
	blsPopPK  = unhex("808864c91ae7a9998b3f5ee71f447840864e56d79838e4785ff5126c51480198df3d972e1e0348c6da80d396983e42d7")
	blsPop    = unhex("ab42afff92510034bf1232a37a0d31bc8abfc17e7ead9170d2d100f6cf6c75ccdcfedbd31699a112b4464a06fd636f3f190595863677d660b4c5d922268ace421f9e86e3a054946ee34ce29e1f88c1a10f27587cf5ec528d65ba7c0dc4863364")
)

// blsSome leaves option::destroy_some(bls12381::fn(b)): T on the stack.
func (k *kit) blsSome(fn string, t tok, b []byte) []bytecode.Instruction {
	destroy := k.fn("option", "destroy_some", anyTP, []tok{optOf(bytecode.TypeParameter(0))}, []tok{bytecode.TypeParameter(0)})
	return append(k.construct("bls12381", fn, optOf(t), b), k.callG(destroy, t))
}

// blsPkPops leaves vector<PublicKeyWithPoP> of the keys on the stack.
func (k *kit) blsPkPops(keys ...[]byte) []bytecode.Instruction {
	var code []bytecode.Instruction
	for _, pk := range keys {
		code = append(code, k.blsSome("public_key_from_bytes_with_pop_externally_verified", blsPkPopT, pk)...)
	}
	return append(code, in(bytecode.OpVecPack, uint64(k.b.Signature(blsPkPopT)), uint64(len(keys))))
}

func blsCases(ledgerapi.Address) []viewCase {
	msg := []byte("Hello Aptos!")
	fromBytes := func(name string, pk, want []byte) viewCase {
		return viewCase{name: name, rets: []tok{optOf(blsPkT)}, want: want, code: func(k *kit) []bytecode.Instruction {
			return k.construct("bls12381", "public_key_from_bytes", optOf(blsPkT), pk)
		}}
	}
	verifyNormal := func(name string, sig []byte, m []byte, want bool) viewCase {
		return viewCase{name: name, rets: []tok{bytecode.Bool}, locals: []tok{blsSigT, blsPkT}, want: bcsBool(want), code: func(k *kit) []bytecode.Instruction {
			code := append(k.construct("bls12381", "signature_from_bytes", blsSigT, sig), in(bytecode.OpStLoc, 0))
			code = append(append(code, k.blsSome("public_key_from_bytes", blsPkT, blsNPK)...), in(bytecode.OpStLoc, 1))
			h := k.fn("bls12381", "verify_normal_signature", nil, []tok{bytecode.Ref(blsSigT), bytecode.Ref(blsPkT), bytesT}, []tok{bytecode.Bool})
			return append(code, in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 1), k.bytes(m), callF(h))
		}}
	}
	withPoP := func(name string, pk, pop, want []byte) viewCase {
		return viewCase{name: name, rets: []tok{optOf(blsPkPopT)}, locals: []tok{blsPopT}, want: want, code: func(k *kit) []bytecode.Instruction {
			code := append(k.construct("bls12381", "proof_of_possession_from_bytes", blsPopT, pop), in(bytecode.OpStLoc, 0))
			h := k.fn("bls12381", "public_key_from_bytes_with_pop", nil, []tok{bytesT, bytecode.Ref(blsPopT)}, []tok{optOf(blsPkPopT)})
			return append(code, k.bytes(pk), in(bytecode.OpImmBorrowLoc, 0), callF(h))
		}}
	}
	badPop := append([]byte{0xbb}, blsPop[1:]...)
	return []viewCase{
		fromBytes("public_key_from_bytes of a valid key", blsPK1, cat([]byte{1}, bcsBytes(blsPK1))),
		fromBytes("public_key_from_bytes of a low-order key", blsLowPK, []byte{0}),
		fromBytes("public_key_from_bytes of 47 bytes", blsPK1[:47], []byte{0}),
		verifyNormal("verify_normal_signature of Aptos's vector", blsNSig, msg, true),
		verifyNormal("verify_normal_signature of another message", blsNSig, []byte("Bello Aptos!"), false),
		withPoP("public_key_from_bytes_with_pop", blsPopPK, blsPop, cat([]byte{1}, bcsBytes(blsPopPK))),
		withPoP("public_key_from_bytes_with_pop with a modified PoP", blsPopPK, badPop, []byte{0}),
		{name: "aggregate_pubkeys of two keys", rets: []tok{bytesT}, locals: []tok{blsAggPkT}, want: bcsBytes(blsAgg12), code: func(k *kit) []bytecode.Instruction {
			agg := k.fn("bls12381", "aggregate_pubkeys", nil, []tok{bytecode.Vector(blsPkPopT)}, []tok{blsAggPkT})
			h := k.fn("bls12381", "aggregate_pubkey_to_bytes", nil, []tok{bytecode.Ref(blsAggPkT)}, []tok{bytesT})
			return append(k.blsPkPops(blsPK1, blsPK2), callF(agg), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), callF(h))
		}},
		{name: "aggregate_pubkeys of none", rets: []tok{blsAggPkT}, abort: aborts("0x1::bls12381", 0x10001), code: func(k *kit) []bytecode.Instruction {
			agg := k.fn("bls12381", "aggregate_pubkeys", nil, []tok{bytecode.Vector(blsPkPopT)}, []tok{blsAggPkT})
			return append(k.blsPkPops(), callF(agg))
		}},
		{name: "aggregate_signatures of two", rets: []tok{optOf(blsAmsT)}, want: cat([]byte{1}, bcsBytes(blsSig12)), code: func(k *kit) []bytecode.Instruction {
			code := append(k.construct("bls12381", "signature_from_bytes", blsSigT, blsSig1), k.construct("bls12381", "signature_from_bytes", blsSigT, blsSig2)...)
			agg := k.fn("bls12381", "aggregate_signatures", nil, []tok{bytecode.Vector(blsSigT)}, []tok{optOf(blsAmsT)})
			return append(code, in(bytecode.OpVecPack, uint64(k.b.Signature(blsSigT)), 2), callF(agg))
		}},
		{name: "aggregate_signatures of none", rets: []tok{optOf(blsAmsT)}, want: []byte{0}, code: func(k *kit) []bytecode.Instruction {
			agg := k.fn("bls12381", "aggregate_signatures", nil, []tok{bytecode.Vector(blsSigT)}, []tok{optOf(blsAmsT)})
			return []bytecode.Instruction{in(bytecode.OpVecPack, uint64(k.b.Signature(blsSigT)), 0), callF(agg)}
		}},
		{name: "verify_multisignature under an aggregate key", rets: []tok{bytecode.Bool}, locals: []tok{blsAmsT, blsAggPkT}, want: bcsBool(true), code: func(k *kit) []bytecode.Instruction {
			code := append(k.construct("bls12381", "aggr_or_multi_signature_from_bytes", blsAmsT, blsMulti2), in(bytecode.OpStLoc, 0))
			agg := k.fn("bls12381", "aggregate_pubkeys", nil, []tok{bytecode.Vector(blsPkPopT)}, []tok{blsAggPkT})
			code = append(append(code, k.blsPkPops(blsPK1, blsPK2)...), callF(agg), in(bytecode.OpStLoc, 1))
			h := k.fn("bls12381", "verify_multisignature", nil, []tok{bytecode.Ref(blsAmsT), bytecode.Ref(blsAggPkT), bytesT}, []tok{bytecode.Bool})
			return append(code, in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpImmBorrowLoc, 1), k.bytes([]byte("Hello, Aptoverse!")), callF(h))
		}},
		ctorCase("aggr_or_multi_signature_from_bytes of 95 bytes", "bls12381", "aggr_or_multi_signature_from_bytes", blsAmsT, blsMulti2[:95], 0x10002),
		{name: "signature_subgroup_check", rets: []tok{bytecode.Bool}, locals: []tok{blsSigT}, want: bcsBool(true), code: func(k *kit) []bytecode.Instruction {
			h := k.fn("bls12381", "signature_subgroup_check", nil, []tok{bytecode.Ref(blsSigT)}, []tok{bytecode.Bool})
			return append(k.construct("bls12381", "signature_from_bytes", blsSigT, blsNSig), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), callF(h))
		}},
	}
}

func TestMoveBLS12381(t *testing.T) { runViews(t, "bls", blsCases, importBLSStructs) }
