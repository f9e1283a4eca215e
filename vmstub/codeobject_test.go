package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

func TestObjectCodeDeployment(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	c.mustExec(a.Sign(c.raw(a, vmstub.TransferPayload(b.Address, 1)))) // sequence number 1 next
	obj := vmstub.CodeObjectAddress(a.Address, 1)
	if obj == vmstub.CodeObjectAddress(a.Address, 2) || obj == vmstub.CodeObjectAddress(b.Address, 1) {
		t.Fatal("code object addresses collide")
	}
	call := func(from vmstub.DevAccount, fn string, args ...[]byte) storage.Transaction {
		t.Helper()
		return c.mustExec(from.Sign(c.raw(from, vmstub.EntryPayload(one, "object_code_deployment", fn, nil, args...))))
	}
	meta := func(policy onchain.UpgradePolicy, keepGet bool) [][]byte {
		return publishArgs(packageMeta("Obj", policy, []string{"counter"}, stdDeps...), tallyModule(t, obj, keepGet, !keepGet))
	}

	out := call(a, "publish", meta(onchain.UpgradeCompatible, true)...)
	if !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	if got := strings.Join(eventTypes(out), ","); got != "0x1::code::PublishPackage,0x1::object_code_deployment::Publish,0x1::transaction_fee::FeeStatement" {
		t.Fatalf("events %s", got)
	}
	if ev := out.Events[1].Data; string(ev) != string(obj[:]) {
		t.Fatalf("Publish event %x, want the object %s", ev, obj)
	}
	if _, err := c.StateValue(storage.ModuleKey(obj, "counter")); err != nil {
		t.Fatalf("module at the object: %v", err)
	}
	core, err := c.StateValue(storage.ResourceKey(obj, ledgerapi.StructTag{Address: one, Module: "object", Name: "ObjectCore"}))
	if err != nil || string(core[8:40]) != string(a.Address[:]) || core[40] != 1 {
		t.Fatalf("ObjectCore %x: %v (owner the publisher, ungated)", core, err)
	}
	if reg := c.registry(obj); reg.Packages[0].Name != "Obj" {
		t.Fatalf("registry at the object: %+v", reg)
	}

	objArg := vmstub.AddressValue(obj)
	// Only the owner upgrades; an upgrade keeps the compatibility rules.
	out = call(b, "upgrade", append(meta(onchain.UpgradeCompatible, true), objArg)...)
	wantFailure(t, out, "ENOT_CODE_OBJECT_OWNER")
	out = call(a, "upgrade", append(meta(onchain.UpgradeCompatible, false), objArg)...)
	wantFailure(t, out, "BACKWARD_INCOMPATIBLE_MODULE_UPDATE")
	out = call(a, "upgrade", append(meta(onchain.UpgradeCompatible, true), objArg)...)
	if !out.Info.Status.Success() || strings.Join(eventTypes(out)[:2], ",") != "0x1::code::PublishPackage,0x1::object_code_deployment::Upgrade" {
		t.Fatalf("upgrade: %s %v", out.Info.Status.String(), eventTypes(out))
	}
	if reg := c.registry(obj); reg.Packages[0].UpgradeNumber != 1 {
		t.Fatalf("upgrade number %d", reg.Packages[0].UpgradeNumber)
	}

	// Freezing: only by the owner; then no upgrade passes.
	wantFailure(t, call(b, "freeze_code_object", objArg), "ENOT_PACKAGE_OWNER")
	out = call(a, "freeze_code_object", objArg)
	if !out.Info.Status.Success() || c.registry(obj).Packages[0].UpgradePolicy != onchain.UpgradeImmutable {
		t.Fatalf("freeze: %s", out.Info.Status.String())
	}
	wantFailure(t, call(a, "upgrade", append(meta(onchain.UpgradeImmutable, true), objArg)...), "EUPGRADE_IMMUTABLE")

	// A second publish goes to a new object.
	next := vmstub.CodeObjectAddress(a.Address, c.seq(a.Address))
	out = call(a, "publish", publishArgs(packageMeta("Obj", onchain.UpgradeCompatible, []string{"counter"}, stdDeps...), tallyModule(t, next, true, false))...)
	if !out.Info.Status.Success() {
		t.Fatalf("second publish: %s", out.Info.Status.String())
	}
	// Modules naming the publisher's own address are refused: the code
	// object is the sender of the publication.
	wantFailure(t, call(a, "publish", publishArgs(packageMeta("Mine", onchain.UpgradeCompatible, []string{"counter"}, stdDeps...),
		tallyModule(t, a.Address, true, false))...), "MODULE_ADDRESS_DOES_NOT_MATCH_SENDER")
}
