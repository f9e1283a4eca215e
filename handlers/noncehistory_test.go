package handlers_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
)

// TestNonceHistoryJSON: after an orderless transaction, 0x1's NonceHistory
// and the bucket holding its nonce read through the API as Aptos shows
// them (a BigOrderedMap's enum variants by name, u64s as strings).
func TestNonceHistoryJSON(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	dev := s.vm.DevAccounts()[0]
	nonce := uint64(4242)
	p := vmstub.TransferPayload(s.vm.DevAccounts()[1].Address, 1)
	p.Variant, p.ReplayProtectionNonce = txn.PayloadV1, &nonce
	exp := uint64(time.Now().Add(30 * time.Second).Unix())
	st := dev.Sign(txn.RawTransaction{Sender: dev.Address, SequenceNumber: 0xdeadbeef, Payload: p,
		MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: exp, ChainID: 4})
	s.submitAndWait(t, st.Bytes(), st.Hash())

	var res struct {
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	getJSONInto(t, s.base+"/accounts/0x1/resource/0x1::nonce_validation::NonceHistory", &res)
	handle := vmstub.TableHandle(ledgerapi.AddressOne, "nonce_validation::NonceHistory").String()
	if want := `{"next_key":"0","nonce_table":{"handle":"` + handle + `"}}`; string(res.Data) != want {
		t.Fatalf("NonceHistory %s, want %s", res.Data, want)
	}
	key := append(vmstub.AddressValue(dev.Address), vmstub.U64Value(nonce)...)
	idx := aptosstdlib.SipHash24(0, 0, key) % 50000
	status, body, _ := post(t, s.base+"/tables/"+handle+"/item", ledgerapi.ContentTypeJSON,
		[]byte(`{"key_type":"u64","value_type":"0x1::nonce_validation::Bucket","key":"`+strconv.FormatUint(idx, 10)+`"}`))
	// A bucket made by check_and_insert_nonce: both maps new_with_reusable
	// (no spare slot), the entry in the root leaf; degrees from the
	// constant key and value sizes (40+8 and 48+1 bytes).
	A, E := dev.Address.String(), strconv.FormatUint(exp, 10)
	want := `{"nonce_to_exp_time_map":{"__variant__":"BPlusTreeMap","constant_kv_size":true,"inner_max_degree":102,"leaf_max_degree":85,"max_leaf_index":"1","min_leaf_index":"1","nodes":{"__variant__":"V1","new_slot_index":"10","reuse_head_index":"0","reuse_spare_count":0,"should_reuse":true,"slots":{"vec":[]}},"root":{"__variant__":"V1","children":{"__variant__":"SortedVectorMap","entries":[{"key":{"nonce":"4242","sender_address":"` + A + `"},"value":{"__variant__":"Leaf","value":"` + E + `"}}]},"is_leaf":true,"next":"0","prev":"0"}},"nonces_ordered_by_exp_time":{"__variant__":"BPlusTreeMap","constant_kv_size":true,"inner_max_degree":85,"leaf_max_degree":83,"max_leaf_index":"1","min_leaf_index":"1","nodes":{"__variant__":"V1","new_slot_index":"10","reuse_head_index":"0","reuse_spare_count":0,"should_reuse":true,"slots":{"vec":[]}},"root":{"__variant__":"V1","children":{"__variant__":"SortedVectorMap","entries":[{"key":{"nonce":"4242","sender_address":"` + A + `","txn_expiration_time":"` + E + `"},"value":{"__variant__":"Leaf","value":true}}]},"is_leaf":true,"next":"0","prev":"0"}}}`
	if b, _ := json.Marshal(body); status != 200 || string(b) != want {
		t.Fatalf("bucket: %d %s\nwant %s", status, b, want)
	}
	// add_nonce_buckets(1): bucket 0 with 5 spare slots in each map.
	if out := s.run(t, 1, vmstub.EntryPayload(ledgerapi.AddressOne, "nonce_validation", "add_nonce_buckets", nil, vmstub.U64Value(1))); out["success"] != true {
		t.Fatalf("add_nonce_buckets: %v", out["vm_status"])
	}
	status, body, _ = post(t, s.base+"/tables/"+handle+"/item", ledgerapi.ContentTypeJSON,
		[]byte(`{"key_type":"u64","value_type":"0x1::nonce_validation::Bucket","key":"0"}`))
	// Spare slots 10..14 in each map's reuse list (head 14), in a
	// TableWithLength of its own (its handle depends on the transaction).
	b, _ := json.Marshal(body)
	got := regexp.MustCompile(`"handle":"0x[0-9a-f]+"`).ReplaceAllString(string(b), `"handle":"H"`)
	if want := `{"nonce_to_exp_time_map":{"__variant__":"BPlusTreeMap","constant_kv_size":true,"inner_max_degree":102,"leaf_max_degree":85,"max_leaf_index":"1","min_leaf_index":"1","nodes":{"__variant__":"V1","new_slot_index":"15","reuse_head_index":"14","reuse_spare_count":5,"should_reuse":true,"slots":{"vec":[{"inner":{"handle":"H"},"length":"5"}]}},"root":{"__variant__":"V1","children":{"__variant__":"SortedVectorMap","entries":[]},"is_leaf":true,"next":"0","prev":"0"}},"nonces_ordered_by_exp_time":{"__variant__":"BPlusTreeMap","constant_kv_size":true,"inner_max_degree":85,"leaf_max_degree":83,"max_leaf_index":"1","min_leaf_index":"1","nodes":{"__variant__":"V1","new_slot_index":"15","reuse_head_index":"14","reuse_spare_count":5,"should_reuse":true,"slots":{"vec":[{"inner":{"handle":"H"},"length":"5"}]}},"root":{"__variant__":"V1","children":{"__variant__":"SortedVectorMap","entries":[]},"is_leaf":true,"next":"0","prev":"0"}}}`; status != 200 || got != want {
		t.Fatalf("pre-filled bucket: %d %s\nwant %s", status, got, want)
	}
}
