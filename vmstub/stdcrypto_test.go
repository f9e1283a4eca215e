package vmstub_test

import (
	"encoding/hex"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
)

// aptos_std::aptos_hash, ed25519, multi_ed25519 and secp256k1 from Move
// code. Expected digests are the published reference vectors (FIPS 180-4
// and FIPS 202 examples, the RIPEMD-160 authors' page, BLAKE2b, Keccak
// team), expected signatures Aptos's own test vectors.

func unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// aptosHashCase calls aptos_hash::fn on a constant vector<u8>.
func aptosHashCase(fn string, data []byte, want []byte) viewCase {
	ret := bytesT
	if fn == "sip_hash" {
		ret = u64T
	}
	return viewCase{name: fn + " " + hex.EncodeToString(data), rets: []tok{ret}, want: want, code: func(k *kit) []bytecode.Instruction {
		return []bytecode.Instruction{k.bytes(data), callF(k.fn("aptos_hash", fn, nil, []tok{bytesT}, []tok{ret}))}
	}}
}

func aptosHashCases(ledgerapi.Address) []viewCase {
	digest := func(fn, in, want string) viewCase {
		return aptosHashCase(fn, []byte(in), bcsBytes(unhex(want)))
	}
	return []viewCase{
		digest("keccak256", "", "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"),
		digest("keccak256", "abc", "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45"),
		digest("keccak256", "testing", "5f16f4c7f149ac4f9510d9cf8cf384038ad348b3bcdc01915f95de12df9d1b02"),
		digest("sha2_512", "abc", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
		digest("sha2_512", "", "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"),
		digest("sha3_512", "abc", "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"),
		digest("sha3_512", "", "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"),
		digest("ripemd160", "", "9c1185a5c5e9fc54612808977ee8f548b2258d31"),
		digest("ripemd160", "abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"),
		digest("ripemd160", "message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"),
		digest("blake2b_256", "", "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8"),
		digest("blake2b_256", "abc", "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319"),
		// SipHash-2-4 under the zero key, as Rust's SipHasher::new().
		aptosHashCase("sip_hash", nil, le64(0x1e924b9d737700d7)),
		// sip_hash_from_value(&x) is sip_hash(bcs(x)): vector<u8>[9] is
		// 01 09 in BCS (SipHash24 is checked against the paper's vectors
		// in aptosstdlib).
		aptosHashCase("sip_hash", []byte{1, 9}, le64(aptosstdlib.SipHash24(0, 0, []byte{1, 9}))),
		named("sip_hash_from_value", viewCase{rets: u64s1, locals: []tok{bytesT}, want: le64(aptosstdlib.SipHash24(0, 0, []byte{1, 9})), code: func(k *kit) []bytecode.Instruction {
			h := k.fn("aptos_hash", "sip_hash_from_value", anyTP, []tok{bytecode.Ref(bytecode.TypeParameter(0))}, u64s1)
			return []bytecode.Instruction{k.bytes([]byte{9}), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), k.callG(h, bytesT)}
		}}),
	}
}

func TestMoveAptosHashNatives(t *testing.T) { runViews(t, "hashes", aptosHashCases, nil) }
