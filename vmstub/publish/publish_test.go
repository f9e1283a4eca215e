package publish_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

// A package of two modules, b using a (same package) and a using a module
// of another package and a framework struct, is accepted: both modules to
// store, as given, and a registry holding the package.
func TestPublishNewPackage(t *testing.T) {
	s := newState(t)
	a, b := moduleA(t), moduleB(t)
	res, err := publish.Check(request(s, a, b))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Modules) != 2 || res.Modules[0].ID != (ledgerapi.ModuleId{Address: sender, Name: "a"}) ||
		res.Modules[1].ID.Name != "b" || !bytes.Equal(res.Modules[0].Bytes, a) || !bytes.Equal(res.Modules[1].Bytes, b) {
		t.Fatalf("modules: %+v", res.Modules)
	}
	if res.Modules[0].Upgrade || res.IsUpgrade {
		t.Error("a new package is not an upgrade")
	}
	if len(res.Registry.Packages) != 1 || res.Package != &res.Registry.Packages[0] || res.Package.Name != "pkg" ||
		res.Package.UpgradeNumber != 0 || res.Package.UpgradePolicy != onchain.UpgradeCompatible {
		t.Fatalf("registry: %+v", res.Registry)
	}
	if len(res.InitModules) != 1 || res.InitModules[0].Name != "a" {
		t.Errorf("init modules: %v", res.InitModules)
	}
	want := uint64(len(a)+32+1+32+1+1) + uint64(len(b)+32+1+32+1+1) + uint64(len(res.Registry.Encode())+87)
	if res.WriteBytes != want {
		t.Errorf("write bytes %d, want %d", res.WriteBytes, want)
	}
	// The bundle order does not matter for linking.
	if _, err := publish.Check(request(s, b, a)); err != nil {
		t.Fatal(err)
	}
}

// A second package at the address is appended; the first stays.
func TestPublishSecondPackage(t *testing.T) {
	s := newState(t)
	s.store(t, "first", onchain.UpgradeCompatible, build(t, sender, "z", func(b *bytecode.ModuleBuilder) {}))
	res, err := publish.Check(request(s, moduleA(t), moduleB(t)))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Registry.Packages) != 2 || res.Registry.Packages[0].Name != "first" || res.Package != &res.Registry.Packages[1] {
		t.Fatalf("registry: %+v", res.Registry.Packages)
	}
	if len(s.registries[sender].Packages) != 1 {
		t.Fatal("the resolver's registry was modified")
	}
}

// upgradeState holds pkg (policy) with module a at 0xcafe, as published.
func upgradeState(t *testing.T, policy onchain.UpgradePolicy, old []byte) *fakeState {
	s := newState(t)
	s.store(t, "pkg", policy, old)
	s.registries[sender].Packages[0].UpgradeNumber = 4
	return s
}

func aVersion(t *testing.T, extra func(b *bytecode.ModuleBuilder)) []byte {
	return build(t, sender, "a", func(b *bytecode.ModuleBuilder) {
		b.Function("keep", bytecode.Public, bytecode.Fn{Params: u64s, Returns: u64s, Code: retL0})
		b.Function("gone", bytecode.Private, bytecode.Fn{Code: ret})
		b.Function("pal", bytecode.Friend, bytecode.Fn{Code: ret})
		b.Struct("S", bytecode.AbilityStore, bytecode.Field("x", bytecode.U64))
		b.Enum("E", bytecode.AbilityDrop, nil, bytecode.Variant("One", bytecode.Field("v", bytecode.U8)))
		extra(b)
	})
}

// A compatible upgrade (a function added, an ability added, an enum
// variant appended, a private and a friend function removed) is accepted
// with the next upgrade number.
func TestCompatibleUpgrade(t *testing.T) {
	s := upgradeState(t, onchain.UpgradeCompatible, aVersion(t, func(*bytecode.ModuleBuilder) {}))
	nw := build(t, sender, "a", func(b *bytecode.ModuleBuilder) {
		b.Function("keep", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: u64s, Returns: u64s, Code: retL0})
		b.Function("added", bytecode.Public, bytecode.Fn{Code: ret})
		b.Struct("S", bytecode.AbilityStore|bytecode.AbilityDrop, bytecode.Field("x", bytecode.U64))
		b.Enum("E", bytecode.AbilityDrop, nil, bytecode.Variant("One", bytecode.Field("v", bytecode.U8)), bytecode.Variant("Two"))
		b.Struct("New", bytecode.AbilityDrop, bytecode.Field("y", bytecode.Bool))
		b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Signer}, Code: ret})
	})
	res, err := publish.Check(publish.Request{Sender: sender, Resolver: s, Code: [][]byte{nw},
		Metadata: metadata("pkg", onchain.UpgradeImmutable, []string{"a"})})
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsUpgrade || res.Package.UpgradeNumber != 5 || res.Package.UpgradePolicy != onchain.UpgradeImmutable ||
		len(res.Registry.Packages) != 1 || !res.Modules[0].Upgrade {
		t.Fatalf("result: %+v %+v", res.Package, res.Modules[0])
	}
	if len(res.InitModules) != 0 {
		t.Error("init_module runs only for new modules")
	}
}

// With AllowArbitrary an arbitrary package is published and upgraded
// without the compatibility check; without it the framework refuses.
func TestArbitraryPolicy(t *testing.T) {
	old := aVersion(t, func(*bytecode.ModuleBuilder) {})
	s := upgradeState(t, onchain.UpgradeArbitrary, old)
	breaking := build(t, sender, "a", func(*bytecode.ModuleBuilder) {})
	req := publish.Request{Sender: sender, Resolver: s, Code: [][]byte{breaking},
		Metadata: metadata("pkg", onchain.UpgradeArbitrary, []string{"a"})}
	_, err := publish.Check(req)
	wantAbort(t, err, publish.CodeModule, 0x10008, "EINCOMPATIBLE_POLICY_DISABLED")
	req.Config.AllowArbitrary = true
	if _, err := publish.Check(req); err != nil {
		t.Fatal(err)
	}
	// Strengthening the policy brings the check back.
	req.Metadata = metadata("pkg", onchain.UpgradeCompatible, []string{"a"})
	wantStatus(t, errOf(publish.Check(req)), onchain.BACKWARD_INCOMPATIBLE_MODULE_UPDATE)
}

func errOf(_ *publish.Result, err error) error { return err }

// A cycle through the bundle is refused by the eager loader and accepted
// by the lazy one.
func TestCycles(t *testing.T) {
	s := newState(t)
	x := build(t, sender, "a", func(b *bytecode.ModuleBuilder) {
		b.ImportFunction(b.ModuleRef(sender, "b"), "g", bytecode.Fn{})
		b.Function("f", bytecode.Public, bytecode.Fn{Code: ret})
	})
	y := build(t, sender, "b", func(b *bytecode.ModuleBuilder) {
		b.ImportFunction(b.ModuleRef(sender, "a"), "f", bytecode.Fn{})
		b.Function("g", bytecode.Public, bytecode.Fn{Code: ret})
	})
	req := request(s, x, y)
	wantStatus(t, errOf(publish.Check(req)), onchain.CYCLIC_MODULE_DEPENDENCY)
	req.Config.LazyLoading = true
	if _, err := publish.Check(req); err != nil {
		t.Fatal(err)
	}
}

// A friend function is linkable from a declared friend, not from others.
func TestFriendLinking(t *testing.T) {
	s := newState(t)
	callG := func(name string) []byte {
		return build(t, depAddr, name, func(b *bytecode.ModuleBuilder) {
			b.ImportFunction(b.ModuleRef(depAddr, "dep"), "g", bytecode.Fn{})
		})
	}
	req := func(name string) publish.Request {
		return publish.Request{Sender: depAddr, Resolver: s, Code: [][]byte{callG(name)},
			Metadata: metadata("Pals", onchain.UpgradeCompatible, []string{name}, depPkgDep)}
	}
	if _, err := publish.Check(req("pal")); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, errOf(publish.Check(req("stranger"))), onchain.LOOKUP_FAILED)
}

// An error of the Resolver is returned as it is, not as a VM status.
func TestResolverError(t *testing.T) {
	s := newState(t)
	boom := errors.New("disk on fire")
	s.err = boom
	_, err := publish.Check(request(s, moduleA(t), moduleB(t)))
	var e *publish.Error
	if !errors.Is(err, boom) || errors.As(err, &e) {
		t.Fatalf("%v", err)
	}
	if _, err := publish.Check(publish.Request{}); err == nil {
		t.Fatal("a request without resolver")
	}
}
