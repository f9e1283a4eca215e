package pgindex_test

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/indexer/pgindex"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/statefile"
	"github.com/ledgernode/ledgernode/vmstub"
)

// rowsJSON renders rows as JSON objects, one per row.
func rowsJSON(t *testing.T, rows []gql.Row) []string {
	t.Helper()
	out := make([]string, len(rows))
	for i, r := range rows {
		m := r.Map()
		delete(m, "last_updated") // the wall clock of the read or of the flush
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = string(b)
	}
	return out
}

// sameTables checks every table of the index in PostgreSQL against the
// in-memory one, row for row in primary-key order (in the in-memory
// order for the keyless view), that processor_status reports version and that at
// least minTables tables hold rows.
func sameTables(t *testing.T, ix *indexer.Indexer, r *pgindex.Reader, version uint64, minTables int) {
	t.Helper()
	ctx := context.Background()
	nonEmpty := 0
	for _, def := range indexer.Schema().Tables {
		mem, err := ix.Rows(ctx, def.Name)
		if err != nil {
			t.Fatal(err)
		}
		pg, err := r.Rows(ctx, def.Name)
		if err != nil {
			t.Fatal(err)
		}
		a, b := rowsJSON(t, mem), rowsJSON(t, pg)
		if !slices.Equal(a, b) {
			t.Errorf("%s: in memory %d rows, in PostgreSQL %d:\n%v\n%v", def.Name, len(a), len(b), a, b)
		}
		if len(a) > 0 {
			nonEmpty++
		}
	}
	if nonEmpty < minTables {
		t.Errorf("only %d tables hold rows: the ledger exercises too little", nonEmpty)
	}
	st, err := r.Rows(ctx, "processor_status")
	if err != nil || len(st) != len(indexer.Processors) {
		t.Fatalf("processor_status: %d rows, %v", len(st), err)
	}
	if got := st[0].Get("last_success_version"); got != json.Number(jsonUint(version)) {
		t.Errorf("processor_status at %v, want %d", got, version)
	}
}

func jsonUint(v uint64) string { b, _ := json.Marshal(v); return string(b) }

func flush(t *testing.T, w *pgindex.Writer, want uint64) {
	t.Helper()
	v, ok, err := w.Flush(context.Background())
	if err != nil || !ok || v != want {
		t.Fatalf("Flush = %d, %v, %v; want %d", v, ok, err, want)
	}
}

// TestFlushFollowsTheLedger flushes after each step of a ledger that
// transfers, makes a collection, mints and transfers tokens, is reverted
// and pruned, and is flushed by a restarted writer, and compares every
// table with the in-memory index each time.
func TestFlushFollowsTheLedger(t *testing.T) {
	c := newChain(t)
	p := pool(t)
	ix := indexer.New(c.store, indexer.Options{Modules: c.vm, ChangeFeed: true})
	w := pgindex.NewWriter(p, ix)
	r := pgindex.NewReader(p, pgindex.ReaderOptions{})
	a, b := c.devs[0], c.devs[1]

	c.run(a, vmstub.TransferPayload(fresh(1), 5))
	flush(t, w, c.latest())
	sameTables(t, ix, r, c.latest(), 15)

	c.run(a, collection("Cats"))
	c.run(a, mint("Cats", "Tom"))
	c.run(b, vmstub.TransferPayload(fresh(1), 7))
	flush(t, w, c.latest())
	sameTables(t, ix, r, c.latest(), 15)
	keep := c.latest()

	c.run(a, mint("Cats", "Felix"))
	c.run(a, vmstub.TransferPayload(fresh(2), 9))
	flush(t, w, c.latest())
	sameTables(t, ix, r, c.latest(), 15)

	// A revert: the indexer starts over and the flush replaces everything.
	c.node.Close()
	if err := c.store.Revert(context.Background(), keep); err != nil {
		t.Fatal(err)
	}
	flush(t, w, keep)
	sameTables(t, ix, r, keep, 15)
	mem, _ := ix.Rows(context.Background(), "current_token_datas_v2")
	if len(mem) != 1 {
		t.Fatalf("after the revert: %d token datas, want 1 (Felix reverted)", len(mem))
	}

	// Pruning keeps what was indexed, in memory and in PostgreSQL.
	if err := c.store.Prune(context.Background(), keep-1); err != nil {
		t.Fatal(err)
	}
	flush(t, w, keep)
	sameTables(t, ix, r, keep, 15)

	// A restarted writer (a new indexer) rewrites the index whole.
	ix2 := indexer.New(c.store, indexer.Options{Modules: c.vm, ChangeFeed: true})
	flush(t, pgindex.NewWriter(p, ix2), keep)
	sameTables(t, ix2, r, keep, 8) // the genesis was pruned
}

// TestFlushReplacesAnotherIndex loads a dump of a ledger into a new store
// and flushes its index into a database holding another ledger's index
// (and an empty ledger's flush into a database holding an index): the
// first flush of a writer replaces what the database holds.
func TestFlushReplacesAnotherIndex(t *testing.T) {
	ctx := context.Background()
	c := newChain(t)
	p := pool(t)
	r := pgindex.NewReader(p, pgindex.ReaderOptions{})
	c.run(c.devs[0], collection("Cats"))
	c.run(c.devs[0], mint("Cats", "Tom"))
	var dump bytes.Buffer
	if _, err := statefile.Write(ctx, c.store, &dump); err != nil {
		t.Fatal(err)
	}
	dumped := c.latest()

	other := newChain(t) // another ledger, flushed first
	other.run(other.devs[1], vmstub.TransferPayload(fresh(9), 3))
	oix := indexer.New(other.store, indexer.Options{Modules: other.vm, ChangeFeed: true})
	flush(t, pgindex.NewWriter(p, oix), other.latest())

	loaded := memstore.New(memstore.Options{ChainID: chainID})
	if _, err := statefile.Load(ctx, loaded, &dump); err != nil {
		t.Fatal(err)
	}
	ix := indexer.New(loaded, indexer.Options{Modules: c.vm, ChangeFeed: true})
	flush(t, pgindex.NewWriter(p, ix), dumped)
	sameTables(t, ix, r, dumped, 15)

	empty := indexer.New(memstore.New(memstore.Options{ChainID: chainID}), indexer.Options{ChangeFeed: true})
	if _, ok, err := pgindex.NewWriter(p, empty).Flush(ctx); err != nil || ok {
		t.Fatalf("flushing an empty ledger: ok %v, %v", ok, err)
	}
	for _, def := range indexer.Schema().Tables {
		if rows, err := r.Rows(ctx, def.Name); err != nil || len(rows) != 0 {
			t.Errorf("%s after an empty ledger's flush: %d rows, %v", def.Name, len(rows), err)
		}
	}
}

// TestFlushDropsNulBytes: a collection whose name holds a NUL byte (a
// valid Move string, which PostgreSQL's text cannot hold) is flushed with
// the byte dropped instead of failing every flush.
func TestFlushDropsNulBytes(t *testing.T) {
	c := newChain(t)
	p := pool(t)
	ix := indexer.New(c.store, indexer.Options{Modules: c.vm, ChangeFeed: true})
	c.run(c.devs[0], collection("Nul\x00Cats"))
	flush(t, pgindex.NewWriter(p, ix), c.latest())
	r := pgindex.NewReader(p, pgindex.ReaderOptions{})
	got := post(t, r, `{current_collections_v2(where: {collection_name: {_eq: "NulCats"}}) { collection_name }}`, nil)
	if got != `{"data":{"current_collections_v2":[{"collection_name":"NulCats"}]}}` {
		t.Errorf("the collection: %s", got)
	}
	mem, _ := ix.Rows(context.Background(), "current_collections_v2")
	if len(mem) != 1 || mem[0].Get("collection_name") != "Nul\x00Cats" {
		t.Fatalf("in memory: %v (the test needs the NUL to reach the index)", mem)
	}
}

// TestIndexesForTheSDKFilters checks that every column the SDKs filter a
// table by leads an index of it (its primary key or a secondary index),
// so their queries never scan a table.
func TestIndexesForTheSDKFilters(t *testing.T) {
	ctx := context.Background()
	c := newChain(t)
	p := pool(t)
	ix := indexer.New(c.store, indexer.Options{Modules: c.vm, ChangeFeed: true})
	flush(t, pgindex.NewWriter(p, ix), c.latest())
	rows, err := p.Query(ctx, `SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = $1`, pgindex.Schema)
	if err != nil {
		t.Fatal(err)
	}
	leading := map[string]bool{} // table + "." + the index's first column
	for rows.Next() {
		var table, def string
		if err := rows.Scan(&table, &def); err != nil {
			t.Fatal(err)
		}
		first := def[strings.Index(def, "(")+1:]
		first = strings.Trim(strings.FieldsFunc(first, func(r rune) bool { return r == ',' || r == ')' })[0], ` "`)
		leading[table+"."+first] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{
		"processor_status.processor", "account_transactions.account_address",
		"current_fungible_asset_balances.owner_address", "current_fungible_asset_balances.asset_type",
		"fungible_asset_activities.owner_address", "fungible_asset_activities.asset_type",
		"fungible_asset_metadata.asset_type", "fungible_asset_metadata.creator_address",
		"current_token_ownerships_v2.owner_address", "current_token_ownerships_v2.token_data_id",
		"current_token_datas_v2.token_data_id", "current_token_datas_v2.collection_id",
		"current_collections_v2.collection_id", "current_collections_v2.creator_address", "current_collections_v2.collection_name",
		"current_collection_ownership_v2_view.owner_address", "token_activities_v2.token_data_id",
		"events.account_address", "events.indexed_type", "user_transactions.version", "user_transactions.sender",
		"current_objects.owner_address", "current_table_items.table_handle", "table_items.table_handle",
		"auth_key_account_addresses.auth_key", "auth_key_account_addresses.account_address", "public_key_auth_keys.public_key",
		"signatures.signer", "current_aptos_names.owner_address", "current_aptos_names.registered_address",
		"delegated_staking_activities.delegator_address", "delegated_staking_activities.pool_address",
	} {
		if !leading[f] {
			t.Errorf("no index leads with %s", f)
		}
	}
}

// TestViewRewrittenOnlyWhenItChanges: a flush whose token change leaves
// current_collection_ownership_v2_view as it was (a collection's new
// description) does not rewrite it; one that changes it (a mint) does.
func TestViewRewrittenOnlyWhenItChanges(t *testing.T) {
	ctx := context.Background()
	c := newChain(t)
	p := pool(t)
	ix := indexer.New(c.store, indexer.Options{Modules: c.vm, ChangeFeed: true})
	w := pgindex.NewWriter(p, ix)
	r := pgindex.NewReader(p, pgindex.ReaderOptions{})
	a := c.devs[0]
	c.run(a, collection("Cats"))
	c.run(a, mint("Cats", "Tom"))
	flush(t, w, c.latest())
	xmins := func() string {
		t.Helper()
		var s string
		if err := p.QueryRow(ctx, `SELECT string_agg(xmin::text, ',') FROM indexer.current_collection_ownership_v2_view`).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := xmins()
	coll := crypto.ObjectAddressFromSeed(a.Address, []byte("Cats"))
	collTag := []ledgerapi.TypeTag{ledgerapi.StructType(ledgerapi.StructTag{Address: addr4, Module: "collection", Name: "Collection"})}
	c.run(a, vmstub.EntryPayload(addr4, "aptos_token", "set_collection_description", collTag, vmstub.AddressValue(coll), vmstub.StringValue("new")))
	flush(t, w, c.latest())
	sameTables(t, ix, r, c.latest(), 10)
	colls, _ := ix.Rows(ctx, "current_collections_v2")
	if len(colls) != 1 || colls[0].Get("description") != "new" {
		t.Fatalf("the description did not change: %v", colls)
	}
	if after := xmins(); after != before {
		t.Errorf("the unchanged view was rewritten (xmin %s, then %s)", before, after)
	}
	c.run(a, mint("Cats", "Felix"))
	flush(t, w, c.latest())
	sameTables(t, ix, r, c.latest(), 10)
	if after := xmins(); after == before {
		t.Error("the view changed by a mint was not rewritten")
	}
}
