package handlers_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// racingStore runs race once, the first time a transaction is looked up by
// hash: after the API read the ledger info for its headers, before the
// lookup, as a block committed at that moment would.
type racingStore struct {
	storage.Reader
	race func()
}

func (s *racingStore) TransactionByHash(ctx context.Context, h ledgerapi.HashValue) (storage.Transaction, error) {
	if s.race != nil {
		race := s.race
		s.race = nil
		race()
	}
	return s.Reader.TransactionByHash(ctx, h)
}

// stillPending is a mempool that still holds one transaction (the node
// lets go of it a moment after committing it).
type stillPending struct{ e *mempool.Entry }

func (p stillPending) Get(_ context.Context, h ledgerapi.HashValue) (*mempool.Entry, bool) {
	return p.e, p.e != nil && p.e.Hash == h
}

// TestByHashBoundedByReportedVersion commits a transaction between the
// ledger info read of GET /transactions/by_hash and its lookup: the answer
// never shows a version above the X-NODE-LEDGER-VERSION it reports. While
// the mempool still holds the transaction it is pending, at the version
// read first (the lookup is bounded by it, as on the real node); once the
// mempool let go of it, it is the committed transaction with the headers
// of a ledger info that holds it, not a 404.
func TestByHashBoundedByReportedVersion(t *testing.T) {
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 2})
	if err != nil {
		t.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: 4})
	pool := mempool.New(mempool.Options{})
	n, err := node.New(store, pool, vm, node.Options{}) // a block as soon as a transaction is ready, no idle blocks
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	dev := vm.DevAccounts()
	mk := func(seq uint64) *txn.SignedTransaction {
		return dev[0].Sign(txn.RawTransaction{Sender: dev[0].Address, SequenceNumber: seq, Payload: vmstub.TransferPayload(dev[1].Address, 1),
			MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 4})
	}
	// commit submits st and returns once the block holding it is
	// committed and the pool has let go of it (the node announces the
	// commit after both).
	commit := func(st *txn.SignedTransaction) {
		for {
			signal := n.CommitSignal()
			if _, err := store.TransactionByHash(context.Background(), st.Hash()); err == nil {
				return
			}
			if _, ok := pool.Get(context.Background(), st.Hash()); !ok {
				if _, err := n.Submit(context.Background(), st, st.Bytes(), st.Hash()); err != nil {
					t.Errorf("submit: %v", err)
					return
				}
			}
			<-signal
		}
	}
	get := func(api http.Handler, h ledgerapi.HashValue) (int, map[string]any, uint64) {
		t.Helper()
		rec := httptest.NewRecorder()
		api.ServeHTTP(rec, httptest.NewRequest("GET", "/transactions/by_hash/"+h.String(), nil))
		var body map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		v, err := strconv.ParseUint(rec.Header().Get(ledgerapi.HeaderLedgerVersion), 10, 64)
		if err != nil {
			t.Fatalf("%s header: %v", ledgerapi.HeaderLedgerVersion, err)
		}
		if s, ok := body["version"].(string); ok {
			if tv, _ := strconv.ParseUint(s, 10, 64); tv > v {
				t.Fatalf("transaction version %d above the reported ledger version %d", tv, v)
			}
		}
		return rec.Code, body, v
	}
	newAPI := func(s storage.Reader, p handlers.Pending) http.Handler {
		api, err := handlers.New(handlers.Deps{Store: s, Submitter: n, Pending: p, Executor: vm, Modules: vm}, handlers.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return api
	}

	for seq, c := range []struct {
		name    string
		pending bool
		typ     string
	}{
		{"gone from the mempool", false, "user_transaction"},
		{"still in the mempool", true, "pending_transaction"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := mk(uint64(seq))
			before, err := store.LedgerInfo(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			rs := &racingStore{Reader: store, race: func() { commit(st) }}
			var p handlers.Pending = pool
			if c.pending {
				p = stillPending{&mempool.Entry{Txn: st, Hash: st.Hash(), Bytes: st.Bytes()}}
			}
			api := newAPI(rs, p)
			status, body, reported := get(api, st.Hash()) // get checks the body's version against the headers
			if status != 200 || body["type"] != c.typ {
				t.Fatalf("%d %v, want 200 %s", status, body, c.typ)
			}
			if c.pending && reported != before.Version {
				t.Fatalf("reported version %d, want %d (read before the commit)", reported, before.Version)
			}
			if !c.pending && reported <= before.Version {
				t.Fatalf("reported version %d: the ledger info read before the commit (%d)", reported, before.Version)
			}
			// Asked again, it is committed, within the reported version.
			status, body, reported = get(api, st.Hash())
			if status != 200 || body["type"] != "user_transaction" || reported <= before.Version {
				t.Fatalf("again: %d %v at %d", status, body["type"], reported)
			}
		})
	}
}

// TestByHashNotFoundReportsVersionRead checks that a 404 of by_hash
// carries the ledger headers of the version the lookup was made against,
// even when the ledger moved on before the answer was written.
func TestByHashNotFoundReportsVersionRead(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	before, err := s.store.LedgerInfo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	dev := s.vm.DevAccounts()
	st := s.transfer(t, dev[0], 0, dev[1].Address, 1)
	unknown := ledgerapi.HashValue{1, 2, 3}
	rs := &racingStore{Reader: s.store, race: func() {
		for {
			signal := s.node.CommitSignal()
			if _, err := s.store.TransactionByHash(context.Background(), st.Hash()); err == nil {
				return
			}
			if _, ok := s.node.Pool().Get(context.Background(), st.Hash()); !ok {
				if _, err := s.node.Submit(context.Background(), st, st.Bytes(), st.Hash()); err != nil {
					t.Errorf("submit: %v", err)
					return
				}
			}
			<-signal
		}
	}}
	api, err := handlers.New(handlers.Deps{Store: rs, Submitter: s.node, Pending: s.node.Pool(), Executor: s.vm, Modules: s.vm}, handlers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	api.ServeHTTP(rec, httptest.NewRequest("GET", "/transactions/by_hash/"+unknown.String(), nil))
	if rec.Code != 404 || rec.Header().Get(ledgerapi.HeaderLedgerVersion) != strconv.FormatUint(before.Version, 10) {
		t.Fatalf("%d at %s, want 404 at %d: %s", rec.Code, rec.Header().Get(ledgerapi.HeaderLedgerVersion), before.Version, rec.Body)
	}
}
