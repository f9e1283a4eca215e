package handlers_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
)

func TestTransactionSummaries(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	dev := s.vm.DevAccounts()
	var versions []string
	for seq := uint64(0); seq < 5; seq++ {
		st := s.transfer(t, dev[0], seq, dev[1].Address, 1)
		post(t, s.base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes())
		_, body := getAny(t, s.base+"/transactions/wait_by_hash/"+st.Hash().String())
		versions = append(versions, asMap(body)["version"].(string))
	}
	base := s.base + "/accounts/" + dev[0].Address.String() + "/transaction_summaries"
	list := func(q string) []string {
		t.Helper()
		status, body := getAny(t, base+q)
		if status != 200 {
			t.Fatalf("%s: %d %v", q, status, body)
		}
		var out []string
		for _, it := range body.([]any) {
			m := it.(map[string]any)
			if m["sender"] != dev[0].Address.String() || m["transaction_hash"] == "" {
				t.Fatalf("summary %v", m)
			}
			out = append(out, m["version"].(string))
		}
		return out
	}
	if got := list(""); len(got) != 5 || got[0] != versions[0] || got[4] != versions[4] {
		t.Fatalf("all: %v, want %v", got, versions)
	}
	if got := list("?limit=2"); len(got) != 2 || got[1] != versions[4] {
		t.Fatalf("latest two: %v", got)
	}
	if got := list("?start_version=" + versions[2]); len(got) != 3 || got[0] != versions[2] {
		t.Fatalf("from the third: %v", got)
	}
	if got := list("?end_version=" + versions[2] + "&limit=1"); len(got) != 1 || got[0] != versions[1] {
		t.Fatalf("one before the third: %v", got)
	}
	if got := list("?start_version=999999"); len(got) != 0 {
		t.Fatalf("past the end: %v", got)
	}
	if status, _ := getAny(t, base+"?limit=0"); status != 400 {
		t.Fatalf("limit=0: %d", status)
	}
}

func TestRequestValidationNamesFields(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	cases := []struct{ path, body, want string }{
		{"/tables/0x1/item", `{"key_type":"u64","value_type":"u64"}`, "missing required field key"},
		{"/tables/0x1/item", `{"key":"1"}`, "missing required field key_type, value_type"},
		{"/tables/0x1/raw_item", `{}`, "missing required field key"},
		{"/view", `{"function":"0x1::chain_id::get","type_arguments":[]}`, "missing required field arguments"},
	}
	for _, c := range cases {
		status, body, _ := post(t, s.base+c.path, "application/json", []byte(c.body))
		if status != 400 || body["error_code"] != "invalid_input" || body["message"] != c.want {
			t.Errorf("%s %s: %d %v, want %q", c.path, c.body, status, body, c.want)
		}
	}
	status, body, _ := post(t, s.base+"/view", "application/json", []byte(`{"function":"0x1::chain_id::get","type_arguments":[],"arguments":[]}`))
	if status != 200 {
		t.Fatalf("empty lists are present, not missing: %d %v", status, body)
	}
}
