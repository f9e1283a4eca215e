package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// untModule is <addr>::unt, an untransferable asset "U" (unlimited) whose
// refs the module keeps:
//
//	struct Refs has key { mint: MintRef, transfer: TransferRef, mutate: MutateMetadataRef }
//	fun init_module(s: &signer)  // create_primary_store_enabled_fungible_asset, set_untransferable
//	public entry fun mint(s: &signer, to: address, amount: u64)
//	public entry fun freeze(s: &signer, who: address, frozen: bool)
//	public entry fun move_ref(s: &signer, from: address, to: address, amount: u64)  // transfer_with_ref
//	public entry fun rename(s: &signer, name: String, symbol: String)              // mutate_metadata
//	public entry fun side_store(s: &signer, amount: u64)
//	    // a deletable object gets a store (create_store), amount moves into it from s's
//	    // primary store, then the store is removed (remove_store)
func untModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "unt")
	b := k.b
	objMod, faMod, pfsMod := b.ModuleRef(one, "object"), b.ModuleRef(one, "fungible_asset"), b.ModuleRef(one, "primary_fungible_store")
	ds := bytecode.AbilityDrop | bytecode.AbilityStore
	key := []bytecode.AbilitySet{bytecode.AbilityKey}
	T := bytecode.TypeParameter(0)
	ctorT := bytecode.StructOf(b.ImportStruct(objMod, "ConstructorRef", bytecode.AbilityDrop))
	deleteT := bytecode.StructOf(b.ImportStruct(objMod, "DeleteRef", ds))
	objH := b.ImportStruct(objMod, "Object", bytecode.AbilityCopy|ds, bytecode.StructTypeParameter{IsPhantom: true})
	metaT := bytecode.StructOf(b.ImportStruct(faMod, "Metadata", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityKey))
	storeT := bytecode.StructOf(b.ImportStruct(faMod, "FungibleStore", bytecode.AbilityKey))
	faT := bytecode.StructOf(b.ImportStruct(faMod, "FungibleAsset", 0))
	refT := map[string]tok{}
	for _, r := range []string{"MintRef", "TransferRef", "MutateMetadataRef"} {
		refT[r] = bytecode.StructOf(b.ImportStruct(faMod, r, ds))
	}
	refs := b.Struct("Refs", bytecode.AbilityKey, bytecode.Field("mint", refT["MintRef"]), bytecode.Field("transfer", refT["TransferRef"]),
		bytecode.Field("mutate", refT["MutateMetadataRef"]))
	sig := bytecode.Ref(bytecode.Signer)
	fn := func(m bytecode.ModuleHandleIndex, name string, tps []bytecode.AbilitySet, params, rets []tok) bytecode.FunctionHandleIndex {
		return b.ImportFunction(m, name, bytecode.Fn{TypeParams: tps, Params: params, Returns: rets})
	}
	noneOf := func(t tok) bytecode.Instruction {
		return k.callG(k.fn("option", "none", anyTP, nil, []tok{optOf(T)}), t)
	}
	someOf := func(t tok) bytecode.Instruction {
		return k.callG(k.fn("option", "some", anyTP, []tok{T}, []tok{optOf(T)}), t)
	}
	named := fn(objMod, "create_named_object", nil, []tok{sig, bytecode.Vector(bytecode.U8)}, []tok{ctorT})
	var code []bytecode.Instruction
	add := func(is ...bytecode.Instruction) { code = append(code, is...) }
	str := func(s string) { add(k.utf8(s)...) }
	add(in(bytecode.OpCopyLoc, 0), k.bytes([]byte("U")), callF(named), in(bytecode.OpStLoc, 1), in(bytecode.OpImmBorrowLoc, 1), noneOf(bytecode.U128))
	str("Untransferable")
	str("UNT")
	add(in(bytecode.OpLdU8, 2))
	str("")
	str("")
	add(callF(fn(pfsMod, "create_primary_store_enabled_fungible_asset", nil,
		[]tok{bytecode.Ref(ctorT), optOf(bytecode.U128), strT, strT, bytecode.U8, strT, strT}, nil)))
	add(in(bytecode.OpImmBorrowLoc, 1), callF(fn(faMod, "set_untransferable", nil, []tok{bytecode.Ref(ctorT)}, nil)), in(bytecode.OpMoveLoc, 0))
	for _, g := range []struct{ fn, ref string }{{"generate_mint_ref", "MintRef"}, {"generate_transfer_ref", "TransferRef"}, {"generate_mutate_metadata_ref", "MutateMetadataRef"}} {
		add(in(bytecode.OpImmBorrowLoc, 1), callF(fn(faMod, g.fn, nil, []tok{bytecode.Ref(ctorT)}, []tok{refT[g.ref]})))
	}
	add(in(bytecode.OpPack, uint64(refs)), in(bytecode.OpMoveTo, uint64(refs)), in(bytecode.OpRet))
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []tok{sig}, Locals: []tok{ctorT}, Code: code})

	self := uint64(b.Constant(bytecode.Address, addr[:]))
	borrow := func(field string) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdConst, self), in(bytecode.OpImmBorrowGlobal, uint64(refs)),
			in(bytecode.OpImmBorrowField, uint64(b.FieldHandle(refs, field)))}
	}
	entry := func(name string, params []tok, body []bytecode.Instruction) {
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: append([]tok{sig}, params...), Acquires: []bytecode.StructDefIndex{refs},
			Code: append(body, in(bytecode.OpRet))})
	}
	A, U := bytecode.Address, u64T
	entry("mint", []tok{A, U}, append(borrow("mint"), in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2),
		callF(fn(pfsMod, "mint", nil, []tok{bytecode.Ref(refT["MintRef"]), A, U}, nil))))
	entry("freeze", []tok{A, bytecode.Bool}, append(borrow("transfer"), in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2),
		callF(fn(pfsMod, "set_frozen_flag", nil, []tok{bytecode.Ref(refT["TransferRef"]), A, bytecode.Bool}, nil))))
	entry("move_ref", []tok{A, A, U}, append(borrow("transfer"), in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2), in(bytecode.OpMoveLoc, 3),
		callF(fn(pfsMod, "transfer_with_ref", nil, []tok{bytecode.Ref(refT["TransferRef"]), A, A, U}, nil))))
	optStr := optOf(strT)
	entry("rename", []tok{strT, strT}, append(borrow("mutate"), in(bytecode.OpMoveLoc, 1), someOf(strT), in(bytecode.OpMoveLoc, 2), someOf(strT),
		noneOf(bytecode.U8), noneOf(strT), noneOf(strT),
		callF(fn(faMod, "mutate_metadata", nil, []tok{bytecode.Ref(refT["MutateMetadataRef"]), optStr, optStr, optOf(bytecode.U8), optStr, optStr}, nil))))

	u := crypto.ObjectAddressFromSeed(addr, []byte("U"))
	objOf := func(t tok) tok { return bytecode.StructOf(objH, t) }
	toObject := fn(objMod, "address_to_object", key, []tok{A}, []tok{objOf(T)})
	// side_store(s, amount): locals 2 ctor, 3 store
	code = []bytecode.Instruction{in(bytecode.OpLdConst, self), callF(fn(objMod, "create_object", nil, []tok{A}, []tok{ctorT})), in(bytecode.OpStLoc, 2),
		in(bytecode.OpImmBorrowLoc, 2), in(bytecode.OpLdConst, uint64(b.Constant(A, u[:]))), k.callG(toObject, metaT),
		k.callG(fn(faMod, "create_store", key, []tok{bytecode.Ref(ctorT), objOf(T)}, []tok{objOf(storeT)}), metaT), in(bytecode.OpStLoc, 3),
		in(bytecode.OpCopyLoc, 3),
		in(bytecode.OpCopyLoc, 0), in(bytecode.OpLdConst, uint64(b.Constant(A, u[:]))), k.callG(toObject, metaT), in(bytecode.OpCopyLoc, 1),
		k.callG(fn(pfsMod, "withdraw", key, []tok{sig, objOf(T), U}, []tok{faT}), metaT),
		k.callG(fn(faMod, "deposit", key, []tok{objOf(T), faT}, nil), storeT),
		in(bytecode.OpImmBorrowLoc, 2), callF(fn(objMod, "generate_delete_ref", nil, []tok{bytecode.Ref(ctorT)}, []tok{deleteT})), in(bytecode.OpStLoc, 4),
		in(bytecode.OpImmBorrowLoc, 4), callF(fn(faMod, "remove_store", nil, []tok{bytecode.Ref(deleteT)}, nil)), in(bytecode.OpRet)}
	b.Function("side_store", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, U}, Locals: []tok{ctorT, objOf(storeT), deleteT}, Code: code})
	return k.code()
}

// TestFungibleAssetRefsFromMove: an untransferable asset's primary stores
// are untransferable objects; its TransferRef moves it out of a frozen
// store (transfer_with_ref); mutate_metadata renames it within Aptos's
// limits; a store made with create_store takes a deposit and can only be
// removed empty (EBALANCE_IS_NOT_ZERO); transfer_assert_minimum_deposit
// checks what the recipient got (EAMOUNT_MISMATCH); concurrent store
// balances are off (ECONCURRENT_BALANCE_NOT_ENABLED); the views.
func TestFungibleAssetRefsFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	if out := c.publish(a, packageMeta("Unt", 1, []string{"unt"}, stdDeps...), untModule(t, a.Address)); !out.Info.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	u := crypto.ObjectAddressFromSeed(a.Address, []byte("U"))
	exec := func(from vmstub.DevAccount, p txn.TransactionPayload) string {
		t.Helper()
		return c.mustExec(from.Sign(c.raw(from, p))).Info.Status.String()
	}
	run := func(from vmstub.DevAccount, p txn.TransactionPayload) {
		t.Helper()
		if st := exec(from, p); st != "Executed successfully" {
			t.Fatalf("%+v: %s", p, st)
		}
	}
	unt := func(fn string, args ...[]byte) txn.TransactionPayload {
		return vmstub.EntryPayload(a.Address, "unt", fn, nil, args...)
	}
	A, B := vmstub.AddressValue(a.Address), vmstub.AddressValue(b.Address)
	run(a, unt("mint", A, vmstub.U64Value(100)))
	storeA := crypto.PrimaryStoreAddress(a.Address, u)
	if got := c.json(storeA, "0x1::object::Untransferable"); got != `{"dummy_field":false}` {
		t.Errorf("primary store of an untransferable asset: Untransferable %q", got)
	}
	meta := []string{"0x1::fungible_asset::Metadata"}
	if got := c.mustView("0x1::fungible_asset::is_untransferable", meta, addrJSON(u)); got != `[true]` {
		t.Errorf("is_untransferable %s", got)
	}
	// A frozen store: the owner cannot move it, the TransferRef can.
	run(a, unt("freeze", A, vmstub.BoolValue(true)))
	if st := exec(a, pfsTransfer(u, b.Address, 1)); !strings.Contains(st, "ESTORE_IS_FROZEN(0x50003)") {
		t.Errorf("transfer from a frozen store: %s", st)
	}
	run(a, unt("move_ref", A, B, vmstub.U64Value(40)))
	if got := c.mustView("0x1::primary_fungible_store::balance", meta, addrJSON(a.Address), addrJSON(u)) +
		c.mustView("0x1::primary_fungible_store::balance", meta, addrJSON(b.Address), addrJSON(u)); got != `["60"]["40"]` {
		t.Errorf("balances after transfer_with_ref %s", got)
	}
	run(a, unt("freeze", A, vmstub.BoolValue(false)))
	// Renaming.
	run(a, unt("rename", vmstub.StringValue("Renamed"), vmstub.StringValue("RNM")))
	if got := c.mustView("0x1::fungible_asset::metadata", meta, addrJSON(u)); got != `[{"decimals":2,"icon_uri":"","name":"Renamed","project_uri":"","symbol":"RNM"}]` {
		t.Errorf("metadata after mutate_metadata %s", got)
	}
	if st := exec(a, unt("rename", vmstub.StringValue("N"), vmstub.StringValue(strings.Repeat("s", 11)))); !strings.Contains(st, "ESYMBOL_TOO_LONG(0x20010)") {
		t.Errorf("rename to an 11-byte symbol: %s", st)
	}
	// A side store: removing it with a balance aborts; empty it goes.
	if st := exec(a, unt("side_store", vmstub.U64Value(5))); !strings.Contains(st, "0x1::fungible_asset: EBALANCE_IS_NOT_ZERO(0x5000e)") {
		t.Errorf("remove_store of a store holding 5: %s", st)
	}
	run(a, unt("side_store", vmstub.U64Value(0)))
	// transfer_assert_minimum_deposit: more expected than sent.
	minimum := func(amount, expected uint64) txn.TransactionPayload {
		return vmstub.EntryPayload(one, "primary_fungible_store", "transfer_assert_minimum_deposit", []ledgerapi.TypeTag{structType(meta[0])},
			vmstub.AddressValue(u), B, vmstub.U64Value(amount), vmstub.U64Value(expected))
	}
	run(a, minimum(10, 10))
	if st := exec(a, minimum(10, 11)); !strings.Contains(st, "0x1::dispatchable_fungible_asset: EAMOUNT_MISMATCH(0x70002)") {
		t.Errorf("transfer_assert_minimum_deposit short: %s", st)
	}
	upgrade := vmstub.EntryPayload(one, "fungible_asset", "upgrade_store_to_concurrent", []ledgerapi.TypeTag{structType("0x1::fungible_asset::FungibleStore")},
		vmstub.AddressValue(storeA))
	if st := exec(a, upgrade); !strings.Contains(st, "ECONCURRENT_BALANCE_NOT_ENABLED(0x10020)") {
		t.Errorf("upgrade_store_to_concurrent: %s", st)
	}
	if st := exec(b, upgrade); !strings.Contains(st, "ENOT_STORE_OWNER(0x50008)") {
		t.Errorf("upgrade_store_to_concurrent by another account: %s", st)
	}
	storeT := []string{"0x1::fungible_asset::FungibleStore"}
	other := addrJSON(c.vm.DevAccounts()[2].Address)
	for _, v := range []struct{ got, want string }{
		{c.mustView("0x1::fungible_asset::is_balance_at_least", storeT, addrJSON(storeA), `"50"`) +
			c.mustView("0x1::fungible_asset::is_balance_at_least", storeT, addrJSON(storeA), `"51"`), `[true][false]`},
		{c.mustView("0x1::dispatchable_fungible_asset::derived_supply", meta, addrJSON(u)), `[{"vec":["100"]}]`},
		{c.mustView("0x1::primary_fungible_store::is_balance_at_least", meta, other, addrJSON(u), `"0"`) +
			c.mustView("0x1::primary_fungible_store::is_balance_at_least", meta, other, addrJSON(u), `"1"`), `[true][false]`},
		{c.mustView("0x1::primary_fungible_store::primary_store_exists", meta, other, addrJSON(u)), `[false]`},
	} {
		if v.got != v.want {
			t.Errorf("view %s, want %s", v.got, v.want)
		}
	}
}
