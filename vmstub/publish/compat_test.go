package publish_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

// oldA is the published 0xcafe::a the upgrades below replace.
func oldA(t *testing.T) []byte {
	return build(t, sender, "a", func(b *bytecode.ModuleBuilder) {
		b.Struct("S", bytecode.AbilityStore|bytecode.AbilityDrop, bytecode.Field("x", bytecode.U64), bytecode.Field("y", bytecode.Bool))
		b.GenericStruct("G", 0, []bytecode.StructTypeParameter{{Constraints: bytecode.AbilityCopy, IsPhantom: true}}, bytecode.Field("v", bytecode.U8))
		b.Enum("E", bytecode.AbilityDrop, nil, bytecode.Variant("One"), bytecode.Variant("Two", bytecode.Field("v", bytecode.U8)))
		b.Function("pub", bytecode.Public, bytecode.Fn{Params: u64s, Returns: u64s, Code: retL0})
		b.Function("gen", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityDrop}, Code: ret})
		b.Function("ent", bytecode.Private|bytecode.Entry, bytecode.Fn{Code: ret})
		b.Function("fr", bytecode.Friend, bytecode.Fn{Code: ret})
		b.Function("kept", bytecode.Private, bytecode.Fn{Code: ret, Attributes: []bytecode.FunctionAttribute{{Kind: bytecode.AttrPersistent}}})
		b.Friend(sender, "b")
		hof(b, bytecode.AbilityDrop)
		inst(b, bytecode.U8)
	})
}

// hof is public fun hof(|u64|u64 has abilities); inst is public fun
// inst(G<arg>), G the module's generic struct.
func hof(b *bytecode.ModuleBuilder, abilities bytecode.AbilitySet) {
	b.Function("hof", bytecode.Public, bytecode.Fn{Code: ret,
		Params: []bytecode.SignatureToken{bytecode.FunctionType(u64s, u64s, abilities)}})
}

func inst(b *bytecode.ModuleBuilder, arg bytecode.SignatureToken) {
	g := b.StructHandle(1) // G is the second struct defined
	// G has no drop: the function takes its argument apart.
	unpack := b.StructInst(1, arg)
	b.Function("inst", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.StructOf(g, arg)},
		Code: []bytecode.Instruction{bytecode.I(bytecode.OpMoveLoc, 0), bytecode.I(bytecode.OpUnpackGeneric, uint64(unpack)),
			bytecode.I(bytecode.OpPop), bytecode.I(bytecode.OpRet)}})
}

// decl is one declaration of oldA, by name.
type decl struct {
	name string
	add  func(b *bytecode.ModuleBuilder)
}

// newA builds a from oldA's declarations; change maps a declaration's name
// to its replacement, or to nil to drop it.
func newA(t *testing.T, change map[string]func(b *bytecode.ModuleBuilder)) []byte {
	decls := []decl{
		{"S", func(b *bytecode.ModuleBuilder) {
			b.Struct("S", bytecode.AbilityStore|bytecode.AbilityDrop, bytecode.Field("x", bytecode.U64), bytecode.Field("y", bytecode.Bool))
		}},
		{"G", func(b *bytecode.ModuleBuilder) {
			b.GenericStruct("G", 0, []bytecode.StructTypeParameter{{Constraints: bytecode.AbilityCopy, IsPhantom: true}}, bytecode.Field("v", bytecode.U8))
		}},
		{"E", func(b *bytecode.ModuleBuilder) {
			b.Enum("E", bytecode.AbilityDrop, nil, bytecode.Variant("One"), bytecode.Variant("Two", bytecode.Field("v", bytecode.U8)))
		}},
		{"pub", func(b *bytecode.ModuleBuilder) {
			b.Function("pub", bytecode.Public, bytecode.Fn{Params: u64s, Returns: u64s, Code: retL0})
		}},
		{"gen", func(b *bytecode.ModuleBuilder) {
			b.Function("gen", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityDrop}, Code: ret})
		}},
		{"ent", func(b *bytecode.ModuleBuilder) {
			b.Function("ent", bytecode.Private|bytecode.Entry, bytecode.Fn{Code: ret})
		}},
		{"fr", func(b *bytecode.ModuleBuilder) { b.Function("fr", bytecode.Friend, bytecode.Fn{Code: ret}) }},
		{"kept", func(b *bytecode.ModuleBuilder) {
			b.Function("kept", bytecode.Private, bytecode.Fn{Code: ret, Attributes: []bytecode.FunctionAttribute{{Kind: bytecode.AttrPersistent}}})
		}},
		{"friend", func(b *bytecode.ModuleBuilder) { b.Friend(sender, "b") }},
		{"hof", func(b *bytecode.ModuleBuilder) { hof(b, bytecode.AbilityDrop) }},
		{"inst", func(b *bytecode.ModuleBuilder) { inst(b, bytecode.U8) }},
	}
	return build(t, sender, "a", func(b *bytecode.ModuleBuilder) {
		for _, d := range decls {
			if f, ok := change[d.name]; ok {
				if f != nil {
					f(b)
				}
				continue
			}
			d.add(b)
		}
	})
}

func checkUpgrade(t *testing.T, nw []byte, cfg publish.Config) error {
	s := newState(t)
	s.store(t, "pkg", onchain.UpgradeCompatible, oldA(t))
	s.store(t, "pals", onchain.UpgradeCompatible, build(t, sender, "b", func(*bytecode.ModuleBuilder) {}))
	_, err := publish.Check(publish.Request{Sender: sender, Resolver: s, Code: [][]byte{nw}, Config: cfg,
		Metadata: metadata("pkg", onchain.UpgradeCompatible, []string{"a"})})
	return err
}

func TestIncompatibleUpgrades(t *testing.T) {
	fn := func(name string, vis bytecode.Visibility, f bytecode.Fn) func(b *bytecode.ModuleBuilder) {
		return func(b *bytecode.ModuleBuilder) { f.Code = ret; b.Function(name, vis, f) }
	}
	cases := []struct {
		name   string
		change map[string]func(b *bytecode.ModuleBuilder)
		reason string
	}{
		{"public function removed", map[string]func(*bytecode.ModuleBuilder){"pub": nil}, "removed function `pub`"},
		{"public function made friend", map[string]func(*bytecode.ModuleBuilder){"pub": fn("pub", bytecode.Friend, bytecode.Fn{Params: u64s, Returns: u64s})},
			"changed visibility of function `pub`"},
		{"parameter changed", map[string]func(*bytecode.ModuleBuilder){"pub": fn("pub", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.U128}, Returns: u64s})},
			"changed parameter types of function `pub`"},
		{"return changed", map[string]func(*bytecode.ModuleBuilder){"pub": fn("pub", bytecode.Public, bytecode.Fn{Params: u64s})},
			"changed return type of function `pub`"},
		{"constraint added", map[string]func(*bytecode.ModuleBuilder){"gen": fn("gen", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityDrop | bytecode.AbilityCopy}})},
			"changed type parameters of function `gen`"},
		{"entry function removed", map[string]func(*bytecode.ModuleBuilder){"ent": nil}, "removed function `ent`"},
		{"entry modifier removed", map[string]func(*bytecode.ModuleBuilder){"ent": fn("ent", bytecode.Private, bytecode.Fn{})},
			"removed `entry` modifier of function `ent`"},
		{"persistent function removed", map[string]func(*bytecode.ModuleBuilder){"kept": nil}, "removed function `kept`"},
		{"persistent attribute removed", map[string]func(*bytecode.ModuleBuilder){"kept": fn("kept", bytecode.Private, bytecode.Fn{})},
			"removed required attributes of function `kept`"},
		{"function type abilities", map[string]func(*bytecode.ModuleBuilder){"hof": func(b *bytecode.ModuleBuilder) { hof(b, bytecode.AbilityCopy) }},
			"changed parameter types of function `hof`"},
		{"instantiation changed", map[string]func(*bytecode.ModuleBuilder){"inst": func(b *bytecode.ModuleBuilder) { inst(b, bytecode.U16) }},
			"changed parameter types of function `inst`"},
		{"struct removed", map[string]func(*bytecode.ModuleBuilder){"S": nil, "G": nil, "inst": nil}, "removed struct `S`"},
		{"field added", map[string]func(*bytecode.ModuleBuilder){"S": func(b *bytecode.ModuleBuilder) {
			b.Struct("S", bytecode.AbilityStore|bytecode.AbilityDrop, bytecode.Field("x", bytecode.U64), bytecode.Field("y", bytecode.Bool), bytecode.Field("z", bytecode.U8))
		}}, "changed layout of struct `S`"},
		{"field renamed", map[string]func(*bytecode.ModuleBuilder){"S": func(b *bytecode.ModuleBuilder) {
			b.Struct("S", bytecode.AbilityStore|bytecode.AbilityDrop, bytecode.Field("x", bytecode.U64), bytecode.Field("why", bytecode.Bool))
		}}, "changed layout of struct `S`"},
		{"ability removed", map[string]func(*bytecode.ModuleBuilder){"S": func(b *bytecode.ModuleBuilder) {
			b.Struct("S", bytecode.AbilityStore, bytecode.Field("x", bytecode.U64), bytecode.Field("y", bytecode.Bool))
		}}, "removed abilities `drop` from struct `S`"},
		{"phantom dropped", map[string]func(*bytecode.ModuleBuilder){"G": func(b *bytecode.ModuleBuilder) {
			b.GenericStruct("G", 0, []bytecode.StructTypeParameter{{Constraints: bytecode.AbilityCopy}}, bytecode.Field("v", bytecode.U8))
		}}, "changed type parameters of struct `G`"},
		{"variant inserted", map[string]func(*bytecode.ModuleBuilder){"E": func(b *bytecode.ModuleBuilder) {
			b.Enum("E", bytecode.AbilityDrop, nil, bytecode.Variant("Zero"), bytecode.Variant("One"), bytecode.Variant("Two", bytecode.Field("v", bytecode.U8)))
		}}, "changed layout of struct `E`"},
		{"enum made a struct", map[string]func(*bytecode.ModuleBuilder){"E": func(b *bytecode.ModuleBuilder) {
			b.Struct("E", bytecode.AbilityDrop, bytecode.Field("v", bytecode.U8))
		}}, "changed layout of struct `E`"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := checkUpgrade(t, newA(t, c.change), publish.Config{})
			wantStatus(t, err, onchain.BACKWARD_INCOMPATIBLE_MODULE_UPDATE)
			if !strings.Contains(err.Error(), "existing module in `0xcafe::a`: "+c.reason) {
				t.Fatalf("%v", err)
			}
		})
	}
}

// Friends may change unless CheckFriendLinking (TREAT_FRIEND_AS_PRIVATE
// off); relaxing constraints, adding phantom and variants is compatible.
func TestCompatibleChanges(t *testing.T) {
	relaxed := map[string]func(*bytecode.ModuleBuilder){
		"fr": nil, "friend": nil,
		"gen": func(b *bytecode.ModuleBuilder) {
			b.Function("gen", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{0}, Code: ret})
		},
		"G": func(b *bytecode.ModuleBuilder) {
			b.GenericStruct("G", bytecode.AbilityDrop, []bytecode.StructTypeParameter{{IsPhantom: true}}, bytecode.Field("v", bytecode.U8))
		},
		"E": func(b *bytecode.ModuleBuilder) {
			b.Enum("E", bytecode.AbilityDrop|bytecode.AbilityCopy, nil, bytecode.Variant("One"),
				bytecode.Variant("Two", bytecode.Field("v", bytecode.U8)), bytecode.Variant("Three"))
		},
	}
	if err := checkUpgrade(t, newA(t, relaxed), publish.Config{}); err != nil {
		t.Fatal(err)
	}
	err := checkUpgrade(t, newA(t, relaxed), publish.Config{CheckFriendLinking: true})
	wantStatus(t, err, onchain.BACKWARD_INCOMPATIBLE_MODULE_UPDATE)
	if !strings.Contains(err.Error(), "removed function `fr`, removed friend declaration `0xcafe::b`") {
		t.Fatalf("%v", err)
	}
	if err := checkUpgrade(t, oldA(t), publish.Config{CheckFriendLinking: true}); err != nil {
		t.Fatalf("republishing the same module: %v", err)
	}
}
