package publish_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

// aWith is module 0xcafe::a with whatever f adds.
func aWith(t *testing.T, f func(b *bytecode.ModuleBuilder)) []byte { return build(t, sender, "a", f) }

// single publishes one module a in package pkg with the usual deps.
func single(s *fakeState, code []byte) publish.Request {
	return publish.Request{Sender: sender, Resolver: s, Code: [][]byte{code},
		Metadata: metadata("pkg", onchain.UpgradeCompatible, []string{"a"}, frameworkDep, depPkgDep)}
}

// Each VM-side refusal, with the status Aptos gives it.
func TestRejectedByVM(t *testing.T) {
	importDep := func(name string, f bytecode.Fn) []byte {
		return aWith(t, func(b *bytecode.ModuleBuilder) { b.ImportFunction(b.ModuleRef(depAddr, "dep"), name, f) })
	}
	cases := []struct {
		name   string
		req    func(s *fakeState) publish.Request
		status onchain.StatusCode
		msg    string
	}{
		{"bad bytes", func(s *fakeState) publish.Request { return single(s, []byte{0xa1, 0x1c, 0xeb, 0x0c, 1}) },
			onchain.CODE_DESERIALIZATION_ERROR, "BAD_MAGIC"},
		{"a script", func(s *fakeState) publish.Request {
			sb := bytecode.NewScriptBuilder()
			sb.Main(bytecode.Fn{Code: ret})
			code, _ := sb.Bytes()
			return single(s, code)
		}, onchain.CODE_DESERIALIZATION_ERROR, "module 0"},
		{"wrong address", func(s *fakeState) publish.Request {
			return single(s, build(t, other, "a", func(*bytecode.ModuleBuilder) {}))
		}, onchain.MODULE_ADDRESS_DOES_NOT_MATCH_SENDER, "does not match the sender"},
		{"same module twice", func(s *fakeState) publish.Request {
			r := single(s, moduleA(t))
			r.Code = append(r.Code, r.Code[0])
			return r
		}, onchain.CONSTRAINT_NOT_SATISFIED, "unregistered module: 'a'"},
		{"module not in the metadata", func(s *fakeState) publish.Request {
			return single(s, build(t, sender, "x", func(*bytecode.ModuleBuilder) {}))
		}, onchain.CONSTRAINT_NOT_SATISFIED, "unregistered module: 'x'"},
		{"metadata module missing", func(s *fakeState) publish.Request { return request(s, moduleA(t)) },
			onchain.CONSTRAINT_NOT_SATISFIED, "not all registered modules published"},
		{"undeclared dependency", func(s *fakeState) publish.Request {
			r := single(s, moduleA(t))
			r.Metadata = metadata("pkg", onchain.UpgradeCompatible, []string{"a"}, frameworkDep)
			return r
		}, onchain.CONSTRAINT_NOT_SATISFIED, "unregistered dependency: '0xd00d::dep'"},
		{"missing dependency module", func(s *fakeState) publish.Request {
			return single(s, aWith(t, func(b *bytecode.ModuleBuilder) { b.ModuleRef(depAddr, "nothere") }))
		}, onchain.LINKER_ERROR, "0xd00d::nothere doesn't exist"},
		{"missing framework module", func(s *fakeState) publish.Request {
			return single(s, aWith(t, func(b *bytecode.ModuleBuilder) { b.ModuleRef(core, "nothere") }))
		}, onchain.LINKER_ERROR, "0x1::nothere doesn't exist"},
		{"missing function", func(s *fakeState) publish.Request { return single(s, importDep("nope", bytecode.Fn{})) },
			onchain.LOOKUP_FAILED, "0xd00d::dep has no function nope"},
		{"private function", func(s *fakeState) publish.Request { return single(s, importDep("hidden", bytecode.Fn{})) },
			onchain.LOOKUP_FAILED, "no function hidden"},
		{"friend function, not a friend", func(s *fakeState) publish.Request { return single(s, importDep("g", bytecode.Fn{})) },
			onchain.LOOKUP_FAILED, "no function g"},
		{"parameter mismatch", func(s *fakeState) publish.Request {
			return single(s, importDep("f", bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.U8}, Returns: u64s}))
		}, onchain.TYPE_MISMATCH, "0xd00d::dep::f"},
		{"return mismatch", func(s *fakeState) publish.Request { return single(s, importDep("f", bytecode.Fn{Params: u64s})) },
			onchain.TYPE_MISMATCH, "0xd00d::dep::f"},
		{"type parameter mismatch", func(s *fakeState) publish.Request {
			return single(s, importDep("f", bytecode.Fn{Params: u64s, Returns: u64s, TypeParams: []bytecode.AbilitySet{0}}))
		}, onchain.TYPE_MISMATCH, "0xd00d::dep::f"},
		{"persistent expected", func(s *fakeState) publish.Request {
			return single(s, importDep("locked", bytecode.Fn{
				Attributes: []bytecode.FunctionAttribute{{Kind: bytecode.AttrPersistent}}}))
		}, onchain.LINKER_ERROR, "missing expected attributes"},
		{"missing struct", func(s *fakeState) publish.Request {
			return single(s, aWith(t, func(b *bytecode.ModuleBuilder) { b.ImportStruct(b.ModuleRef(depAddr, "dep"), "Nope", 0) }))
		}, onchain.LOOKUP_FAILED, "has no struct Nope"},
		{"struct abilities", func(s *fakeState) publish.Request {
			return single(s, aWith(t, func(b *bytecode.ModuleBuilder) {
				b.ImportStruct(b.ModuleRef(depAddr, "dep"), "Coin", bytecode.AbilityStore|bytecode.AbilityKey)
			}))
		}, onchain.TYPE_MISMATCH, "0xd00d::dep::Coin"},
		{"user native", func(s *fakeState) publish.Request {
			return single(s, aWith(t, func(b *bytecode.ModuleBuilder) { b.Function("n", bytecode.Public, bytecode.Fn{Native: true}) }))
		}, onchain.USER_DEFINED_NATIVE_NOT_ALLOWED, "0xcafe::a::n"},
		{"friend self", func(s *fakeState) publish.Request {
			return single(s, aWith(t, func(b *bytecode.ModuleBuilder) { b.Friend(sender, "a") }))
		}, onchain.INVALID_FRIEND_DECL_WITH_SELF, ""},
		{"friend elsewhere", func(s *fakeState) publish.Request {
			return single(s, aWith(t, func(b *bytecode.ModuleBuilder) { b.Friend(depAddr, "dep") }))
		}, onchain.INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS, "0xd00d::dep"},
		{"missing friend", func(s *fakeState) publish.Request {
			return single(s, aWith(t, func(b *bytecode.ModuleBuilder) { b.Friend(sender, "ghost") }))
		}, onchain.LINKER_ERROR, "0xcafe::ghost doesn't exist"},
		{"public init_module", func(s *fakeState) publish.Request {
			return single(s, aWith(t, func(b *bytecode.ModuleBuilder) {
				b.Function("init_module", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Signer}, Code: ret})
			}))
		}, onchain.INVALID_INIT_MODULE, "must be private"},
		{"init_module taking u64", func(s *fakeState) publish.Request {
			return single(s, aWith(t, func(b *bytecode.ModuleBuilder) {
				b.Function("init_module", bytecode.Private, bytecode.Fn{Params: u64s, Code: ret})
			}))
		}, onchain.INVALID_INIT_MODULE, "single signer"},
		{"view without return", func(s *fakeState) publish.Request {
			return single(s, aWith(t, func(b *bytecode.ModuleBuilder) {
				b.Function("v", bytecode.Public, bytecode.Fn{Code: ret})
				b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"v": {{Kind: bytecode.AttributeView}}}})
			}))
		}, onchain.CONSTRAINT_NOT_SATISFIED, "Unknown attribute (1) for key: v"},
		{"unknown metadata key", func(s *fakeState) publish.Request {
			return single(s, aWith(t, func(b *bytecode.ModuleBuilder) { b.Metadata([]byte("mine"), []byte{1}) }))
		}, onchain.CONSTRAINT_NOT_SATISFIED, "Unknown key"},
		{"registry over a write op's limit", func(s *fakeState) publish.Request {
			p := onchain.PackageMetadata{Name: "pkg", UpgradePolicy: onchain.UpgradeCompatible, Manifest: make([]byte, 1<<20),
				Modules: []onchain.ModuleMetadata{{Name: "a"}}, Deps: []onchain.PackageDep{frameworkDep, depPkgDep}}
			r := single(s, moduleA(t))
			r.Metadata = p.Encode()
			return r
		}, onchain.STORAGE_WRITE_LIMIT_REACHED, "package registry"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := publish.Check(c.req(newState(t)))
			e := wantStatus(t, err, c.status)
			if !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("message %q lacks %q", e.Error(), c.msg)
			}
		})
	}
}

func TestDeserializationDetail(t *testing.T) {
	_, err := publish.Check(single(newState(t), []byte{1, 2, 3}))
	var be *bytecode.Error
	if !errors.As(err, &be) || !errors.Is(err, bytecode.StatusBadMagic) {
		t.Fatalf("%v", err)
	}
	wantStatus(t, err, onchain.CODE_DESERIALIZATION_ERROR)
}
