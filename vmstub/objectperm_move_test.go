package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// permModule calls object's permission grants as Move code does: entry
// grant(s, o) is grant_permission<ObjectCore>(s, s, o); entry grant_ref(s)
// creates an object owned by s, grants through its TransferRef and then
// transfers it to 0xb0b with its ConstructorRef.
func permModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "perm")
	b := k.b
	objMod := b.ModuleRef(one, "object")
	coreH := b.ImportStruct(objMod, "ObjectCore", bytecode.AbilityKey)
	objH := b.ImportStruct(objMod, "Object", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore,
		bytecode.StructTypeParameter{IsPhantom: true})
	ctorH := b.ImportStruct(objMod, "ConstructorRef", bytecode.AbilityDrop)
	trefH := b.ImportStruct(objMod, "TransferRef", bytecode.AbilityDrop|bytecode.AbilityStore)
	coreT, ctorT, trefT := bytecode.StructOf(coreH), bytecode.StructOf(ctorH), bytecode.StructOf(trefH)
	objOfT0 := bytecode.StructOf(objH, bytecode.TypeParameter(0))
	sig := bytecode.Ref(bytecode.Signer)
	grant := k.fn("object", "grant_permission", anyTP, []tok{sig, sig, objOfT0}, nil)
	b.Function("grant", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, bytecode.StructOf(objH, coreT)},
		Code: []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), in(bytecode.OpCopyLoc, 0), in(bytecode.OpMoveLoc, 1),
			k.callG(grant, coreT), in(bytecode.OpRet)}})
	addrOf := k.fn("signer", "address_of", nil, []tok{sig}, []tok{bytecode.Address})
	create := k.fn("object", "create_object", nil, []tok{bytecode.Address}, []tok{ctorT})
	genTref := k.fn("object", "generate_transfer_ref", nil, []tok{bytecode.Ref(ctorT)}, []tok{trefT})
	grantRef := k.fn("object", "grant_permission_with_transfer_ref", nil, []tok{sig, bytecode.Ref(trefT)}, nil)
	xfer := k.fn("object", "transfer_with_constructor_ref", nil, []tok{bytecode.Ref(ctorT), bytecode.Address}, nil)
	bob := b.Constant(bytecode.Address, vmstub.AddressValue(ledgerapi.MustParseAddress("0xb0b")))
	b.Function("grant_ref", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig}, Locals: []tok{ctorT, trefT},
		Code: []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), callF(addrOf), callF(create), in(bytecode.OpStLoc, 1),
			in(bytecode.OpImmBorrowLoc, 1), callF(genTref), in(bytecode.OpStLoc, 2),
			in(bytecode.OpCopyLoc, 0), in(bytecode.OpImmBorrowLoc, 2), callF(grantRef),
			in(bytecode.OpImmBorrowLoc, 1), in(bytecode.OpLdConst, uint64(bob)), callF(xfer), in(bytecode.OpRet)}})
	return mustBytes(t, b)
}

// TestObjectGrantPermission: as on Aptos, where permissioned signers were
// never enabled, grant_permission aborts with
// permissioned_signer's PERMISSION_DENIED(EPERMISSION_SIGNER_DISABLED)
// (0x50009) and grant_permission_with_transfer_ref does nothing: the
// object is transferred afterwards as before.
func TestObjectGrantPermission(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Perm", onchain.UpgradeCompatible, []string{"perm"}, stdDeps...), permModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	obj := ledgerapi.MustParseAddress("0xb0b1")
	c.putObject(obj, a.Address, true)
	_, out := c.run(t, a, vmstub.EntryPayload(a.Address, "perm", "grant", nil, vmstub.AddressValue(obj)))
	if got := out.Info.Status.String(); got != "Move abort in 0x1::permissioned_signer: EPERMISSION_SIGNER_DISABLED(0x50009): Permissioned signer feature is not activated." {
		t.Errorf("grant_permission: %s", got)
	}
	js, out := c.run(t, a, vmstub.EntryPayload(a.Address, "perm", "grant_ref", nil))
	if !out.Info.Success() {
		t.Fatalf("grant_ref: %s", out.Info.Status.String())
	}
	if got := js["event 0x1::object::Transfer#0"]; got == "" || !strings.Contains(got, `"to":"`+ledgerapi.MustParseAddress("0xb0b").String()+`"`) {
		t.Errorf("transfer after grant_permission_with_transfer_ref: %v", js)
	}
}
