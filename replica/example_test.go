package replica_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/replica"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Serve a replica of a writer node from the ledger it commits to, submit
// a transfer through the replica and wait for it there. (In production
// the ledger is PostgreSQL and the replica another process: see
// Example_postgres.)
func Example() {
	vm, _ := vmstub.New(vmstub.Options{ChainID: 4, DevAccounts: 2})
	store := memstore.New(memstore.Options{ChainID: 4})
	pool := mempool.New(mempool.Options{})
	n, _ := node.New(store, pool, vm, node.Options{ChainID: 4})
	n.Start(context.Background())
	defer n.Close()
	api, _ := handlers.New(handlers.Deps{Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm},
		handlers.Options{PathPrefix: "/v1"})
	writer := httptest.NewServer(api)
	defer writer.Close()

	// The replica: the writer's ledger, its commit signal, its URL.
	rep, err := replica.New(store, n, replica.Options{Writer: writer.URL + "/v1", Executor: vm, Modules: vm})
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(rep)
	defer srv.Close()

	devs := vm.DevAccounts()
	st := devs[0].Sign(txn.RawTransaction{Sender: devs[0].Address, Payload: vmstub.TransferPayload(devs[1].Address, 100),
		MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Hour).Unix()), ChainID: 4})
	resp, err := http.Post(srv.URL+"/v1/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, bytes.NewReader(st.Bytes()))
	if err != nil {
		panic(err)
	}
	resp.Body.Close()
	fmt.Println("submitted through the replica:", resp.StatusCode)
	var out struct {
		Type    string `json:"type"`
		Success bool   `json:"success"`
	}
	for i := 0; i < 30 && out.Type != "user_transaction"; i++ { // each wait_by_hash waits up to 1 s
		resp, err = http.Get(srv.URL + "/v1/transactions/wait_by_hash/" + st.Hash().String())
		if err != nil {
			panic(err)
		}
		err = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			panic(fmt.Sprint(resp.StatusCode, err))
		}
	}
	fmt.Println("waited on the replica:", out.Type, out.Success)
	// Output:
	// submitted through the replica: 202
	// waited on the replica: user_transaction true
}

// A replica over PostgreSQL: another process (the writer node) commits to
// the database, or to the primary of the standby dsn names.
func Example_postgres() {
	ctx := context.Background()
	dsn := "postgres://ledger@db/ledger"
	vm, _ := vmstub.New(vmstub.Options{ChainID: 4}) // the writer's chain
	rep, err := replica.Open(ctx, pgstore.Options{DSN: dsn, StatementTimeout: 10 * time.Second},
		replica.Options{Writer: "http://writer:8080/v1", Executor: vm, Modules: vm})
	if err != nil {
		panic(err)
	}
	defer rep.Close()
	mux := http.NewServeMux()
	mux.Handle("/v1", rep)
	mux.Handle("/v1/", rep)
	http.ListenAndServe("127.0.0.1:8090", mux)
}
