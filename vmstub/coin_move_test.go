package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
)

// coinModule is <addr>::mycoin, a coin written as Aptos's tutorials do:
//
//	struct MyCoin {}                    struct Other {}   (for managed_coin)
//	struct Caps has key { burn, freeze, mint }   (MyCoin's capabilities)
//	entry init(s, name: String, symbol: String, decimals: u8):
//	    coin::initialize<MyCoin>(s, name, symbol, decimals, true) moved to s as Caps
//	entry mint_to(s, to, amount): coin::deposit(to, coin::mint(amount, &caps.mint))
//	entry burn_own(s, amount): coin::burn(coin::withdraw<MyCoin>(s, amount), &caps.burn)
//	entry freeze(s, who) / unfreeze(s, who): coin::(un)freeze_coin_store(who, &caps.freeze)
//	entry to_fa(s, amount): primary_fungible_store::deposit(s, coin::coin_to_fungible_asset(coin::withdraw(s, amount)))
//	entry refs(s, twice: bool): coin::get_paired_mint_ref(&caps.mint) returned with its
//	    receipt (taken a second time first when twice)
//	entry destroy(s): Caps moved out, its capabilities destroyed
func coinModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "mycoin")
	b := k.b
	coinRef := b.ModuleRef(one, "coin")
	phantom := bytecode.StructTypeParameter{IsPhantom: true}
	copyStore := bytecode.AbilityCopy | bytecode.AbilityStore
	burnH := b.ImportStruct(coinRef, "BurnCapability", copyStore, phantom)
	freezeH := b.ImportStruct(coinRef, "FreezeCapability", copyStore, phantom)
	mintH := b.ImportStruct(coinRef, "MintCapability", copyStore, phantom)
	coinH := b.ImportStruct(coinRef, "Coin", bytecode.AbilityStore, phantom)
	receiptH := b.ImportStruct(coinRef, "MintRefReceipt", 0)
	faRef := b.ModuleRef(one, "fungible_asset")
	faT := bytecode.StructOf(b.ImportStruct(faRef, "FungibleAsset", 0))
	mintRefT := bytecode.StructOf(b.ImportStruct(faRef, "MintRef", bytecode.AbilityDrop|bytecode.AbilityStore))
	burnRefT := bytecode.StructOf(b.ImportStruct(faRef, "BurnRef", bytecode.AbilityDrop|bytecode.AbilityStore))
	receiptT := bytecode.StructOf(receiptH)
	my := b.Struct("MyCoin", 0, bytecode.Field("dummy_field", bytecode.Bool))
	b.Struct("Other", 0, bytecode.Field("dummy_field", bytecode.Bool))
	myT := b.StructType(my)
	tp := bytecode.TypeParameter(0)
	capsOf := func(t tok) []tok {
		return []tok{bytecode.StructOf(burnH, t), bytecode.StructOf(freezeH, t), bytecode.StructOf(mintH, t)}
	}
	caps := b.Struct("Caps", bytecode.AbilityKey, bytecode.Field("burn", capsOf(myT)[0]), bytecode.Field("freeze", capsOf(myT)[1]),
		bytecode.Field("mint", capsOf(myT)[2]))
	burnF, freezeF, mintF := b.FieldHandle(caps, "burn"), b.FieldHandle(caps, "freeze"), b.FieldHandle(caps, "mint")
	sig := bytecode.Ref(bytecode.Signer)
	coinTP, coinMy := bytecode.StructOf(coinH, tp), bytecode.StructOf(coinH, myT)
	initialize := k.fn("coin", "initialize", anyTP, []tok{sig, strT, strT, bytecode.U8, bytecode.Bool}, capsOf(tp))
	mint := k.fn("coin", "mint", anyTP, []tok{u64T, bytecode.Ref(capsOf(tp)[2])}, []tok{coinTP})
	deposit := k.fn("coin", "deposit", anyTP, []tok{bytecode.Address, coinTP}, nil)
	withdraw := k.fn("coin", "withdraw", anyTP, []tok{sig, u64T}, []tok{coinTP})
	burn := k.fn("coin", "burn", anyTP, []tok{coinTP, bytecode.Ref(capsOf(tp)[0])}, nil)
	freeze := k.fn("coin", "freeze_coin_store", anyTP, []tok{bytecode.Address, bytecode.Ref(capsOf(tp)[1])}, nil)
	unfreeze := k.fn("coin", "unfreeze_coin_store", anyTP, []tok{bytecode.Address, bytecode.Ref(capsOf(tp)[1])}, nil)
	toFA := k.fn("coin", "coin_to_fungible_asset", anyTP, []tok{coinTP}, []tok{faT})
	getMint := k.fn("coin", "get_paired_mint_ref", anyTP, []tok{bytecode.Ref(capsOf(tp)[2])}, []tok{mintRefT, receiptT})
	retMint := k.fn("coin", "return_paired_mint_ref", nil, []tok{mintRefT, receiptT}, nil)
	pfsDeposit := k.fn("primary_fungible_store", "deposit", nil, []tok{bytecode.Address, faT}, nil)
	addressOf := k.fn("signer", "address_of", nil, []tok{sig}, []tok{bytecode.Address})
	destroyB := k.fn("coin", "destroy_burn_cap", anyTP, capsOf(tp)[:1], nil)
	destroyF := k.fn("coin", "destroy_freeze_cap", anyTP, capsOf(tp)[1:2], nil)
	destroyM := k.fn("coin", "destroy_mint_cap", anyTP, capsOf(tp)[2:], nil)
	entry := func(name string, params, locals []tok, code ...bytecode.Instruction) {
		var acq []bytecode.StructDefIndex
		for _, i := range code {
			if op := i.Op; op == bytecode.OpImmBorrowGlobal || op == bytecode.OpMoveFrom {
				acq = []bytecode.StructDefIndex{caps}
			}
		}
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: params, Locals: locals, Code: append(code, in(bytecode.OpRet)), Acquires: acq})
	}
	myCaps := func(field bytecode.FieldHandleIndex) []bytecode.Instruction { // &caps.field of the signer (local 0)
		return []bytecode.Instruction{in(bytecode.OpCopyLoc, 0), callF(addressOf), in(bytecode.OpImmBorrowGlobal, uint64(caps)),
			in(bytecode.OpImmBorrowField, uint64(field))}
	}
	cat := func(parts ...[]bytecode.Instruction) []bytecode.Instruction {
		var out []bytecode.Instruction
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	I := func(is ...bytecode.Instruction) []bytecode.Instruction { return is }
	b.Function("init", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, strT, strT, bytecode.U8}, Locals: []tok{b.StructType(caps)},
		Code: I(in(bytecode.OpCopyLoc, 0), in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2), in(bytecode.OpMoveLoc, 3), in(bytecode.OpLdTrue),
			k.callG(initialize, myT), in(bytecode.OpPack, uint64(caps)), in(bytecode.OpStLoc, 4), in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 4),
			in(bytecode.OpMoveTo, uint64(caps)), in(bytecode.OpRet))})
	entry("mint_to", []tok{sig, bytecode.Address, u64T}, []tok{coinMy}, cat(I(in(bytecode.OpMoveLoc, 2)), myCaps(mintF),
		I(k.callG(mint, myT), in(bytecode.OpStLoc, 3), in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 3), k.callG(deposit, myT)))...)
	entry("burn_own", []tok{sig, u64T}, nil, cat(I(in(bytecode.OpCopyLoc, 0), in(bytecode.OpMoveLoc, 1), k.callG(withdraw, myT)), myCaps(burnF),
		I(k.callG(burn, myT)))...)
	burnFrom := k.fn("coin", "burn_from", anyTP, []tok{bytecode.Address, u64T, bytecode.Ref(capsOf(tp)[0])}, nil)
	entry("burn_from", []tok{sig, bytecode.Address, u64T}, nil, cat(I(in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2)), myCaps(burnF),
		I(k.callG(burnFrom, myT)))...)
	takeBurn := k.fn("coin", "convert_and_take_paired_burn_ref", anyTP, capsOf(tp)[:1], []tok{burnRefT})
	entry("take_burn", []tok{sig}, nil, cat(myCaps(burnF), I(in(bytecode.OpReadRef), k.callG(takeBurn, myT), in(bytecode.OpPop)))...)
	entry("freeze", []tok{sig, bytecode.Address}, nil, cat(I(in(bytecode.OpMoveLoc, 1)), myCaps(freezeF), I(k.callG(freeze, myT)))...)
	entry("unfreeze", []tok{sig, bytecode.Address}, nil, cat(I(in(bytecode.OpMoveLoc, 1)), myCaps(freezeF), I(k.callG(unfreeze, myT)))...)
	entry("to_fa", []tok{sig, u64T}, []tok{faT}, in(bytecode.OpCopyLoc, 0), in(bytecode.OpMoveLoc, 1), k.callG(withdraw, myT), k.callG(toFA, myT),
		in(bytecode.OpStLoc, 2), in(bytecode.OpMoveLoc, 0), callF(addressOf), in(bytecode.OpMoveLoc, 2), callF(pfsDeposit))
	// refs(s, twice): (ref, receipt) = get; if twice, get again (aborts); return_paired_mint_ref(ref, receipt).
	entry("refs", []tok{sig, bytecode.Bool}, []tok{mintRefT, receiptT}, cat(myCaps(mintF), I(k.callG(getMint, myT), in(bytecode.OpStLoc, 3),
		in(bytecode.OpStLoc, 2), in(bytecode.OpMoveLoc, 1), in(bytecode.OpBrFalse, 15)), myCaps(mintF),
		I(k.callG(getMint, myT), callF(retMint), in(bytecode.OpMoveLoc, 2), in(bytecode.OpMoveLoc, 3), callF(retMint)))...)
	entry("destroy", []tok{sig}, nil, in(bytecode.OpMoveLoc, 0), callF(addressOf), in(bytecode.OpMoveFrom, uint64(caps)), in(bytecode.OpUnpack, uint64(caps)),
		k.callG(destroyM, myT), k.callG(destroyF, myT), k.callG(destroyB, myT))
	return k.code()
}

// TestCoinFromMove: a published coin initialized, minted, registered,
// transferred, frozen, converted to its paired fungible asset, burnt
// across its CoinStore and paired store, with each of coin's aborts on the
// way; the resources read back as the REST API renders them.
func TestCoinFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	if out := c.publish(a, packageMeta("MyCoin", onchain.UpgradeCompatible, []string{"mycoin"}, stdDeps...), coinModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	my := structType(a.Address.String() + "::mycoin::MyCoin").String()
	myT := []ledgerapi.TypeTag{structType(my)}
	at := func(fn string, args ...[]byte) txn.TransactionPayload {
		return vmstub.EntryPayload(a.Address, "mycoin", fn, nil, args...)
	}
	str, u64 := vmstub.StringValue, vmstub.U64Value
	init := func(name, symbol string, decimals uint8) txn.TransactionPayload {
		return at("init", str(name), str(symbol), []byte{decimals})
	}
	run := func(from vmstub.DevAccount, p txn.TransactionPayload, want string) map[string]string {
		t.Helper()
		out := c.mustExec(from.Sign(c.raw(from, p)))
		js := renderState(t, c, out)
		if want == "" && !out.Info.Success() {
			t.Fatalf("%s", out.Info.Status.String())
		}
		if want != "" {
			wantAbort(t, out, "", want)
		}
		return js
	}
	view := func(fn string, args ...string) string {
		t.Helper()
		return c.mustView("0x1::coin::"+fn, []string{my}, args...)
	}
	long := strings.Repeat("x", 33)
	run(a, init(long, "MYC", 6), "0x1::coin: ECOIN_NAME_TOO_LONG(0x1000c)")
	run(a, init("My Coin", long, 6), "0x1::coin: ECOIN_SYMBOL_TOO_LONG(0x1000d)")
	run(a, init("My Coin", "MYC", 33), "0x1::coin: ECOIN_DECIMALS_TOO_LARGE(0x1001d)")
	run(b, init("My Coin", "MYC", 6), "0x1::coin: ECOIN_INFO_ADDRESS_MISMATCH(0x10001)")
	if _, err := c.view("0x1::coin::is_account_registered", []string{my}, addrJSON(b.Address)); err == nil || !strings.Contains(err.Error(), "ECOIN_INFO_NOT_PUBLISHED(0x10003)") {
		t.Errorf("is_account_registered of a coin not initialized: %v", err)
	}
	js := run(a, init("My Coin", "MYC", 6), "")
	if got, want := js["0x1::coin::CoinInfo<"+my+">@"+a.Address.String()], `{"decimals":6,"name":"My Coin","supply":{"vec":[{"aggregator":{"vec":[]},`+
		`"integer":{"vec":[{"limit":"340282366920938463463374607431768211455","value":"0"}]}}]},"symbol":"MYC"}`; got != want {
		t.Errorf("CoinInfo\n got  %s\n want %s", got, want)
	}
	run(a, init("My Coin", "MYC", 6), "0x1::coin: ECOIN_INFO_ALREADY_PUBLISHED(0x80002)")
	if got := view("is_coin_initialized") + view("name") + view("symbol") + view("decimals") + view("supply"); got != `[true]["My Coin"]["MYC"][6][{"vec":["0"]}]` {
		t.Errorf("views: %s", got)
	}
	// No CoinStore and no pairing: nowhere to deposit.
	run(a, at("mint_to", vmstub.AddressValue(b.Address), u64(5)), "0x1::coin: ECOIN_STORE_NOT_PUBLISHED(0x60005)")
	js = run(b, vmstub.EntryPayload(one, "managed_coin", "register", myT), "")
	if got := js["0x1::coin::CoinStore<"+my+">@"+b.Address.String()]; !strings.HasPrefix(got, `{"coin":{"value":"0"},"deposit_events":{"counter":"0","guid":{"id":{"addr":"`+b.Address.String()) ||
		!strings.Contains(got, `"frozen":false`) {
		t.Errorf("CoinStore after register: %s", got)
	}
	if js["event 0x1::account::CoinRegister#0"] == "" {
		t.Errorf("no CoinRegister event: %v", js)
	}
	js = run(a, at("mint_to", vmstub.AddressValue(b.Address), u64(1000)), "")
	if got, want := js["event 0x1::coin::CoinDeposit#0"], `{"account":"`+b.Address.String()+`","amount":"1000","coin_type":"`+my+`"}`; got != want {
		t.Errorf("CoinDeposit\n got  %s\n want %s", got, want)
	}
	if got := view("balance", addrJSON(b.Address)) + view("supply") + view("is_account_registered", addrJSON(b.Address)); got != `["1000"][{"vec":["1000"]}][true]` {
		t.Errorf("after mint: %s", got)
	}
	// A coin without a pairing has no paired refs.
	if _, err := c.view("0x1::coin::paired_burn_ref_exists", []string{my}); err == nil || !strings.Contains(err.Error(), "EPAIRED_FUNGIBLE_ASSET(0x60010)") {
		t.Errorf("paired_burn_ref_exists of an unpaired coin: %v", err)
	}
	// coin::transfer to an account without a CoinStore aborts (and moves nothing);
	// aptos_account::transfer_coins registers it.
	run(b, vmstub.EntryPayload(one, "coin", "transfer", myT, vmstub.AddressValue(a.Address), u64(10)), "0x1::coin: ECOIN_STORE_NOT_PUBLISHED(0x60005)")
	js = run(b, vmstub.EntryPayload(one, "aptos_account", "transfer_coins", myT, vmstub.AddressValue(a.Address), u64(10)), "")
	if got := js["0x1::coin::CoinStore<"+my+">@"+a.Address.String()]; !strings.HasPrefix(got, `{"coin":{"value":"10"}`) {
		t.Errorf("recipient CoinStore: %s", got)
	}
	// The withdrawal from a CoinStore made the coin's pairing (ensure_paired_metadata).
	meta := aptosframework.PairedMetadataAddress(structType(my))
	if got, want := js["event 0x1::coin::PairCreation#0"], `{"coin_type":{"account_address":"`+a.Address.String()+
		`","module_name":"0x6d79636f696e","struct_name":"0x4d79436f696e"},"fungible_asset_metadata_address":"`+meta.String()+`"}`; got != want {
		t.Errorf("PairCreation\n got  %s\n want %s", got, want)
	}
	if got, want := js["0x1::fungible_asset::Metadata@"+meta.String()], `{"decimals":6,"icon_uri":"","name":"My Coin","project_uri":"","symbol":"MYC"}`; got != want {
		t.Errorf("paired Metadata\n got  %s\n want %s", got, want)
	}
	if got, want := js["0x1::coin::PairedFungibleAssetRefs@"+meta.String()], `{"burn_ref_opt":{"vec":[{"metadata":{"inner":"`+meta.String()+`"}}]},`+
		`"mint_ref_opt":{"vec":[{"metadata":{"inner":"`+meta.String()+`"}}]},"transfer_ref_opt":{"vec":[{"metadata":{"inner":"`+meta.String()+`"}}]}}`; got != want {
		t.Errorf("PairedFungibleAssetRefs\n got  %s\n want %s", got, want)
	}
	if got, want := js["0x1::object::ObjectCore@"+meta.String()], `{"allow_ungated_transfer":true,"guid_creation_num":"1125899906842625","owner":"0xa",`+
		`"transfer_events":{"counter":"0","guid":{"id":{"addr":"`+meta.String()+`","creation_num":"1125899906842624"}}}}`; got != want {
		t.Errorf("paired ObjectCore\n got  %s\n want %s", got, want)
	}
	if got, want := js["event 0x1::coin::CoinWithdraw#1"], `{"account":"`+b.Address.String()+`","amount":"10","coin_type":"`+my+`"}`; got != want {
		t.Errorf("CoinWithdraw\n got  %s\n want %s", got, want)
	}
	run(b, vmstub.EntryPayload(one, "coin", "transfer", myT, vmstub.AddressValue(a.Address), u64(991)), "0x1::coin: EINSUFFICIENT_BALANCE(0x10006)")
	// Frozen: neither withdrawals nor deposits.
	run(a, at("freeze", vmstub.AddressValue(b.Address)), "")
	if got := view("is_coin_store_frozen", addrJSON(b.Address)); got != `[true]` {
		t.Errorf("is_coin_store_frozen %s", got)
	}
	run(b, vmstub.EntryPayload(one, "coin", "transfer", myT, vmstub.AddressValue(a.Address), u64(1)), "0x1::coin: EFROZEN(0x5000a)")
	run(a, at("mint_to", vmstub.AddressValue(b.Address), u64(1)), "0x1::coin: EFROZEN(0x5000a)")
	run(a, at("unfreeze", vmstub.AddressValue(b.Address)), "")
	// A legacy entry function: a transaction cannot pass its &FreezeCapability.
	if _, out := c.run(t, a, vmstub.EntryPayload(one, "coin", "freeze_coin_store", myT, vmstub.AddressValue(b.Address), []byte{0})); out.Info.Status.String() != "INVALID_PARAM_TYPE_FOR_DESERIALIZATION" {
		t.Errorf("a transaction calling freeze_coin_store: %s", out.Info.Status.String())
	}
	// Into the paired fungible asset: the balance and the supply span both
	// stores.
	run(b, at("to_fa", u64(100)), "")
	if got := view("balance", addrJSON(b.Address)) + view("supply") + view("coin_supply") + view("paired_metadata"); got != `["990"][{"vec":["1000"]}][{"vec":["900"]}][{"vec":[{"inner":"`+meta.String()+`"}]}]` {
		t.Errorf("after to_fa: %s", got)
	}
	if got := c.mustView("0x1::primary_fungible_store::balance", []string{"0x1::fungible_asset::Metadata"}, addrJSON(b.Address), addrJSON(meta)); got != `["100"]` {
		t.Errorf("paired primary store balance %s", got)
	}
	// A withdrawal takes the CoinStore first (890), then the paired store (60).
	js = run(b, vmstub.EntryPayload(one, "coin", "transfer", myT, vmstub.AddressValue(a.Address), u64(950)), "")
	if got := js["0x1::coin::CoinStore<"+my+">@"+b.Address.String()]; !strings.HasPrefix(got, `{"coin":{"value":"0"}`) {
		t.Errorf("sender CoinStore after a transfer spanning both stores: %s", got)
	}
	if got := view("balance", addrJSON(b.Address)) + view("balance", addrJSON(a.Address)) + view("supply"); got != `["40"]["960"][{"vec":["1000"]}]` {
		t.Errorf("after the spanning transfer: %s", got)
	}
	run(b, vmstub.EntryPayload(one, "coin", "transfer", myT, vmstub.AddressValue(a.Address), u64(41)), "0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004)")
	run(a, at("burn_own", u64(900)), "")
	if got := view("balance", addrJSON(a.Address)) + view("supply"); got != `["60"][{"vec":["100"]}]` {
		t.Errorf("after burn: %s", got)
	}
	if got := view("is_balance_at_least", addrJSON(b.Address), q("40")) + view("is_balance_at_least", addrJSON(b.Address), q("41")); got != `[true][false]` {
		t.Errorf("is_balance_at_least %s", got)
	}
	// burn_from takes from the paired store through the paired BurnRef.
	run(a, at("burn_from", vmstub.AddressValue(b.Address), u64(41)), "0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004)")
	run(a, at("burn_from", vmstub.AddressValue(b.Address), u64(10)), "")
	if got := view("balance", addrJSON(b.Address)) + view("supply"); got != `["30"][{"vec":["90"]}]` {
		t.Errorf("after burn_from: %s", got)
	}
	// The BurnRef taken for good: burn_from can no longer reach the paired store.
	run(a, at("take_burn"), "")
	if got := view("paired_burn_ref_exists"); got != `[false]` {
		t.Errorf("paired_burn_ref_exists after convert_and_take_paired_burn_ref: %s", got)
	}
	run(a, at("take_burn"), "0x1::coin: EBURN_REF_NOT_FOUND(0x60019)")
	run(a, at("burn_from", vmstub.AddressValue(b.Address), u64(1)), "0x1::coin: EBURN_REF_NOT_FOUND(0x60019)")
	// Migration: a's CoinStore becomes its paired primary store.
	js = run(a, vmstub.EntryPayload(one, "coin", "migrate_to_fungible_store", myT), "")
	if js["event 0x1::coin::CoinStoreDeletion#0"] == "" {
		t.Errorf("migration without CoinStoreDeletion: %v", js)
	}
	if st, err := c.StateValue(storage.ResourceKey(a.Address, *structType("0x1::coin::CoinStore<" + my + ">").Struct)); err == nil || st != nil {
		t.Errorf("CoinStore after migration: %x, %v", st, err)
	}
	if got := view("balance", addrJSON(a.Address)) + view("supply"); got != `["60"][{"vec":["90"]}]` {
		t.Errorf("after migration: %s", got)
	}
	// The paired MintRef, borrowed with the MintCapability.
	if got := view("paired_mint_ref_exists"); got != `[true]` {
		t.Errorf("paired_mint_ref_exists %s", got)
	}
	run(a, at("refs", vmstub.BoolValue(false)), "")
	run(a, at("refs", vmstub.BoolValue(true)), "0x1::coin: EMINT_REF_NOT_FOUND(0x60015)")
	run(b, at("burn_own", u64(1)), "Execution failed in "+a.Address.String()+"::mycoin") // b holds no Caps: borrow_global fails
	run(a, vmstub.EntryPayload(one, "coin", "upgrade_supply", myT), "0x1::coin: ECOIN_SUPPLY_UPGRADE_NOT_SUPPORTED(0x3000b)")
	run(a, at("destroy"), "")
	run(a, at("mint_to", vmstub.AddressValue(a.Address), u64(1)), "Execution failed in "+a.Address.String()+"::mycoin")
	// The CoinConversionMap at 0x1: AptosCoin → 0xa from genesis, MyCoin → its pairing.
	handle, err := c.StateValue(storage.ResourceKey(one, ledgerapi.StructTag{Address: one, Module: "coin", Name: "CoinConversionMap"}))
	if err != nil || string(handle) != string(aptosframework.CoinConversionTable[:]) {
		t.Fatalf("CoinConversionMap %x, %v", handle, err)
	}
	for typ, want := range map[string]ledgerapi.Address{"0x1::aptos_coin::AptosCoin": ledgerapi.AddressA, my: meta} {
		tag := structType(typ).Struct
		key := append(append(tag.Address[:], uleb(len(tag.Module))...), tag.Module...)
		key = append(append(key, uleb(len(tag.Name))...), tag.Name...)
		if got, err := c.StateValue(storage.TableItemKey(aptosframework.CoinConversionTable, key)); err != nil || string(got) != string(want[:]) {
			t.Errorf("CoinConversionMap[%s] = %x, %v; want %s", typ, got, err, want)
		}
	}
}

// renderState renders what tx wrote and emitted, as renderOutput does,
// through the modules in the chain's state (published ones included).
func renderState(t *testing.T, c *chain, tx storage.Transaction) map[string]string {
	t.Helper()
	codec := movevalue.Codec{Resolver: c.vm.ModulesAt(c)}
	out := map[string]string{}
	for _, w := range tx.Changes {
		if !w.Deleted && w.Key.Kind == storage.StateResource {
			out[w.Key.Resource.String()+"@"+w.Key.Address.String()] = render(t, codec, ledgerapi.StructType(w.Key.Resource), w.Value)
		}
	}
	for i, e := range tx.Events {
		out["event "+e.Type.String()+"#"+u(uint64(i))] = render(t, codec, e.Type, e.Data)
	}
	return out
}

// TestManagedCoin: managed_coin's flow (initialize, register, mint, burn,
// destroy_caps) on a published coin type, ENO_CAPABILITIES for an account
// without the capabilities, and coin's views of it.
func TestManagedCoin(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	if out := c.publish(a, packageMeta("MyCoin", onchain.UpgradeCompatible, []string{"mycoin"}, stdDeps...), coinModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	other := structType(a.Address.String() + "::mycoin::Other").String()
	ot := []ledgerapi.TypeTag{structType(other)}
	mc := func(fn string, args ...[]byte) txn.TransactionPayload {
		return vmstub.EntryPayload(one, "managed_coin", fn, ot, args...)
	}
	run := func(from vmstub.DevAccount, p txn.TransactionPayload, want string) map[string]string {
		t.Helper()
		out := c.mustExec(from.Sign(c.raw(from, p)))
		if want == "" && !out.Info.Success() {
			t.Fatalf("%s", out.Info.Status.String())
		}
		if want != "" {
			wantAbort(t, out, "", want)
		}
		return renderState(t, c, out)
	}
	view := func(fn string, args ...string) string {
		t.Helper()
		return c.mustView("0x1::coin::"+fn, []string{other}, args...)
	}
	B := vmstub.AddressValue(b.Address)
	run(a, mc("mint", B, vmstub.U64Value(1)), "0x1::managed_coin: ENO_CAPABILITIES(0x60001)")
	js := run(a, mc("initialize", vmstub.BytesValue([]byte("Managed")), vmstub.BytesValue([]byte("MGD")), []byte{2}, vmstub.BoolValue(false)), "")
	if got, want := js["0x1::managed_coin::Capabilities<"+other+">@"+a.Address.String()], `{"burn_cap":{"dummy_field":false},"freeze_cap":{"dummy_field":false},"mint_cap":{"dummy_field":false}}`; got != want {
		t.Errorf("Capabilities\n got  %s\n want %s", got, want)
	}
	run(a, mc("initialize", vmstub.BytesValue([]byte{0xff}), vmstub.BytesValue([]byte("MGD")), []byte{2}, vmstub.BoolValue(false)), "0x1::string")
	run(b, mc("register"), "")
	run(b, mc("register"), "") // registered already: nothing
	run(a, mc("mint", B, vmstub.U64Value(500)), "")
	run(b, mc("mint", B, vmstub.U64Value(1)), "0x1::managed_coin: ENO_CAPABILITIES(0x60001)")
	run(b, mc("burn", vmstub.U64Value(1)), "0x1::managed_coin: ENO_CAPABILITIES(0x60001)")
	run(b, vmstub.EntryPayload(one, "aptos_account", "transfer_coins", ot, vmstub.AddressValue(a.Address), vmstub.U64Value(200)), "")
	run(a, mc("burn", vmstub.U64Value(150)), "")
	// The supply is not monitored: none.
	if got := view("balance", addrJSON(a.Address)) + view("balance", addrJSON(b.Address)) + view("supply") + view("name") + view("decimals"); got != `["50"]["300"][{"vec":[]}]["Managed"][2]` {
		t.Errorf("views: %s", got)
	}
	if _, err := c.view("0x1::coin::paired_mint_ref_exists", []string{"0x1::aptos_coin::AptosCoin"}); err != nil {
		t.Errorf("paired_mint_ref_exists of APT: %v", err)
	}
	js = run(a, mc("destroy_caps"), "")
	if _, ok := js["0x1::managed_coin::Capabilities<"+other+">@"+a.Address.String()]; ok {
		t.Error("Capabilities still written after destroy_caps")
	}
	run(a, mc("mint", B, vmstub.U64Value(1)), "0x1::managed_coin: ENO_CAPABILITIES(0x60001)")
	// Opting out of direct transfers: transfer_coins to an unregistered
	// account aborts; set twice emits once.
	js = run(b, vmstub.EntryPayload(one, "aptos_account", "set_allow_direct_coin_transfers", nil, vmstub.BoolValue(false)), "")
	if got, want := js["event 0x1::aptos_account::DirectCoinTransferConfigUpdated#0"], `{"account":"`+b.Address.String()+`","new_allow_direct_transfers":false}`; got != want {
		t.Errorf("DirectCoinTransferConfigUpdated\n got  %s\n want %s", got, want)
	}
	if js = run(b, vmstub.EntryPayload(one, "aptos_account", "set_allow_direct_coin_transfers", nil, vmstub.BoolValue(false)), ""); js["event 0x1::aptos_account::DirectCoinTransferConfigUpdated#0"] != "" {
		t.Error("unchanged config emitted an event")
	}
	if got := c.mustView("0x1::aptos_account::can_receive_direct_coin_transfers", nil, addrJSON(b.Address)); got != `[false]` {
		t.Errorf("can_receive_direct_coin_transfers %s", got)
	}
	// batch_transfer_fungible_assets of APT's asset.
	before := c.balance(b.Address)
	A := vmstub.AddressValue(ledgerapi.AddressA)
	run(a, vmstub.EntryPayload(one, "aptos_account", "batch_transfer_fungible_assets", nil, A, vmstub.AddressesValue(b.Address), vmstub.U64sValue(1, 2)),
		"0x1::aptos_account: EMISMATCHING_RECIPIENTS_AND_AMOUNTS_LENGTH(0x10005)")
	js = run(a, vmstub.EntryPayload(one, "aptos_account", "batch_transfer_fungible_assets", nil, A, vmstub.AddressesValue(b.Address, b.Address), vmstub.U64sValue(5, 7)), "")
	if got := c.balance(b.Address); got != before+12 || js["event 0x1::fungible_asset::Deposit#3"] == "" {
		t.Errorf("batch_transfer_fungible_assets: balance %d, want %d; %v", got, before+12, js)
	}
	my := []ledgerapi.TypeTag{structType(a.Address.String() + "::mycoin::MyCoin")}
	at := func(fn string, args ...[]byte) txn.TransactionPayload {
		return vmstub.EntryPayload(a.Address, "mycoin", fn, nil, args...)
	}
	run(a, at("init", vmstub.StringValue("My Coin"), vmstub.StringValue("MYC"), []byte{6}), "")
	run(a, vmstub.EntryPayload(one, "managed_coin", "register", my), "")
	run(a, at("mint_to", vmstub.AddressValue(a.Address), vmstub.U64Value(10)), "")
	run(a, vmstub.EntryPayload(one, "aptos_account", "batch_transfer_coins", my, vmstub.AddressesValue(b.Address), vmstub.U64sValue(1, 2)),
		"0x1::aptos_account: EMISMATCHING_RECIPIENTS_AND_AMOUNTS_LENGTH(0x10005)")
	run(a, vmstub.EntryPayload(one, "aptos_account", "batch_transfer_coins", my, vmstub.AddressesValue(b.Address), vmstub.U64sValue(1)),
		"0x1::aptos_account: EACCOUNT_DOES_NOT_ACCEPT_DIRECT_COIN_TRANSFERS(0x50003)")
	run(b, vmstub.EntryPayload(one, "aptos_account", "set_allow_direct_coin_transfers", nil, vmstub.BoolValue(true)), "")
	run(a, vmstub.EntryPayload(one, "aptos_account", "batch_transfer_coins", my, vmstub.AddressesValue(b.Address, b.Address), vmstub.U64sValue(1, 2)), "")
	if got := c.mustView("0x1::coin::balance", []string{my[0].String()}, addrJSON(b.Address)); got != `["3"]` {
		t.Errorf("balance after batch_transfer_coins %s", got)
	}
}
