package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// hookModule is <addr>::hook, two dispatchable assets:
//
//	struct Count has key { w: u64, d: u64 }
//	struct Refs has key { h: MintRef, r: MintRef }
//	fun init_module(s: &signer) {
//	    // "H": withdraw and deposit hooks that count and move with the TransferRef
//	    // "R": a deposit hook re-entering dispatchable_fungible_asset::deposit
//	    // "D": a derived-balance hook, seven, always 7
//	}
//	public fun withdraw<T: key>(store: Object<T>, amount: u64, r: &TransferRef): FungibleAsset {
//	    borrow_global_mut<Count>(@addr).w += 1; fungible_asset::withdraw_with_ref(r, store, amount) }
//	public fun deposit<T: key>(store: Object<T>, fa: FungibleAsset, r: &TransferRef) {
//	    borrow_global_mut<Count>(@addr).d += 1; fungible_asset::deposit_with_ref(r, store, fa) }
//	public fun seven<T: key>(_store: Object<T>): u64 { 7 }
//	public fun deposit_reenter<T: key>(store: Object<T>, fa: FungibleAsset, _r: &TransferRef) {
//	    dispatchable_fungible_asset::deposit(store, fa) }
//	public entry fun mint_h(s: &signer, to: address, amount: u64) / mint_r(…)
//	public entry fun pay(s: &signer, to: address, amount: u64)  // primary_fungible_store::transfer of H from here
//	public entry fun bad_register(s: &signer)  // "B" with deposit registered as its withdraw hook
//	public entry fun missing_hook(s: &signer)  // "C" with hook::nope, which does not exist
func hookModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "hook")
	b := k.b
	objMod, faMod, pfsMod := b.ModuleRef(one, "object"), b.ModuleRef(one, "fungible_asset"), b.ModuleRef(one, "primary_fungible_store")
	dfaMod, fiMod := b.ModuleRef(one, "dispatchable_fungible_asset"), b.ModuleRef(one, "function_info")
	ds := bytecode.AbilityDrop | bytecode.AbilityStore
	key := []bytecode.AbilitySet{bytecode.AbilityKey}
	T := bytecode.TypeParameter(0)
	ctorT := bytecode.StructOf(b.ImportStruct(objMod, "ConstructorRef", bytecode.AbilityDrop))
	objH := b.ImportStruct(objMod, "Object", bytecode.AbilityCopy|ds, bytecode.StructTypeParameter{IsPhantom: true})
	metaT := bytecode.StructOf(b.ImportStruct(faMod, "Metadata", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityKey))
	mintT := bytecode.StructOf(b.ImportStruct(faMod, "MintRef", ds))
	refT := bytecode.StructOf(b.ImportStruct(faMod, "TransferRef", ds))
	faT := bytecode.StructOf(b.ImportStruct(faMod, "FungibleAsset", 0))
	fiT := bytecode.StructOf(b.ImportStruct(fiMod, "FunctionInfo", bytecode.AbilityCopy|ds))
	count := b.Struct("Count", bytecode.AbilityKey, bytecode.Field("w", u64T), bytecode.Field("d", u64T))
	refs := b.Struct("Refs", bytecode.AbilityKey, bytecode.Field("h", mintT), bytecode.Field("r", mintT))
	sig := bytecode.Ref(bytecode.Signer)
	optFI := optOf(fiT)
	someFI := k.callG(k.fn("option", "some", anyTP, []tok{T}, []tok{optOf(T)}), fiT)
	noneFI := k.callG(k.fn("option", "none", anyTP, nil, []tok{optOf(T)}), fiT)
	noneU128 := k.callG(k.fn("option", "none", anyTP, nil, []tok{optOf(T)}), bytecode.U128)
	named := b.ImportFunction(objMod, "create_named_object", bytecode.Fn{Params: []tok{sig, bytecode.Vector(bytecode.U8)}, Returns: []tok{ctorT}})
	createPSE := b.ImportFunction(pfsMod, "create_primary_store_enabled_fungible_asset",
		bytecode.Fn{Params: []tok{bytecode.Ref(ctorT), optOf(bytecode.U128), strT, strT, bytecode.U8, strT, strT}})
	newFI := b.ImportFunction(fiMod, "new_function_info", bytecode.Fn{Params: []tok{sig, strT, strT}, Returns: []tok{fiT}})
	register := b.ImportFunction(dfaMod, "register_dispatch_functions", bytecode.Fn{Params: []tok{bytecode.Ref(ctorT), optFI, optFI, optFI}})
	genMint := b.ImportFunction(faMod, "generate_mint_ref", bytecode.Fn{Params: []tok{bytecode.Ref(ctorT)}, Returns: []tok{mintT}})
	var code []bytecode.Instruction
	add := func(is ...bytecode.Instruction) { code = append(code, is...) }
	fi := func(name string) {
		add(in(bytecode.OpCopyLoc, 0))
		add(k.utf8("hook")...)
		add(k.utf8(name)...)
		add(callF(newFI), someFI)
	}
	asset := func(seed string, local uint64) {
		add(in(bytecode.OpCopyLoc, 0), k.bytes([]byte(seed)), callF(named), in(bytecode.OpStLoc, local), in(bytecode.OpImmBorrowLoc, local), noneU128)
		add(k.utf8("Asset " + seed)...)
		add(k.utf8(seed)...)
		add(in(bytecode.OpLdU8, 0))
		add(k.utf8("")...)
		add(k.utf8("")...)
		add(callF(createPSE), in(bytecode.OpImmBorrowLoc, local))
	}
	asset("H", 1)
	fi("withdraw")
	fi("deposit")
	add(noneFI, callF(register))
	asset("R", 2)
	add(noneFI)
	fi("deposit_reenter")
	add(noneFI, callF(register))
	asset("D", 3)
	add(noneFI, noneFI)
	fi("seven")
	add(callF(register))
	add(in(bytecode.OpCopyLoc, 0), in(bytecode.OpImmBorrowLoc, 1), callF(genMint), in(bytecode.OpImmBorrowLoc, 2), callF(genMint),
		in(bytecode.OpPack, uint64(refs)), in(bytecode.OpMoveTo, uint64(refs)),
		in(bytecode.OpMoveLoc, 0), in(bytecode.OpLdU64, 0), in(bytecode.OpLdU64, 0), in(bytecode.OpPack, uint64(count)), in(bytecode.OpMoveTo, uint64(count)), in(bytecode.OpRet))
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []tok{sig}, Locals: []tok{ctorT, ctorT, ctorT}, Code: code})

	self := uint64(b.Constant(bytecode.Address, addr[:]))
	objT := bytecode.StructOf(objH, T)
	bump := func(field string) []bytecode.Instruction {
		return []bytecode.Instruction{in(bytecode.OpLdConst, self), in(bytecode.OpMutBorrowGlobal, uint64(count)),
			in(bytecode.OpMutBorrowField, uint64(b.FieldHandle(count, field))), in(bytecode.OpStLoc, 3),
			in(bytecode.OpCopyLoc, 3), in(bytecode.OpReadRef), in(bytecode.OpLdU64, 1), in(bytecode.OpAdd), in(bytecode.OpMoveLoc, 3), in(bytecode.OpWriteRef)}
	}
	withdrawRef := b.ImportFunction(faMod, "withdraw_with_ref", bytecode.Fn{TypeParams: key, Params: []tok{bytecode.Ref(refT), objT, u64T}, Returns: []tok{faT}})
	depositRef := b.ImportFunction(faMod, "deposit_with_ref", bytecode.Fn{TypeParams: key, Params: []tok{bytecode.Ref(refT), objT, faT}})
	dfaDeposit := b.ImportFunction(dfaMod, "deposit", bytecode.Fn{TypeParams: key, Params: []tok{objT, faT}})
	mut64 := bytecode.MutRef(u64T)
	b.Function("withdraw", bytecode.Public, bytecode.Fn{TypeParams: key, Params: []tok{objT, u64T, bytecode.Ref(refT)}, Returns: []tok{faT},
		Locals: []tok{mut64}, Acquires: []bytecode.StructDefIndex{count},
		Code: append(bump("w"), in(bytecode.OpMoveLoc, 2), in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 1), k.callG(withdrawRef, T), in(bytecode.OpRet))})
	b.Function("deposit", bytecode.Public, bytecode.Fn{TypeParams: key, Params: []tok{objT, faT, bytecode.Ref(refT)},
		Locals: []tok{mut64}, Acquires: []bytecode.StructDefIndex{count},
		Code: append(bump("d"), in(bytecode.OpMoveLoc, 2), in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 1), k.callG(depositRef, T), in(bytecode.OpRet))})
	b.Function("seven", bytecode.Public, bytecode.Fn{TypeParams: key, Params: []tok{objT}, Returns: []tok{u64T},
		Code: []bytecode.Instruction{in(bytecode.OpLdU64, 7), in(bytecode.OpRet)}})
	b.Function("deposit_reenter", bytecode.Public, bytecode.Fn{TypeParams: key, Params: []tok{objT, faT, bytecode.Ref(refT)},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 1), k.callG(dfaDeposit, T), in(bytecode.OpRet)}})

	pfsMint := b.ImportFunction(pfsMod, "mint", bytecode.Fn{Params: []tok{bytecode.Ref(mintT), bytecode.Address, u64T}})
	for _, f := range []string{"h", "r"} {
		b.Function("mint_"+f, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, bytecode.Address, u64T}, Acquires: []bytecode.StructDefIndex{refs},
			Code: []bytecode.Instruction{in(bytecode.OpLdConst, self), in(bytecode.OpImmBorrowGlobal, uint64(refs)),
				in(bytecode.OpImmBorrowField, uint64(b.FieldHandle(refs, f))), in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2), callF(pfsMint), in(bytecode.OpRet)}})
	}
	h := crypto.ObjectAddressFromSeed(addr, []byte("H"))
	toObject := b.ImportFunction(objMod, "address_to_object", bytecode.Fn{TypeParams: key, Params: []tok{bytecode.Address}, Returns: []tok{objT}})
	pfsTransfer := b.ImportFunction(pfsMod, "transfer", bytecode.Fn{TypeParams: key, Params: []tok{sig, objT, bytecode.Address, u64T}})
	b.Function("pay", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, bytecode.Address, u64T},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpLdConst, uint64(b.Constant(bytecode.Address, h[:]))), k.callG(toObject, metaT),
			in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2), k.callG(pfsTransfer, metaT), in(bytecode.OpRet)}})
	code = nil
	asset("B", 1)
	fi("deposit")
	add(noneFI, noneFI, callF(register), in(bytecode.OpRet))
	b.Function("bad_register", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig}, Locals: []tok{ctorT}, Code: code})
	code = nil
	asset("C", 1)
	fi("nope")
	add(noneFI, noneFI, callF(register), in(bytecode.OpRet))
	b.Function("missing_hook", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig}, Locals: []tok{ctorT}, Code: code})
	return k.code()
}

// TestDispatchableFungibleAssetFromMove: an asset registers withdraw and
// deposit hooks; primary_fungible_store::transfer runs them on the
// interpreter (they count in the issuer's resource and move the amount
// with the TransferRef they are given); fungible_asset's own transfer
// refuses the asset (EINVALID_DISPATCHABLE_OPERATIONS); re-entering the
// hook's module or dispatchable_fungible_asset fails with
// RUNTIME_DISPATCH_ERROR; a hook of the wrong signature is refused at
// registration (EWITHDRAW_FUNCTION_SIGNATURE_MISMATCH), one that does not
// exist too (function_info's EINVALID_FUNCTION).
func TestDispatchableFungibleAssetFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	if out := c.publish(a, packageMeta("Hook", 1, []string{"hook"}, stdDeps...), hookModule(t, a.Address)); !out.Info.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	h, r := crypto.ObjectAddressFromSeed(a.Address, []byte("H")), crypto.ObjectAddressFromSeed(a.Address, []byte("R"))
	run := func(from vmstub.DevAccount, p txn.TransactionPayload) {
		t.Helper()
		if out := c.mustExec(from.Sign(c.raw(from, p))); !out.Info.Success() {
			t.Fatalf("%+v: %s", p, out.Info.Status.String())
		}
	}
	hook := func(fn string, args ...[]byte) txn.TransactionPayload {
		return vmstub.EntryPayload(a.Address, "hook", fn, nil, args...)
	}
	A, B := vmstub.AddressValue(a.Address), vmstub.AddressValue(b.Address)
	run(a, hook("mint_h", A, vmstub.U64Value(100)))
	run(a, hook("mint_r", A, vmstub.U64Value(100)))
	countTag := a.Address.String() + "::hook::Count"
	if got := c.json(a.Address, countTag); got != `{"d":"0","w":"0"}` {
		t.Fatalf("hooks ran on mint: %s", got)
	}
	run(a, pfsTransfer(h, b.Address, 30))
	if got := c.json(a.Address, countTag); got != `{"d":"1","w":"1"}` {
		t.Errorf("Count after a transfer %s, want each hook once", got)
	}
	meta := []string{"0x1::fungible_asset::Metadata"}
	if got := c.mustView("0x1::primary_fungible_store::balance", meta, addrJSON(a.Address), addrJSON(h)) +
		c.mustView("0x1::primary_fungible_store::balance", meta, addrJSON(b.Address), addrJSON(h)); got != `["70"]["30"]` {
		t.Errorf("balances %s", got)
	}
	storeA, storeB := crypto.PrimaryStoreAddress(a.Address, h), crypto.PrimaryStoreAddress(b.Address, h)
	if got := c.mustView("0x1::fungible_asset::is_store_dispatchable", []string{"0x1::fungible_asset::FungibleStore"}, addrJSON(storeA)); got != `[true]` {
		t.Errorf("is_store_dispatchable %s", got)
	}
	exec := func(from vmstub.DevAccount, p txn.TransactionPayload) storage.Transaction {
		return c.mustExec(from.Sign(c.raw(from, p)))
	}
	out := exec(a, vmstub.EntryPayload(one, "fungible_asset", "transfer", []ledgerapi.TypeTag{structType("0x1::fungible_asset::FungibleStore")},
		vmstub.AddressValue(storeA), vmstub.AddressValue(storeB), vmstub.U64Value(1)))
	wantAbort(t, out, "fungible_asset::transfer of a dispatchable asset", "0x1::fungible_asset: EINVALID_DISPATCHABLE_OPERATIONS(0x1001c)")
	out = exec(a, hook("pay", B, vmstub.U64Value(1)))
	// An execution failure's status keeps where it happened, not its code
	// (as Aptos's): the refused call into the running module, in pay at the
	// call of primary_fungible_store::transfer (offset 5), in
	// deposit_reenter at the call of dispatchable_fungible_asset::deposit
	// (offset 2). movevm's TestCallRefusesReentrancy checks the code.
	wantDispatchError := func(what string, out storage.Transaction, offset uint16) {
		t.Helper()
		st := out.Info.Status
		if st.Kind != onchain.KindExecutionFailure || st.Location.Module != (ledgerapi.ModuleId{Address: a.Address, Name: "hook"}) || st.CodeOffset != offset {
			t.Errorf("%s: status %s, want an execution failure in hook at offset %d", what, st.String(), offset)
		}
	}
	wantDispatchError("a transfer from the hook's own module", out, 5)
	out = exec(a, pfsTransfer(r, b.Address, 1))
	wantDispatchError("a deposit hook re-entering dispatchable_fungible_asset", out, 2)
	out = exec(a, hook("bad_register"))
	wantAbort(t, out, "a deposit function registered as withdraw hook", "0x1::fungible_asset: EWITHDRAW_FUNCTION_SIGNATURE_MISMATCH(0x10019)")
	// A derived balance: the views run the hook (the store, created by a
	// transfer of 0, holds nothing).
	d := crypto.ObjectAddressFromSeed(a.Address, []byte("D"))
	run(a, pfsTransfer(d, b.Address, 0))
	storeD := crypto.PrimaryStoreAddress(a.Address, d)
	if got := c.mustView("0x1::primary_fungible_store::balance", meta, addrJSON(a.Address), addrJSON(d)) +
		c.mustView("0x1::dispatchable_fungible_asset::derived_balance", []string{"0x1::fungible_asset::FungibleStore"}, addrJSON(storeD)) +
		c.mustView("0x1::fungible_asset::balance", []string{"0x1::fungible_asset::FungibleStore"}, addrJSON(storeD)) +
		c.mustView("0x1::primary_fungible_store::is_balance_at_least", meta, addrJSON(a.Address), addrJSON(d), `"7"`); got != `["7"]["7"]["0"][true]` {
		t.Errorf("derived balances %s", got)
	}
	out = exec(a, hook("missing_hook"))
	wantAbort(t, out, "a hook that does not exist", "0x1::function_info: EINVALID_FUNCTION(0x2)")
	if got := c.json(a.Address, countTag); got != `{"d":"1","w":"1"}` {
		t.Errorf("Count after the failures %s", got)
	}
}
