package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Token objects at 0x4 (collection, royalty, token, property_map,
// aptos_token) run through the VM: entry functions, views, the resources
// as the API renders them, and the abort codes.

const collNotFound = "0x4::collection: ECOLLECTION_DOES_NOT_EXIST(0x60001)"

// seedCollection writes, at the named object of creator and name, a
// Collection with a ConcurrentSupply of current of max, as
// create_fixed_collection leaves it.
func (c *chain) seedCollection(creator ledgerapi.Address, name string, current, max uint64) ledgerapi.Address {
	a := crypto.ObjectAddressFromSeed(creator, []byte(name))
	c.putObject(a, creator, false)
	e := bcs.NewEncoder(128)
	e.Fixed(creator[:])
	e.String("the description")
	e.String(name)
	e.String("https://uri")
	e.U64(0)
	e.U64(0x4000000000001)
	e.Fixed(a[:])
	c.put(a, "0x4::collection::Collection", e.Bytes())
	e = bcs.NewEncoder(32)
	e.U64(current)
	e.U64(max)
	e.U64(current)
	e.U64(^uint64(0))
	c.put(a, "0x4::collection::ConcurrentSupply", e.Bytes())
	return a
}

// TestCollectionViews: the collection views read a seeded collection and
// abort with ECOLLECTION_DOES_NOT_EXIST on an object without one;
// create_collection_address derives the named object's address.
func TestCollectionViews(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	coll := c.seedCollection(a.Address, "Kittens", 3, 10)
	ty := []string{"0x4::collection::Collection"}
	for fn, want := range map[string]string{
		"count":       `[{"vec":["3"]}]`,
		"creator":     `[` + addrJSON(a.Address) + `]`,
		"name":        `["Kittens"]`,
		"description": `["the description"]`,
		"uri":         `["https://uri"]`,
	} {
		if got := c.mustView("0x4::collection::"+fn, ty, addrJSON(coll)); got != want {
			t.Errorf("collection::%s = %s, want %s", fn, got, want)
		}
	}
	bare := ledgerapi.MustParseAddress("0xc011")
	c.putObject(bare, a.Address, true)
	_, err := c.view("0x4::collection::name", []string{"0x1::object::ObjectCore"}, addrJSON(bare))
	if err == nil || !strings.Contains(err.Error(), collNotFound) {
		t.Errorf("name of an object without a collection: %v, want %s", err, collNotFound)
	}
}

// seqOf is the BCS of a vector of already encoded elements.
func seqOf(elems ...[]byte) []byte {
	out := []byte{byte(len(elems))}
	for _, e := range elems {
		out = append(out, e...)
	}
	return out
}

func at4(fn string, tys []string, args ...[]byte) txn.TransactionPayload {
	tags := make([]ledgerapi.TypeTag, len(tys))
	for i, s := range tys {
		tags[i] = structType(s)
	}
	return vmstub.EntryPayload(ledgerapi.Address{31: 4}, "aptos_token", fn, tags, args...)
}

// createCollectionTx is aptos_token::create_collection as the SDK's
// createCollectionTransaction sends it: everything mutable, burnable and
// freezable when all, nothing otherwise; royalty 5/100.
func createCollectionTx(name string, max uint64, all bool) txn.TransactionPayload {
	b := vmstub.BoolValue(all)
	return at4("create_collection", nil, vmstub.StringValue("A collection"), vmstub.U64Value(max), vmstub.StringValue(name),
		vmstub.StringValue("https://coll"), b, b, b, b, b, b, b, b, b, vmstub.U64Value(5), vmstub.U64Value(100))
}

func mintTx(coll, name string, keys, types []string, values [][]byte) txn.TransactionPayload {
	var ks, ts, vs [][]byte
	for i := range keys {
		ks = append(ks, vmstub.StringValue(keys[i]))
		ts = append(ts, vmstub.StringValue(types[i]))
		vs = append(vs, vmstub.BytesValue(values[i]))
	}
	return at4("mint", nil, vmstub.StringValue(coll), vmstub.StringValue("A token"), vmstub.StringValue(name),
		vmstub.StringValue("https://tok"), seqOf(ks...), seqOf(ts...), seqOf(vs...))
}

// createdToken is the address of the Token the transaction wrote.
func createdToken(t *testing.T, js map[string]string) ledgerapi.Address {
	t.Helper()
	for k := range js {
		if a, ok := strings.CutPrefix(k, "0x4::token::Token@"); ok {
			return ledgerapi.MustParseAddress(a)
		}
	}
	t.Fatalf("no Token written: %v", js)
	return ledgerapi.Address{}
}

func (c *chain) run(t *testing.T, from vmstub.DevAccount, p txn.TransactionPayload) (map[string]string, storage.Transaction) {
	t.Helper()
	out := c.mustExec(from.Sign(c.raw(from, p)))
	return renderOutput(t, c.vm, out), out
}

func wantAbort(t *testing.T, out storage.Transaction, what, want string) {
	t.Helper()
	if got := out.Info.Status.String(); !strings.Contains(got, want) {
		t.Errorf("%s: status %s, want %s", what, got, want)
	}
}

// TestAptosTokenFlow: the SDK's digital-asset calls through the VM:
// create_collection writes Collection, ConcurrentSupply, Royalty,
// AptosCollection at the named object (ungated transfers off); mint writes
// Token, TokenIdentifiers, AptosToken, PropertyMap, emits Mint; transfer,
// freeze/unfreeze, mutators with their events, properties, burn.
func TestAptosTokenFlow(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	js, out := c.run(t, a, createCollectionTx("Kittens", 2, true))
	if !out.Info.Success() {
		t.Fatalf("create_collection: %s", out.Info.Status.String())
	}
	coll := crypto.ObjectAddressFromSeed(a.Address, []byte("Kittens"))
	A, C := a.Address.String(), coll.String()
	for k, want := range map[string]string{
		"0x4::collection::Collection@" + C: `{"creator":"` + A + `","description":"A collection","mutation_events":{"counter":"0","guid":{"id":{"addr":"` + C +
			`","creation_num":"1125899906842625"}}},"name":"Kittens","uri":"https://coll"}`,
		"0x4::collection::ConcurrentSupply@" + C: `{"current_supply":{"max_value":"2","value":"0"},"total_minted":{"max_value":"18446744073709551615","value":"0"}}`,
		"0x4::royalty::Royalty@" + C:             `{"denominator":"100","numerator":"5","payee_address":"` + A + `"}`,
		"0x4::aptos_token::AptosCollection@" + C: `{"mutable_description":true,"mutable_token_description":true,"mutable_token_name":true,"mutable_token_properties":true,` +
			`"mutable_token_uri":true,"mutable_uri":true,"mutator_ref":{"vec":[{"self":"` + C + `"}]},"royalty_mutator_ref":{"vec":[{"inner":{"self":"` + C +
			`"}}]},"tokens_burnable_by_creator":true,"tokens_freezable_by_creator":true}`,
		"0x1::object::ObjectCore@" + C: `{"allow_ungated_transfer":false,"guid_creation_num":"1125899906842626","owner":"` + A +
			`","transfer_events":{"counter":"0","guid":{"id":{"addr":"` + C + `","creation_num":"1125899906842624"}}}}`,
	} {
		if got := js[k]; got != want {
			t.Errorf("%s\n got  %s\n want %s", k, got, want)
		}
	}
	// A second collection of that name: the object exists.
	_, out = c.run(t, a, createCollectionTx("Kittens", 2, true))
	wantAbort(t, out, "same collection twice", "EOBJECT_EXISTS(0x80001)")
	_, out = c.run(t, a, createCollectionTx("Zero", 0, true))
	wantAbort(t, out, "max supply 0", "0x4::collection: EMAX_SUPPLY_CANNOT_BE_ZERO(0x10006)")

	js, out = c.run(t, a, mintTx("Kittens", "Tom", []string{"age", "nick"}, []string{"u64", "0x1::string::String"},
		[][]byte{vmstub.U64Value(3), vmstub.StringValue("tommy")}))
	if !out.Info.Success() {
		t.Fatalf("mint: %s", out.Info.Status.String())
	}
	tok := createdToken(t, js)
	T := tok.String()
	if got, want := js["event 0x4::collection::Mint#0"], `{"collection":"`+C+`","index":{"value":"1"},"token":"`+T+`"}`; got != want {
		t.Errorf("Mint event %s, want %s", got, want)
	}
	for k, want := range map[string]string{
		"0x4::token::Token@" + T: `{"collection":{"inner":"` + C + `"},"description":"A token","index":"0","mutation_events":{"counter":"0","guid":{"id":{"addr":"` + T +
			`","creation_num":"1125899906842625"}}},"name":"","uri":"https://tok"}`,
		"0x4::token::TokenIdentifiers@" + T: `{"index":{"value":"1"},"name":{"padding":"0x0000000000000000000000000000000000","value":"Tom"}}`,
		"0x4::aptos_token::AptosToken@" + T: `{"burn_ref":{"vec":[{"inner":{"vec":[{"self":"` + T + `"}]},"self":{"vec":[]}}]},"mutator_ref":{"vec":[{"self":"` + T +
			`"}]},"property_mutator_ref":{"self":"` + T + `"},"transfer_ref":{"vec":[{"self":"` + T + `"}]}}`,
		"0x4::property_map::PropertyMap@" + T:    `{"inner":{"data":[{"key":"nick","value":{"type":9,"value":"0x05746f6d6d79"}},{"key":"age","value":{"type":4,"value":"0x0300000000000000"}}]}}`,
		"0x4::collection::ConcurrentSupply@" + C: `{"current_supply":{"max_value":"2","value":"1"},"total_minted":{"max_value":"18446744073709551615","value":"1"}}`,
	} {
		if got := js[k]; got != want {
			t.Errorf("%s\n got  %s\n want %s", k, got, want)
		}
	}
	ty := []string{"0x4::token::Token"}
	for fn, want := range map[string]string{
		"0x4::token::name": `["Tom"]`, "0x4::token::index": `["1"]`, "0x4::token::creator": `[` + addrJSON(a.Address) + `]`,
		"0x4::token::collection_name": `["Kittens"]`, "0x4::token::royalty": `[{"vec":[{"denominator":"100","numerator":"5","payee_address":"` + A + `"}]}]`,
		"0x4::aptos_token::is_burnable": `[true]`, "0x4::aptos_token::is_mutable_name": `[true]`,
		"0x4::collection::count": `[{"vec":["1"]}]`,
	} {
		arg, tys := addrJSON(tok), ty
		if fn == "0x4::collection::count" {
			arg, tys = addrJSON(coll), []string{"0x4::collection::Collection"}
		}
		if got := c.mustView(fn, tys, arg); got != want {
			t.Errorf("%s = %s, want %s", fn, got, want)
		}
	}

	// Mutators: description (Mutation event), a property added with a
	// typed value, one removed; by another account: ENOT_CREATOR.
	js, out = c.run(t, a, at4("set_description", ty, vmstub.AddressValue(tok), vmstub.StringValue("new")))
	if !out.Info.Success() || js["event 0x4::token::Mutation#0"] != `{"mutated_field_name":"description","new_value":"new","old_value":"A token","token_address":"`+T+`"}` {
		t.Errorf("set_description: %s %v", out.Info.Status.String(), js)
	}
	_, out = c.run(t, b, at4("set_description", ty, vmstub.AddressValue(tok), vmstub.StringValue("x")))
	wantAbort(t, out, "set_description by another", "0x4::aptos_token: ENOT_CREATOR(0x50002)")
	js, out = c.run(t, a, at4("add_typed_property", []string{ty[0], "bool"}, vmstub.AddressValue(tok), vmstub.StringValue("cute"), vmstub.BoolValue(true)))
	if got, want := js["0x4::property_map::PropertyMap@"+T], `{"inner":{"data":[{"key":"nick","value":{"type":9,"value":"0x05746f6d6d79"}},`+
		`{"key":"age","value":{"type":4,"value":"0x0300000000000000"}},{"key":"cute","value":{"type":0,"value":"0x01"}}]}}`; !out.Info.Success() || got != want {
		t.Fatalf("add_typed_property: %s\n got  %s\n want %s", out.Info.Status.String(), got, want)
	}
	_, out = c.run(t, a, at4("add_property", ty, vmstub.AddressValue(tok), vmstub.StringValue("cute"), vmstub.StringValue("bool"), vmstub.BytesValue([]byte{1})))
	wantAbort(t, out, "add an existing key", "0x1::simple_map: EKEY_ALREADY_EXISTS(0x10001)")
	_, out = c.run(t, a, at4("add_property", ty, vmstub.AddressValue(tok), vmstub.StringValue("k"), vmstub.StringValue("u7"), vmstub.BytesValue([]byte{1})))
	wantAbort(t, out, "add an unknown type", "0x4::property_map: ETYPE_INVALID(0x10007)")
	_, out = c.run(t, a, at4("update_property", ty, vmstub.AddressValue(tok), vmstub.StringValue("age"), vmstub.StringValue("u64"), vmstub.BytesValue([]byte{1})))
	wantAbort(t, out, "update with a bad value", "0x1::from_bcs")
	js, out = c.run(t, a, at4("remove_property", ty, vmstub.AddressValue(tok), vmstub.StringValue("nick")))
	if got, want := js["0x4::property_map::PropertyMap@"+T], `{"inner":{"data":[{"key":"cute","value":{"type":0,"value":"0x01"}},{"key":"age","value":{"type":4,"value":"0x0300000000000000"}}]}}`; !out.Info.Success() || got != want {
		t.Errorf("remove_property: %s\n got  %s\n want %s", out.Info.Status.String(), got, want)
	}

	// Freeze: the owner cannot transfer; unfreeze: it can.
	_, out = c.run(t, a, at4("freeze_transfer", ty, vmstub.AddressValue(tok)))
	if !out.Info.Success() {
		t.Fatalf("freeze_transfer: %s", out.Info.Status.String())
	}
	_, out = c.run(t, a, objTransfer(tok, b.Address, ty[0]))
	wantAbort(t, out, "transfer of a frozen token", "ENO_UNGATED_TRANSFERS(0x50003)")
	_, out = c.run(t, a, at4("unfreeze_transfer", ty, vmstub.AddressValue(tok)))
	if !out.Info.Success() {
		t.Fatalf("unfreeze_transfer: %s", out.Info.Status.String())
	}
	_, out = c.run(t, a, objTransfer(tok, b.Address, ty[0]))
	if !out.Info.Success() {
		t.Fatalf("transfer: %s", out.Info.Status.String())
	}
	if got := c.mustView("0x1::object::owner", ty, addrJSON(tok)); got != `[`+addrJSON(b.Address)+`]` {
		t.Errorf("owner after transfer %s", got)
	}

	// The creator burns the token it no longer owns: Burn with the owner.
	js, out = c.run(t, a, at4("burn", ty, vmstub.AddressValue(tok)))
	if !out.Info.Success() {
		t.Fatalf("burn: %s", out.Info.Status.String())
	}
	if got, want := js["event 0x4::collection::Burn#0"], `{"collection":"`+C+`","index":"1","previous_owner":"`+b.Address.String()+`","token":"`+T+`"}`; got != want {
		t.Errorf("Burn event %s, want %s", got, want)
	}
	for _, r := range []string{"0x1::object::ObjectCore", "0x4::token::Token", "0x4::aptos_token::AptosToken", "0x4::property_map::PropertyMap"} {
		if c.get(tok, r) != nil {
			t.Errorf("%s left after burn", r)
		}
	}
	if got := c.mustView("0x4::collection::count", []string{"0x4::collection::Collection"}, addrJSON(coll)); got != `[{"vec":["0"]}]` {
		t.Errorf("count after burn %s", got)
	}
	_, out = c.run(t, a, at4("burn", ty, vmstub.AddressValue(tok)))
	wantAbort(t, out, "burn twice", "0x1::object: EOBJECT_DOES_NOT_EXIST(0x60002)")
}

// TestAptosTokenLimits: supply exceeded, immutable collections, soul bound
// tokens, a mint into another creator's collection.
func TestAptosTokenLimits(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	if _, out := c.run(t, a, createCollectionTx("Fixed", 1, false)); !out.Info.Success() {
		t.Fatalf("create_collection: %s", out.Info.Status.String())
	}
	js, out := c.run(t, a, at4("mint_soul_bound", nil, vmstub.StringValue("Fixed"), vmstub.StringValue("d"), vmstub.StringValue("Soul"),
		vmstub.StringValue("u"), seqOf(), seqOf(), seqOf(), vmstub.AddressValue(b.Address)))
	if !out.Info.Success() {
		t.Fatalf("mint_soul_bound: %s", out.Info.Status.String())
	}
	tok := createdToken(t, js)
	if got := c.mustView("0x1::object::owner", []string{"0x4::token::Token"}, addrJSON(tok)); got != `[`+addrJSON(b.Address)+`]` {
		t.Errorf("soul bound owner %s", got)
	}
	ty := []string{"0x4::token::Token"}
	_, out = c.run(t, b, objTransfer(tok, a.Address, ty[0]))
	wantAbort(t, out, "transfer of a soul bound token", "ENO_UNGATED_TRANSFERS(0x50003)")
	_, out = c.run(t, a, mintTx("Fixed", "Two", nil, nil, nil))
	wantAbort(t, out, "mint past the max supply", "0x4::collection: ECOLLECTION_SUPPLY_EXCEEDED(0x20002)")
	_, out = c.run(t, b, mintTx("Fixed", "Mine", nil, nil, nil))
	wantAbort(t, out, "mint into a missing collection", "EOBJECT_DOES_NOT_EXIST(0x60002)")
	_, out = c.run(t, a, at4("set_description", ty, vmstub.AddressValue(tok), vmstub.StringValue("x")))
	wantAbort(t, out, "immutable description", "0x4::aptos_token: EFIELD_NOT_MUTABLE(0x50003)")
	_, out = c.run(t, a, at4("burn", ty, vmstub.AddressValue(tok)))
	wantAbort(t, out, "burn of a non-burnable token", "0x4::aptos_token: ETOKEN_NOT_BURNABLE(0x50004)")
	_, out = c.run(t, a, at4("freeze_transfer", ty, vmstub.AddressValue(tok)))
	wantAbort(t, out, "freeze in a non-freezable collection", "0x4::aptos_token: EFIELD_NOT_MUTABLE(0x50003)")
	_, out = c.run(t, a, at4("add_property", ty, vmstub.AddressValue(tok), vmstub.StringValue("k"), vmstub.StringValue("bool"), vmstub.BytesValue([]byte{1})))
	wantAbort(t, out, "immutable properties", "0x4::aptos_token: EPROPERTIES_NOT_MUTABLE(0x50005)")
	_, out = c.run(t, a, at4("create_collection", nil, vmstub.StringValue("d"), vmstub.U64Value(1), vmstub.StringValue("R"), vmstub.StringValue("u"),
		vmstub.BoolValue(false), vmstub.BoolValue(false), vmstub.BoolValue(false), vmstub.BoolValue(false), vmstub.BoolValue(false),
		vmstub.BoolValue(false), vmstub.BoolValue(false), vmstub.BoolValue(false), vmstub.BoolValue(false), vmstub.U64Value(2), vmstub.U64Value(1)))
	wantAbort(t, out, "royalty over 100%", "0x4::royalty: EROYALTY_EXCEEDS_MAXIMUM(0x20002)")
	if _, out = c.run(t, a, createCollectionTx("Big", 10, false)); !out.Info.Success() {
		t.Fatalf("create_collection: %s", out.Info.Status.String())
	}
	_, out = c.run(t, a, at4("mint", nil, vmstub.StringValue("Big"), vmstub.StringValue("d"), vmstub.StringValue("x"),
		vmstub.StringValue("u"), seqOf(vmstub.StringValue("k")), seqOf(), seqOf()))
	wantAbort(t, out, "keys without values", "0x4::property_map: EKEY_VALUE_COUNT_MISMATCH(0x10004)")
}

// seedToken writes a Token named name with index in the collection at
// coll, its TokenIdentifiers, and a PropertyMap {"level": u64 7}, at an
// object of owner.
func (c *chain) seedToken(tok, coll, owner ledgerapi.Address, name string, index uint64) {
	c.putObject(tok, owner, true)
	e := bcs.NewEncoder(128)
	e.Fixed(coll[:])
	e.U64(0)
	e.String("token description")
	e.String("")
	e.String("https://token")
	e.U64(0)
	e.U64(0x4000000000001)
	e.Fixed(tok[:])
	c.put(tok, "0x4::token::Token", e.Bytes())
	e = bcs.NewEncoder(64)
	e.U64(index)
	e.String(name)
	e.WriteBytes(nil)
	c.put(tok, "0x4::token::TokenIdentifiers", e.Bytes())
	e = bcs.NewEncoder(64)
	e.SeqLen(1)
	e.String("level")
	e.U8(4)
	e.WriteBytes(vmstub.U64Value(7))
	c.put(tok, "0x4::property_map::PropertyMap", e.Bytes())
}

// TestTokenViews: the token views read a seeded token (its name and index
// from TokenIdentifiers, its creator and collection name from the
// collection, the collection's royalty when it has none); the token
// addresses derive as Aptos derives them; a missing token aborts with
// ETOKEN_DOES_NOT_EXIST.
func TestTokenViews(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	coll := c.seedCollection(a.Address, "Kittens", 1, 10)
	tok := crypto.ObjectAddressFromSeed(a.Address, []byte("Kittens::Tom"))
	c.seedToken(tok, coll, a.Address, "Tom", 1)
	ty := []string{"0x4::token::Token"}
	for fn, want := range map[string]string{
		"name": `["Tom"]`, "index": `["1"]`, "description": `["token description"]`, "uri": `["https://token"]`,
		"creator": `[` + addrJSON(a.Address) + `]`, "collection_name": `["Kittens"]`,
		"collection_object": `[{"inner":"` + coll.String() + `"}]`, "royalty": `[{"vec":[]}]`,
	} {
		if got := c.mustView("0x4::token::"+fn, ty, addrJSON(tok)); got != want {
			t.Errorf("token::%s = %s, want %s", fn, got, want)
		}
	}
	seeded := crypto.ObjectAddressFromSeed(a.Address, []byte("Kittens::Tom#2"))
	if got := c.mustView("0x4::token::create_token_address_with_seed", nil, addrJSON(a.Address), q("Kittens"), q("Tom"), q("#2")); got != `[`+addrJSON(seeded)+`]` {
		t.Errorf("create_token_address_with_seed = %s, want %s", got, seeded)
	}
	_, err := c.view("0x4::token::name", []string{"0x1::object::ObjectCore"}, addrJSON(coll))
	if err == nil || !strings.Contains(err.Error(), "0x4::token: ETOKEN_DOES_NOT_EXIST(0x60001)") {
		t.Errorf("name of a collection: %v", err)
	}
}
