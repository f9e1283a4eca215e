package vmstub

import (
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// aptos_std::math64 and aptos_std::math128 for Move code: the public
// functions of Aptos's modules, with their signatures, as BCS natives.
// gcd, mul_div and ceil_div are inline functions in Aptos (compiled into
// their callers, absent from the on-chain modules), so they are not
// declared; log2 and log2_64 return fixed-point types not modelled here.

// eInvalidArgFloorLog2 is EINVALID_ARG_FLOOR_LOG2, raised as
// error::invalid_argument.
const eInvalidArgFloorLog2 = 1

func math64ModuleDef() Module { return mathModuleDef("math64", 64) }

func math128ModuleDef() Module { return mathModuleDef("math128", 128) }

// mathModuleDef declares math64 (bits 64) or math128 (bits 128).
func mathModuleDef(name string, bits uint) Module {
	id := ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: name}
	t := "u64"
	if bits == 128 {
		t = "u128"
	}
	limit := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), bits), big.NewInt(1))
	arg := func(c *Call, i int) *big.Int { return readUint(c.Args[i]) }
	ret := func(v *big.Int) ([][]byte, error) { return one(writeUint(v, bits)) }
	binop := func(fn string, f func(a, b *big.Int) *big.Int) Function {
		return pub(fn, []string{t, t}, []string{t}, func(c *Call) ([][]byte, error) { return ret(f(arg(c, 0), arg(c, 1))) })
	}
	bigMax := func(a, b *big.Int) *big.Int {
		if a.Cmp(b) >= 0 {
			return a
		}
		return b
	}
	bigMin := func(a, b *big.Int) *big.Int {
		if a.Cmp(b) < 0 {
			return a
		}
		return b
	}
	return mod1(name, nil, []Function{
		binop("max", bigMax),
		binop("min", bigMin),
		binop("average", func(a, b *big.Int) *big.Int { s := new(big.Int).Add(a, b); return s.Rsh(s, 1) }),
		pub("clamp", []string{t, t, t}, []string{t}, func(c *Call) ([][]byte, error) {
			return ret(bigMin(arg(c, 2), bigMax(arg(c, 1), arg(c, 0))))
		}),
		// pow's intermediate products never exceed its result (for a base
		// of 2 or more), so it overflows exactly when the result does.
		pub("pow", []string{t, t}, []string{t}, func(c *Call) ([][]byte, error) {
			n, e := arg(c, 0), arg(c, 1)
			var p *big.Int
			switch {
			case e.Sign() == 0:
				p = big.NewInt(1)
			case n.Cmp(big.NewInt(1)) <= 0:
				p = n
			case e.BitLen() > 8: // 2^256 and beyond overflow u128
				return nil, fail(onchain.ARITHMETIC_ERROR)
			default:
				p = new(big.Int).Exp(n, e, nil)
			}
			if p.Cmp(limit) > 0 {
				return nil, fail(onchain.ARITHMETIC_ERROR)
			}
			return ret(p)
		}),
		pub("floor_log2", []string{t}, []string{"u8"}, func(c *Call) ([][]byte, error) {
			x := arg(c, 0)
			if x.Sign() == 0 {
				return nil, &Abort{Module: id, Code: AbortCode(CategoryInvalidArgument, eInvalidArgFloorLog2)}
			}
			return one([]byte{byte(x.BitLen() - 1)})
		}),
		pub("sqrt", []string{t}, []string{t}, func(c *Call) ([][]byte, error) { return ret(new(big.Int).Sqrt(arg(c, 0))) }),
	}, AbortReason{Reason: eInvalidArgFloorLog2, Name: "EINVALID_ARG_FLOOR_LOG2", Description: "Cannot log2 the value 0"})
}

// readUint reads a little-endian unsigned integer (the BCS of u64/u128).
func readUint(b []byte) *big.Int {
	be := make([]byte, len(b))
	for i, x := range b {
		be[len(b)-1-i] = x
	}
	return new(big.Int).SetBytes(be)
}

// writeUint is the BCS of v as an unsigned integer of bits bits.
func writeUint(v *big.Int, bits uint) []byte {
	out := make([]byte, bits/8)
	v.FillBytes(out)
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
