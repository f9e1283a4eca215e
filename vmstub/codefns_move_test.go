package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// codeFnsModule calls 0x1::code's public functions as Move code does:
// #[view] pol(): (can_change_upgrade_policy_to(compat, immutable),
// can_change_upgrade_policy_to(immutable, compat)); entry freeze(s, o)
// (code::freeze_code_object); entry grant(s) (code::grant_permission(s, s)).
func codeFnsModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "codefns")
	b := k.b
	codeMod := b.ModuleRef(one, "code")
	polT := bytecode.StructOf(b.ImportStruct(codeMod, "UpgradePolicy", copyDropT|bytecode.AbilityStore))
	regT := bytecode.StructOf(b.ImportStruct(codeMod, "PackageRegistry", bytecode.AbilityDrop|bytecode.AbilityStore|bytecode.AbilityKey))
	objT := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "object"), "Object", copyDropT|bytecode.AbilityStore,
		bytecode.StructTypeParameter{IsPhantom: true}), regT)
	sig := bytecode.Ref(bytecode.Signer)
	compat := callF(k.fn("code", "upgrade_policy_compat", nil, nil, []tok{polT}))
	immutable := callF(k.fn("code", "upgrade_policy_immutable", nil, nil, []tok{polT}))
	canChange := callF(k.fn("code", "can_change_upgrade_policy_to", nil, []tok{polT, polT}, []tok{bytecode.Bool}))
	k.view("pol", []tok{bytecode.Bool, bytecode.Bool}, nil, []bytecode.Instruction{compat, immutable, canChange, immutable, compat, canChange, in(bytecode.OpRet)})
	freeze := callF(k.fn("code", "freeze_code_object", nil, []tok{sig, objT}, nil))
	b.Function("freeze", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, objT},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 1), freeze, in(bytecode.OpRet)}})
	grant := callF(k.fn("code", "grant_permission", nil, []tok{sig, sig}, nil))
	b.Function("grant", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig},
		Code: []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), in(bytecode.OpMoveLoc, 0), grant, in(bytecode.OpRet)}})
	return k.code()
}

// TestCodeFunctionsFromMove: can_change_upgrade_policy_to allows only a
// stronger policy; code::freeze_code_object, called by the code object's
// owner, makes its package immutable without object_code_deployment's
// Freeze event, and aborts with ENOT_PACKAGE_OWNER for another account;
// grant_permission aborts in permissioned_signer (0x50009), as on Aptos.
func TestCodeFunctionsFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	for _, acct := range []vmstub.DevAccount{a, b} {
		if out := c.publish(acct, packageMeta("CodeFns", onchain.UpgradeCompatible, []string{"codefns"}, stdDeps...), codeFnsModule(t, acct.Address)); !out.Info.Status.Success() {
			t.Fatalf("publish: %s", out.Info.Status.String())
		}
	}
	if got := c.mustView(a.Address.String()+"::codefns::pol", nil); got != `[true,false]` {
		t.Errorf("can_change_upgrade_policy_to: %s, want [true,false]", got)
	}
	obj := vmstub.CodeObjectAddress(a.Address, c.seq(a.Address))
	meta := publishArgs(packageMeta("Obj", onchain.UpgradeCompatible, []string{"counter"}, stdDeps...), tallyModule(t, obj, true, false))
	if out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(one, "object_code_deployment", "publish", nil, meta...)))); !out.Info.Status.Success() {
		t.Fatalf("publish to an object: %s", out.Info.Status.String())
	}
	freeze := func(from vmstub.DevAccount) string {
		out := c.mustExec(from.Sign(c.raw(from, vmstub.EntryPayload(from.Address, "codefns", "freeze", nil, vmstub.AddressValue(obj)))))
		return out.Info.Status.String() + " " + strings.Join(eventTypes(out), ",")
	}
	if got := freeze(b); !strings.Contains(got, "Move abort in 0x1::code: ENOT_PACKAGE_OWNER(0x50009)") {
		t.Errorf("freeze by another account: %s", got)
	}
	if got := freeze(a); got != "Executed successfully 0x1::transaction_fee::FeeStatement" {
		t.Errorf("freeze by the owner: %s", got)
	}
	if p := c.registry(obj).Packages[0].UpgradePolicy; p != onchain.UpgradeImmutable {
		t.Errorf("policy after freeze %v", p)
	}
	out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "codefns", "grant", nil))))
	if got := out.Info.Status.String(); got != "Move abort in 0x1::permissioned_signer: EPERMISSION_SIGNER_DISABLED(0x50009): Permissioned signer feature is not activated." {
		t.Errorf("grant_permission: %s", got)
	}
}
