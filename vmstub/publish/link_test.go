package publish_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

// Imports whose types name structs of other modules link when the structs
// are the same (module and name) and fail when they are not.
func TestLinkStructTypes(t *testing.T) {
	type types struct{ coin, str, vec bytecode.SignatureToken }
	take := func(f func(ts types) bytecode.Fn) func(b *bytecode.ModuleBuilder, ts types) {
		return func(b *bytecode.ModuleBuilder, ts types) {
			b.ImportFunction(b.ModuleRef(depAddr, "dep"), "take", f(ts))
		}
	}
	fn := func(tp bytecode.AbilitySet, params []bytecode.SignatureToken, ret bytecode.SignatureToken) bytecode.Fn {
		return bytecode.Fn{TypeParams: []bytecode.AbilitySet{tp}, Params: params, Returns: []bytecode.SignatureToken{ret}}
	}
	holder := func(tp bytecode.StructTypeParameter) func(b *bytecode.ModuleBuilder, ts types) {
		return func(b *bytecode.ModuleBuilder, _ types) {
			b.ImportStruct(b.ModuleRef(depAddr, "dep"), "Holder", bytecode.AbilityStore, tp)
		}
	}
	drop := bytecode.AbilityDrop
	cases := []struct {
		name string
		imp  func(b *bytecode.ModuleBuilder, ts types)
		want onchain.StatusCode // 0: accepted
	}{
		{"same types", take(func(ts types) bytecode.Fn {
			return fn(drop, []bytecode.SignatureToken{bytecode.Ref(ts.coin), ts.vec}, ts.coin)
		}), 0},
		{"stronger constraint", take(func(ts types) bytecode.Fn {
			return fn(drop|bytecode.AbilityCopy, []bytecode.SignatureToken{bytecode.Ref(ts.coin), ts.vec}, ts.coin)
		}), 0},
		{"another struct", take(func(ts types) bytecode.Fn {
			return fn(drop, []bytecode.SignatureToken{bytecode.Ref(ts.coin), ts.vec}, ts.str)
		}), onchain.TYPE_MISMATCH},
		{"mutable reference", take(func(ts types) bytecode.Fn {
			return fn(drop, []bytecode.SignatureToken{bytecode.MutRef(ts.coin), ts.vec}, ts.coin)
		}), onchain.TYPE_MISMATCH},
		{"vector of u8", take(func(ts types) bytecode.Fn {
			return fn(drop, []bytecode.SignatureToken{bytecode.Ref(ts.coin), bytecode.Vector(bytecode.U8)}, ts.coin)
		}), onchain.TYPE_MISMATCH},
		{"weaker constraint", take(func(ts types) bytecode.Fn {
			return fn(0, []bytecode.SignatureToken{bytecode.Ref(ts.coin), ts.vec}, ts.coin)
		}), onchain.TYPE_MISMATCH},
		{"generic struct as declared", holder(bytecode.StructTypeParameter{Constraints: bytecode.AbilityStore}), 0},
		{"generic struct, phantom claimed", holder(bytecode.StructTypeParameter{Constraints: bytecode.AbilityStore, IsPhantom: true}),
			onchain.TYPE_MISMATCH},
		{"generic struct, constraint dropped", holder(bytecode.StructTypeParameter{}), onchain.TYPE_MISMATCH},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code := build(t, sender, "a", func(b *bytecode.ModuleBuilder) {
				coin := b.ImportStruct(b.ModuleRef(depAddr, "dep"), "Coin", bytecode.AbilityStore)
				str := b.ImportStruct(b.ModuleRef(core, "string"), "String", bytecode.AbilityCopy)
				c.imp(b, types{bytecode.StructOf(coin), bytecode.StructOf(str), bytecode.Vector(bytecode.TypeParameter(0))})
			})
			_, err := publish.Check(single(newState(t), code))
			if c.want == 0 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			wantStatus(t, err, c.want)
		})
	}
}
