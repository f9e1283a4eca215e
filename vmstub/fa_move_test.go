package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// tstModule is <addr>::tst, a fungible asset made as Aptos's examples
// make one:
//
//	struct Refs has key { mint: MintRef, burn: BurnRef, transfer: TransferRef, mutate: MutateMetadataRef }
//	fun init_module(s: &signer) {
//	    let ctor = object::create_named_object(s, b"FA");
//	    primary_fungible_store::create_primary_store_enabled_fungible_asset(&ctor, option::some(1000000),
//	        utf8(b"Test Coin"), utf8(b"TST"), 8, utf8(b"https://icon"), utf8(b"https://proj"));
//	    move_to(s, Refs { mint: generate_mint_ref(&ctor), burn: …, transfer: …, mutate: … });
//	}
//	public entry fun mint(s: &signer, to: address, amount: u64)      // primary_fungible_store::mint
//	public entry fun burn(s: &signer, from: address, amount: u64)    // primary_fungible_store::burn
//	public entry fun freeze(s: &signer, who: address, frozen: bool)  // primary_fungible_store::set_frozen_flag
//	public entry fun make(s: &signer, name: String, symbol: String, decimals: u8)
//	    // another asset, unlimited, named object "M"
//	public entry fun make_deletable(s: &signer)
//	    // fungible_asset::add_fungibility on a deletable object
func tstModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "tst")
	b := k.b
	objMod, faMod, pfsMod := b.ModuleRef(one, "object"), b.ModuleRef(one, "fungible_asset"), b.ModuleRef(one, "primary_fungible_store")
	ds := bytecode.AbilityDrop | bytecode.AbilityStore
	ctorT := bytecode.StructOf(b.ImportStruct(objMod, "ConstructorRef", bytecode.AbilityDrop))
	objH := b.ImportStruct(objMod, "Object", bytecode.AbilityCopy|ds, bytecode.StructTypeParameter{IsPhantom: true})
	metaT := bytecode.StructOf(b.ImportStruct(faMod, "Metadata", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityKey))
	refs := []string{"MintRef", "BurnRef", "TransferRef", "MutateMetadataRef"}
	refT := map[string]tok{}
	for _, r := range refs {
		refT[r] = bytecode.StructOf(b.ImportStruct(faMod, r, ds))
	}
	refsDef := b.Struct("Refs", bytecode.AbilityKey, bytecode.Field("mint", refT["MintRef"]), bytecode.Field("burn", refT["BurnRef"]),
		bytecode.Field("transfer", refT["TransferRef"]), bytecode.Field("mutate", refT["MutateMetadataRef"]))
	sig := bytecode.Ref(bytecode.Signer)
	U128 := bytecode.U128
	some := k.callG(k.fn("option", "some", anyTP, []tok{bytecode.TypeParameter(0)}, []tok{optOf(bytecode.TypeParameter(0))}), U128)
	none := k.callG(k.fn("option", "none", anyTP, nil, []tok{optOf(bytecode.TypeParameter(0))}), U128)
	named := b.ImportFunction(objMod, "create_named_object", bytecode.Fn{Params: []tok{sig, bytecode.Vector(bytecode.U8)}, Returns: []tok{ctorT}})
	createObj := b.ImportFunction(objMod, "create_object", bytecode.Fn{Params: []tok{bytecode.Address}, Returns: []tok{ctorT}})
	faParams := []tok{bytecode.Ref(ctorT), optOf(U128), strT, strT, bytecode.U8, strT, strT}
	createPSE := b.ImportFunction(pfsMod, "create_primary_store_enabled_fungible_asset", bytecode.Fn{Params: faParams})
	addFung := b.ImportFunction(faMod, "add_fungibility", bytecode.Fn{Params: faParams, Returns: []tok{bytecode.StructOf(objH, metaT)}})
	var code []bytecode.Instruction
	add := func(is ...bytecode.Instruction) { code = append(code, is...) }
	add(in(bytecode.OpCopyLoc, 0), k.bytes([]byte("FA")), callF(named), in(bytecode.OpStLoc, 1),
		in(bytecode.OpImmBorrowLoc, 1), in(bytecode.OpLdConst, uint64(b.Constant(U128, le128(n(1000000))))), some)
	add(k.utf8("Test Coin")...)
	add(k.utf8("TST")...)
	add(in(bytecode.OpLdU8, 8))
	add(k.utf8("https://icon")...)
	add(k.utf8("https://proj")...)
	add(callF(createPSE), in(bytecode.OpMoveLoc, 0))
	for _, r := range refs {
		gen := "generate_" + map[string]string{"MintRef": "mint", "BurnRef": "burn", "TransferRef": "transfer", "MutateMetadataRef": "mutate_metadata"}[r] + "_ref"
		add(in(bytecode.OpImmBorrowLoc, 1), callF(b.ImportFunction(faMod, gen, bytecode.Fn{Params: []tok{bytecode.Ref(ctorT)}, Returns: []tok{refT[r]}})))
	}
	add(in(bytecode.OpPack, uint64(refsDef)), in(bytecode.OpMoveTo, uint64(refsDef)), in(bytecode.OpRet))
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []tok{sig}, Locals: []tok{ctorT}, Code: code})
	self := uint64(b.Constant(bytecode.Address, addr[:]))
	withRef := func(name, field, ref string, third tok, fn string) {
		h := b.ImportFunction(pfsMod, fn, bytecode.Fn{Params: []tok{bytecode.Ref(refT[ref]), bytecode.Address, third}})
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, bytecode.Address, third}, Acquires: []bytecode.StructDefIndex{refsDef},
			Code: []bytecode.Instruction{in(bytecode.OpLdConst, self), in(bytecode.OpImmBorrowGlobal, uint64(refsDef)),
				in(bytecode.OpImmBorrowField, uint64(b.FieldHandle(refsDef, field))), in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2),
				callF(h), in(bytecode.OpRet)}})
	}
	withRef("mint", "mint", "MintRef", u64T, "mint")
	withRef("burn", "burn", "BurnRef", u64T, "burn")
	withRef("freeze", "transfer", "TransferRef", bytecode.Bool, "set_frozen_flag")
	code = []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), k.bytes([]byte("M")), callF(named), in(bytecode.OpStLoc, 4),
		in(bytecode.OpImmBorrowLoc, 4), none, in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2), in(bytecode.OpMoveLoc, 3)}
	code = append(code, k.utf8("")...)
	code = append(code, k.utf8("")...)
	code = append(code, callF(createPSE), in(bytecode.OpRet))
	b.Function("make", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, strT, strT, bytecode.U8}, Locals: []tok{ctorT}, Code: code})
	code = []bytecode.Instruction{in(bytecode.OpLdConst, self), callF(createObj), in(bytecode.OpStLoc, 1), in(bytecode.OpImmBorrowLoc, 1), none}
	code = append(code, k.utf8("D")...)
	code = append(code, k.utf8("D")...)
	code = append(code, in(bytecode.OpLdU8, 0))
	code = append(code, k.utf8("")...)
	code = append(code, k.utf8("")...)
	code = append(code, callF(addFung), in(bytecode.OpPop), in(bytecode.OpRet))
	b.Function("make_deletable", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig}, Locals: []tok{ctorT}, Code: code})
	return k.code()
}

// pfsTransfer is primary_fungible_store::transfer<Metadata>(metadata, to, amount).
func pfsTransfer(metadata, to ledgerapi.Address, amount uint64) txn.TransactionPayload {
	return vmstub.EntryPayload(one, "primary_fungible_store", "transfer", []ledgerapi.TypeTag{structType("0x1::fungible_asset::Metadata")},
		vmstub.AddressValue(metadata), vmstub.AddressValue(to), vmstub.U64Value(amount))
}

// TestFungibleAssetFromMove: a package creates a fungible asset with
// create_primary_store_enabled_fungible_asset in its init_module; its
// refs mint, freeze and burn; primary_fungible_store::transfer moves it;
// the resources, events, views and each abort are Aptos's.
func TestFungibleAssetFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	out := c.publish(a, packageMeta("Tst", 1, []string{"tst"}, stdDeps...), tstModule(t, a.Address))
	if !out.Info.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	meta := crypto.ObjectAddressFromSeed(a.Address, []byte("FA"))
	M := meta.String()
	for k, want := range map[string]string{
		"0x1::fungible_asset::Metadata@" + M:             `{"decimals":8,"icon_uri":"https://icon","name":"Test Coin","project_uri":"https://proj","symbol":"TST"}`,
		"0x1::fungible_asset::ConcurrentSupply@" + M:     `{"current":{"max_value":"1000000","value":"0"}}`,
		"0x1::primary_fungible_store::DeriveRefPod@" + M: `{"metadata_derive_ref":{"self":"` + M + `"}}`,
	} {
		tag, at, _ := strings.Cut(k, "@")
		if got := c.json(ledgerapi.MustParseAddress(at), tag); got != want {
			t.Errorf("%s\n got  %s\n want %s", k, got, want)
		}
	}
	metaArg := []string{"0x1::fungible_asset::Metadata"}
	view := func(fn string, args ...string) string {
		t.Helper()
		return c.mustView(fn, metaArg, args...)
	}
	run := func(from vmstub.DevAccount, p txn.TransactionPayload) map[string]string {
		t.Helper()
		js, out := c.run(t, from, p)
		if !out.Info.Success() {
			t.Fatalf("%+v: %s", p, out.Info.Status.String())
		}
		return js
	}
	call := func(fn string, args ...[]byte) txn.TransactionPayload {
		return vmstub.EntryPayload(a.Address, "tst", fn, nil, args...)
	}
	A, B := vmstub.AddressValue(a.Address), vmstub.AddressValue(b.Address)
	storeA, storeB := crypto.PrimaryStoreAddress(a.Address, meta), crypto.PrimaryStoreAddress(b.Address, meta)

	js := run(a, call("mint", A, vmstub.U64Value(1000)))
	if got, want := js["0x1::fungible_asset::FungibleStore@"+storeA.String()], `{"balance":"1000","frozen":false,"metadata":{"inner":"`+M+`"}}`; got != want {
		t.Errorf("minted store\n got  %s\n want %s", got, want)
	}
	if got, want := js["event 0x1::fungible_asset::Deposit#0"], `{"amount":"1000","store":"`+storeA.String()+`"}`; got != want {
		t.Errorf("mint Deposit %s, want %s", got, want)
	}
	if got := view("0x1::fungible_asset::supply", addrJSON(meta)); got != `[{"vec":["1000"]}]` {
		t.Errorf("supply %s", got)
	}

	js = run(a, pfsTransfer(meta, b.Address, 300))
	if got, want := js["event 0x1::fungible_asset::Withdraw#0"]+js["event 0x1::fungible_asset::Deposit#1"],
		`{"amount":"300","store":"`+storeA.String()+`"}{"amount":"300","store":"`+storeB.String()+`"}`; got != want {
		t.Errorf("transfer events %s, want %s", got, want)
	}
	if got := js["0x1::object::ObjectCore@"+storeB.String()]; !strings.Contains(got, `"allow_ungated_transfer":false`) || !strings.Contains(got, `"owner":"`+b.Address.String()+`"`) {
		t.Errorf("recipient's primary store object %s", got)
	}
	if got := view("0x1::primary_fungible_store::balance", addrJSON(a.Address), addrJSON(meta)) + view("0x1::primary_fungible_store::balance", addrJSON(b.Address), addrJSON(meta)); got != `["700"]["300"]` {
		t.Errorf("balances after transfer %s", got)
	}

	js = run(a, call("freeze", B, vmstub.BoolValue(true)))
	if got, want := js["event 0x1::fungible_asset::Frozen#0"], `{"frozen":true,"store":"`+storeB.String()+`"}`; got != want {
		t.Errorf("Frozen %s, want %s", got, want)
	}
	if got := view("0x1::primary_fungible_store::is_frozen", addrJSON(b.Address), addrJSON(meta)); got != `[true]` {
		t.Errorf("is_frozen %s", got)
	}
	_, out = c.run(t, b, pfsTransfer(meta, a.Address, 1))
	wantAbort(t, out, "transfer from a frozen store", "0x1::fungible_asset: ESTORE_IS_FROZEN(0x50003)")
	_, out = c.run(t, a, pfsTransfer(meta, b.Address, 1))
	wantAbort(t, out, "transfer to a frozen store", "0x1::fungible_asset: ESTORE_IS_FROZEN(0x50003)")
	run(a, call("freeze", B, vmstub.BoolValue(false)))
	run(b, pfsTransfer(meta, a.Address, 100))

	js = run(a, call("burn", A, vmstub.U64Value(50)))
	if got := view("0x1::fungible_asset::supply", addrJSON(meta)) + view("0x1::primary_fungible_store::balance", addrJSON(a.Address), addrJSON(meta)); got != `[{"vec":["950"]}]["750"]` {
		t.Errorf("after burn: supply, balance %s", got)
	}
	if got := js["event 0x1::fungible_asset::Withdraw#0"]; got != `{"amount":"50","store":"`+storeA.String()+`"}` {
		t.Errorf("burn Withdraw %s", got)
	}
	for _, tc := range []struct {
		name string
		from vmstub.DevAccount
		p    txn.TransactionPayload
		want string
	}{
		{"overdraw", a, pfsTransfer(meta, b.Address, 751), "0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004)"},
		{"mint beyond the maximum", a, call("mint", A, vmstub.U64Value(999051)), "0x1::fungible_asset: EMAX_SUPPLY_EXCEEDED(0x20005)"},
		{"burn from an account without a store", a, call("burn", vmstub.AddressValue(c.vm.DevAccounts()[2].Address), vmstub.U64Value(1)),
			"0x1::object: EOBJECT_DOES_NOT_EXIST(0x60002)"},
		{"name of 33 bytes", a, call("make", vmstub.StringValue(strings.Repeat("n", 33)), vmstub.StringValue("S"), []byte{8}), "0x1::fungible_asset: ENAME_TOO_LONG(0x2000f)"},
		{"symbol of 11 bytes", a, call("make", vmstub.StringValue("N"), vmstub.StringValue(strings.Repeat("s", 11)), []byte{8}), "0x1::fungible_asset: ESYMBOL_TOO_LONG(0x20010)"},
		{"33 decimals", a, call("make", vmstub.StringValue("N"), vmstub.StringValue("S"), []byte{33}), "0x1::fungible_asset: EDECIMALS_TOO_LARGE(0x20011)"},
		{"deletable object", a, call("make_deletable"), "0x1::fungible_asset: EOBJECT_IS_DELETABLE(0x10012)"},
	} {
		_, out := c.run(t, tc.from, tc.p)
		wantAbort(t, out, tc.name, tc.want)
	}
	// The limits themselves are accepted; maximum of an unlimited asset is none.
	run(a, call("make", vmstub.StringValue(strings.Repeat("n", 32)), vmstub.StringValue(strings.Repeat("s", 10)), []byte{32}))
	other := crypto.ObjectAddressFromSeed(a.Address, []byte("M"))
	if got := view("0x1::fungible_asset::maximum", addrJSON(other)) + view("0x1::fungible_asset::maximum", addrJSON(meta)); got != `[{"vec":[]}][{"vec":["1000000"]}]` {
		t.Errorf("maximum %s", got)
	}
	if got := view("0x1::fungible_asset::decimals", addrJSON(other)) + view("0x1::fungible_asset::symbol", addrJSON(meta)); got != `[32]["TST"]` {
		t.Errorf("decimals, symbol %s", got)
	}
}

// TestFACoinSample: the sdkinterop sample fa_coin (samples.FACoin)
// publishes, mints to primary stores, transfers and freezes.
func TestFACoinSample(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	code, err := samples.FACoin(a.Address)
	if err != nil {
		t.Fatal(err)
	}
	if out := c.publish(a, packageMeta("FACoin", 1, []string{"fa_coin"}, stdDeps...), code); !out.Info.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	meta := crypto.ObjectAddressFromSeed(a.Address, []byte("FACOIN"))
	if got := c.json(meta, "0x1::fungible_asset::Metadata"); got != `{"decimals":8,"icon_uri":"https://fa.coin/icon.png","name":"FA Coin","project_uri":"https://fa.coin","symbol":"FAC"}` {
		t.Errorf("Metadata %s", got)
	}
	for _, p := range []txn.TransactionPayload{
		vmstub.EntryPayload(a.Address, "fa_coin", "mint", nil, vmstub.AddressValue(a.Address), vmstub.U64Value(500)),
		pfsTransfer(meta, b.Address, 200),
		vmstub.EntryPayload(a.Address, "fa_coin", "burn", nil, vmstub.AddressValue(b.Address), vmstub.U64Value(50)),
		vmstub.EntryPayload(a.Address, "fa_coin", "freeze_account", nil, vmstub.AddressValue(b.Address)),
	} {
		if out := c.mustExec(a.Sign(c.raw(a, p))); !out.Info.Success() {
			t.Fatalf("%+v: %s", p, out.Info.Status.String())
		}
	}
	meta1 := []string{"0x1::fungible_asset::Metadata"}
	if got := c.mustView("0x1::primary_fungible_store::balance", meta1, addrJSON(a.Address), addrJSON(meta)) +
		c.mustView("0x1::primary_fungible_store::balance", meta1, addrJSON(b.Address), addrJSON(meta)) +
		c.mustView("0x1::primary_fungible_store::is_frozen", meta1, addrJSON(b.Address), addrJSON(meta)) +
		c.mustView("0x1::fungible_asset::supply", meta1, addrJSON(meta)); got != `["300"]["150"][true][{"vec":["450"]}]` {
		t.Errorf("balances, frozen, supply %s", got)
	}
}
