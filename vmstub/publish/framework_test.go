package publish_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

// Each abort of the framework's Move code, with its module and code.
func TestRejectedByFramework(t *testing.T) {
	nothing := build(t, sender, "a", func(*bytecode.ModuleBuilder) {})
	meta := func(policy onchain.UpgradePolicy, modules []string, deps ...onchain.PackageDep) []byte {
		return metadata("pkg", policy, modules, deps...)
	}
	cases := []struct {
		name   string
		setup  func(t *testing.T, s *fakeState)
		meta   []byte
		config publish.Config
		module ledgerapi.ModuleId
		code   uint64
		reason string
	}{
		{name: "metadata not BCS", meta: []byte{0x03, 'p', 'k'}, module: publish.UtilModule, code: 0x10001},
		{name: "metadata with trailing bytes", meta: append(meta(1, []string{"a"}), 0), module: publish.UtilModule, code: 0x10001},
		{name: "arbitrary policy", meta: meta(0, []string{"a"}), code: 0x10008, reason: "EINCOMPATIBLE_POLICY_DISABLED"},
		{name: "no registry at the dependency", meta: meta(1, []string{"a"}, onchain.PackageDep{Account: other, PackageName: "X"}),
			code: 0x60005, reason: "EPACKAGE_DEP_MISSING"},
		{name: "no such package at the dependency", meta: meta(1, []string{"a"}, onchain.PackageDep{Account: depAddr, PackageName: "X"}),
			code: 0x60005, reason: "EPACKAGE_DEP_MISSING"},
		{name: "dependency weaker", meta: meta(2, []string{"a"}, depPkgDep), code: 0x10006, reason: "EDEP_WEAKER_POLICY"},
		{name: "arbitrary dependency elsewhere", setup: func(t *testing.T, s *fakeState) {
			s.store(t, "Arb", onchain.UpgradeArbitrary, build(t, depAddr, "arb", func(*bytecode.ModuleBuilder) {}))
		}, meta: meta(0, []string{"a"}, onchain.PackageDep{Account: depAddr, PackageName: "Arb"}),
			config: publish.Config{AllowArbitrary: true}, code: 0x10007, reason: "EDEP_ARBITRARY_NOT_SAME_ADDRESS"},
		{name: "module of another package", setup: func(t *testing.T, s *fakeState) {
			s.store(t, "other", onchain.UpgradeCompatible, nothing)
		}, meta: meta(1, []string{"a"}), code: 0x80001, reason: "EMODULE_NAME_CLASH"},
		{name: "immutable upgrade", setup: func(t *testing.T, s *fakeState) {
			s.store(t, "pkg", onchain.UpgradeImmutable, nothing)
		}, meta: meta(2, []string{"a"}), code: 0x10002, reason: "EUPGRADE_IMMUTABLE"},
		{name: "weaker policy upgrade", setup: func(t *testing.T, s *fakeState) {
			s.store(t, "pkg", onchain.UpgradeCompatible, nothing)
		}, meta: meta(0, []string{"a"}), config: publish.Config{AllowArbitrary: true}, code: 0x10003, reason: "EUPGRADE_WEAKER_POLICY"},
		{name: "module dropped on upgrade", setup: func(t *testing.T, s *fakeState) {
			s.store(t, "pkg", onchain.UpgradeCompatible, nothing, build(t, sender, "z", func(*bytecode.ModuleBuilder) {}))
		}, meta: meta(1, []string{"a"}), code: 0x4, reason: "EMODULE_MISSING"},
		// The dependencies are checked before the packages at the address.
		{name: "dependency before name clash", setup: func(t *testing.T, s *fakeState) {
			s.store(t, "other", onchain.UpgradeCompatible, nothing)
		}, meta: meta(1, []string{"a"}, onchain.PackageDep{Account: other, PackageName: "X"}), code: 0x60005, reason: "EPACKAGE_DEP_MISSING"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newState(t)
			if c.setup != nil {
				c.setup(t, s)
			}
			module := c.module
			if module == (ledgerapi.ModuleId{}) {
				module = publish.CodeModule
			}
			// The bundle is never looked at: the Move code aborts first.
			_, err := publish.Check(publish.Request{Sender: sender, Resolver: s, Metadata: c.meta, Config: c.config,
				Code: [][]byte{{0xde, 0xad}}})
			wantAbort(t, err, module, c.code, c.reason)
		})
	}
}

func TestAbortText(t *testing.T) {
	s := newState(t)
	s.store(t, "pkg", onchain.UpgradeImmutable, build(t, sender, "a", func(*bytecode.ModuleBuilder) {}))
	_, err := publish.Check(publish.Request{Sender: sender, Resolver: s, Metadata: metadata("pkg", 2, []string{"a"})})
	want := "publish: Move abort in 0x1::code: EUPGRADE_IMMUTABLE(0x10002): Cannot upgrade an immutable package: package \"pkg\" is immutable"
	if err == nil || err.Error() != want {
		t.Fatalf("%v", err)
	}
	_, err = publish.Check(publish.Request{Sender: sender, Resolver: s, Metadata: []byte{1}})
	if err == nil || !strings.HasPrefix(err.Error(), "publish: Move abort in 0x1::util: 0x10001: package metadata does not deserialize") {
		t.Fatalf("%v", err)
	}
}

// The upgrade number is a u64; its overflow is the Move arithmetic error.
func TestUpgradeNumberOverflow(t *testing.T) {
	s := newState(t)
	s.store(t, "pkg", onchain.UpgradeCompatible, build(t, sender, "a", func(*bytecode.ModuleBuilder) {}))
	s.registries[sender].Packages[0].UpgradeNumber = ^uint64(0)
	_, err := publish.Check(publish.Request{Sender: sender, Resolver: s, Metadata: metadata("pkg", 1, []string{"a"})})
	wantStatus(t, err, onchain.ARITHMETIC_ERROR)
}
