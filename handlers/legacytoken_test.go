package handlers_test

import (
	"encoding/json"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestLegacyTokenREST: a legacy (0x3) collection and token made with the
// script entries read back through the API as Aptos serves them: the
// Collections and TokenStore resources, the items of their tables by
// typed JSON keys (a String, a TokenId), and the #[view]
// get_collection_mutability_config.
func TestLegacyTokenREST(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	creator := s.vm.DevAccounts()[0].Address
	C := creator.String()
	three := ledgerapi.Address{31: 3}
	bools := func(n int) []byte { return append([]byte{byte(n)}, make([]byte, n)...) }
	empty := []byte{0}
	for _, p := range []txn.TransactionPayload{
		vmstub.EntryPayload(three, "token", "create_collection_script", nil, vmstub.StringValue("Cats"), vmstub.StringValue("A collection"),
			vmstub.StringValue("https://coll"), vmstub.U64Value(10), bools(3)),
		vmstub.EntryPayload(three, "token", "create_token_script", nil, vmstub.StringValue("Cats"), vmstub.StringValue("Tom"),
			vmstub.StringValue("A token"), vmstub.U64Value(2), vmstub.U64Value(5), vmstub.StringValue("https://tok"), vmstub.AddressValue(creator),
			vmstub.U64Value(100), vmstub.U64Value(5), bools(5), empty, empty, empty),
	} {
		if out := s.run(t, 0, p); out["success"] != true {
			t.Fatalf("%v", out["vm_status"])
		}
	}
	var res struct {
		Data map[string]json.RawMessage `json:"data"`
	}
	handle := func(field string) string {
		var h struct{ Handle string }
		if err := json.Unmarshal(res.Data[field], &h); err != nil || h.Handle == "" {
			t.Fatalf("%s: %s", field, res.Data[field])
		}
		return h.Handle
	}
	getJSONInto(t, s.base+"/accounts/"+C+"/resource/0x3::token::Collections", &res)
	collTable := handle("collection_data")
	status, body, _ := post(t, s.base+"/tables/"+collTable+"/item", ledgerapi.ContentTypeJSON,
		[]byte(`{"key_type":"0x1::string::String","value_type":"0x3::token::CollectionData","key":"Cats"}`))
	if b, _ := json.Marshal(body); status != 200 || string(b) != `{"description":"A collection","maximum":"10","mutability_config":{"description":false,"maximum":false,"uri":false},"name":"Cats","supply":"1","uri":"https://coll"}` {
		t.Errorf("collection item: %d %s", status, b)
	}
	getJSONInto(t, s.base+"/accounts/"+C+"/resource/0x3::token::TokenStore", &res)
	tokens := handle("tokens")
	key := `{"token_data_id":{"creator":"` + C + `","collection":"Cats","name":"Tom"},"property_version":"0"}`
	status, body, _ = post(t, s.base+"/tables/"+tokens+"/item", ledgerapi.ContentTypeJSON,
		[]byte(`{"key_type":"0x3::token::TokenId","value_type":"0x3::token::Token","key":`+key+`}`))
	if b, _ := json.Marshal(body); status != 200 || string(b) != `{"amount":"2","id":`+
		`{"property_version":"0","token_data_id":{"collection":"Cats","creator":"`+C+`","name":"Tom"}},"token_properties":{"map":{"data":[]}}}` {
		t.Errorf("token item: %d %s", status, b)
	}
	req := `{"function":"0x3::token::get_collection_mutability_config","type_arguments":[],"arguments":["` + C + `","Cats"]}`
	status, _, raw, _ := doReq(t, "POST", s.base+"/view", ledgerapi.ContentTypeJSON, ledgerapi.ContentTypeJSON, []byte(req))
	if status != 200 || string(raw) != `[{"description":false,"maximum":false,"uri":false}]` {
		t.Errorf("view: %d %s", status, raw)
	}
}
