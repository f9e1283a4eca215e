package publish_test

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

var (
	sender  = ledgerapi.MustParseAddress("0xcafe")
	depAddr = ledgerapi.MustParseAddress("0xd00d")
	core    = ledgerapi.MustParseAddress("0x1")
	other   = ledgerapi.MustParseAddress("0xbeef")
)

var (
	ret   = []bytecode.Instruction{bytecode.I(bytecode.OpRet)}
	retL0 = []bytecode.Instruction{bytecode.I(bytecode.OpMoveLoc, 0), bytecode.I(bytecode.OpRet)}
	u64s  = []bytecode.SignatureToken{bytecode.U64}
)

// fakeState is a Resolver over maps; err, when set, is returned by every read.
type fakeState struct {
	modules    map[ledgerapi.ModuleId]*bytecode.Module
	registries map[ledgerapi.Address]*onchain.PackageRegistry
	err        error
}

func (s *fakeState) Module(id ledgerapi.ModuleId) (*bytecode.Module, error) {
	return s.modules[id], s.err
}

func (s *fakeState) PackageRegistry(a ledgerapi.Address) (*onchain.PackageRegistry, error) {
	return s.registries[a], s.err
}

// store adds modules (as stored bytes read back) and a package listing them.
func (s *fakeState) store(t testing.TB, pkg string, policy onchain.UpgradePolicy, code ...[]byte) {
	t.Helper()
	meta := onchain.PackageMetadata{Name: pkg, UpgradePolicy: policy}
	var addr ledgerapi.Address
	for _, b := range code {
		m, err := bytecode.DeserializeModule(b)
		if err != nil {
			t.Fatal(err)
		}
		h := m.ModuleHandles[m.SelfHandle]
		addr = m.AddressIdentifiers[h.Address]
		id := ledgerapi.ModuleId{Address: addr, Name: m.Identifiers[h.Name]}
		s.modules[id] = m
		meta.Modules = append(meta.Modules, onchain.ModuleMetadata{Name: id.Name})
	}
	reg := s.registries[addr]
	if reg == nil {
		reg = &onchain.PackageRegistry{}
		s.registries[addr] = reg
	}
	reg.Packages = append(reg.Packages, meta)
}

// newState holds 0xd00d::dep in package DepPkg (compatible), 0x1::string in
// AptosFramework (compatible).
func newState(t testing.TB) *fakeState {
	s := &fakeState{modules: map[ledgerapi.ModuleId]*bytecode.Module{}, registries: map[ledgerapi.Address]*onchain.PackageRegistry{}}
	s.store(t, "DepPkg", onchain.UpgradeCompatible, depModule(t))
	s.store(t, "AptosFramework", onchain.UpgradeCompatible, build(t, core, "string", func(b *bytecode.ModuleBuilder) {
		str := b.Struct("String", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.Field("bytes", bytecode.Vector(bytecode.U8)))
		b.Function("utf8", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Vector(bytecode.U8)},
			Returns: []bytecode.SignatureToken{b.StructType(str)}, Native: true})
	}))
	return s
}

// depModule is 0xd00d::dep: struct Coin has store { value: u64 }, struct
// Holder<T: store> has store { v: T }, public fun take<T: drop>(&Coin,
// vector<T>): Coin, public fun f(u64): u64, private fun hidden(), friend fun g() with friend
// 0xd00d::pal, public fun locked() with the module_lock attribute.
func depModule(t testing.TB) []byte {
	return build(t, depAddr, "dep", func(b *bytecode.ModuleBuilder) {
		coin := b.Struct("Coin", bytecode.AbilityStore, bytecode.Field("value", bytecode.U64))
		b.GenericStruct("Holder", bytecode.AbilityStore, []bytecode.StructTypeParameter{{Constraints: bytecode.AbilityStore}},
			bytecode.Field("v", bytecode.TypeParameter(0)))
		b.Function("take", bytecode.Public, bytecode.Fn{TypeParams: []bytecode.AbilitySet{bytecode.AbilityDrop},
			Params:  []bytecode.SignatureToken{bytecode.Ref(b.StructType(coin)), bytecode.Vector(bytecode.TypeParameter(0))},
			Returns: []bytecode.SignatureToken{b.StructType(coin)}, Code: ret})
		b.Function("f", bytecode.Public, bytecode.Fn{Params: u64s, Returns: u64s, Code: retL0})
		b.Function("hidden", bytecode.Private, bytecode.Fn{Code: ret})
		b.Function("g", bytecode.Friend, bytecode.Fn{Code: ret})
		b.Function("locked", bytecode.Public, bytecode.Fn{Code: ret,
			Attributes: []bytecode.FunctionAttribute{{Kind: bytecode.AttrModuleLock}}})
		b.Friend(depAddr, "pal")
	})
}

func build(t testing.TB, addr ledgerapi.Address, name string, f func(b *bytecode.ModuleBuilder)) []byte {
	t.Helper()
	b := bytecode.NewModuleBuilder(addr, name)
	f(b)
	code, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// moduleA is 0xcafe::a: struct Thing has key, store { coin: 0xd00d::dep::Coin,
// name: 0x1::string::String }, public fun helper(u64): u64 calling dep::f,
// and init_module(&signer).
func moduleA(t testing.TB) []byte {
	return build(t, sender, "a", func(b *bytecode.ModuleBuilder) {
		coin := b.ImportStruct(b.ModuleRef(depAddr, "dep"), "Coin", bytecode.AbilityStore)
		str := b.ImportStruct(b.ModuleRef(core, "string"), "String", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore)
		b.Struct("Thing", bytecode.AbilityKey|bytecode.AbilityStore,
			bytecode.Field("coin", bytecode.StructOf(coin)), bytecode.Field("name", bytecode.StructOf(str)))
		f := b.ImportFunction(b.ModuleRef(depAddr, "dep"), "f", bytecode.Fn{Params: u64s, Returns: u64s})
		b.Function("helper", bytecode.Public, bytecode.Fn{Params: u64s, Returns: u64s,
			Code: []bytecode.Instruction{bytecode.I(bytecode.OpMoveLoc, 0), bytecode.I(bytecode.OpCall, uint64(f)), bytecode.I(bytecode.OpRet)}})
		b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}, Code: ret})
	})
}

// moduleB is 0xcafe::b, depending on 0xcafe::a within the package: public
// entry fun run(u64) calling a::helper, struct Box has key { t: a::Thing }.
func moduleB(t testing.TB) []byte {
	return build(t, sender, "b", func(b *bytecode.ModuleBuilder) {
		a := b.ModuleRef(sender, "a")
		thing := b.ImportStruct(a, "Thing", bytecode.AbilityKey|bytecode.AbilityStore)
		b.Struct("Box", bytecode.AbilityKey, bytecode.Field("t", bytecode.StructOf(thing)))
		h := b.ImportFunction(a, "helper", bytecode.Fn{Params: u64s, Returns: u64s})
		b.Function("run", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: u64s,
			Code: []bytecode.Instruction{bytecode.I(bytecode.OpMoveLoc, 0), bytecode.I(bytecode.OpCall, uint64(h)),
				bytecode.I(bytecode.OpPop), bytecode.I(bytecode.OpRet)}})
	})
}

var (
	frameworkDep = onchain.PackageDep{Account: core, PackageName: "AptosFramework"}
	depPkgDep    = onchain.PackageDep{Account: depAddr, PackageName: "DepPkg"}
)

// metadata is a package's metadata_serialized.
func metadata(name string, policy onchain.UpgradePolicy, modules []string, deps ...onchain.PackageDep) []byte {
	p := onchain.PackageMetadata{Name: name, UpgradePolicy: policy, SourceDigest: "00", Deps: deps}
	for _, m := range modules {
		p.Modules = append(p.Modules, onchain.ModuleMetadata{Name: m})
	}
	return p.Encode()
}

// request publishes pkg (compatible, modules a and b, depending on the
// framework and DepPkg) from 0xcafe.
func request(s *fakeState, code ...[]byte) publish.Request {
	return publish.Request{Sender: sender, Resolver: s, Code: code,
		Metadata: metadata("pkg", onchain.UpgradeCompatible, []string{"a", "b"}, frameworkDep, depPkgDep)}
}

// wantStatus checks that err is an *Error with status s and no abort.
func wantStatus(t *testing.T, err error, s onchain.StatusCode) *publish.Error {
	t.Helper()
	var e *publish.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), want *publish.Error %s", err, err, s)
	}
	if e.Status != s || e.Abort != nil {
		t.Fatalf("status %v (abort %+v), want %s: %v", e.Status, e.Abort, s, err)
	}
	return e
}

// wantAbort checks that err is an abort of module with code and name.
func wantAbort(t *testing.T, err error, module ledgerapi.ModuleId, code uint64, name string) {
	t.Helper()
	var e *publish.Error
	if !errors.As(err, &e) || e.Abort == nil {
		t.Fatalf("error %v, want an abort %s", err, name)
	}
	if e.Status != onchain.ABORTED || e.Abort.Module != module || e.Abort.Code != code || e.Abort.Name != name {
		t.Fatalf("abort %+v (status %v), want %s 0x%x %s", e.Abort, e.Status, module, code, name)
	}
}
