package vmstub_test

import (
	"encoding/hex"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// pdModule calls 0x1::permissioned_signer and 0x1::permissioned_delegation
// from Move and keeps a DelegationKey and a value of its own enum with a
// positional field:
//
//	enum E has store, drop { V(u64) }
//	struct Keys has key { k: DelegationKey, e: E }
//	public entry fun keep(s: &signer, pk: vector<u8>) {
//	    move_to(s, Keys { k: gen_ed25519_key(new_unvalidated_public_key_from_bytes(pk)), e: E::V(42) })
//	}
//	public entry fun not_perm(s: &signer) { if (is_permissioned_signer(s)) abort 1 }
//	public entry fun addr_of(s: &signer) { permissioned_signer::address_of(s); }
//	public entry fun borrow(s: &signer) { permissioned_signer::borrow_address(s); }
//	public entry fun create(s: &signer) { destroy_permissioned_handle(create_permissioned_handle(s)) }
//	public entry fun grant(s: &signer) { grant_revoke_permission(s, s) }
//	public entry fun add(s: &signer, pk: vector<u8>) { add_permissioned_handle(s, key(pk), option::none(), 100); }
//	public entry fun remove(s: &signer, pk: vector<u8>) { remove_permissioned_handle(s, key(pk)) }
//	public entry fun by_key(s: &signer, pk: vector<u8>) { permissioned_signer_by_key(s, key(pk)); }
//	public entry fun handle_addr(s: &signer, pk: vector<u8>) { handle_address_by_key(signer::address_of(s), key(pk)); }
//	public entry fun fungible_asset_grant(s: &signer) { fungible_asset::grant_apt_permission(s, s, 5) }
//	public entry fun primary_fungible_store_grant(s: &signer) { primary_fungible_store::grant_apt_permission(s, s, 5) }
func pdModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "pd")
	b := k.b
	pkT := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "ed25519"), "UnvalidatedPublicKey", copyDropT|bytecode.AbilityStore))
	keyT := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "permissioned_delegation"), "DelegationKey", copyDropT|bytecode.AbilityStore))
	rlT := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "rate_limiter"), "RateLimiter",
		copyDropT|bytecode.AbilityStore|bytecode.AbilityKey))
	handleT := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "permissioned_signer"), "PermissionedHandle", 0))
	e := b.Enum("E", bytecode.AbilityDrop|bytecode.AbilityStore, nil, bytecode.Variant("V", bytecode.Field("_0", u64T)))
	keys := b.Struct("Keys", bytecode.AbilityKey, bytecode.Field("k", keyT), bytecode.Field("e", b.StructType(e)))
	sig := bytecode.Ref(bytecode.Signer)
	bytesT := bytecode.Vector(bytecode.U8)
	newPk := k.fn("ed25519", "new_unvalidated_public_key_from_bytes", nil, []tok{bytesT}, []tok{pkT})
	genKey := k.fn("permissioned_delegation", "gen_ed25519_key", nil, []tok{pkT}, []tok{keyT})
	ps := func(name string, params, rets []tok) bytecode.FunctionHandleIndex {
		return k.fn("permissioned_signer", name, nil, params, rets)
	}
	pd := func(name string, params, rets []tok) bytecode.FunctionHandleIndex {
		return k.fn("permissioned_delegation", name, nil, params, rets)
	}
	key := []bytecode.Instruction{in(bytecode.OpMoveLoc, 1), callF(newPk), callF(genKey)}
	entry := func(name string, params []tok, code ...bytecode.Instruction) {
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: params, Code: append(code, in(bytecode.OpRet))})
	}
	withKey := func(code ...bytecode.Instruction) []bytecode.Instruction {
		return append(append([]bytecode.Instruction{in(bytecode.OpMoveLoc, 0)}, key...), code...)
	}
	entry("keep", []tok{sig, bytesT}, withKey(in(bytecode.OpLdU64, 42), in(bytecode.OpPackVariant, uint64(b.VariantHandle(e, "V"))),
		in(bytecode.OpPack, uint64(keys)), in(bytecode.OpMoveTo, uint64(keys)))...)
	entry("not_perm", []tok{sig}, in(bytecode.OpMoveLoc, 0), callF(ps("is_permissioned_signer", []tok{sig}, []tok{bytecode.Bool})),
		in(bytecode.OpBrFalse, 5), in(bytecode.OpLdU64, 1), in(bytecode.OpAbort))
	entry("addr_of", []tok{sig}, in(bytecode.OpMoveLoc, 0), callF(ps("address_of", []tok{sig}, []tok{bytecode.Address})), in(bytecode.OpPop))
	entry("borrow", []tok{sig}, in(bytecode.OpMoveLoc, 0), callF(ps("borrow_address", []tok{sig}, []tok{bytecode.Ref(bytecode.Address)})), in(bytecode.OpPop))
	entry("create", []tok{sig}, in(bytecode.OpMoveLoc, 0), callF(ps("create_permissioned_handle", []tok{sig}, []tok{handleT})),
		callF(ps("destroy_permissioned_handle", []tok{handleT}, nil)))
	entry("grant", []tok{sig}, in(bytecode.OpCopyLoc, 0), in(bytecode.OpMoveLoc, 0), callF(ps("grant_revoke_permission", []tok{sig, sig}, nil)))
	none := k.callG(k.fn("option", "none", anyTP, nil, []tok{optOf(bytecode.TypeParameter(0))}), rlT)
	entry("add", []tok{sig, bytesT}, withKey(none, in(bytecode.OpLdU64, 100),
		callF(pd("add_permissioned_handle", []tok{sig, keyT, optOf(rlT), u64T}, []tok{bytecode.Signer})), in(bytecode.OpPop))...)
	entry("remove", []tok{sig, bytesT}, withKey(callF(pd("remove_permissioned_handle", []tok{sig, keyT}, nil)))...)
	entry("by_key", []tok{sig, bytesT}, withKey(callF(pd("permissioned_signer_by_key", []tok{sig, keyT}, []tok{bytecode.Signer})), in(bytecode.OpPop))...)
	addrOf := k.fn("signer", "address_of", nil, []tok{sig}, []tok{bytecode.Address})
	entry("handle_addr", []tok{sig, bytesT}, append(append([]bytecode.Instruction{in(bytecode.OpMoveLoc, 0), callF(addrOf)}, key...),
		callF(pd("handle_address_by_key", []tok{bytecode.Address, keyT}, []tok{bytecode.Address})), in(bytecode.OpPop))...)
	for _, mod := range []string{"fungible_asset", "primary_fungible_store"} {
		entry(mod+"_grant", []tok{sig}, in(bytecode.OpCopyLoc, 0), in(bytecode.OpMoveLoc, 0), in(bytecode.OpLdU64, 5),
			callF(k.fn(mod, "grant_apt_permission", nil, []tok{sig, sig, u64T}, nil)))
	}
	return mustBytes(t, b)
}

// TestPermissionedSignerAndDelegation: as on Aptos, where permissioned
// signers were never enabled, no signer is permissioned and every other
// function of permissioned_signer aborts with
// PERMISSION_DENIED(EPERMISSION_SIGNER_DISABLED) 0x50009 — address_of and
// borrow_address included; permissioned_delegation makes keys
// (gen_ed25519_key), its add_permissioned_handle aborts in
// permissioned_signer (0x50009) leaving nothing behind, removing a handle
// fails as the missing RegisteredDelegations' borrow does (MISSING_DATA),
// and the lookups abort PERMISSION_DENIED(EINVALID_SIGNATURE) 0x50004;
// fungible_asset's and primary_fungible_store's grants abort 0x50009 in
// permissioned_signer, as its authorize_increase does on Aptos. A
// DelegationKey and a module's own enum with a positional field render
// their field as _0 over the API.
func TestPermissionedSignerAndDelegation(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, d := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	if out := c.publish(a, packageMeta("Pd", onchain.UpgradeCompatible, []string{"pd"}, stdDeps...), pdModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	pk := vmstub.BytesValue(d.PublicKey)
	send := func(mod ledgerapi.Address, name, fn string, args ...[]byte) storage.Transaction {
		return c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(mod, name, fn, nil, args...))))
	}
	out := send(a.Address, "pd", "keep", pk)
	if !out.Info.Success() {
		t.Fatalf("keep: %s", out.Info.Status.String())
	}
	keys := ledgerapi.StructTag{Address: a.Address, Module: "pd", Name: "Keys"}
	got := ""
	for _, w := range out.Changes {
		if w.Key.Kind == storage.StateResource && w.Key.Resource.String() == keys.String() {
			got = render(t, movevalue.Codec{Resolver: c.vm.ModulesAt(c)}, ledgerapi.StructType(keys), w.Value)
		}
	}
	want := `{"e":{"_0":"42","__variant__":"V"},"k":{"_0":{"bytes":"0x` + hex.EncodeToString(d.PublicKey) + `"},"__variant__":"Ed25519PublicKey"}}`
	if got != want {
		t.Errorf("Keys\n got  %s\n want %s", got, want)
	}
	if out := send(a.Address, "pd", "not_perm"); !out.Info.Success() {
		t.Errorf("is_permissioned_signer: %s, want false", out.Info.Status.String())
	}

	const disabled = "Move abort in 0x1::permissioned_signer: EPERMISSION_SIGNER_DISABLED(0x50009): Permissioned signer feature is not activated."
	const noDelegation = "Move abort in 0x1::permissioned_delegation: EINVALID_SIGNATURE(0x50004): "
	for _, tc := range []struct {
		fn   string
		args [][]byte
		want string
	}{
		{"addr_of", nil, disabled},
		{"borrow", nil, disabled},
		{"create", nil, disabled},
		{"grant", nil, disabled},
		{"add", [][]byte{pk}, disabled},
		{"by_key", [][]byte{pk}, noDelegation},
		{"handle_addr", [][]byte{pk}, noDelegation},
		{"fungible_asset_grant", nil, disabled},
		{"primary_fungible_store_grant", nil, disabled},
	} {
		out := send(a.Address, "pd", tc.fn, tc.args...)
		if got := out.Info.Status.String(); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.fn, got, tc.want)
		}
		for _, w := range out.Changes {
			if w.Key.Resource.Name == "RegisteredDelegations" {
				t.Errorf("%s wrote %s", tc.fn, w.Key.Resource)
			}
		}
	}
	out = send(a.Address, "pd", "remove", pk)
	// MISSING_DATA is an execution failure (its status code is not kept).
	if st := out.Info.Status; st.Kind != onchain.KindExecutionFailure || st.CodeOffset != 4 {
		t.Errorf("remove_permissioned_handle: %s, want an execution failure (MISSING_DATA)", st.String())
	}
	for _, fn := range []struct {
		name string
		args [][]byte
	}{{"revoke_permission_storage_address", [][]byte{vmstub.AddressValue(a.Address)}}, {"revoke_all_handles", nil}} {
		out := send(one, "permissioned_signer", fn.name, fn.args...)
		if got := out.Info.Status.String(); got != disabled {
			t.Errorf("%s: %s, want %s", fn.name, got, disabled)
		}
	}
}
