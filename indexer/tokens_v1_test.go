package indexer_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

var addr3 = ledgerapi.Address{31: 3}

func legacyToken(module, fn string, args ...[]byte) txn.TransactionPayload {
	return vmstub.EntryPayload(addr3, module, fn, nil, args...)
}

func bools(bs ...bool) []byte {
	out := []byte{byte(len(bs))}
	for _, b := range bs {
		out = append(out, vmstub.BoolValue(b)...)
	}
	return out
}

// sha256ID is "0x" and the hex SHA-256 of s: the processor's ids of v1
// collections ("<creator>::<name>") and token datas
// ("<creator>::<collection>::<name>").
func sha256ID(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "0x" + hex.EncodeToString(sum[:])
}

// handleIn is the table handle at offset i*32 of the resource tag at a.
func (c *chain) handleIn(a ledgerapi.Address, module, name string, i int) string {
	c.t.Helper()
	b, err := c.store.StateValue(context.Background(), storage.ResourceKey(a, ledgerapi.StructTag{Address: addr3, Module: module, Name: name}), c.latest())
	if err != nil || len(b) < 32*(i+1) {
		c.t.Fatalf("%s::%s at %s: %v", module, name, a, err)
	}
	var h ledgerapi.Address
	copy(h[:], b[32*i:])
	return long(h)
}

// runMultiAgent runs p signed by from with second as its secondary signer.
func (c *chain) runMultiAgent(from, second vmstub.DevAccount, p txn.TransactionPayload) storage.Transaction {
	c.t.Helper()
	raw := c.raw(from.Address, p)
	msg := raw.MultiAgentSigningMessage([]ledgerapi.Address{second.Address}, nil)
	st := &txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthMultiAgent,
		Sender: from.Authenticator(msg), SecondaryAddresses: []ledgerapi.Address{second.Address},
		SecondarySigners: []txn.AccountAuthenticator{second.Authenticator(msg)}}}
	c.submit(st)
	c.mine()
	tx, err := c.store.TransactionByHash(context.Background(), st.Hash())
	if err != nil {
		c.t.Fatalf("transaction not committed: %v", err)
	}
	return tx
}

// checkRow compares the columns of r with want.
func checkRow(t *testing.T, what string, r interface{ Get(string) any }, want map[string]any) {
	t.Helper()
	for k, v := range want {
		if got := r.Get(k); got != v {
			t.Errorf("%s: %s = %v (%T), want %v", what, k, got, got, v)
		}
	}
}

func jsonObject(t *testing.T, v any) map[string]string {
	t.Helper()
	raw, ok := v.(json.RawMessage)
	var m map[string]string
	if !ok || json.Unmarshal(raw, &m) != nil {
		t.Fatalf("not a JSON object of strings: %v (%T)", v, v)
	}
	return m
}

// TestLegacyTokenTables runs legacy (0x3) tokens through the VM: a
// collection and a token of 5 made by a, an offer of 2 to b that b
// claims, a direct transfer of 1 to b (two signers), a transfer of the
// rest to c after c opts in, and a burn of 1 by c; and checks the v1 rows
// of the token tables and the SDK's getAccountOwnedTokens over them.
func TestLegacyTokenTables(t *testing.T) {
	c := newChain(t)
	ix := indexer.New(c.store, indexer.Options{})
	a, b, cc := c.devs[0], c.devs[1], c.devs[2]
	S := vmstub.StringValue
	coll := sha256ID(long(a.Address) + "::Legacy")
	tok := sha256ID(long(a.Address) + "::Legacy::Tom")

	mustSucceed(t, "create_collection_script", c.run(a, legacyToken("token", "create_collection_script",
		S("Legacy"), S("Old cats"), S("https://legacy"), vmstub.U64Value(100), bools(false, true, false))))
	colls := where(rows(t, ix, "current_collections_v2"), "collection_id", coll)
	if len(colls) != 1 {
		t.Fatalf("collection %s: %d rows", coll, len(colls))
	}
	checkRow(t, "collection", colls[0], map[string]any{"creator_address": long(a.Address), "collection_name": "Legacy",
		"description": "Old cats", "uri": "https://legacy", "current_supply": n(0), "max_supply": n(100),
		"total_minted_v2": nil, "mutable_description": false, "mutable_uri": true, "token_standard": "v1",
		"table_handle_v1": c.handleIn(a.Address, "token", "Collections", 0), "collection_properties": nil})

	mint := c.run(a, legacyToken("token", "create_token_script", S("Legacy"), S("Tom"), S("A cat"),
		vmstub.U64Value(5), vmstub.U64Value(10), S("https://tom"), vmstub.AddressValue(a.Address),
		vmstub.U64Value(100), vmstub.U64Value(5), bools(false, false, false, false, true),
		strs("TOKEN_BURNABLE_BY_OWNER", "age", "blob"), byteVecs(vmstub.BoolValue(true), vmstub.U64Value(3), []byte{1, 2}),
		strs("bool", "u64", "vector<u8>")))
	mustSucceed(t, "create_token_script", mint)
	storeA := c.handleIn(a.Address, "token", "TokenStore", 0)
	if cs := where(rows(t, ix, "current_collections_v2"), "collection_id", coll); cs[0].Get("current_supply") != n(1) {
		t.Errorf("collection supply after a token data: %v", cs[0].Get("current_supply"))
	}
	datas := where(rows(t, ix, "current_token_datas_v2"), "token_data_id", tok)
	if len(datas) != 1 {
		t.Fatalf("token data %s: %d rows", tok, len(datas))
	}
	checkRow(t, "token data", datas[0], map[string]any{"collection_id": coll, "token_name": "Tom", "description": "A cat",
		"token_uri": "https://tom", "token_standard": "v1", "maximum": n(10), "supply": n(5), "largest_property_version_v1": n(0),
		"is_fungible_v2": nil, "is_deleted_v2": nil, "decimals": nil, "last_transaction_version": n(mint.Version)})
	props := jsonObject(t, datas[0].Get("token_properties"))
	if props["TOKEN_BURNABLE_BY_OWNER"] != "true" || props["age"] != "3" || props["blob"] != "0x0102" || len(props) != 3 {
		t.Errorf("token_properties = %v", props)
	}
	owns := where(rows(t, ix, "current_token_ownerships_v2"), "token_data_id", tok)
	if len(owns) != 1 {
		t.Fatalf("ownerships after the mint: %v", owns)
	}
	checkRow(t, "ownership", owns[0], map[string]any{"owner_address": long(a.Address), "amount": n(5), "storage_id": storeA,
		"property_version_v1": n(0), "table_type_v1": "0x3::token::TokenStore", "token_standard": "v1",
		"is_soulbound_v2": nil, "is_fungible_v2": nil, "non_transferrable_by_owner": nil})
	if m := jsonObject(t, owns[0].Get("token_properties_mutated_v1")); len(m) != 0 {
		t.Errorf("token_properties_mutated_v1 = %v", m)
	}
	acts := where(rows(t, ix, "token_activities_v2"), "transaction_version", n(mint.Version))
	mints, deps := where(acts, "type", "0x3::token::Mint"), where(acts, "type", "0x3::token::TokenDeposit")
	if len(mints) != 1 || len(deps) != 1 || len(acts) != 2 {
		t.Fatalf("mint activities: %v", acts)
	}
	zero := long(ledgerapi.Address{})
	checkRow(t, "mint activity", mints[0], map[string]any{"token_data_id": tok, "from_address": long(a.Address), "to_address": nil,
		"token_amount": n(5), "property_version_v1": n(0), "event_account_address": zero, "token_standard": "v1",
		"entry_function_id_str": "0x3::token::create_token_script", "before_value": nil, "is_fungible_v2": nil})
	checkRow(t, "deposit activity", deps[0], map[string]any{"token_data_id": tok, "from_address": nil, "to_address": long(a.Address),
		"token_amount": n(5)})

	// An offer of 2 to b: a keeps 3; the offered token, in a's
	// PendingClaims, has no owner row.
	offer := c.run(a, legacyToken("token_transfers", "offer_script", vmstub.AddressValue(b.Address), vmstub.AddressValue(a.Address),
		S("Legacy"), S("Tom"), vmstub.U64Value(0), vmstub.U64Value(2)))
	mustSucceed(t, "offer_script", offer)
	owns = where(rows(t, ix, "current_token_ownerships_v2"), "token_data_id", tok)
	if len(owns) != 1 || owns[0].Get("amount") != n(3) || owns[0].Get("last_transaction_version") != n(offer.Version) {
		t.Errorf("ownerships after the offer: %v", owns)
	}
	acts = where(rows(t, ix, "token_activities_v2"), "transaction_version", n(offer.Version))
	offers := where(acts, "type", "0x3::token_transfers::TokenOfferEvent")
	if len(acts) != 2 || len(where(acts, "type", "0x3::token::TokenWithdraw", "from_address", long(a.Address), "token_amount", n(2))) != 1 ||
		len(offers) != 1 {
		t.Fatalf("offer activities: %v", acts)
	}
	checkRow(t, "offer activity", offers[0], map[string]any{"event_account_address": long(a.Address), "from_address": long(a.Address),
		"to_address": long(b.Address), "token_amount": n(2), "entry_function_id_str": "0x3::token_transfers::offer_script"})

	// b claims it into a new TokenStore.
	claim := c.run(b, legacyToken("token_transfers", "claim_script", vmstub.AddressValue(a.Address), vmstub.AddressValue(a.Address),
		S("Legacy"), S("Tom"), vmstub.U64Value(0)))
	mustSucceed(t, "claim_script", claim)
	storeB := c.handleIn(b.Address, "token", "TokenStore", 0)
	owned := where(rows(t, ix, "current_token_ownerships_v2"), "token_data_id", tok, "owner_address", long(b.Address))
	if len(owned) != 1 || owned[0].Get("amount") != n(2) || owned[0].Get("storage_id") != storeB {
		t.Errorf("b's ownership after the claim: %v", owned)
	}
	acts = where(rows(t, ix, "token_activities_v2"), "transaction_version", n(claim.Version))
	claims := where(acts, "type", "0x3::token_transfers::TokenClaimEvent")
	if len(claims) != 1 || len(where(acts, "type", "0x3::token::TokenDeposit", "to_address", long(b.Address), "token_amount", n(2))) != 1 {
		t.Fatalf("claim activities: %v", acts)
	}
	checkRow(t, "claim activity", claims[0], map[string]any{"event_account_address": long(a.Address), "from_address": long(a.Address),
		"to_address": long(b.Address), "token_amount": n(2)})

	// A direct transfer of 1, signed by both.
	mustSucceed(t, "direct_transfer_script", c.runMultiAgent(a, b, legacyToken("token", "direct_transfer_script",
		vmstub.AddressValue(a.Address), S("Legacy"), S("Tom"), vmstub.U64Value(0), vmstub.U64Value(1))))
	owns = where(rows(t, ix, "current_token_ownerships_v2"), "token_data_id", tok)
	if len(where(owns, "owner_address", long(a.Address), "amount", n(2))) != 1 || len(where(owns, "owner_address", long(b.Address), "amount", n(3))) != 1 {
		t.Errorf("ownerships after the direct transfer: %v", owns)
	}

	// c opts in and a sends the rest: a's item is deleted, its row at 0.
	mustSucceed(t, "opt_in_direct_transfer", c.run(cc, legacyToken("token", "opt_in_direct_transfer", vmstub.BoolValue(true))))
	send := c.run(a, legacyToken("token", "transfer_with_opt_in", vmstub.AddressValue(a.Address), S("Legacy"), S("Tom"),
		vmstub.U64Value(0), vmstub.AddressValue(cc.Address), vmstub.U64Value(2)))
	mustSucceed(t, "transfer_with_opt_in", send)
	owns = where(rows(t, ix, "current_token_ownerships_v2"), "token_data_id", tok)
	gone := where(owns, "owner_address", long(a.Address))
	if len(gone) != 1 {
		t.Fatalf("a's ownership after sending the rest: %v", gone)
	}
	checkRow(t, "emptied ownership", gone[0], map[string]any{"amount": n(0), "storage_id": storeA, "token_properties_mutated_v1": nil,
		"last_transaction_version": n(send.Version)})
	if len(where(owns, "owner_address", long(cc.Address), "amount", n(2), "storage_id", c.handleIn(cc.Address, "token", "TokenStore", 0))) != 1 {
		t.Errorf("c's ownership: %v", owns)
	}

	// c burns 1: the supply drops with it.
	burn := c.run(cc, legacyToken("token", "burn", vmstub.AddressValue(a.Address), S("Legacy"), S("Tom"), vmstub.U64Value(0), vmstub.U64Value(1)))
	mustSucceed(t, "burn", burn)
	if owned := where(rows(t, ix, "current_token_ownerships_v2"), "token_data_id", tok, "owner_address", long(cc.Address)); len(owned) != 1 || owned[0].Get("amount") != n(1) {
		t.Errorf("c's ownership after the burn: %v", owned)
	}
	if d := where(rows(t, ix, "current_token_datas_v2"), "token_data_id", tok); d[0].Get("supply") != n(4) || d[0].Get("last_transaction_version") != n(burn.Version) {
		t.Errorf("token data after the burn: %v", d[0])
	}
	burns := where(rows(t, ix, "token_activities_v2"), "transaction_version", n(burn.Version), "type", "0x3::token::Burn")
	if len(burns) != 1 || burns[0].Get("from_address") != long(cc.Address) || burns[0].Get("token_amount") != n(1) {
		t.Errorf("burn activities: %v", burns)
	}

	// The creator mutates c's last unit: it becomes property version 1,
	// with its own properties.
	mut := c.run(a, legacyToken("token", "mutate_token_properties", vmstub.AddressValue(cc.Address), vmstub.AddressValue(a.Address),
		S("Legacy"), S("Tom"), vmstub.U64Value(0), vmstub.U64Value(1), strs("age"), byteVecs(vmstub.U64Value(4)), strs("u64")))
	mustSucceed(t, "mutate_token_properties", mut)
	owned = where(rows(t, ix, "current_token_ownerships_v2"), "token_data_id", tok, "owner_address", long(cc.Address))
	v0, v1 := where(owned, "property_version_v1", n(0)), where(owned, "property_version_v1", n(1))
	if len(v0) != 1 || v0[0].Get("amount") != n(0) || len(v1) != 1 || v1[0].Get("amount") != n(1) {
		t.Fatalf("c's ownerships after the mutation: %v", owned)
	}
	if m := jsonObject(t, v1[0].Get("token_properties_mutated_v1")); m["age"] != "4" || m["TOKEN_BURNABLE_BY_OWNER"] != "true" {
		t.Errorf("mutated token's properties: %v", m)
	}
	muts := where(rows(t, ix, "token_activities_v2"), "transaction_version", n(mut.Version), "type", "0x3::token::MutatePropertyMap")
	if len(muts) != 1 {
		t.Fatalf("mutation activities: %v", muts)
	}
	checkRow(t, "mutation activity", muts[0], map[string]any{"from_address": long(cc.Address), "property_version_v1": n(1),
		"token_amount": n(0), "token_data_id": tok})
	if d := where(rows(t, ix, "current_token_datas_v2"), "token_data_id", tok); d[0].Get("largest_property_version_v1") != n(1) {
		t.Errorf("token data after the mutation: %v", d[0])
	}

	// b offers 1 to c and takes it back.
	mustSucceed(t, "offer_script", c.run(b, legacyToken("token_transfers", "offer_script", vmstub.AddressValue(cc.Address),
		vmstub.AddressValue(a.Address), S("Legacy"), S("Tom"), vmstub.U64Value(0), vmstub.U64Value(1))))
	cancel := c.run(b, legacyToken("token_transfers", "cancel_offer_script", vmstub.AddressValue(cc.Address),
		vmstub.AddressValue(a.Address), S("Legacy"), S("Tom"), vmstub.U64Value(0)))
	mustSucceed(t, "cancel_offer_script", cancel)
	cancels := where(rows(t, ix, "token_activities_v2"), "transaction_version", n(cancel.Version), "type", "0x3::token_transfers::TokenCancelOfferEvent")
	if len(cancels) != 1 {
		t.Fatalf("cancel activities: %v", cancels)
	}
	checkRow(t, "cancel activity", cancels[0], map[string]any{"event_account_address": long(b.Address), "from_address": long(b.Address),
		"to_address": long(cc.Address), "token_amount": n(1)})

	// The SDK's getAccountOwnedTokens for b, and its collections.
	data := gqlQuery(t, ix, getAccountOwnedTokens, map[string]any{"where_condition": map[string]any{
		"owner_address": map[string]any{"_eq": long(b.Address)}, "amount": map[string]any{"_gt": 0}}})
	got := data["current_token_ownerships_v2"].([]any)
	if len(got) != 1 {
		t.Fatalf("getAccountOwnedTokens: %v", got)
	}
	o := got[0].(map[string]any)
	td, _ := o["current_token_data"].(map[string]any)
	cl, _ := td["current_collection"].(map[string]any)
	if o["token_standard"] != "v1" || o["amount"] != float64(3) || o["table_type_v1"] != "0x3::token::TokenStore" || o["storage_id"] != storeB ||
		td["token_name"] != "Tom" || td["supply"] != float64(4) || cl["collection_name"] != "Legacy" || cl["collection_id"] != coll ||
		cl["table_handle_v1"] != c.handleIn(a.Address, "token", "Collections", 0) || cl["max_supply"] != float64(100) {
		t.Errorf("getAccountOwnedTokens: %v", o)
	}
	view := where(rows(t, ix, "current_collection_ownership_v2_view"), "owner_address", long(b.Address))
	if len(view) != 1 || view[0].Get("collection_id") != coll || view[0].Get("distinct_tokens") != n(1) ||
		view[0].Get("single_token_uri") != "https://tom" || view[0].Get("collection_uri") != "https://legacy" {
		t.Errorf("collection ownership of b: %v", view)
	}
	for name, n := range indexer.Mismatched(ix) {
		t.Errorf("%s: %d rows with undeclared columns", name, n)
	}

	// Indexed in one catch-up, with module layouts, the rows are the same.
	whole := indexer.New(c.store, indexer.Options{Modules: c.vm})
	for _, table := range []string{"current_collections_v2", "current_token_datas_v2", "current_token_ownerships_v2",
		"token_activities_v2", "current_collection_ownership_v2_view"} {
		want, got := rows(t, ix, table), rows(t, whole, table)
		if len(got) != len(want) {
			t.Errorf("%s: %d rows in one catch-up, %d incrementally", table, len(got), len(want))
			continue
		}
		for i := range want {
			if w, g := want[i].Map(), got[i].Map(); !reflect.DeepEqual(w, g) {
				t.Errorf("%s row %d: %v in one catch-up, %v incrementally", table, i, g, w)
			}
		}
	}
}

// getAccountOwnedTokens is the TS SDK's document with its fragment.
const getAccountOwnedTokens = `query getAccountOwnedTokens($where_condition: current_token_ownerships_v2_bool_exp!, $offset: Int, $limit: Int, $order_by: [current_token_ownerships_v2_order_by!]) {
  current_token_ownerships_v2(where: $where_condition, offset: $offset, limit: $limit, order_by: $order_by) {
    ...CurrentTokenOwnershipFields
  }
}
fragment CurrentTokenOwnershipFields on current_token_ownerships_v2 {
  token_standard token_properties_mutated_v1 token_data_id table_type_v1 storage_id property_version_v1 owner_address
  last_transaction_version last_transaction_timestamp is_soulbound_v2 is_fungible_v2 amount
  current_token_data {
    collection_id description is_fungible_v2 largest_property_version_v1 last_transaction_timestamp last_transaction_version
    maximum supply token_data_id token_name token_properties token_standard token_uri
    current_collection {
      collection_id collection_name creator_address current_supply description last_transaction_timestamp
      last_transaction_version max_supply mutable_description mutable_uri table_handle_v1 token_standard total_minted_v2 uri
    }
  }
}`
