package indexer_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestEventDataRenderedAfterPruning: event data is rendered when first
// read; rows read after the ledger was pruned past the version their
// layouts were read at still render decoded JSON (the latest modules
// decode every version's events), the same a fresh index renders at once.
func TestEventDataRenderedAfterPruning(t *testing.T) {
	c := newChain(t)
	ctx := context.Background()
	c.run(c.devs[0], vmstub.TransferPayload(fresh(1), 7))
	ix := indexer.New(c.store, indexer.Options{Modules: c.vm})
	rows, err := ix.Rows(ctx, "events") // indexed, data not rendered yet
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		c.run(c.devs[1], vmstub.TransferPayload(fresh(byte(2+i)), 1))
	}
	if err := c.store.Prune(ctx, c.latest()); err != nil {
		t.Fatal(err)
	}
	again, err := indexer.New(c.store, indexer.Options{Modules: c.vm}).Rows(ctx, "events")
	if err != nil {
		t.Fatal(err)
	}
	rendered := map[string]string{}
	for _, r := range again {
		rendered[r.Get("transaction_version").(json.Number).String()+"/"+r.Get("event_index").(json.Number).String()] = string(r.Get("data").(json.RawMessage))
	}
	withdraws := 0
	for _, r := range rows {
		data := string(r.Get("data").(json.RawMessage))
		if strings.HasPrefix(data, `"0x`) {
			t.Errorf("event %v rendered as hex: %s", r.Get("type"), data)
		}
		if r.Get("type") == "0x1::fungible_asset::Withdraw" && strings.Contains(data, `"amount":"7"`) {
			withdraws++
		}
		if want, ok := rendered[r.Get("transaction_version").(json.Number).String()+"/"+r.Get("event_index").(json.Number).String()]; ok && want != data {
			t.Errorf("event %v: %s, a fresh index renders %s", r.Get("type"), data, want)
		}
	}
	if withdraws != 1 {
		t.Errorf("%d withdrawals of 7 rendered, want 1", withdraws)
	}
}
