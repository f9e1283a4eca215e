package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/vmstub"
)

// 0x3::token_event_store: the TokenEventStoreV1 made on an account's first
// opt-in or collection/token data mutation, and the module events.

// eventStoreJSON is the TokenEventStoreV1 of addr as the API renders it,
// its nine handles made from creation number first on, in field order.
func eventStoreJSON(addr string, first int) string {
	h := func(i int) string {
		return `{"counter":"0","guid":{"id":{"addr":"` + addr + `","creation_num":"` + u(uint64(first+i)) + `"}}}`
	}
	return `{"collection_description_mutate_events":` + h(2) + `,"collection_maximum_mutate_events":` + h(1) +
		`,"collection_uri_mutate_events":` + h(0) + `,"default_property_mutate_events":` + h(5) + `,"description_mutate_events":` + h(6) +
		`,"extension":{"vec":[]},"maximum_mutate_events":` + h(8) + `,"opt_in_events":` + h(3) + `,"royalty_mutate_events":` + h(7) +
		`,"uri_mutate_events":` + h(4) + `}`
}

// wantMutationEvents checks the events and the new TokenEventStoreV1 of
// TestLegacyTokenGettersAndMutators' mutate entry by creator A (whose
// Collections and TokenStore took creation numbers 2 to 8).
func wantMutationEvents(t *testing.T, js map[string]string, A string) {
	t.Helper()
	wantJSON(t, "TokenEventStoreV1", js["0x3::token_event_store::TokenEventStoreV1@"+A], eventStoreJSON(A, 9))
	tok := `"collection":"C","creator":"` + A + `",`
	pv := func(v string) string { return `{"type":"u8","value":"` + v + `"}` }
	for k, want := range map[string]string{
		"CollectionDescriptionMutate#0": `{"collection_name":"C","creator_addr":"` + A + `","new_description":"d2","old_description":"A collection"}`,
		"CollectionUriMutate#1":         `{"collection_name":"C","creator_addr":"` + A + `","new_uri":"u2","old_uri":"https://coll"}`,
		"CollectionMaximumMutate#2":     `{"collection_name":"C","creator_addr":"` + A + `","new_maximum":"7","old_maximum":"5"}`,
		"MaximumMutate#3":               `{` + tok + `"new_maximum":"20","old_maximum":"10","token":"T"}`,
		"UriMutation#4":                 `{` + tok + `"new_uri":"tu2","old_uri":"https://tok","token":"T"}`,
		"RoyaltyMutate#5": `{` + tok + `"new_royalty_denominator":"4","new_royalty_numerator":"1","new_royalty_payee_addr":"` + A +
			`","old_royalty_denominator":"10","old_royalty_numerator":"1","old_royalty_payee_addr":"` + A + `","token":"T"}`,
		"DescriptionMutate#6": `{` + tok + `"new_description":"td2","old_description":"A token","token":"T"}`,
		"DefaultPropertyMutate#7": `{` + tok + `"keys":["p","q"],"new_values":[` + pv("0x02") + `,` + pv("0x03") + `],"old_values":[{"vec":[` +
			pv("0x01") + `]},{"vec":[]}],"token":"T"}`,
	} {
		wantJSON(t, k, js["event 0x3::token_event_store::"+k], want)
	}
	if n := countEvents(js); n != 8 {
		t.Errorf("mutate emitted %d events, want 8", n)
	}
}

// countEvents is the number of 0x3 events in a rendered output (the
// fee statement aside).
func countEvents(js map[string]string) int {
	n := 0
	for k := range js {
		if strings.HasPrefix(k, "event 0x3::") {
			n++
		}
	}
	return n
}

// TestLegacyTokenOptInEvents: opt_in_direct_transfer makes the TokenStore
// and then the TokenEventStoreV1 (creation numbers 2-5, 6-14 of a fresh
// account) and emits OptInTransfer; opting out later emits it again and
// leaves the store as it was.
func TestLegacyTokenOptInEvents(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	b := c.vm.DevAccounts()[1]
	B := b.Address.String()
	js, out := c.run(t, b, at3("token", "opt_in_direct_transfer", vmstub.BoolValue(true)))
	if !out.Info.Success() {
		t.Fatalf("opt_in_direct_transfer: %s", out.Info.Status.String())
	}
	wantJSON(t, "OptInTransfer", js["event 0x3::token_event_store::OptInTransfer#0"], `{"account_address":"`+B+`","opt_in":true}`)
	wantJSON(t, "TokenEventStoreV1", js["0x3::token_event_store::TokenEventStoreV1@"+B], eventStoreJSON(B, 6))
	if n := countEvents(js); n != 1 {
		t.Errorf("opt-in emitted %d events, want 1", n)
	}
	js, out = c.run(t, b, at3("token", "opt_in_direct_transfer", vmstub.BoolValue(false)))
	if !out.Info.Success() {
		t.Fatalf("opt_in_direct_transfer(false): %s", out.Info.Status.String())
	}
	wantJSON(t, "OptInTransfer (out)", js["event 0x3::token_event_store::OptInTransfer#0"], `{"account_address":"`+B+`","opt_in":false}`)
	if got := c.json(b.Address, "0x3::token_event_store::TokenEventStoreV1"); got != eventStoreJSON(B, 6) {
		t.Errorf("TokenEventStoreV1 after opting out: %s", got)
	}
	if got := c.json(b.Address, "0x3::token::TokenStore"); !strings.Contains(got, `"direct_transfer":false`) {
		t.Errorf("TokenStore after opting out: %s", got)
	}
}
