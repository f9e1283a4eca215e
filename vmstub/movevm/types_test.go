package movevm

import (
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// pairModule has grow<T>(n): with n = 0 it asks the native tag<T>() for
// T's type tag and name, else it calls grow<PairWithALongName<T, T>>(n-1),
// a type whose tree doubles at each level though it is built from shared
// parts.
func pairModule(t testing.TB) *bc.Module {
	return build(t, "pairs", func(b *bc.ModuleBuilder) {
		all := bc.AbilityCopy | bc.AbilityDrop | bc.AbilityStore
		pair := b.GenericStruct("PairWithALongName", all, []bc.StructTypeParameter{{}, {}},
			bc.Field("a", bc.TypeParameter(0)), bc.Field("b", bc.TypeParameter(1)))
		tp := []bc.AbilitySet{0}
		tag := b.Function("tag", bc.Public, bc.Fn{Native: true, TypeParams: tp})
		grow := b.DeclareFunction("grow", bc.Fn{TypeParams: tp, Params: []bc.SignatureToken{bc.U64}})
		t0 := bc.TypeParameter(0)
		b.Function("grow", bc.Public, bc.Fn{TypeParams: tp, Params: []bc.SignatureToken{bc.U64}, Code: []bc.Instruction{
			I(bc.OpCopyLoc, 0), I(bc.OpLdU64, 0), I(bc.OpEq), I(bc.OpBrFalse, 6),
			I(bc.OpCallGeneric, uint64(b.FunctionInst(tag, t0))), I(bc.OpRet),
			I(bc.OpMoveLoc, 0), I(bc.OpLdU64, 1), I(bc.OpSub),
			I(bc.OpCallGeneric, uint64(b.FunctionInst(grow, b.StructType(pair, t0, t0)))), I(bc.OpRet)}})
		// many calls grow<X>(2) for 136 base types X: eight primitives in
		// up to 16 vectors.
		var many []bc.Instruction
		for _, p := range []bc.SignatureToken{bc.Bool, bc.U8, bc.U16, bc.U32, bc.U64, bc.U128, bc.U256, bc.Address} {
			for k := 0; k < 17; k++ {
				many = append(many, I(bc.OpLdU64, 2), I(bc.OpCallGeneric, uint64(b.FunctionInst(grow, p))))
				p = bc.Vector(p)
			}
		}
		b.Function("many", bc.Public, bc.Fn{Code: append(many, I(bc.OpRet))})
	})
}

// TestSharedTypeGraphIsBounded: Pair<Pair<...>> 40 levels deep would be a
// tree of 2^41 nodes (its name alone far beyond 4 GiB); the node limit
// refuses it when it is built, at the 7th level (255 nodes), and the type
// tag of the largest one allowed costs more than the tag limit.
func TestSharedTypeGraphIsBounded(t *testing.T) {
	m := pairModule(t)
	var tagErr error
	var name string
	n := NewNatives()
	n.Register(cafe, "pairs", "tag", func(_ *NativeContext, targs []*Type, _ []Value) ([]Value, error) {
		name = targs[0].String()
		_, tagErr = targs[0].Tag()
		return nil, nil
	})
	run := func(levels uint64) error {
		e := newEnv(m)
		e.vm = New(n, Limits{})
		e.gas = &Budget{Limit: 1 << 30}
		_, err := e.call("pairs", "grow", []ledgerapi.TypeTag{ledgerapi.TypeU8}, U64(levels))
		return err
	}
	wantStatus(t, run(40), onchain.TOO_MANY_TYPE_NODES)
	wantStatus(t, run(7), onchain.TOO_MANY_TYPE_NODES)
	if err := run(2); err != nil || tagErr != nil {
		t.Fatalf("2 levels: %v, tag %v", err, tagErr)
	}
	if err := run(6); err != nil {
		t.Fatalf("6 levels (127 nodes): %v", err)
	}
	wantStatus(t, tagErr, onchain.TYPE_TAG_LIMIT_EXCEEDED)
	if len(name) > 127*80 {
		t.Fatalf("the name of a 127-node type is %d bytes", len(name))
	}
}

// TestTypeDepthLimit: a type 20 deep (a primitive is 1) can be made, 21
// deep fails with VM_MAX_TYPE_DEPTH_REACHED.
func TestTypeDepthLimit(t *testing.T) {
	s := newEnv().session()
	nest := func(n int) ledgerapi.TypeTag {
		tag := ledgerapi.TypeU8
		for i := 0; i < n; i++ {
			tag = ledgerapi.VectorOf(tag)
		}
		return tag
	}
	if _, err := s.TypeOf(nest(19)); err != nil {
		t.Fatalf("20 deep: %v", err)
	}
	_, err := s.TypeOf(nest(20))
	wantStatus(t, err, onchain.VM_MAX_TYPE_DEPTH_REACHED)
}

// TestStructChainDepth: a chain of 300 struct definitions, each holding
// the next, is refused with VM_MAX_VALUE_DEPTH_REACHED when laid out; a
// chain of 100 is fine.
func TestStructChainDepth(t *testing.T) {
	m := build(t, "chainz", func(b *bc.ModuleBuilder) {
		const n = 300
		defs := make([]bc.StructDefIndex, n)
		for i := range defs {
			defs[i] = b.Struct(fmt.Sprintf("S%d", i), bc.AbilityDrop, bc.Field("x", bc.U64))
		}
		for i := 0; i < n-1; i++ {
			b.SetFields(defs[i], bc.Field("next", b.StructType(defs[i+1])))
		}
	})
	s := newEnv(m).session()
	tag := func(i int) ledgerapi.TypeTag {
		return ledgerapi.StructType(ledgerapi.StructTag{Address: cafe, Module: "chainz", Name: fmt.Sprintf("S%d", i)})
	}
	ok, err := s.TypeOf(tag(200))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.fieldTypes(ok, 0); err != nil {
		t.Fatalf("a chain of 100: %v", err)
	}
	deep, err := s.TypeOf(tag(0))
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.fieldTypes(deep, 0)
	wantStatus(t, err, onchain.VM_MAX_VALUE_DEPTH_REACHED)
}
