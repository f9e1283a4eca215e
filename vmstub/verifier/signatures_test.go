package verifier_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// mod builds a module with f.
func mod(f func(b *bytecode.ModuleBuilder)) func(t *testing.T) *bytecode.Module {
	return func(t *testing.T) *bytecode.Module {
		b := newMod()
		f(b)
		return built(t, b)
	}
}

func TestSignatures(t *testing.T) {
	u64 := bytecode.U64
	t0 := bytecode.TypeParameter(0)
	// copyOnly declares id<T: copy>(t: T): T and calls it with arg.
	callCopy := func(arg func(b *bytecode.ModuleBuilder) tok, local tok) func(t *testing.T) *bytecode.Module {
		return mod(func(b *bytecode.ModuleBuilder) {
			id := b.Function("id", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityCopy},
				Params: toks(t0), Returns: toks(t0), Code: code(I(bytecode.OpMoveLoc, 0), I(bytecode.OpRet))})
			fi := b.FunctionInst(id, arg(b))
			b.Function("g", bytecode.Public, bytecode.Fn{Params: toks(local), Code: code(I(bytecode.OpMoveLoc, 0),
				I(bytecode.OpCallGeneric, uint64(fi)), I(bytecode.OpPop), I(bytecode.OpRet))})
		})
	}
	res := func(b *bytecode.ModuleBuilder) tok {
		return b.StructType(b.Struct("Res", bytecode.AbilityDrop, bytecode.Field("x", u64)))
	}
	runModCases(t, []modCase{
		{"reference parameter and local", withFn(bytecode.Fn{Params: toks(bytecode.Ref(u64)), Locals: toks(bytecode.MutRef(u64)),
			Code: retOnly}), nil, 0},
		{"reference in a vector", withFn(bytecode.Fn{Params: toks(bytecode.Vector(bytecode.Ref(u64))), Code: retOnly}), nil, 1003},
		{"reference to a reference", withFn(bytecode.Fn{Locals: toks(bytecode.Ref(bytecode.Ref(u64))), Code: retOnly}), nil, 1003},
		{"reference field", mod(func(b *bytecode.ModuleBuilder) { b.Struct("S", 0, bytecode.Field("r", bytecode.Ref(u64))) }), nil, 1003},
		{"reference in a function type parameter", withFn(bytecode.Fn{
			Params: toks(bytecode.FunctionType(toks(bytecode.Ref(u64)), toks(bytecode.Ref(u64)), bytecode.AbilityDrop)), Code: retOnly}), nil, 0},
		{"reference type argument", callCopy(func(*bytecode.ModuleBuilder) tok { return bytecode.Ref(u64) }, bytecode.Ref(u64)), nil, 1003},
		{"copy type argument", callCopy(func(*bytecode.ModuleBuilder) tok { return u64 }, u64), nil, 0},
		{"type argument without copy", callCopy(res, bytecode.U8), nil, 1075},
		{"type parameter without the constraint", mod(func(b *bytecode.ModuleBuilder) {
			id := b.Function("id", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityCopy},
				Params: toks(t0), Returns: toks(t0), Code: code(I(bytecode.OpMoveLoc, 0), I(bytecode.OpRet))})
			fi := b.FunctionInst(id, t0)
			b.Function("g", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityDrop}, Params: toks(t0),
				Code: code(I(bytecode.OpMoveLoc, 0), I(bytecode.OpCallGeneric, uint64(fi)), I(bytecode.OpPop), I(bytecode.OpRet))})
		}), nil, 1075},
		{"struct argument without the constraint", mod(func(b *bytecode.ModuleBuilder) {
			bx := b.GenericStruct("Box", bytecode.AbilityDrop, []bytecode.StructTypeParameter{{Constraints: bytecode.AbilityCopy}},
				bytecode.Field("v", t0))
			b.Function("f", bytecode.Public, bytecode.Fn{Params: toks(b.StructType(bx, res(b))), Code: retOnly})
		}), nil, 1075},
		{"wrong type argument count", mod(func(b *bytecode.ModuleBuilder) {
			bx := b.GenericStruct("Box", bytecode.AbilityDrop, []bytecode.StructTypeParameter{{}}, bytecode.Field("v", t0))
			si := b.StructInst(bx, u64, u64)
			b.Function("f", bytecode.Public, bytecode.Fn{Code: code(I(bytecode.OpLdU64, 0), I(bytecode.OpPackGeneric, uint64(si)),
				I(bytecode.OpPop), I(bytecode.OpRet))})
		}), nil, 1076},
		{"field without copy in a copy struct", mod(func(b *bytecode.ModuleBuilder) {
			b.Struct("S", bytecode.AbilityCopy|bytecode.AbilityDrop, bytecode.Field("r", res(b)))
		}), nil, 1006},
		{"field without store in a key struct", mod(func(b *bytecode.ModuleBuilder) {
			b.Struct("S", bytecode.AbilityKey, bytecode.Field("r", res(b)))
		}), nil, 1006},
		{"signer field in a drop struct", mod(func(b *bytecode.ModuleBuilder) {
			b.Struct("S", bytecode.AbilityDrop, bytecode.Field("s", bytecode.Signer))
		}), nil, 0},
		{"generic field in a copy struct", mod(func(b *bytecode.ModuleBuilder) {
			b.GenericStruct("S", bytecode.AbilityCopy, []bytecode.StructTypeParameter{{}}, bytecode.Field("v", bytecode.Vector(t0)))
		}), nil, 0},
		{"phantom parameter as a field", mod(func(b *bytecode.ModuleBuilder) {
			b.GenericStruct("S", 0, []bytecode.StructTypeParameter{{IsPhantom: true}}, bytecode.Field("v", t0))
		}), nil, 1108},
		{"phantom parameter in a vector", mod(func(b *bytecode.ModuleBuilder) {
			b.GenericStruct("S", 0, []bytecode.StructTypeParameter{{IsPhantom: true}}, bytecode.Field("v", bytecode.Vector(t0)))
		}), nil, 1108},
		{"phantom parameter in a phantom position", mod(func(b *bytecode.ModuleBuilder) {
			coin := b.ImportStruct(b.ModuleRef(ledgerapi.AddressOne, "coin"), "Coin", bytecode.AbilityStore,
				bytecode.StructTypeParameter{IsPhantom: true})
			b.GenericStruct("S", bytecode.AbilityStore, []bytecode.StructTypeParameter{{IsPhantom: true}},
				bytecode.Field("c", bytecode.StructOf(coin, t0)))
		}), nil, 0},
		{"phantom parameter in a non-phantom position", mod(func(b *bytecode.ModuleBuilder) {
			bx := b.GenericStruct("Box", bytecode.AbilityDrop, []bytecode.StructTypeParameter{{}}, bytecode.Field("v", t0))
			b.GenericStruct("S", 0, []bytecode.StructTypeParameter{{IsPhantom: true}}, bytecode.Field("b", b.StructType(bx, t0)))
		}), nil, 1108},
	})
}

// TestGenericGlobalsNeedKey: the generic global storage instructions need
// an instance with key, which needs store of its non-phantom arguments.
func TestGenericGlobalsNeedKey(t *testing.T) {
	t0 := bytecode.TypeParameter(0)
	exists := func(abilities bytecode.AbilitySet, phantom bool, arg func(b *bytecode.ModuleBuilder) tok) func(t *testing.T) *bytecode.Module {
		return mod(func(b *bytecode.ModuleBuilder) {
			r := b.GenericStruct("R", abilities, []bytecode.StructTypeParameter{{IsPhantom: phantom}}, bytecode.Field("x", bytecode.U64))
			if !phantom {
				b.SetFields(r, bytecode.Field("v", t0))
			}
			si := b.StructInst(r, arg(b))
			b.Function("f", bytecode.Public, bytecode.Fn{Params: toks(bytecode.Address), Code: code(I(bytecode.OpMoveLoc, 0),
				I(bytecode.OpExistsGeneric, uint64(si)), I(bytecode.OpPop), I(bytecode.OpRet))})
		})
	}
	u64 := func(*bytecode.ModuleBuilder) tok { return bytecode.U64 }
	noStore := func(b *bytecode.ModuleBuilder) tok {
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
	vec := func(elems ...tok) func(t *testing.T) *bytecode.Module {
		return mod(func(b *bytecode.ModuleBuilder) {
			sig := b.Signature(elems...)
			b.Function("f", bytecode.Public, bytecode.Fn{Code: code(I(bytecode.OpVecPack, uint64(sig), 0), I(bytecode.OpPop), I(bytecode.OpRet))})
		})
	}
	callClosure := func(ty tok) func(t *testing.T) *bytecode.Module {
		return mod(func(b *bytecode.ModuleBuilder) {
			sig := b.Signature(ty)
			b.Function("f", bytecode.Public, bytecode.Fn{Params: toks(ty), Code: code(I(bytecode.OpMoveLoc, 0),
				I(bytecode.OpCallClosure, uint64(sig)), I(bytecode.OpRet))})
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
