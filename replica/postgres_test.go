package replica_test

import (
	"context"
	"net/http"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/replica"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
)

// TestOpenOverPostgres runs a writer node over PostgreSQL and a replica
// opened on the same database: the replica's store is read-only, a
// transfer submitted through the replica is reported committed by its
// wait_by_hash (woken by the commits the store follows), and the caller's
// OnCommit still sees them. Skips without PostgreSQL (see pgtest).
func TestOpenOverPostgres(t *testing.T) {
	dsn := pgtest.Database(t)
	ctx := context.Background()
	ps, err := pgstore.Open(ctx, pgstore.Options{DSN: dsn, ChainID: 4, SoleWriter: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ps.Close() })
	_, vm, w := startWriter(t, ps)
	var seen atomic.Uint64
	seenMore := make(chan struct{}, 1)
	onCommit := func(v uint64) {
		seen.Store(v)
		select {
		case seenMore <- struct{}{}:
		default:
		}
	}
	rep, err := replica.Open(ctx, pgstore.Options{DSN: dsn, OnCommit: onCommit},
		replica.Options{Writer: w.URL + "/v1", Executor: vm, Modules: vm})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rep.Close() })
	if wr, ok := rep.Store().(storage.Writer); !ok || wr.CommitBlock(ctx, storage.Block{}, nil) == nil {
		t.Errorf("the replica's store accepts commits")
	}
	srv := newServer(t, rep)
	devs := vm.DevAccounts()
	st := transfer(devs[0], devs[1].Address, 0, 7, 4)
	if a := do(t, http.MethodPost, srv+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes()); a.status != http.StatusAccepted {
		t.Fatalf("submission through the replica: %d %s", a.status, a.body)
	}
	var version uint64
	for deadline := time.Now().Add(30 * time.Second); ; {
		a := do(t, http.MethodGet, srv+"/transactions/wait_by_hash/"+st.Hash().String(), "", nil)
		if a.status == http.StatusOK && field(t, a, "type") == "user_transaction" {
			version, _ = strconv.ParseUint(field(t, a, "version").(string), 10, 64)
			break
		}
		if a.status != http.StatusOK || time.Now().After(deadline) {
			t.Fatalf("wait_by_hash on the replica: %d %s", a.status, a.body)
		}
	}
	// The replica may read the commit before its follower reports it.
	timeout := time.After(30 * time.Second)
	for seen.Load() < version {
		select {
		case <-seenMore:
		case <-timeout:
			t.Fatalf("OnCommit saw version %d, the transaction committed at %d", seen.Load(), version)
		}
	}
}
