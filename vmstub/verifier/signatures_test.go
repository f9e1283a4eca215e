package verifier_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// h1Mod builds a module with f.
func h1Mod(f func(b *bytecode.ModuleBuilder)) func(t *testing.T) *bytecode.Module {
	return func(t *testing.T) *bytecode.Module {
		b := h1NewMod()
		f(b)
		return h1Built(t, b)
	}
}

func TestSignatures(t *testing.T) {
	u64 := bytecode.U64
	t0 := bytecode.TypeParameter(0)
	// copyOnly declares id<T: copy>(t: T): T and calls it with arg.
	callCopy := func(arg func(b *bytecode.ModuleBuilder) h1Tok, local h1Tok) func(t *testing.T) *bytecode.Module {
		return h1Mod(func(b *bytecode.ModuleBuilder) {
			id := b.Function("id", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityCopy},
				Params: h1Toks(t0), Returns: h1Toks(t0), Code: h1Code(h1I(bytecode.OpMoveLoc, 0), h1I(bytecode.OpRet))})
			fi := b.FunctionInst(id, arg(b))
			b.Function("g", bytecode.Public, bytecode.Fn{Params: h1Toks(local), Code: h1Code(h1I(bytecode.OpMoveLoc, 0),
				h1I(bytecode.OpCallGeneric, uint64(fi)), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		})
	}
	res := func(b *bytecode.ModuleBuilder) h1Tok {
		return b.StructType(b.Struct("Res", bytecode.AbilityDrop, bytecode.Field("x", u64)))
	}
	runModCases(t, []modCase{
		{"reference parameter and local", h1WithFn(bytecode.Fn{Params: h1Toks(bytecode.Ref(u64)), Locals: h1Toks(bytecode.MutRef(u64)),
			Code: h1RetOnly}), nil, 0},
		{"reference in a vector", h1WithFn(bytecode.Fn{Params: h1Toks(bytecode.Vector(bytecode.Ref(u64))), Code: h1RetOnly}), nil, 1003},
		{"reference to a reference", h1WithFn(bytecode.Fn{Locals: h1Toks(bytecode.Ref(bytecode.Ref(u64))), Code: h1RetOnly}), nil, 1003},
		{"reference field", h1Mod(func(b *bytecode.ModuleBuilder) { b.Struct("S", 0, bytecode.Field("r", bytecode.Ref(u64))) }), nil, 1003},
		{"reference in a function type parameter", h1WithFn(bytecode.Fn{
			Params: h1Toks(bytecode.FunctionType(h1Toks(bytecode.Ref(u64)), h1Toks(bytecode.Ref(u64)), bytecode.AbilityDrop)), Code: h1RetOnly}), nil, 0},
		{"reference type argument", callCopy(func(*bytecode.ModuleBuilder) h1Tok { return bytecode.Ref(u64) }, bytecode.Ref(u64)), nil, 1003},
		{"copy type argument", callCopy(func(*bytecode.ModuleBuilder) h1Tok { return u64 }, u64), nil, 0},
		{"type argument without copy", callCopy(res, bytecode.U8), nil, 1075},
		{"type parameter without the constraint", h1Mod(func(b *bytecode.ModuleBuilder) {
			id := b.Function("id", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityCopy},
				Params: h1Toks(t0), Returns: h1Toks(t0), Code: h1Code(h1I(bytecode.OpMoveLoc, 0), h1I(bytecode.OpRet))})
			fi := b.FunctionInst(id, t0)
			b.Function("g", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityDrop}, Params: h1Toks(t0),
				Code: h1Code(h1I(bytecode.OpMoveLoc, 0), h1I(bytecode.OpCallGeneric, uint64(fi)), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		}), nil, 1075},
		{"struct argument without the constraint", h1Mod(func(b *bytecode.ModuleBuilder) {
			bx := b.GenericStruct("Box", bytecode.AbilityDrop, []bytecode.StructTypeParameter{{Constraints: bytecode.AbilityCopy}},
				bytecode.Field("v", t0))
			b.Function("f", bytecode.Public, bytecode.Fn{Params: h1Toks(b.StructType(bx, res(b))), Code: h1RetOnly})
		}), nil, 1075},
		{"wrong type argument count", h1Mod(func(b *bytecode.ModuleBuilder) {
			bx := b.GenericStruct("Box", bytecode.AbilityDrop, []bytecode.StructTypeParameter{{}}, bytecode.Field("v", t0))
			si := b.StructInst(bx, u64, u64)
			b.Function("f", bytecode.Public, bytecode.Fn{Code: h1Code(h1I(bytecode.OpLdU64, 0), h1I(bytecode.OpPackGeneric, uint64(si)),
				h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		}), nil, 1076},
		{"field without copy in a copy struct", h1Mod(func(b *bytecode.ModuleBuilder) {
			b.Struct("S", bytecode.AbilityCopy|bytecode.AbilityDrop, bytecode.Field("r", res(b)))
		}), nil, 1006},
		{"field without store in a key struct", h1Mod(func(b *bytecode.ModuleBuilder) {
			b.Struct("S", bytecode.AbilityKey, bytecode.Field("r", res(b)))
		}), nil, 1006},
		{"signer field in a drop struct", h1Mod(func(b *bytecode.ModuleBuilder) {
			b.Struct("S", bytecode.AbilityDrop, bytecode.Field("s", bytecode.Signer))
		}), nil, 0},
		{"generic field in a copy struct", h1Mod(func(b *bytecode.ModuleBuilder) {
			b.GenericStruct("S", bytecode.AbilityCopy, []bytecode.StructTypeParameter{{}}, bytecode.Field("v", bytecode.Vector(t0)))
		}), nil, 0},
		{"phantom parameter as a field", h1Mod(func(b *bytecode.ModuleBuilder) {
			b.GenericStruct("S", 0, []bytecode.StructTypeParameter{{IsPhantom: true}}, bytecode.Field("v", t0))
		}), nil, 1108},
		{"phantom parameter in a vector", h1Mod(func(b *bytecode.ModuleBuilder) {
			b.GenericStruct("S", 0, []bytecode.StructTypeParameter{{IsPhantom: true}}, bytecode.Field("v", bytecode.Vector(t0)))
		}), nil, 1108},
		{"phantom parameter in a phantom position", h1Mod(func(b *bytecode.ModuleBuilder) {
			coin := b.ImportStruct(b.ModuleRef(ledgerapi.AddressOne, "coin"), "Coin", bytecode.AbilityStore,
				bytecode.StructTypeParameter{IsPhantom: true})
			b.GenericStruct("S", bytecode.AbilityStore, []bytecode.StructTypeParameter{{IsPhantom: true}},
				bytecode.Field("c", bytecode.StructOf(coin, t0)))
		}), nil, 0},
		{"phantom parameter in a non-phantom position", h1Mod(func(b *bytecode.ModuleBuilder) {
			bx := b.GenericStruct("Box", bytecode.AbilityDrop, []bytecode.StructTypeParameter{{}}, bytecode.Field("v", t0))
			b.GenericStruct("S", 0, []bytecode.StructTypeParameter{{IsPhantom: true}}, bytecode.Field("b", b.StructType(bx, t0)))
		}), nil, 1108},
	})
}

// TestGenericGlobalsNeedKey: the generic global storage instructions need
// an instance with key, which needs store of its non-phantom arguments.
func TestGenericGlobalsNeedKey(t *testing.T) {
	t0 := bytecode.TypeParameter(0)
	exists := func(abilities bytecode.AbilitySet, phantom bool, arg func(b *bytecode.ModuleBuilder) h1Tok) func(t *testing.T) *bytecode.Module {
		return h1Mod(func(b *bytecode.ModuleBuilder) {
			r := b.GenericStruct("R", abilities, []bytecode.StructTypeParameter{{IsPhantom: phantom}}, bytecode.Field("x", bytecode.U64))
			if !phantom {
				b.SetFields(r, bytecode.Field("v", t0))
			}
			si := b.StructInst(r, arg(b))
			b.Function("f", bytecode.Public, bytecode.Fn{Params: h1Toks(bytecode.Address), Code: h1Code(h1I(bytecode.OpMoveLoc, 0),
				h1I(bytecode.OpExistsGeneric, uint64(si)), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		})
	}
	u64 := func(*bytecode.ModuleBuilder) h1Tok { return bytecode.U64 }
	noStore := func(b *bytecode.ModuleBuilder) h1Tok {
		return b.StructType(b.Struct("N", bytecode.AbilityDrop, bytecode.Field("x", bytecode.U64)))
	}
	runModCases(t, []modCase{
		{"key", exists(bytecode.AbilityKey, false, u64), nil, 0},
		{"no key", exists(bytecode.AbilityStore, false, u64), nil, 1075},
		{"argument without store", exists(bytecode.AbilityKey, false, noStore), nil, 1075},
		{"phantom argument without store", exists(bytecode.AbilityKey, true, noStore), nil, 0},
	})
}

func TestVectorAndClosureSignatures(t *testing.T) {
	vec := func(elems ...h1Tok) func(t *testing.T) *bytecode.Module {
		return h1Mod(func(b *bytecode.ModuleBuilder) {
			sig := b.Signature(elems...)
			b.Function("f", bytecode.Public, bytecode.Fn{Code: h1Code(h1I(bytecode.OpVecPack, uint64(sig), 0), h1I(bytecode.OpPop), h1I(bytecode.OpRet))})
		})
	}
	callClosure := func(ty h1Tok) func(t *testing.T) *bytecode.Module {
		return h1Mod(func(b *bytecode.ModuleBuilder) {
			sig := b.Signature(ty)
			b.Function("f", bytecode.Public, bytecode.Fn{Params: h1Toks(ty), Code: h1Code(h1I(bytecode.OpMoveLoc, 0),
				h1I(bytecode.OpCallClosure, uint64(sig)), h1I(bytecode.OpRet))})
		})
	}
	runModCases(t, []modCase{
		{"vector of u64", vec(bytecode.U64), nil, 0},
		{"vector of two types", vec(bytecode.U64, bytecode.U8), nil, 1076},
		{"vector of no type", vec(), nil, 1076},
		{"vector of references", vec(bytecode.Ref(bytecode.U64)), nil, 1003},
		{"closure call", callClosure(bytecode.FunctionType(nil, nil, bytecode.AbilityDrop)), nil, 0},
		{"closure call on u64", callClosure(bytecode.U64), nil, 1133},
	})
}
