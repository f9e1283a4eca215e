package indexer_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/rows.golden.json")

// TestRowsGolden pins every row of every table over a ledger that is the
// same in every run (a still clock): transfers to fresh and existing
// accounts, a failed one, a coin registration, 0x4 and 0x3 tokens and a
// multi-agent transaction, indexed with the module layouts as the bundled
// node runs it, in one catch-up and block by block. A change of the
// derivation that changes a row shows here.
//
//	go test ./indexer -run TestRowsGolden -update   # after a deliberate change
func TestRowsGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a ledger of token and transfer transactions")
	}
	c := newChainAt(t, time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC))
	following := indexer.New(c.store, indexer.Options{Modules: c.vm})
	a, b, cc := c.devs[0], c.devs[1], c.devs[2]
	S := vmstub.StringValue
	sink := ledgerapi.Address{0: 0x51, 31: 1}
	all := vmstub.BoolValue(true)
	steps := []func(){
		func() { c.run(a, vmstub.TransferPayload(fresh(1), 5)) },
		func() { c.run(b, vmstub.TransferPayload(sink, 7)) },
		func() { c.run(cc, vmstub.TransferPayload(sink, 9)) },
		func() { c.run(b, vmstub.TransferPayload(fresh(2), c.faBalance(b.Address)*2)) }, // fails
		func() {
			c.run(a, aptosToken("create_collection", nil, S("Cats"), vmstub.U64Value(10), S("Kittens"), S("https://coll"),
				all, all, all, all, all, all, all, all, all, vmstub.U64Value(5), vmstub.U64Value(100)))
		},
		func() {
			c.run(a, aptosToken("mint", nil, S("Kittens"), S("A cat"), S("Tom"), S("https://tom"), strs("age", "nick"),
				strs("u64", "0x1::string::String"), byteVecs(vmstub.U64Value(3), S("tommy"))))
		},
		func() {
			c.run(a, legacyToken("token", "create_collection_script", S("Legacy"), S("Old cats"), S("https://legacy"),
				vmstub.U64Value(100), bools(false, true, false)))
		},
		func() {
			c.run(a, legacyToken("token", "create_token_script", S("Legacy"), S("Tom"), S("A cat"),
				vmstub.U64Value(5), vmstub.U64Value(10), S("https://tom"), vmstub.AddressValue(a.Address),
				vmstub.U64Value(100), vmstub.U64Value(5), bools(false, false, false, false, true),
				strs("TOKEN_BURNABLE_BY_OWNER", "age"), byteVecs(vmstub.BoolValue(true), vmstub.U64Value(3)),
				strs("bool", "u64")))
		},
		func() {
			c.run(a, legacyToken("token_transfers", "offer_script", vmstub.AddressValue(b.Address), vmstub.AddressValue(a.Address),
				S("Legacy"), S("Tom"), vmstub.U64Value(0), vmstub.U64Value(2)))
		},
		func() {
			c.run(b, legacyToken("token_transfers", "claim_script", vmstub.AddressValue(a.Address), vmstub.AddressValue(a.Address),
				S("Legacy"), S("Tom"), vmstub.U64Value(0)))
		},
		func() {
			c.runMultiAgent(a, b, legacyToken("token", "direct_transfer_script",
				vmstub.AddressValue(a.Address), S("Legacy"), S("Tom"), vmstub.U64Value(0), vmstub.U64Value(1)))
		},
		func() { c.run(b, vmstub.TransferPayload(sink, 11)) },
	}
	for _, step := range steps {
		step()
		if _, err := following.Rows(context.Background(), "processor_status"); err != nil {
			t.Fatal(err)
		}
	}
	once := indexer.New(c.store, indexer.Options{Modules: c.vm})
	keysUnique(t, once)
	keysUnique(t, following)
	got := dumpTables(t, once)
	if followed := dumpTables(t, following); !bytes.Equal(followed, got) {
		t.Errorf("the index that followed the ledger differs from the one that caught up at once")
	}
	path := filepath.Join("testdata", "rows.golden.json")
	if *updateGolden {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		os.WriteFile(filepath.Join(t.TempDir(), "rows.json"), got, 0o644) //nolint:errcheck
		gotLines, wantLines := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := range min(len(gotLines), len(wantLines)) {
			if !bytes.Equal(gotLines[i], wantLines[i]) {
				t.Fatalf("rows differ from %s at line %d:\n got %s\nwant %s", path, i+1, gotLines[i], wantLines[i])
			}
		}
		t.Fatalf("rows differ from %s: %d lines, want %d", path, len(gotLines), len(wantLines))
	}
}

// keysUnique checks that no two rows of a table share its primary key:
// the derivation replaces a row rather than adding a second, and the
// tables it appends to without looking (state.go's uniqueTables) never
// get a key twice.
func keysUnique(t *testing.T, ix *indexer.Indexer) {
	t.Helper()
	for _, tb := range indexer.Schema().Tables {
		if len(tb.PrimaryKey) == 0 || tb.Name == "processor_status" {
			continue
		}
		rs, err := ix.Rows(context.Background(), tb.Name)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, r := range rs {
			key, err := json.Marshal(func() []any {
				var k []any
				for _, c := range tb.PrimaryKey {
					k = append(k, r.Get(c))
				}
				return k
			}())
			if err != nil {
				t.Fatal(err)
			}
			if seen[string(key)] {
				t.Errorf("%s has two rows with the key %s", tb.Name, key)
			}
			seen[string(key)] = true
		}
	}
}

// dumpTables renders every table (but processor_status, which reads the
// wall clock) as JSON lines, one row a line, in primary-key order.
func dumpTables(t *testing.T, ix *indexer.Indexer) []byte {
	t.Helper()
	var out bytes.Buffer
	for _, tb := range indexer.Schema().Tables {
		if tb.Name == "processor_status" {
			continue
		}
		rs, err := ix.Rows(context.Background(), tb.Name)
		if err != nil {
			t.Fatal(err)
		}
		out.WriteString("== " + tb.Name + "\n")
		for _, r := range rs {
			b, err := json.Marshal(r.Map())
			if err != nil {
				t.Fatal(err)
			}
			out.Write(b)
			out.WriteByte('\n')
		}
	}
	return out.Bytes()
}
