package vmstub_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

var (
	one        = ledgerapi.AddressOne
	stdDeps    = []onchain.PackageDep{{Account: one, PackageName: "AptosFramework"}, {Account: one, PackageName: "AptosStdlib"}, {Account: one, PackageName: "MoveStdlib"}}
	retOnly    = []bytecode.Instruction{bytecode.I(bytecode.OpRet)}
	u64Tokens  = []bytecode.SignatureToken{bytecode.U64}
	stringAbil = bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
)

// tallyModule is <addr>::counter: struct Counter has key { value: u64,
// label: 0x1::string::String }, public fun get(u64): u64, and, when extra,
// public fun extra(). Without keepGet, get is left out (an incompatible
// upgrade).
func tallyModule(t testing.TB, addr ledgerapi.Address, keepGet, extra bool) []byte {
	t.Helper()
	b := bytecode.NewModuleBuilder(addr, "counter")
	str := b.ImportStruct(b.ModuleRef(one, "string"), "String", stringAbil)
	b.Struct("Counter", bytecode.AbilityKey, bytecode.Field("value", bytecode.U64), bytecode.Field("label", bytecode.StructOf(str)))
	if keepGet {
		b.Function("get", bytecode.Public, bytecode.Fn{Params: u64Tokens, Returns: u64Tokens,
			Code: []bytecode.Instruction{bytecode.I(bytecode.OpMoveLoc, 0), bytecode.I(bytecode.OpRet)}})
	}
	if extra {
		b.Function("extra", bytecode.Public, bytecode.Fn{Code: retOnly})
	}
	return mustBytes(t, b)
}

// userModule is <addr>::user, calling counter::get from an entry function.
func userModule(t testing.TB, addr ledgerapi.Address) []byte {
	t.Helper()
	b := bytecode.NewModuleBuilder(addr, "user")
	get := b.ImportFunction(b.ModuleRef(addr, "counter"), "get", bytecode.Fn{Params: u64Tokens, Returns: u64Tokens})
	b.Function("run", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.U64},
		Code: []bytecode.Instruction{bytecode.I(bytecode.OpMoveLoc, 1), bytecode.I(bytecode.OpCall, uint64(get)),
			bytecode.I(bytecode.OpPop), bytecode.I(bytecode.OpRet)}})
	return mustBytes(t, b)
}

func mustBytes(t testing.TB, b *bytecode.ModuleBuilder) []byte {
	t.Helper()
	code, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// packageMeta is metadata_serialized of package name listing modules.
func packageMeta(name string, policy onchain.UpgradePolicy, mods []string, deps ...onchain.PackageDep) []byte {
	p := onchain.PackageMetadata{Name: name, UpgradePolicy: policy, SourceDigest: "AB12", Deps: deps}
	for _, m := range mods {
		p.Modules = append(p.Modules, onchain.ModuleMetadata{Name: m})
	}
	return p.Encode()
}

// publishArgs are the BCS arguments of publish_package_txn.
func publishArgs(meta []byte, code ...[]byte) [][]byte {
	e := bcs.NewEncoder(256)
	e.SeqLen(len(code))
	for _, c := range code {
		e.WriteBytes(c)
	}
	return [][]byte{vmstub.BytesValue(meta), e.Bytes()}
}

func (c *chain) publish(from vmstub.DevAccount, meta []byte, code ...[]byte) storage.Transaction {
	c.t.Helper()
	args := publishArgs(meta, code...)
	return c.mustExec(from.Sign(c.raw(from, vmstub.EntryPayload(one, "code", "publish_package_txn", nil, args...))))
}

func (c *chain) registry(addr ledgerapi.Address) *onchain.PackageRegistry {
	c.t.Helper()
	b, err := c.StateValue(storage.ResourceKey(addr, ledgerapi.StructTag{Address: one, Module: "code", Name: "PackageRegistry"}))
	if err != nil {
		c.t.Fatalf("PackageRegistry at %s: %v", addr, err)
	}
	r, err := onchain.DecodePackageRegistry(b)
	if err != nil {
		c.t.Fatal(err)
	}
	return r
}

func TestGenesisPackageRegistry(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	reg := c.registry(one)
	var names []string
	where := map[string]string{}
	for _, p := range reg.Packages {
		names = append(names, p.Name)
		if p.UpgradePolicy != onchain.UpgradeCompatible {
			t.Errorf("%s: policy %s", p.Name, p.UpgradePolicy)
		}
		for _, m := range p.Modules {
			where[m.Name] = p.Name
			// Every listed module is stored at 0x1.
			if _, err := c.StateValue(storage.ModuleKey(one, m.Name)); err != nil {
				t.Errorf("%s lists %s, which is not stored: %v", p.Name, m.Name, err)
			}
		}
	}
	if strings.Join(names, ",") != "MoveStdlib,AptosStdlib,AptosFramework" {
		t.Fatalf("packages at 0x1: %v", names)
	}
	for mod, pkg := range map[string]string{"string": "MoveStdlib", "option": "MoveStdlib", "table": "AptosStdlib",
		"type_info": "AptosStdlib", "copyable_any": "AptosStdlib", "coin": "AptosFramework", "code": "AptosFramework",
		"bit_vector": "MoveStdlib", "fixed_point32": "MoveStdlib", "aptos_hash": "AptosStdlib", "ed25519": "AptosStdlib",
		"multi_ed25519": "AptosStdlib", "secp256k1": "AptosStdlib", "comparator": "AptosStdlib", "fixed_point64": "AptosStdlib",
		"math_fixed": "AptosStdlib", "math_fixed64": "AptosStdlib"} {
		if where[mod] != pkg {
			t.Errorf("module %s in %q, want %s", mod, where[mod], pkg)
		}
	}
	// The framework's code module is genuine bytecode with the entry point.
	abi, ok := c.vm.Module(ledgerapi.ModuleId{Address: one, Name: "code"})
	if !ok {
		t.Fatal("0x1::code not registered")
	}
	var entry bool
	for _, f := range abi.ExposedFunctions {
		if f.Name == "publish_package_txn" {
			entry = f.IsEntry && strings.Join(f.Params, ",") == "&signer,vector<u8>,vector<vector<u8>>"
		}
	}
	if !entry {
		t.Fatalf("publish_package_txn ABI: %+v", abi.ExposedFunctions)
	}
}

func TestPublishPackage(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	counter, user := tallyModule(t, a.Address, true, false), userModule(t, a.Address)
	counterID := ledgerapi.ModuleId{Address: a.Address, Name: "counter"}
	before := c.balance(a.Address)

	out := c.publish(a, packageMeta("Counters", onchain.UpgradeCompatible, []string{"counter", "user"}, stdDeps...), counter, user)
	if !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	for id, code := range map[string][]byte{"counter": counter, "user": user} {
		got, err := c.StateValue(storage.ModuleKey(a.Address, id))
		if err != nil || !bytes.Equal(got, code) {
			t.Fatalf("stored %s: %v (equal %v)", id, err, bytes.Equal(got, code))
		}
	}
	reg := c.registry(a.Address)
	if len(reg.Packages) != 1 || reg.Packages[0].Name != "Counters" || reg.Packages[0].UpgradeNumber != 0 ||
		strings.Join(reg.Packages[0].ModuleNames(), ",") != "counter,user" || reg.Packages[0].SourceDigest != "AB12" {
		t.Fatalf("registry: %+v", reg)
	}
	wantPublishEvent(t, out, a.Address, false)
	// The fee grows with the bytes published: more than a transfer's.
	transfer := c.mustExec(a.Sign(c.raw(a, vmstub.TransferPayload(c.vm.DevAccounts()[1].Address, 1))))
	if out.Info.GasUsed <= transfer.Info.GasUsed+uint64(len(counter)+len(user))/2 {
		t.Fatalf("publish gas %d, transfer gas %d", out.Info.GasUsed, transfer.Info.GasUsed)
	}
	if got := before - c.balance(a.Address); got != (out.Info.GasUsed+transfer.Info.GasUsed)*100+1 {
		t.Fatalf("paid %d", got)
	}
	// The ABI is read from the stored bytes.
	m, err := c.vm.ModulesAt(c).Module(counterID)
	if err != nil || m.ABI.Structs[0].Name != "Counter" || m.ABI.Structs[0].Fields[1].Type != "0x1::string::String" {
		t.Fatalf("ABI of the published module: %v %+v", err, m)
	}

	// A compatible upgrade: a function added.
	counter2 := tallyModule(t, a.Address, true, true)
	out = c.publish(a, packageMeta("Counters", onchain.UpgradeCompatible, []string{"counter", "user"}, stdDeps...), counter2, user)
	if !out.Info.Status.Success() {
		t.Fatalf("upgrade: %s", out.Info.Status.String())
	}
	wantPublishEvent(t, out, a.Address, true)
	if reg := c.registry(a.Address); reg.Packages[0].UpgradeNumber != 1 {
		t.Fatalf("upgrade number %d", reg.Packages[0].UpgradeNumber)
	}

	// An incompatible upgrade (a public function removed) is kept as failed
	// and changes no module.
	out = c.publish(a, packageMeta("Counters", onchain.UpgradeCompatible, []string{"counter", "user"}, stdDeps...),
		tallyModule(t, a.Address, false, true), user)
	wantFailure(t, out, "BACKWARD_INCOMPATIBLE_MODULE_UPDATE")
	if got, _ := c.StateValue(storage.ModuleKey(a.Address, "counter")); !bytes.Equal(got, counter2) {
		t.Fatal("a refused upgrade changed the stored module")
	}
}

func wantPublishEvent(t *testing.T, out storage.Transaction, addr ledgerapi.Address, upgrade bool) {
	t.Helper()
	for _, e := range out.Events {
		if e.Type.String() == "0x1::code::PublishPackage" {
			want := append(append([]byte(nil), addr[:]...), 0)
			if upgrade {
				want[32] = 1
			}
			if !bytes.Equal(e.Data, want) {
				t.Fatalf("PublishPackage data %x, want %x", e.Data, want)
			}
			return
		}
	}
	t.Fatalf("no PublishPackage event in %v", eventTypes(out))
}

// wantFailure checks a kept failed transaction whose vm_status names want.
func wantFailure(t *testing.T, out storage.Transaction, want string) {
	t.Helper()
	if out.Info.Status.Success() || !strings.Contains(out.Info.Status.String(), want) {
		t.Fatalf("status %q, want a failure with %s", out.Info.Status.String(), want)
	}
	for _, e := range out.Events {
		if e.Type.String() == "0x1::code::PublishPackage" {
			t.Fatal("a refused publication emitted PublishPackage")
		}
	}
	for _, w := range out.Changes {
		if w.Key.Kind == storage.StateModule {
			t.Fatalf("a refused publication wrote module %s", w.Key.Module)
		}
	}
}

func TestPublishRefusals(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, other := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	user := userModule(t, a.Address)
	for _, tc := range []struct {
		name string
		meta []byte
		code [][]byte
		want string
	}{
		{"garbage", packageMeta("P", onchain.UpgradeCompatible, []string{"x"}, stdDeps...), [][]byte{{0xa1, 0x1c, 0xeb, 0x0b, 1}}, "CODE_DESERIALIZATION_ERROR"},
		{"missing dependency module", packageMeta("P", onchain.UpgradeCompatible, []string{"user"}, stdDeps...), [][]byte{user}, "LINKER_ERROR"},
		{"other sender's address", packageMeta("P", onchain.UpgradeCompatible, []string{"counter"}, stdDeps...),
			[][]byte{tallyModule(t, other.Address, true, false)}, "MODULE_ADDRESS_DOES_NOT_MATCH_SENDER"},
		{"dependency on an address without packages", packageMeta("P", onchain.UpgradeCompatible, []string{"counter"},
			append(stdDeps, onchain.PackageDep{Account: other.Address, PackageName: "Theirs"})...), [][]byte{tallyModule(t, a.Address, true, false)}, "EPACKAGE_DEP_MISSING"},
		{"metadata not BCS", []byte{1, 2, 3}, [][]byte{tallyModule(t, a.Address, true, false)}, "Move abort in 0x1::util: 0x10001"},
		{"arbitrary policy", packageMeta("P", onchain.UpgradeArbitrary, []string{"counter"}, stdDeps...),
			[][]byte{tallyModule(t, a.Address, true, false)}, "EINCOMPATIBLE_POLICY_DISABLED"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := c.publish(a, tc.meta, tc.code...)
			wantFailure(t, out, tc.want)
		})
	}
	if _, err := c.StateValue(storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: one, Module: "code", Name: "PackageRegistry"})); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("refused publications wrote a registry: %v", err)
	}
	if _, err := c.vm.ModulesAt(c).Module(ledgerapi.ModuleId{Address: a.Address, Name: "counter"}); !errors.Is(err, modules.ErrModuleNotFound) {
		t.Fatalf("module after refusals: %v", err)
	}
}

// bootModule is <addr>::boot: struct Flag has key { value: u64 } and an
// init_module that moves Flag { value: 42 } to the publisher, or aborts
// with code 7.
func bootModule(t testing.TB, addr ledgerapi.Address, abort bool) []byte {
	b := bytecode.NewModuleBuilder(addr, "boot")
	flag := b.Struct("Flag", bytecode.AbilityKey, bytecode.Field("value", bytecode.U64))
	code := []bytecode.Instruction{bytecode.I(bytecode.OpMoveLoc, 0), bytecode.I(bytecode.OpLdU64, 42),
		bytecode.I(bytecode.OpPack, uint64(flag)), bytecode.I(bytecode.OpMoveTo, uint64(flag)), bytecode.I(bytecode.OpRet)}
	if abort {
		code = []bytecode.Instruction{bytecode.I(bytecode.OpLdU64, 7), bytecode.I(bytecode.OpAbort)}
	}
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}, Code: code})
	return mustBytes(t, b)
}

func TestPublishRunsInitModule(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	flag := storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: a.Address, Module: "boot", Name: "Flag"})

	out := c.publish(a, packageMeta("Boot", onchain.UpgradeCompatible, []string{"boot"}, stdDeps...), bootModule(t, a.Address, false))
	if !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	if v, err := c.StateValue(flag); err != nil || string(v) != string(vmstub.U64Value(42)) {
		t.Fatalf("Flag after init_module: %x %v", v, err)
	}
	// An upgrade does not run init_module again.
	c.putKey(flag, vmstub.U64Value(1))
	if out := c.publish(a, packageMeta("Boot", onchain.UpgradeCompatible, []string{"boot"}, stdDeps...), bootModule(t, a.Address, false)); !out.Info.Status.Success() {
		t.Fatalf("upgrade: %s", out.Info.Status.String())
	}
	if v, _ := c.StateValue(flag); string(v) != string(vmstub.U64Value(1)) {
		t.Fatalf("init_module ran on an upgrade: %x", v)
	}
	// An init_module that aborts fails the publication: nothing is stored.
	out = c.publish(b, packageMeta("Boot", onchain.UpgradeCompatible, []string{"boot"}, stdDeps...), bootModule(t, b.Address, true))
	boot := ledgerapi.ModuleId{Address: b.Address, Name: "boot"}
	if got := out.Info.Status.String(); got != "Move abort in "+boot.String()+": 0x7" {
		t.Fatalf("aborting init_module: %s", got)
	}
	wantFailure(t, out, "Move abort")
}

// TestCodeErrorsMatchPublishChecks: the error map 0x1::code declares names
// the reasons the checks of package publish abort with, alike.
func TestCodeErrorsMatchPublishChecks(t *testing.T) {
	checks := publish.CodeReasons()
	if len(checks) != len(aptosframework.CodeErrors) {
		t.Fatalf("0x1::code declares %d reasons, the publish checks %d", len(aptosframework.CodeErrors), len(checks))
	}
	for i, r := range checks {
		d := aptosframework.CodeErrors[i]
		if d.Reason != r.Reason || d.Name != r.Name || d.Description != r.Description {
			t.Errorf("reason %d: declared %+v, publish checks %+v", i, d, r)
		}
	}
}
