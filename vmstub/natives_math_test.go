package vmstub_test

import (
	"math/big"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// aptos_std::math64 and math128 from Move code. Expected values are
// Aptos's own test vectors where it has them (sqrt of 2^63 and 2^127,
// pow(10, 18), the average of the largest values).

const maxU64 = ^uint64(0)

// mathCase calls 0x1::<mod>::fn on constant arguments.
func mathCase(name, mod, fn string, ret tok, args ...*big.Int) viewCase {
	t := u64T
	if mod == "math128" {
		t = bytecode.U128
	}
	return viewCase{name: mod + "::" + name, rets: []tok{ret}, code: func(k *kit) []bytecode.Instruction {
		var code []bytecode.Instruction
		params := make([]tok, len(args))
		for i, a := range args {
			params[i] = t
			if mod == "math128" {
				code = append(code, in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.U128, le128(a)))))
			} else {
				code = append(code, in(bytecode.OpLdU64, a.Uint64()))
			}
		}
		return append(code, callF(k.fn(mod, fn, nil, params, []tok{ret})))
	}}
}

// le128 is the BCS of a u128.
func le128(v *big.Int) []byte {
	lo := new(big.Int).And(v, new(big.Int).SetUint64(maxU64)).Uint64()
	hi := new(big.Int).Rsh(v, 64).Uint64()
	return append(le64(lo), le64(hi)...)
}

func n(v uint64) *big.Int { return new(big.Int).SetUint64(v) }

// pow2 is 2^e, minus one when minus.
func pow2(e uint, minus bool) *big.Int {
	v := new(big.Int).Lsh(big.NewInt(1), e)
	if minus {
		v.Sub(v, big.NewInt(1))
	}
	return v
}

func mathCases(ledgerapi.Address) []viewCase {
	var cases []viewCase
	for _, m := range []string{"math64", "math128"} {
		bits := uint(64)
		t := u64T
		enc := func(v *big.Int) []byte { return le64(v.Uint64()) }
		if m == "math128" {
			bits, t, enc = 128, bytecode.U128, le128
		}
		top := pow2(bits, true)
		ok := func(name, fn string, want *big.Int, args ...*big.Int) {
			c := mathCase(name, m, fn, t, args...)
			c.want = enc(want)
			cases = append(cases, c)
		}
		ok("max", "max", n(6), n(3), n(6))
		ok("max of the first", "max", n(15), n(15), n(12))
		ok("min", "min", n(3), n(3), n(6))
		ok("average", "average", n(4), n(3), n(6))
		ok("average down", "average", n(13), n(15), n(12))
		ok("average of the largest", "average", top, top, top)
		ok("clamp above", "clamp", n(10), n(12), n(3), n(10))
		ok("clamp below", "clamp", n(3), n(1), n(3), n(10))
		ok("clamp inside", "clamp", n(5), n(5), n(3), n(10))
		ok("pow", "pow", n(1_000_000_000_000_000_000), n(10), n(18))
		ok("pow zero exponent", "pow", n(1), n(0), n(0))
		ok("pow of zero", "pow", n(0), n(0), n(7))
		ok("pow to the top bit", "pow", pow2(bits-1, false), n(2), n(uint64(bits-1)))
		c := mathCase("pow overflow", m, "pow", t, n(2), n(uint64(bits)))
		c.failed = true
		cases = append(cases, c)
		ok("sqrt of zero", "sqrt", n(0), n(0))
		ok("sqrt", "sqrt", n(16), n(256))
		ok("sqrt of the largest", "sqrt", pow2(bits/2, true), top)
		for _, lg := range []struct {
			x    *big.Int
			want byte
		}{{n(1), 0}, {pow2(40, false), 40}, {top, byte(bits - 1)}} {
			c := mathCase("floor_log2 "+lg.x.String(), m, "floor_log2", bytecode.U8, lg.x)
			c.want = []byte{lg.want}
			cases = append(cases, c)
		}
		c = mathCase("floor_log2 of zero", m, "floor_log2", bytecode.U8, n(0))
		c.abort = aborts("0x1::"+m, 0x10001)
		cases = append(cases, c)
	}
	sqrt63, _ := new(big.Int).SetString("3037000499", 10)
	sqrt127, _ := new(big.Int).SetString("13043817825332782212", 10)
	c := mathCase("sqrt of 2^63", "math64", "sqrt", u64T, pow2(63, false))
	c.want = le64(sqrt63.Uint64())
	c2 := mathCase("sqrt of 2^127", "math128", "sqrt", bytecode.U128, pow2(127, false))
	c2.want = le128(sqrt127)
	return append(cases, c, c2)
}

func TestMoveMathNatives(t *testing.T) { runViews(t, "maths", mathCases, nil) }

// mul_div, gcd and ceil_div are inline in Aptos: code calling them as
// functions of 0x1::math64 does not link.
func TestMoveMathInlineFunctionsAbsent(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	for _, fn := range []string{"mul_div", "gcd", "ceil_div"} {
		params := []tok{u64T, u64T, u64T}[:map[string]int{"mul_div": 3, "gcd": 2, "ceil_div": 2}[fn]]
		k := newKit(t, a.Address, "inline_"+fn)
		code := []bytecode.Instruction{}
		for range params {
			code = append(code, in(bytecode.OpLdU64, 4))
		}
		k.view("f", u64s1, nil, append(code, callF(k.fn("math64", fn, nil, params, u64s1)), in(bytecode.OpRet)))
		out := c.publish(a, packageMeta("Inline"+fn, onchain.UpgradeCompatible, []string{k.name}, stdDeps...), k.code())
		if st := out.Info.Status.String(); st != "LOOKUP_FAILED" {
			t.Fatalf("publishing a module calling math64::%s: %s, want LOOKUP_FAILED", fn, st)
		}
	}
}
