package indexer_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

var addr4 = ledgerapi.Address{31: 4}

func aptosToken(fn string, tys []ledgerapi.TypeTag, args ...[]byte) txn.TransactionPayload {
	return vmstub.EntryPayload(addr4, "aptos_token", fn, tys, args...)
}

func strs(ss ...string) []byte {
	out := []byte{byte(len(ss))}
	for _, s := range ss {
		out = append(out, vmstub.StringValue(s)...)
	}
	return out
}

func byteVecs(bs ...[]byte) []byte {
	out := []byte{byte(len(bs))}
	for _, b := range bs {
		out = append(out, vmstub.BytesValue(b)...)
	}
	return out
}

var tokenTag = []ledgerapi.TypeTag{ledgerapi.StructType(ledgerapi.StructTag{Address: addr4, Module: "token", Name: "Token"})}

// mintedToken is the address of the Token a transaction wrote.
func mintedToken(t *testing.T, tx storage.Transaction) ledgerapi.Address {
	t.Helper()
	for _, c := range tx.Changes {
		if c.Key.Kind == storage.StateResource && c.Key.Resource.Address == addr4 && c.Key.Resource.Name == "Token" && !c.Deleted {
			return c.Key.Address
		}
	}
	t.Fatalf("no Token written at %d (%s)", tx.Version, tx.Info.Status.String())
	return ledgerapi.Address{}
}

func mustSucceed(t *testing.T, what string, tx storage.Transaction) {
	t.Helper()
	if !tx.Info.Success() {
		t.Fatalf("%s: %s", what, tx.Info.Status.String())
	}
}

// gqlQuery posts a query to a handler over ix and returns data.
func gqlQuery(t *testing.T, ix *indexer.Indexer, query string, vars map[string]any) map[string]any {
	t.Helper()
	h, err := gql.NewHandler(indexer.Schema(), ix, gql.Options{})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/graphql", strings.NewReader(string(body))))
	var out struct {
		Data   map[string]any
		Errors []any
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || out.Errors != nil {
		t.Fatalf("query: %v %s", err, rec.Body.String())
	}
	return out.Data
}

// TestDigitalAssetTables runs the SDK's digital-asset flow through the VM
// (create_collection, mint, object transfer, set_description,
// add_property, burn, mint_soul_bound) and checks the token tables and
// the SDK's queries over them.
func TestDigitalAssetTables(t *testing.T) {
	c := newChain(t)
	ix := indexer.New(c.store, indexer.Options{})
	a, b := c.devs[0], c.devs[1]
	all := vmstub.BoolValue(true)
	mustSucceed(t, "create_collection", c.run(a, aptosToken("create_collection", nil, vmstub.StringValue("Cats"),
		vmstub.U64Value(10), vmstub.StringValue("Kittens"), vmstub.StringValue("https://coll"),
		all, all, all, all, all, all, all, all, all, vmstub.U64Value(5), vmstub.U64Value(100))))
	coll := crypto.ObjectAddressFromSeed(a.Address, []byte("Kittens"))

	colls := rows(t, ix, "current_collections_v2")
	if len(colls) != 1 {
		t.Fatalf("collections: %d rows", len(colls))
	}
	for k, want := range map[string]any{"collection_id": long(coll), "creator_address": long(a.Address),
		"collection_name": "Kittens", "description": "Cats", "uri": "https://coll", "current_supply": n(0),
		"max_supply": n(10), "total_minted_v2": n(0), "mutable_description": true, "mutable_uri": true,
		"token_standard": "v2", "table_handle_v1": nil} {
		if got := colls[0].Get(k); got != want {
			t.Errorf("collection %s = %v, want %v", k, got, want)
		}
	}

	mint := c.run(a, aptosToken("mint", nil, vmstub.StringValue("Kittens"), vmstub.StringValue("A cat"),
		vmstub.StringValue("Tom"), vmstub.StringValue("https://tom"), strs("age", "nick", "alive"),
		strs("u64", "0x1::string::String", "bool"), byteVecs(vmstub.U64Value(3), vmstub.StringValue("tommy"), vmstub.BoolValue(true))))
	mustSucceed(t, "mint", mint)
	tok := mintedToken(t, mint)
	T := long(tok)

	datas := where(rows(t, ix, "current_token_datas_v2"), "token_data_id", T)
	if len(datas) != 1 {
		t.Fatalf("token datas of %s: %d", T, len(datas))
	}
	for k, want := range map[string]any{"collection_id": long(coll), "token_name": "Tom", "description": "A cat",
		"token_uri": "https://tom", "token_standard": "v2", "is_fungible_v2": false, "is_deleted_v2": false,
		"maximum": nil, "supply": nil, "last_transaction_version": n(mint.Version)} {
		if got := datas[0].Get(k); got != want {
			t.Errorf("token data %s = %v, want %v", k, got, want)
		}
	}
	var props map[string]string
	if raw, ok := datas[0].Get("token_properties").(json.RawMessage); !ok || json.Unmarshal(raw, &props) != nil {
		t.Fatalf("token_properties = %v", datas[0].Get("token_properties"))
	}
	if props["age"] != "3" || props["nick"] != "tommy" || props["alive"] != "true" || len(props) != 3 {
		t.Errorf("token_properties = %v", props)
	}
	owns := where(rows(t, ix, "current_token_ownerships_v2"), "token_data_id", T)
	if len(owns) != 1 || owns[0].Get("owner_address") != long(a.Address) || owns[0].Get("amount") != n(1) ||
		owns[0].Get("storage_id") != T || owns[0].Get("is_soulbound_v2") != false || owns[0].Get("non_transferrable_by_owner") != false {
		t.Errorf("ownerships after mint: %v", owns)
	}
	colls = rows(t, ix, "current_collections_v2")
	if colls[0].Get("current_supply") != n(1) || colls[0].Get("total_minted_v2") != n(1) {
		t.Errorf("collection after mint: supply %v minted %v", colls[0].Get("current_supply"), colls[0].Get("total_minted_v2"))
	}
	acts := where(rows(t, ix, "token_activities_v2"), "token_data_id", T)
	if len(acts) == 0 || acts[0].Get("type") != "0x4::collection::MintEvent" || acts[0].Get("from_address") != long(a.Address) ||
		acts[0].Get("entry_function_id_str") != "0x4::aptos_token::mint" || acts[0].Get("token_amount") != n(1) {
		t.Errorf("mint activities: %v", acts)
	}

	// Transfer through 0x1::object::transfer: the previous owner's row
	// goes to 0.
	tr := c.run(a, vmstub.EntryPayload(ledgerapi.AddressOne, "object", "transfer", tokenTag,
		vmstub.AddressValue(tok), vmstub.AddressValue(b.Address)))
	mustSucceed(t, "transfer", tr)
	owns = where(rows(t, ix, "current_token_ownerships_v2"), "token_data_id", T)
	if len(owns) != 2 || len(where(owns, "owner_address", long(a.Address), "amount", n(0))) != 1 ||
		len(where(owns, "owner_address", long(b.Address), "amount", n(1))) != 1 {
		t.Errorf("ownerships after transfer: %v", owns)
	}
	trs := where(rows(t, ix, "token_activities_v2"), "transaction_version", n(tr.Version))
	if len(trs) != 1 || trs[0].Get("type") != "0x1::object::Transfer" ||
		trs[0].Get("from_address") != long(a.Address) || trs[0].Get("to_address") != long(b.Address) {
		t.Errorf("transfer activities: %v", trs)
	}

	// Mutations by the creator.
	mustSucceed(t, "set_description", c.run(a, aptosToken("set_description", tokenTag, vmstub.AddressValue(tok), vmstub.StringValue("A big cat"))))
	mustSucceed(t, "add_property", c.run(a, aptosToken("add_property", tokenTag, vmstub.AddressValue(tok), vmstub.StringValue("color"),
		vmstub.StringValue("0x1::string::String"), vmstub.BytesValue(vmstub.StringValue("grey")))))
	datas = where(rows(t, ix, "current_token_datas_v2"), "token_data_id", T)
	props = nil
	_ = json.Unmarshal(datas[0].Get("token_properties").(json.RawMessage), &props)
	if datas[0].Get("description") != "A big cat" || props["color"] != "grey" {
		t.Errorf("token data after mutations: %v %v", datas[0].Get("description"), props)
	}
	muts := where(rows(t, ix, "token_activities_v2"), "token_data_id", T, "before_value", "A cat")
	if len(muts) != 1 || muts[0].Get("after_value") != "A big cat" || muts[0].Get("token_amount") != n(0) {
		t.Errorf("mutation activities: %v", muts)
	}

	// The SDK's queries.
	data := gqlQuery(t, ix, `query getDigitalAssetData($where_condition: current_token_datas_v2_bool_exp, $offset: Int, $limit: Int) {
  current_token_datas_v2(where: $where_condition, offset: $offset, limit: $limit) {
    collection_id description is_fungible_v2 last_transaction_timestamp last_transaction_version largest_property_version_v1
    maximum supply token_data_id token_name token_properties token_standard token_uri decimals
    current_collection { collection_id collection_name creator_address current_supply description last_transaction_timestamp
      last_transaction_version max_supply mutable_description mutable_uri table_handle_v1 token_standard total_minted_v2 uri }
  } }`, map[string]any{"where_condition": map[string]any{"token_data_id": map[string]any{"_eq": T}}})
	got := data["current_token_datas_v2"].([]any)
	if len(got) != 1 || got[0].(map[string]any)["token_name"] != "Tom" ||
		got[0].(map[string]any)["current_collection"].(map[string]any)["collection_name"] != "Kittens" {
		t.Errorf("getDigitalAssetData: %v", got)
	}
	data = gqlQuery(t, ix, `query getOwnedDigitalAssets($where_condition: current_token_ownerships_v2_bool_exp!, $offset: Int, $limit: Int) {
  current_token_ownerships_v2(where: $where_condition, offset: $offset, limit: $limit) {
    token_standard token_data_id amount owner_address is_soulbound_v2 current_token_data { token_name current_collection { collection_name } } } }`,
		map[string]any{"where_condition": map[string]any{"owner_address": map[string]any{"_eq": long(b.Address)}, "amount": map[string]any{"_gt": 0}}})
	if got := data["current_token_ownerships_v2"].([]any); len(got) != 1 || got[0].(map[string]any)["token_data_id"] != T {
		t.Errorf("getOwnedDigitalAssets: %v", got)
	}
	data = gqlQuery(t, ix, `query getAccountTokensCount($where_condition: current_token_ownerships_v2_bool_exp) {
  current_token_ownerships_v2_aggregate(where: $where_condition) { aggregate { count } } }`,
		map[string]any{"where_condition": map[string]any{"owner_address": map[string]any{"_eq": long(a.Address)}, "amount": map[string]any{"_gt": "0"}}})
	if cnt := data["current_token_ownerships_v2_aggregate"].(map[string]any)["aggregate"].(map[string]any)["count"]; cnt != float64(0) {
		t.Errorf("getAccountTokensCount of the previous owner = %v", cnt)
	}
	data = gqlQuery(t, ix, `query getAccountCollectionsWithOwnedTokens($where_condition: current_collection_ownership_v2_view_bool_exp!) {
  current_collection_ownership_v2_view(where: $where_condition) { collection_id collection_name distinct_tokens owner_address single_token_uri
    current_collection { uri } } }`,
		map[string]any{"where_condition": map[string]any{"owner_address": map[string]any{"_eq": long(b.Address)}}})
	if got := data["current_collection_ownership_v2_view"].([]any); len(got) != 1 || got[0].(map[string]any)["distinct_tokens"] != float64(1) ||
		got[0].(map[string]any)["single_token_uri"] != "https://tom" {
		t.Errorf("getAccountCollectionsWithOwnedTokens: %v", got)
	}
	data = gqlQuery(t, ix, `query getDigitalAssetActivity($where_condition: token_activities_v2_bool_exp!) {
  token_activities_v2(where: $where_condition) { type from_address to_address token_amount entry_function_id_str event_index } }`,
		map[string]any{"where_condition": map[string]any{"token_data_id": map[string]any{"_eq": T}}})
	if got := data["token_activities_v2"].([]any); len(got) < 3 || got[0].(map[string]any)["type"] != "0x4::collection::MintEvent" {
		t.Errorf("getDigitalAssetActivity: %v", got)
	}

	// Burn by the creator: deleted data, the owner's row at 0.
	burn := c.run(a, aptosToken("burn", tokenTag, vmstub.AddressValue(tok)))
	mustSucceed(t, "burn", burn)
	datas = where(rows(t, ix, "current_token_datas_v2"), "token_data_id", T)
	if datas[0].Get("is_deleted_v2") != true || datas[0].Get("last_transaction_version") != n(burn.Version) {
		t.Errorf("token data after burn: %v", datas[0])
	}
	if owned := where(rows(t, ix, "current_token_ownerships_v2"), "token_data_id", T, "amount", n(1)); len(owned) != 0 {
		t.Errorf("ownerships after burn: %v", owned)
	}
	burns := where(rows(t, ix, "token_activities_v2"), "transaction_version", n(burn.Version))
	if len(burns) == 0 || !strings.Contains(burns[0].Get("type").(string), "Burn") || burns[0].Get("from_address") != long(b.Address) {
		t.Errorf("burn activities: %v", burns)
	}
	if cs := rows(t, ix, "current_collections_v2"); cs[0].Get("current_supply") != n(0) || cs[0].Get("total_minted_v2") != n(1) {
		t.Errorf("collection after burn: %v", cs[0])
	}

	// A soulbound token minted to b.
	sb := c.run(a, aptosToken("mint_soul_bound", nil, vmstub.StringValue("Kittens"), vmstub.StringValue("Bound"),
		vmstub.StringValue("Soul"), vmstub.StringValue("https://soul"), strs(), strs(), byteVecs(), vmstub.AddressValue(b.Address)))
	mustSucceed(t, "mint_soul_bound", sb)
	st := long(mintedToken(t, sb))
	owned := where(rows(t, ix, "current_token_ownerships_v2"), "token_data_id", st, "amount", n(1))
	if len(owned) != 1 || owned[0].Get("owner_address") != long(b.Address) || owned[0].Get("is_soulbound_v2") != true ||
		owned[0].Get("non_transferrable_by_owner") != true {
		t.Errorf("soulbound ownership: %v", owned)
	}
	// A second token for b: the view counts two, with no single URI.
	mustSucceed(t, "mint_soul_bound", c.run(a, aptosToken("mint_soul_bound", nil, vmstub.StringValue("Kittens"), vmstub.StringValue("Bound"),
		vmstub.StringValue("Soul 2"), vmstub.StringValue("https://soul2"), strs(), strs(), byteVecs(), vmstub.AddressValue(b.Address))))
	view := where(rows(t, ix, "current_collection_ownership_v2_view"), "owner_address", long(b.Address))
	if len(view) != 1 || view[0].Get("distinct_tokens") != n(2) || view[0].Get("single_token_uri") != nil ||
		view[0].Get("collection_id") != long(coll) || view[0].Get("collection_name") != "Kittens" || view[0].Get("creator_address") != long(a.Address) {
		t.Errorf("collection ownership of b: %v", view)
	}
	if view := where(rows(t, ix, "current_collection_ownership_v2_view"), "owner_address", long(a.Address)); len(view) != 0 {
		t.Errorf("collection ownership of a, who holds nothing: %v", view)
	}
	if cs := rows(t, ix, "current_collections_v2"); cs[0].Get("current_supply") != n(2) || cs[0].Get("total_minted_v2") != n(3) {
		t.Errorf("collection after three mints and a burn: %v", cs[0])
	}
	for name, n := range indexer.Mismatched(ix) {
		t.Errorf("%s: %d rows with undeclared columns", name, n)
	}
}
