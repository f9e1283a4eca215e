package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

func TestFaucetFundsThroughRealTransfers(t *testing.T) {
	vm, err := vmstub.New(vmstub.Options{DevAccounts: -1})
	if err != nil {
		t.Fatal(err)
	}
	store := memstore.New(memstore.Options{ChainID: 4})
	n, err := node.New(store, mempool.New(mempool.Options{}), vm, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	f := &faucet{node: n, vm: vm, root: vm.Root(), chainID: 4}
	srv := httptest.NewServer(f.handler())
	defer srv.Close()

	to := ledgerapi.MustParseAddress("0x" + strings.Repeat("ab", 32))
	var hashes []string
	for i := 0; i < 3; i++ { // consecutive requests need consecutive sequence numbers
		resp, err := http.Post(srv.URL+"/fund", "application/json", strings.NewReader(`{"address":"`+to.String()+`","amount":250}`))
		if err != nil {
			t.Fatal(err)
		}
		var body struct {
			TxnHashes []string `json:"txn_hashes"`
		}
		json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		if resp.StatusCode != 200 || len(body.TxnHashes) != 1 {
			t.Fatalf("fund %d: %d %v", i, resp.StatusCode, body)
		}
		hashes = append(hashes, body.TxnHashes[0])
	}
	resp, err := http.Post(srv.URL+"/mint?address="+to.String()+"&amount=250", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var minted []string
	json.NewDecoder(resp.Body).Decode(&minted)
	resp.Body.Close()
	if resp.StatusCode != 200 || len(minted) != 1 {
		t.Fatalf("mint: %d %v", resp.StatusCode, minted)
	}
	hashes = append(hashes, minted[0])
	for _, h := range hashes {
		hv, _ := ledgerapi.ParseHash(h)
		deadline := time.Now().Add(5 * time.Second)
		for {
			sig := n.CommitSignal()
			tx, err := store.TransactionByHash(context.Background(), hv)
			if err == nil {
				if !tx.Info.Success() {
					t.Fatalf("funding transaction failed: %s", tx.Info.Status.String())
				}
				break
			}
			select {
			case <-sig:
			case <-time.After(time.Until(deadline)):
				t.Fatalf("%s never committed", h)
			}
		}
	}
	state, _, _ := n.LatestState(context.Background())
	vals, _, _, err := vm.View(state, ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "primary_fungible_store"}, Name: "balance"},
		[]ledgerapi.TypeTag{ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "object", Name: "ObjectCore"})},
		[][]byte{to[:], ledgerapi.AddressA[:]})
	if err != nil || len(vals) != 1 || vals[0][0] != 0xe8 || vals[0][1] != 0x03 { // 1000 = 4 × 250, little-endian
		t.Fatalf("balance after funding: %x %v", vals, err)
	}
	for _, bad := range []string{`{"address":"zz","amount":1}`, `{"address":"0x1","amount":0}`, `{"address":"0x1","amount":-5}`, `not json`} {
		resp, _ := http.Post(srv.URL+"/fund", "application/json", strings.NewReader(bad))
		if resp.StatusCode != 400 {
			t.Errorf("%s: %d", bad, resp.StatusCode)
		}
		resp.Body.Close()
	}
}
