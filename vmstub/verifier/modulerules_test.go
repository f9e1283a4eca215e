package verifier_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

func TestFriends(t *testing.T) {
	friend := func(addr ledgerapi.Address, name string) func(t *testing.T) *bytecode.Module {
		return func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			b.Friend(addr, name)
			return h1Built(t, b)
		}
	}
	runModCases(t, []modCase{
		{"same address", friend(h1Cafe, "other"), nil, 0},
		{"itself", friend(h1Cafe, "m"), nil, 1104},
		{"other address", friend(ledgerapi.AddressOne, "coin"), nil, 1105},
	})
}

func TestRecursiveStructs(t *testing.T) {
	structs := func(f func(b *bytecode.ModuleBuilder)) func(t *testing.T) *bytecode.Module {
		return func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			f(b)
			return h1Built(t, b)
		}
	}
	box := func(b *bytecode.ModuleBuilder) bytecode.StructDefIndex {
		return b.GenericStruct("Box", bytecode.AbilityDrop, []bytecode.StructTypeParameter{{}}, bytecode.Field("v", bytecode.TypeParameter(0)))
	}
	runModCases(t, []modCase{
		{"chain", structs(func(b *bytecode.ModuleBuilder) {
			a := b.Struct("A", 0, bytecode.Field("x", bytecode.U8))
			c := b.Struct("C", 0, bytecode.Field("x", bytecode.U8))
			b.SetFields(a, bytecode.Field("c", bytecode.Vector(b.StructType(c))))
		}), nil, 0},
		{"self", structs(func(b *bytecode.ModuleBuilder) {
			s := b.Struct("S", 0, bytecode.Field("x", bytecode.U8))
			b.SetFields(s, bytecode.Field("s", b.StructType(s)))
		}), nil, 1005},
		{"through a vector and another struct", structs(func(b *bytecode.ModuleBuilder) {
			a := b.Struct("A", 0, bytecode.Field("x", bytecode.U8))
			c := b.Struct("C", 0, bytecode.Field("a", b.StructType(a)))
			b.SetFields(a, bytecode.Field("c", bytecode.Vector(b.StructType(c))))
		}), nil, 1005},
		{"through a type argument", structs(func(b *bytecode.ModuleBuilder) {
			bx := box(b)
			s := b.Struct("S", 0, bytecode.Field("x", bytecode.U8))
			b.SetFields(s, bytecode.Field("b", b.StructType(bx, b.StructType(s))))
		}), nil, 1005},
		{"generic instance of another struct", structs(func(b *bytecode.ModuleBuilder) {
			bx := box(b)
			b.Struct("S", 0, bytecode.Field("b", b.StructType(bx, bytecode.U64)))
		}), nil, 0},
	})
}

func TestConstants(t *testing.T) {
	constant := func(ty h1Tok, data ...byte) func(t *testing.T) *bytecode.Module {
		return func(t *testing.T) *bytecode.Module {
			b := h1NewMod().Version(bytecode.Version9)
			b.Constant(ty, data)
			return h1Built(t, b)
		}
	}
	long := make([]byte, 33)
	long[0] = 32
	runModCases(t, []modCase{
		{"bool", constant(bytecode.Bool, 1), nil, 0},
		{"u8", constant(bytecode.U8, 7), nil, 0},
		{"u64", constant(bytecode.U64, 1, 2, 3, 4, 5, 6, 7, 8), nil, 0},
		{"i16", constant(bytecode.I16, 0xff, 0xff), nil, 0},
		{"u256", constant(bytecode.U256, make([]byte, 32)...), nil, 0},
		{"address", constant(bytecode.Address, make([]byte, 32)...), nil, 0},
		{"vector<u8>", constant(bytecode.Vector(bytecode.U8), 3, 'a', 'b', 'c'), nil, 0},
		{"empty vector<u64>", constant(bytecode.Vector(bytecode.U64), 0), nil, 0},
		{"vector<vector<u8>>", constant(bytecode.Vector(bytecode.Vector(bytecode.U8)), 2, 1, 'a', 0), nil, 0},
		{"vector<bool>", constant(bytecode.Vector(bytecode.Bool), 2, 0, 1), nil, 0},
		{"vector<u8> of 32", constant(bytecode.Vector(bytecode.U8), long...), nil, 0},
		{"signer", constant(bytecode.Signer, 0), nil, 1082},
		{"vector<signer>", constant(bytecode.Vector(bytecode.Signer), 0), nil, 1082},
		{"struct", func(t *testing.T) *bytecode.Module {
			b := h1NewMod()
			s := b.Struct("S", bytecode.AbilityDrop, bytecode.Field("x", bytecode.U8))
			b.Constant(b.StructType(s), []byte{1})
			return h1Built(t, b)
		}, nil, 1082},
		{"bool 2", constant(bytecode.Bool, 2), nil, 1083},
		{"vector<bool> with 2", constant(bytecode.Vector(bytecode.Bool), 1, 2), nil, 1083},
		{"short u64", constant(bytecode.U64, 1, 2, 3, 4, 5, 6, 7), nil, 1083},
		{"long u8", constant(bytecode.U8, 1, 2), nil, 1083},
		{"short address", constant(bytecode.Address, make([]byte, 31)...), nil, 1083},
		{"vector shorter than its length", constant(bytecode.Vector(bytecode.U8), 3, 'a', 'b'), nil, 1083},
		{"vector with trailing bytes", constant(bytecode.Vector(bytecode.U8), 1, 'a', 'b'), nil, 1083},
		{"non-canonical length", constant(bytecode.Vector(bytecode.U8), 0x81, 0x00, 'a'), nil, 1083},
		{"length over 2^31-1", constant(bytecode.Vector(bytecode.U8), 0x80, 0x80, 0x80, 0x80, 0x08), nil, 1083},
		{"nested vector cut short", constant(bytecode.Vector(bytecode.Vector(bytecode.U8)), 2, 1, 'a'), nil, 1083},
		{"huge nested length", constant(bytecode.Vector(bytecode.Vector(bytecode.U64)), 0xff, 0xff, 0xff, 0xff, 0x07), nil, 1083},
		{"empty data", constant(bytecode.U8), nil, 1083},
	})
}
