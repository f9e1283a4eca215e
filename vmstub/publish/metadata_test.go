package publish_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

// withMetadata is module a with a view, an entry, a group, a member and an
// event struct, and the metadata entries given.
func withMetadata(t *testing.T, version uint32, md *bytecode.MetadataV1, entries ...[2][]byte) []byte {
	return build(t, sender, "a", func(b *bytecode.ModuleBuilder) {
		b.Version(version)
		b.Function("view", bytecode.Public, bytecode.Fn{Returns: u64s, Code: []bytecode.Instruction{bytecode.I(bytecode.OpLdU64, 0), bytecode.I(bytecode.OpRet)}})
		b.Function("rand", bytecode.Private|bytecode.Entry, bytecode.Fn{Code: ret})
		b.Function("pub_rand", bytecode.Public|bytecode.Entry, bytecode.Fn{Code: ret})
		b.Struct("Group", 0, bytecode.Field("dummy", bytecode.Bool))
		b.Struct("Member", bytecode.AbilityKey, bytecode.Field("v", bytecode.U64))
		b.Struct("Ev", bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.Field("v", bytecode.U64))
		if md != nil {
			b.MetadataV1(md)
		}
		for _, e := range entries {
			b.Metadata(e[0], e[1])
		}
	})
}

func attrs(kind uint8, args ...string) []bytecode.KnownAttribute {
	return []bytecode.KnownAttribute{{Kind: kind, Args: args}}
}

func TestModuleMetadata(t *testing.T) {
	var e bcs.Encoder
	e.Bool(false)
	e.String("2.0")
	e.String("2.2")
	compilation := [2][]byte{[]byte("compilation_metadata"), e.Bytes()}
	good := &bytecode.MetadataV1{
		FunAttributes: map[string][]bytecode.KnownAttribute{"view": attrs(bytecode.AttributeView), "rand": attrs(bytecode.AttributeRandomness)},
		StructAttributes: map[string][]bytecode.KnownAttribute{"Group": attrs(bytecode.AttributeResourceGroup, "global"),
			"Member": attrs(bytecode.AttributeResourceGroupMember, "0xcafe::a::Group"), "Ev": attrs(bytecode.AttributeEvent)},
	}
	if _, err := publish.Check(single(newState(t), withMetadata(t, bytecode.VersionDefault, good, compilation))); err != nil {
		t.Fatal(err)
	}
	bad := func(fun, st map[string][]bytecode.KnownAttribute) *bytecode.MetadataV1 {
		return &bytecode.MetadataV1{FunAttributes: fun, StructAttributes: st}
	}
	v0 := [2][]byte{[]byte(bytecode.MetadataKeyV0), (&bytecode.MetadataV1{}).Encode()[:1]}
	cases := []struct {
		name string
		code []byte
		msg  string
	}{
		{"randomness on a public function", withMetadata(t, 8, bad(map[string][]bytecode.KnownAttribute{"pub_rand": attrs(bytecode.AttributeRandomness)}, nil)),
			"Unknown attribute (5) for key: pub_rand"},
		{"view on a missing function", withMetadata(t, 8, bad(map[string][]bytecode.KnownAttribute{"nope": attrs(bytecode.AttributeView)}, nil)),
			"Unknown attribute (1) for key: nope"},
		{"group with abilities", withMetadata(t, 8, bad(nil, map[string][]bytecode.KnownAttribute{"Ev": attrs(bytecode.AttributeResourceGroup, "global")})),
			"Unknown attribute (2) for key: Ev"},
		{"group with a bad scope", withMetadata(t, 8, bad(nil, map[string][]bytecode.KnownAttribute{"Group": attrs(bytecode.AttributeResourceGroup, "galaxy")})),
			"Unknown attribute (2) for key: Group"},
		{"member without key", withMetadata(t, 8, bad(nil, map[string][]bytecode.KnownAttribute{"Ev": attrs(bytecode.AttributeResourceGroupMember, "0xcafe::a::Group")})),
			"Unknown attribute (3) for key: Ev"},
		{"view on a struct", withMetadata(t, 8, bad(nil, map[string][]bytecode.KnownAttribute{"Ev": attrs(bytecode.AttributeView)})),
			"Unknown attribute (1) for key: Ev"},
		{"v0 and v1", withMetadata(t, 8, good, v0), "Duplicate key for metadata"},
		{"compilation metadata twice", withMetadata(t, 8, nil, compilation, compilation), "Duplicate key for metadata"},
		{"compilation metadata garbage", withMetadata(t, 8, nil, [2][]byte{compilation[0], {2}}), "Unable to deserialize value for \"compilation_metadata\""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := publish.Check(single(newState(t), c.code))
			wantStatus(t, err, onchain.CONSTRAINT_NOT_SATISFIED)
			if !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("%v", err)
			}
		})
	}
	// Version-5 modules' attributes are ignored, as Aptos ignores them.
	v5 := withMetadata(t, bytecode.Version5, bad(map[string][]bytecode.KnownAttribute{"nope": attrs(bytecode.AttributeView)}, nil))
	if _, err := publish.Check(single(newState(t), v5)); err != nil {
		t.Fatal(err)
	}
}

// A second handle naming the module itself duplicates the first: the
// verifier refuses it before linking would find it names no dependency.
func TestSelfHandleTwice(t *testing.T) {
	b := bytecode.NewModuleBuilder(sender, "a")
	m, err := b.Module()
	if err != nil {
		t.Fatal(err)
	}
	m.AddressIdentifiers = append(m.AddressIdentifiers, sender)
	m.ModuleHandles = append(m.ModuleHandles, bytecode.ModuleHandle{Address: 1, Name: 0})
	code, err := m.Serialize()
	if err != nil {
		t.Fatal(err)
	}
	wantStatus(t, errOf(publish.Check(single(newState(t), code))), onchain.DUPLICATE_ELEMENT)
}

// A dependency on the framework needs the framework among the package's
// dependencies.
func TestUndeclaredFrameworkDependency(t *testing.T) {
	r := single(newState(t), build(t, sender, "a", func(b *bytecode.ModuleBuilder) { b.ModuleRef(core, "string") }))
	r.Metadata = metadata("pkg", 1, []string{"a"})
	_, err := publish.Check(r)
	wantStatus(t, err, onchain.CONSTRAINT_NOT_SATISFIED)
	if !strings.Contains(err.Error(), "unregistered dependency: '0x1::string'") {
		t.Fatalf("%v", err)
	}
}
