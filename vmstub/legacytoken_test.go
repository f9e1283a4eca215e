package vmstub_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Legacy tokens at 0x3 (token, token_transfers, property_map) through
// their entry functions, as the TS SDK's AptosToken (v1) client sends
// them: the resources, table items and events as the API renders them,
// and the abort codes.

var three = ledgerapi.Address{31: 3}

func at3(module, fn string, args ...[]byte) txn.TransactionPayload {
	return vmstub.EntryPayload(three, module, fn, nil, args...)
}

func strs(ss ...string) []byte {
	var out [][]byte
	for _, s := range ss {
		out = append(out, vmstub.StringValue(s))
	}
	return seqOf(out...)
}

func bools(bs ...bool) []byte {
	var out [][]byte
	for _, b := range bs {
		out = append(out, vmstub.BoolValue(b))
	}
	return seqOf(out...)
}

func createCollectionV1(name string, max uint64) txn.TransactionPayload {
	return at3("token", "create_collection_script", vmstub.StringValue(name), vmstub.StringValue("A collection"),
		vmstub.StringValue("https://coll"), vmstub.U64Value(max), bools(false, false, false))
}

// createTokenV1 is create_token_script of name in coll by creator: balance
// minted of maximum, royalty 5/100 to creator, burnable by its owner when
// burnable.
func createTokenV1(creator ledgerapi.Address, coll, name string, balance, max uint64, burnable bool) txn.TransactionPayload {
	keys, vals, types := strs(), seqOf(), strs()
	if burnable {
		keys, vals, types = strs("TOKEN_BURNABLE_BY_OWNER"), seqOf(vmstub.BytesValue([]byte{1})), strs("bool")
	}
	return at3("token", "create_token_script", vmstub.StringValue(coll), vmstub.StringValue(name), vmstub.StringValue("A token"),
		vmstub.U64Value(balance), vmstub.U64Value(max), vmstub.StringValue("https://tok"), vmstub.AddressValue(creator),
		vmstub.U64Value(100), vmstub.U64Value(5), bools(false, false, false, false, false), keys, vals, types)
}

// tokenArgs are (creator, collection, name, property_version 0).
func tokenArgs(creator ledgerapi.Address, coll, name string) [][]byte {
	return [][]byte{vmstub.AddressValue(creator), vmstub.StringValue(coll), vmstub.StringValue(name), vmstub.U64Value(0)}
}

// tokenIDBCS is the BCS of TokenId {creator, coll, name, version 0}.
func tokenIDBCS(creator ledgerapi.Address, coll, name string) []byte {
	return cat(creator[:], vmstub.StringValue(coll), vmstub.StringValue(name), le64(0))
}

// tableJSON renders the item under key of table handle as type typ ("" when absent).
func (c *chain) tableJSON(t *testing.T, handle ledgerapi.Address, key []byte, typ string) string {
	t.Helper()
	b, err := c.StateValue(storage.TableItemKey(handle, key))
	if err != nil {
		return ""
	}
	return render(t, movevalue.Codec{Resolver: c.vm.ModulesAt(c)}, structType(typ), b)
}

// handleIn is the table handle in the field of rendered resource js.
func handleIn(t *testing.T, js, field string) ledgerapi.Address {
	t.Helper()
	_, rest, ok := strings.Cut(js, `"`+field+`":{"handle":"`)
	if !ok {
		t.Fatalf("no table %s in %s", field, js)
	}
	h, _, _ := strings.Cut(rest, `"`)
	return ledgerapi.MustParseAddress(h)
}

func wantJSON(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s\n got  %s\n want %s", what, got, want)
	}
}

// TestLegacyTokenFlow: a collection and tokens created with the script
// entries, an offer claimed, an opt-in, a two-signer direct transfer and a
// transfer to the opted-in account, burns; resources, table items and
// events as Aptos writes them.
func TestLegacyTokenFlow(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	A, B := a.Address.String(), b.Address.String()
	guid := func(addr string, n int) string {
		return `{"counter":"0","guid":{"id":{"addr":"` + addr + `","creation_num":"` + u(uint64(n)) + `"}}}`
	}
	js, out := c.run(t, a, createCollectionV1("Cats", 2))
	if !out.Info.Success() {
		t.Fatalf("create_collection_script: %s", out.Info.Status.String())
	}
	colls := js["0x3::token::Collections@"+A]
	collTable, dataTable := handleIn(t, colls, "collection_data"), handleIn(t, colls, "token_data")
	wantJSON(t, "Collections", colls, `{"collection_data":{"handle":"`+collTable.String()+`"},"create_collection_events":`+guid(A, 2)+
		`,"create_token_data_events":`+guid(A, 3)+`,"mint_token_events":`+guid(A, 4)+`,"token_data":{"handle":"`+dataTable.String()+`"}}`)
	wantJSON(t, "CreateCollection", js["event 0x3::token::CreateCollection#0"],
		`{"collection_name":"Cats","creator":"`+A+`","description":"A collection","maximum":"2","uri":"https://coll"}`)
	cats := vmstub.StringValue("Cats")
	wantJSON(t, "CollectionData", c.tableJSON(t, collTable, cats, "0x3::token::CollectionData"),
		`{"description":"A collection","maximum":"2","mutability_config":{"description":false,"maximum":false,"uri":false},"name":"Cats","supply":"0","uri":"https://coll"}`)

	js, out = c.run(t, a, createTokenV1(a.Address, "Cats", "Tom", 1, 1, true))
	if !out.Info.Success() {
		t.Fatalf("create_token_script: %s", out.Info.Status.String())
	}
	tdid := `{"collection":"Cats","creator":"` + A + `","name":"Tom"}`
	tid := `{"property_version":"0","token_data_id":` + tdid + `}`
	for k, want := range map[string]string{
		"event 0x3::token::TokenDataCreation#0": `{"creator":"` + A + `","description":"A token","id":` + tdid + `,"maximum":"1","mutability_config":{"description":false,` +
			`"maximum":false,"properties":false,"royalty":false,"uri":false},"name":"Tom","property_keys":["TOKEN_BURNABLE_BY_OWNER"],"property_types":["bool"],` +
			`"property_values":["0x01"],"royalty_payee_address":"` + A + `","royalty_points_denominator":"100","royalty_points_numerator":"5","uri":"https://tok"}`,
		"event 0x3::token::Mint#1":         `{"amount":"1","creator":"` + A + `","id":` + tdid + `}`,
		"event 0x3::token::TokenDeposit#2": `{"account":"` + A + `","amount":"1","id":` + tid + `}`,
	} {
		wantJSON(t, k, js[k], want)
	}
	store := js["0x3::token::TokenStore@"+A]
	tokA := handleIn(t, store, "tokens")
	wantJSON(t, "TokenStore", store, `{"burn_events":`+guid(A, 7)+`,"deposit_events":`+guid(A, 5)+`,"direct_transfer":false,"mutate_token_property_events":`+
		guid(A, 8)+`,"tokens":{"handle":"`+tokA.String()+`"},"withdraw_events":`+guid(A, 6)+`}`)
	tomData := cat(a.Address[:], cats, vmstub.StringValue("Tom"))
	wantJSON(t, "TokenData", c.tableJSON(t, dataTable, tomData, "0x3::token::TokenData"),
		`{"default_properties":{"map":{"data":[{"key":"TOKEN_BURNABLE_BY_OWNER","value":{"type":"bool","value":"0x01"}}]}},"description":"A token",`+
			`"largest_property_version":"0","maximum":"1","mutability_config":{"description":false,"maximum":false,"properties":false,"royalty":false,"uri":false},`+
			`"name":"Tom","royalty":{"payee_address":"`+A+`","royalty_points_denominator":"100","royalty_points_numerator":"5"},"supply":"1","uri":"https://tok"}`)
	tom := tokenIDBCS(a.Address, "Cats", "Tom")
	wantJSON(t, "Token", c.tableJSON(t, tokA, tom, "0x3::token::Token"), `{"amount":"1","id":`+tid+`,"token_properties":{"map":{"data":[]}}}`)
	if got := c.tableJSON(t, collTable, cats, "0x3::token::CollectionData"); !strings.Contains(got, `"supply":"1"`) {
		t.Errorf("collection supply after a token: %s", got)
	}
	if got := c.mustView("0x3::token::get_collection_mutability_config", nil, addrJSON(a.Address), q("Cats")); got != `[{"description":false,"maximum":false,"uri":false}]` {
		t.Errorf("get_collection_mutability_config = %s", got)
	}

	// An offer to b, claimed by b.
	offer := append(append([][]byte{vmstub.AddressValue(b.Address)}, tokenArgs(a.Address, "Cats", "Tom")...), vmstub.U64Value(1))
	js, out = c.run(t, a, at3("token_transfers", "offer_script", offer...))
	if !out.Info.Success() {
		t.Fatalf("offer_script: %s", out.Info.Status.String())
	}
	offerEv := `{"amount":"1","to_address":"` + B + `","token_id":` + tid + `}`
	wantJSON(t, "TokenWithdraw", js["event 0x3::token::TokenWithdraw#0"], `{"account":"`+A+`","amount":"1","id":`+tid+`}`)
	wantJSON(t, "TokenOffer", js["event 0x3::token_transfers::TokenOffer#1"], offerEv)
	wantJSON(t, "TokenOfferEvent", js["event 0x3::token_transfers::TokenOfferEvent#2"], offerEv)
	pending := js["0x3::token_transfers::PendingClaims@"+A]
	claims := handleIn(t, pending, "pending_claims")
	wantJSON(t, "PendingClaims", pending, `{"cancel_offer_events":`+guid(A, 10)+`,"claim_events":`+guid(A, 11)+`,"offer_events":`+
		strings.Replace(guid(A, 9), `"counter":"0"`, `"counter":"1"`, 1)+`,"pending_claims":{"handle":"`+claims.String()+`"}}`)
	offerID := cat(b.Address[:], tom)
	wantJSON(t, "offered Token", c.tableJSON(t, claims, offerID, "0x3::token::Token"), `{"amount":"1","id":`+tid+`,"token_properties":{"map":{"data":[]}}}`)
	if got := c.tableJSON(t, tokA, tom, "0x3::token::Token"); got != "" {
		t.Errorf("a still holds the offered token: %s", got)
	}
	claim := append([][]byte{vmstub.AddressValue(a.Address)}, tokenArgs(a.Address, "Cats", "Tom")...)
	js, out = c.run(t, b, at3("token_transfers", "claim_script", claim...))
	if !out.Info.Success() {
		t.Fatalf("claim_script: %s", out.Info.Status.String())
	}
	wantJSON(t, "TokenClaim", js["event 0x3::token_transfers::TokenClaim#1"], offerEv)
	wantJSON(t, "TokenClaimEvent", js["event 0x3::token_transfers::TokenClaimEvent#2"], offerEv)
	tokB := handleIn(t, js["0x3::token::TokenStore@"+B], "tokens")
	wantJSON(t, "claimed Token", c.tableJSON(t, tokB, tom, "0x3::token::Token"), `{"amount":"1","id":`+tid+`,"token_properties":{"map":{"data":[]}}}`)
	if got := c.tableJSON(t, claims, offerID, "0x3::token::Token"); got != "" {
		t.Errorf("the claimed offer remains: %s", got)
	}
	_, out = c.run(t, b, at3("token_transfers", "claim_script", claim...))
	wantAbort(t, out, "claim twice", "0x3::token_transfers: ETOKEN_OFFER_NOT_EXIST(0x60001)")

	// A fungible token of 3 (unlimited), 2 sent to b with both signatures.
	if _, out = c.run(t, a, createTokenV1(a.Address, "Cats", "Jerry", 3, 0, false)); !out.Info.Success() {
		t.Fatalf("create_token_script Jerry: %s", out.Info.Status.String())
	}
	jerry := tokenIDBCS(a.Address, "Cats", "Jerry")
	direct := append(tokenArgs(a.Address, "Cats", "Jerry"), vmstub.U64Value(2))
	out = c.mustExec(multiAgent(c.raw(a, at3("token", "direct_transfer_script", direct...)), a, b))
	if !out.Info.Success() {
		t.Fatalf("direct_transfer_script: %s", out.Info.Status.String())
	}
	for who, h := range map[string]ledgerapi.Address{"a": tokA, "b": tokB} {
		want := map[string]string{"a": "1", "b": "2"}[who]
		if got := c.tableJSON(t, h, jerry, "0x3::token::Token"); !strings.Contains(got, `{"amount":"`+want+`"`) {
			t.Errorf("%s holds %s of Jerry, want %s", who, got, want)
		}
	}
	// transfer_with_opt_in needs the receiver's opt-in.
	send := append(tokenArgs(a.Address, "Cats", "Jerry"), vmstub.AddressValue(b.Address), vmstub.U64Value(1))
	_, out = c.run(t, a, at3("token", "transfer_with_opt_in", send...))
	wantAbort(t, out, "transfer before opt-in", "0x3::token: EUSER_NOT_OPT_IN_DIRECT_TRANSFER(0x50010)")
	js, out = c.run(t, b, at3("token", "opt_in_direct_transfer", vmstub.BoolValue(true)))
	if !out.Info.Success() || !strings.Contains(js["0x3::token::TokenStore@"+B], `"direct_transfer":true`) {
		t.Fatalf("opt_in_direct_transfer: %s %s", out.Info.Status.String(), js["0x3::token::TokenStore@"+B])
	}
	if _, out = c.run(t, a, at3("token", "transfer_with_opt_in", send...)); !out.Info.Success() {
		t.Fatalf("transfer_with_opt_in: %s", out.Info.Status.String())
	}
	if got := c.tableJSON(t, tokA, jerry, "0x3::token::Token"); got != "" {
		t.Errorf("a's last Jerry remains: %s", got)
	}

	// Burns: Jerry is not burnable; Tom (maximum 1) is, and its token data
	// goes with its supply; the collection's supply drops to 1.
	burn := func(args ...[]byte) txn.TransactionPayload { return at3("token", "burn", args...) }
	_, out = c.run(t, b, burn(append(tokenArgs(a.Address, "Cats", "Jerry"), vmstub.U64Value(1))...))
	wantAbort(t, out, "burn Jerry", "0x3::token: EOWNER_CANNOT_BURN_TOKEN(0x5001e)")
	_, out = c.run(t, b, burn(append(tokenArgs(a.Address, "Cats", "Tom"), vmstub.U64Value(0))...))
	wantAbort(t, out, "burn 0", "0x3::token: ENO_BURN_TOKEN_WITH_ZERO_AMOUNT(0x1001d)")
	js, out = c.run(t, b, burn(append(tokenArgs(a.Address, "Cats", "Tom"), vmstub.U64Value(1))...))
	if !out.Info.Success() {
		t.Fatalf("burn: %s", out.Info.Status.String())
	}
	wantJSON(t, "Burn", js["event 0x3::token::Burn#1"], `{"account":"`+B+`","amount":"1","id":`+tid+`}`)
	if got := c.tableJSON(t, dataTable, tomData, "0x3::token::TokenData"); got != "" {
		t.Errorf("Tom's token data remains: %s", got)
	}
	if got := c.tableJSON(t, collTable, cats, "0x3::token::CollectionData"); !strings.Contains(got, `"supply":"1"`) {
		t.Errorf("collection after the burn: %s", got)
	}
}

// TestLegacyTokenAborts: each entry function's checks, with Aptos's abort
// codes; then a creator's property mutation (a new property version) and
// burn, and a cancelled offer.
func TestLegacyTokenAborts(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	ok := func(what string, from vmstub.DevAccount, p txn.TransactionPayload) map[string]string {
		t.Helper()
		js, out := c.run(t, from, p)
		if !out.Info.Success() {
			t.Fatalf("%s: %s", what, out.Info.Status.String())
		}
		return js
	}
	fails := func(what string, from vmstub.DevAccount, p txn.TransactionPayload, want string) {
		t.Helper()
		_, out := c.run(t, from, p)
		wantAbort(t, out, what, want)
	}
	long := strings.Repeat("x", 129)
	fails("deprecated initialize_token_script", a, at3("token", "initialize_token_script"), "0x3::token: EALREADY_HAS_BALANCE(0x0)")
	fails("token without collections", a, createTokenV1(a.Address, "Dogs", "Rex", 1, 1, false), "ECOLLECTIONS_NOT_PUBLISHED(0x60001)")
	fails("collection name too long", a, createCollectionV1(long, 1), "0x3::token: ECOLLECTION_NAME_TOO_LONG(0x10019)")
	fails("uri too long", a, at3("token", "create_collection_script", vmstub.StringValue("Dogs"), vmstub.StringValue(""),
		vmstub.StringValue(strings.Repeat("u", 513)), vmstub.U64Value(1), bools(false, false, false)), "EURI_TOO_LONG(0x1001b)")
	fails("short mutate_setting", a, at3("token", "create_collection_script", vmstub.StringValue("Dogs"), vmstub.StringValue(""),
		vmstub.StringValue(""), vmstub.U64Value(1), bools(false)), "VECTOR_OPERATION_ERROR")
	ok("collection", a, createCollectionV1("Dogs", 1))
	fails("collection twice", a, createCollectionV1("Dogs", 1), "0x3::token: ECOLLECTION_ALREADY_EXISTS(0x80003)")
	fails("token in a missing collection", a, createTokenV1(a.Address, "Birds", "Tweety", 1, 1, false), "ECOLLECTION_NOT_PUBLISHED(0x60002)")
	fails("token name too long", a, createTokenV1(a.Address, "Dogs", long, 1, 1, false), "ENFT_NAME_TOO_LONG(0x1001a)")
	bad := at3("token", "create_token_script", vmstub.StringValue("Dogs"), vmstub.StringValue("Rex"), vmstub.StringValue(""),
		vmstub.U64Value(1), vmstub.U64Value(1), vmstub.StringValue(""), vmstub.AddressValue(a.Address), vmstub.U64Value(1), vmstub.U64Value(2),
		bools(false, false, false, false, false), strs(), seqOf(), strs())
	fails("royalty above 1", a, bad, "EINVALID_ROYALTY_NUMERATOR_DENOMINATOR(0x10022)")
	bad = at3("token", "create_token_script", vmstub.StringValue("Dogs"), vmstub.StringValue("Rex"), vmstub.StringValue(""),
		vmstub.U64Value(1), vmstub.U64Value(1), vmstub.StringValue(""), vmstub.AddressValue(a.Address), vmstub.U64Value(1), vmstub.U64Value(0),
		bools(false, false, false, false, false), strs("k"), seqOf(), strs("u8"))
	fails("keys without values", a, bad, "0x3::property_map: EKEY_COUNT_NOT_MATCH_VALUE_COUNT(0x10004)")
	// Rex: 2 of at most 3, its properties mutable by the creator's flag.
	rex := at3("token", "create_token_script", vmstub.StringValue("Dogs"), vmstub.StringValue("Rex"), vmstub.StringValue("a dog"),
		vmstub.U64Value(2), vmstub.U64Value(3), vmstub.StringValue("https://rex"), vmstub.AddressValue(a.Address), vmstub.U64Value(10), vmstub.U64Value(1),
		bools(false, false, false, false, false), strs("TOKEN_PROPERTY_MUTATBLE", "TOKEN_BURNABLE_BY_CREATOR", "age"),
		seqOf(vmstub.BytesValue([]byte{1}), vmstub.BytesValue([]byte{1}), vmstub.BytesValue([]byte{3})), strs("bool", "bool", "u8"))
	ok("Rex", a, rex)
	fails("token data twice", a, rex, "ETOKEN_DATA_ALREADY_EXISTS(0x80009)")
	fails("beyond the collection's maximum", a, createTokenV1(a.Address, "Dogs", "Fido", 1, 1, false), "ECREATE_WOULD_EXCEED_COLLECTION_MAXIMUM(0x10004)")
	mint := func(name string, amount uint64) txn.TransactionPayload {
		return at3("token", "mint_script", vmstub.AddressValue(a.Address), vmstub.StringValue("Dogs"), vmstub.StringValue(name), vmstub.U64Value(amount))
	}
	fails("mint by another", b, mint("Rex", 1), "ENO_MINT_CAPABILITY(0x50013)")
	fails("mint beyond the maximum", a, mint("Rex", 2), "EMINT_WOULD_EXCEED_TOKEN_MAXIMUM(0x10007)")
	fails("mint of no token data", a, mint("Fido", 1), "ETOKEN_DATA_NOT_PUBLISHED(0x6000a)")
	js := ok("mint", a, mint("Rex", 1))
	rexID := tokenIDBCS(a.Address, "Dogs", "Rex")
	tokA := handleIn(t, c.json(a.Address, "0x3::token::TokenStore"), "tokens")
	if got := c.tableJSON(t, tokA, rexID, "0x3::token::Token"); !strings.HasPrefix(got, `{"amount":"3"`) {
		t.Errorf("after mint_script: %s (%v)", got, js)
	}

	offer := func(to ledgerapi.Address, amount uint64) txn.TransactionPayload {
		return at3("token_transfers", "offer_script", append(append([][]byte{vmstub.AddressValue(to)}, tokenArgs(a.Address, "Dogs", "Rex")...), vmstub.U64Value(amount))...)
	}
	fails("offer of 0", a, offer(b.Address, 0), "EWITHDRAW_ZERO(0x10011)")
	fails("offer beyond the balance", a, offer(b.Address, 4), "EINSUFFICIENT_BALANCE(0x10005)")
	cancel := at3("token_transfers", "cancel_offer_script", append([][]byte{vmstub.AddressValue(b.Address)}, tokenArgs(a.Address, "Dogs", "Rex")...)...)
	fails("cancel without PendingClaims", a, cancel, "ETOKEN_OFFER_NOT_EXIST(0x1)")
	claim := at3("token_transfers", "claim_script", append([][]byte{vmstub.AddressValue(a.Address)}, tokenArgs(a.Address, "Dogs", "Rex")...)...)
	fails("claim without PendingClaims", b, claim, "ETOKEN_OFFER_NOT_EXIST(0x1)")
	ok("offer", a, offer(b.Address, 1))
	ok("offer more", a, offer(b.Address, 1))
	fails("cancel of no offer", a, at3("token_transfers", "cancel_offer_script",
		append([][]byte{vmstub.AddressValue(a.Address)}, tokenArgs(a.Address, "Dogs", "Rex")...)...), "Move abort in 0x1::table: 0x6507")
	js = ok("cancel", a, cancel)
	if got := js["event 0x3::token_transfers::TokenCancelOffer#1"]; !strings.HasPrefix(got, `{"amount":"2"`) {
		t.Errorf("TokenCancelOffer %s", got)
	}
	if got := c.tableJSON(t, tokA, rexID, "0x3::token::Token"); !strings.HasPrefix(got, `{"amount":"3"`) {
		t.Errorf("after the cancel: %s", got)
	}
	direct := append(tokenArgs(a.Address, "Dogs", "Rex"), vmstub.U64Value(9))
	out := c.mustExec(multiAgent(c.raw(a, at3("token", "direct_transfer_script", direct...)), a, b))
	wantAbort(t, out, "direct transfer beyond the balance", "EINSUFFICIENT_BALANCE(0x10005)")

	// Mutation: version 0 becomes version 1 for one unit.
	mutate := func(from vmstub.DevAccount, creator ledgerapi.Address, version uint64, keys ...string) txn.TransactionPayload {
		var vals [][]byte
		var types []string
		for range keys {
			vals, types = append(vals, vmstub.BytesValue([]byte{7})), append(types, "u8")
		}
		return at3("token", "mutate_token_properties", vmstub.AddressValue(a.Address), vmstub.AddressValue(creator), vmstub.StringValue("Dogs"),
			vmstub.StringValue("Rex"), vmstub.U64Value(version), vmstub.U64Value(1), strs(keys...), seqOf(vals...), strs(types...))
	}
	fails("mutation by another", b, mutate(b, a.Address, 0, "age"), "ENO_MUTATE_CAPABILITY(0x6000e)")
	fails("reserved key", a, mutate(a, a.Address, 0, "TOKEN_X"), "EPROPERTY_RESERVED_BY_STANDARD(0x50028)")
	js = ok("mutate", a, mutate(a, a.Address, 0, "age", "speed"))
	tid := `{"collection":"Dogs","creator":"` + a.Address.String() + `","name":"Rex"}`
	wantJSON(t, "MutatePropertyMap", js["event 0x3::token::MutatePropertyMap#2"], `{"account":"`+a.Address.String()+`","keys":["age","speed"],`+
		`"new_id":{"property_version":"1","token_data_id":`+tid+`},"old_id":{"property_version":"0","token_data_id":`+tid+`},"types":["u8","u8"],"values":["0x07","0x07"]}`)
	v1 := cat(a.Address[:], vmstub.StringValue("Dogs"), vmstub.StringValue("Rex"), le64(1))
	wantJSON(t, "version 1", c.tableJSON(t, tokA, v1, "0x3::token::Token"), `{"amount":"1","id":{"property_version":"1","token_data_id":`+tid+`},`+
		`"token_properties":{"map":{"data":[{"key":"TOKEN_PROPERTY_MUTATBLE","value":{"type":"bool","value":"0x01"}},{"key":"TOKEN_BURNABLE_BY_CREATOR",`+
		`"value":{"type":"bool","value":"0x01"}},{"key":"age","value":{"type":"u8","value":"0x07"}},{"key":"speed","value":{"type":"u8","value":"0x07"}}]}}}`)
	if got := c.tableJSON(t, tokA, rexID, "0x3::token::Token"); !strings.HasPrefix(got, `{"amount":"2"`) {
		t.Errorf("version 0 after the mutation: %s", got)
	}

	// burn_by_creator: b's Rex (burnable by its creator); Jerry is not.
	out = c.mustExec(multiAgent(c.raw(a, at3("token", "direct_transfer_script", append(tokenArgs(a.Address, "Dogs", "Rex"), vmstub.U64Value(2))...)), a, b))
	if !out.Info.Success() {
		t.Fatalf("direct transfer: %s", out.Info.Status.String())
	}
	burnBy := func(owner ledgerapi.Address, coll, name string, amount uint64) txn.TransactionPayload {
		return at3("token", "burn_by_creator", vmstub.AddressValue(owner), vmstub.StringValue(coll), vmstub.StringValue(name), vmstub.U64Value(0), vmstub.U64Value(amount))
	}
	fails("burn_by_creator of no token data", a, burnBy(b.Address, "Dogs", "Fido", 1), "ETOKEN_DATA_NOT_PUBLISHED(0x6000a)")
	fails("burn_by_creator without collections", b, burnBy(a.Address, "Dogs", "Rex", 1), "ECOLLECTIONS_NOT_PUBLISHED(0x60001)")
	js = ok("burn_by_creator", a, burnBy(b.Address, "Dogs", "Rex", 2))
	if got := js["event 0x3::token::Burn#1"]; !strings.Contains(got, `"account":"`+b.Address.String()+`","amount":"2"`) {
		t.Errorf("Burn %s", got)
	}
	ok("Jerry", a, at3("token", "create_collection_script", vmstub.StringValue("Mice"), vmstub.StringValue(""), vmstub.StringValue(""),
		vmstub.U64Value(0), bools(true, true, true)))
	ok("Jerry token", a, createTokenV1(a.Address, "Mice", "Jerry", 1, 0, true))
	fails("burn_by_creator not burnable", a, burnBy(a.Address, "Mice", "Jerry", 1), "ECREATOR_CANNOT_BURN_TOKEN(0x5001f)")
}

// TestLegacyTokenRegistry: genesis lists the 0x3 modules in 0x3's
// PackageRegistry as the package AptosToken, depending on AptosFramework.
func TestLegacyTokenRegistry(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	reg, err := onchain.DecodePackageRegistry(c.get(three, "0x1::code::PackageRegistry"))
	if err != nil {
		t.Fatal(err)
	}
	if len(reg.Packages) != 1 {
		t.Fatalf("%d packages at 0x3", len(reg.Packages))
	}
	p := reg.Packages[0]
	var mods []string
	for _, m := range p.Modules {
		mods = append(mods, m.Name)
	}
	if got := p.Name + " " + strings.Join(mods, ",") + " " + fmt.Sprint(p.Deps); got != "AptosToken property_map,token,token_event_store,token_transfers [{"+
		ledgerapi.AddressOne.String()+" AptosFramework}]" {
		t.Errorf("0x3's package: %s", got)
	}
}
