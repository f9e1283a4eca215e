package vmstub_test

import (
	"math/big"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// math64::log2, math128::log2 and math128::log2_64 from Move code: their
// FixedPoint32 and FixedPoint64 results at powers of two (Aptos's exact
// vectors), log2(3)'s fraction bits (0.58496250072… × 2^32, truncated), and
// the abort of log2(0).
func TestMoveLog2(t *testing.T) {
	fp32, fp64 := bytecode.StructOf(2), bytecode.StructOf(3)
	log2 := func(name, mod, fn string, ret tok, arg *big.Int) viewCase {
		c := mathCase(name, mod, fn, ret, arg)
		c.name = mod + "::" + fn + " " + name
		return c
	}
	mk := func(ledgerapi.Address) []viewCase {
		cases := []viewCase{
			log2("of 1024", "math64", "log2", fp32, n(1024)),
			log2("of 2^63", "math64", "log2", fp32, pow2(63, false)),
			log2("of 3", "math64", "log2", fp32, n(3)),
			log2("of 2^127", "math128", "log2", fp32, pow2(127, false)),
			log2("of 2^100", "math128", "log2_64", fp64, pow2(100, false)),
			log2("of 0", "math64", "log2", fp32, n(0)),
			log2("of 0", "math128", "log2_64", fp64, n(0)),
		}
		cases[0].want = le64(10 << 32)
		cases[1].want = le64(63 << 32)
		cases[2].want = le64(1<<32 + 2512394809) // log2(3) - 1 = 0.58496250072…, × 2^32 = 2512394809.98…
		cases[3].want = le64(127 << 32)
		cases[4].want = le128(new(big.Int).Lsh(big.NewInt(100), 64))
		cases[5].abort = aborts("0x1::math64", 0x10001)
		cases[6].abort = aborts("0x1::math128", 0x10001)
		return cases
	}
	runViews(t, "log2", mk, func(k *kit) {
		if k.b.ImportStruct(k.b.ModuleRef(one, "fixed_point32"), "FixedPoint32", stringAbil) != 2 ||
			k.b.ImportStruct(k.b.ModuleRef(one, "fixed_point64"), "FixedPoint64", stringAbil) != 3 {
			t.Fatal("unexpected struct handles")
		}
	})
}
