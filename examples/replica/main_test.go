package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/vmstub"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestService runs a writer node over a fresh database and the service
// over the same database: its own route, the ledger info and a transfer
// submitted and waited for through it. Skips without PostgreSQL.
func TestService(t *testing.T) {
	dsn := pgtest.Database(t)
	ctx := context.Background()
	ps, err := pgstore.Open(ctx, pgstore.Options{DSN: dsn, ChainID: 4, SoleWriter: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ps.Close() })
	vm, err := vmstub.New(vmstub.Options{ChainID: 4, DevAccounts: 2})
	if err != nil {
		t.Fatal(err)
	}
	pool := mempool.New(mempool.Options{})
	n, err := node.New(ps, pool, vm, node.Options{ChainID: 4})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	api, err := handlers.New(handlers.Deps{Store: ps, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm},
		handlers.Options{PathPrefix: "/v1"})
	if err != nil {
		t.Fatal(err)
	}
	writer := httptest.NewServer(api)
	t.Cleanup(writer.Close)

	h, closeReplica, err := newService(ctx, dsn, writer.URL+"/v1", 4)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeReplica() })
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	get := func(path string) (int, []byte) {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	if status, body := get("/healthz"); status != 200 || string(body) != "ok\n" {
		t.Errorf("/healthz: %d %q", status, body)
	}
	var info struct {
		ChainID int `json:"chain_id"`
	}
	if status, body := get("/v1"); status != 200 || json.Unmarshal(body, &info) != nil || info.ChainID != 4 {
		t.Errorf("/v1: %d %s", status, body)
	}
	devs := vm.DevAccounts()
	st := devs[0].Sign(txn.RawTransaction{Sender: devs[0].Address, Payload: vmstub.TransferPayload(devs[1].Address, 5),
		MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Hour).Unix()), ChainID: 4})
	resp, err := http.Post(srv.URL+"/v1/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, bytes.NewReader(st.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("submission through the service: %d", resp.StatusCode)
	}
	var tx struct {
		Type    string `json:"type"`
		Success bool   `json:"success"`
	}
	for deadline := time.Now().Add(30 * time.Second); tx.Type != "user_transaction"; {
		status, body := get("/v1/transactions/wait_by_hash/" + st.Hash().String())
		if status != 200 || json.Unmarshal(body, &tx) != nil || time.Now().After(deadline) {
			t.Fatalf("wait_by_hash through the service: %d %s", status, body)
		}
	}
	if !tx.Success {
		t.Errorf("the transfer failed: %+v", tx)
	}
}
