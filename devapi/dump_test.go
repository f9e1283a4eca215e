package devapi_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/statefile"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestDumpLoad builds a ledger with transfers, a table write with events
// and a write-set transaction, downloads it from /dump, loads it into
// fresh stores and starts a node over each: the same latest version,
// accumulator root, transactions and balances, and the loaded node keeps
// going.
func TestDumpLoad(t *testing.T) {
	ctx := context.Background()
	src := newStack(t, stores(t)["memstore"](), handlers.Options{})
	dev := src.vm.DevAccounts()
	exp := time.Now().Add(time.Minute)
	t1 := src.sign(dev[0], 0, vmstub.TransferPayload(dev[1].Address, 1234), exp)
	src.submit(t, t1)
	src.wait(t, t1.Hash())
	t2 := src.sign(dev[1], 0, vmstub.EntryPayload(notesAddr, "notes", "put", nil, putNote(9)), exp)
	src.submit(t, t2)
	src.wait(t, t2.Hash())
	if status, out := src.devPost(t, "/set_balance", fmt.Sprintf(`{"address":"%s","octas":"31337"}`, dev[2].Address)); status != 200 {
		t.Fatalf("set_balance: %d %v", status, out)
	}
	status, dump := do(t, http.MethodGet, src.dev+"/dump", "", nil)
	if status != 200 || len(dump) < 100 {
		t.Fatalf("dump: %d %.200s", status, dump)
	}
	var viaGo bytes.Buffer
	if _, err := src.node.Dump(ctx, &viaGo); err != nil || !bytes.Equal(viaGo.Bytes(), dump) {
		t.Fatalf("Node.Dump differs from GET /dump (err %v)", err)
	}
	wantInfo, _ := src.store.LedgerInfo(ctx)
	wantTxns := everything(t, src.store)

	for name, open := range stores(t) {
		t.Run(name, func(t *testing.T) {
			store := open()
			if _, err := statefile.Load(ctx, store, bytes.NewReader(dump)); err != nil {
				t.Fatal(err)
			}
			dst := newStack(t, store, handlers.Options{}) // the node resumes: it checks the accumulator
			info, _ := store.LedgerInfo(ctx)
			if info.Version < wantInfo.Version {
				t.Fatalf("loaded ledger at version %d, dumped at %d", info.Version, wantInfo.Version)
			}
			got := everything(t, store)[:len(wantTxns)]
			if !reflect.DeepEqual(got, wantTxns) {
				t.Error("the loaded transactions differ from the dumped ones")
			}
			if got[len(got)-1].Info.AccumulatorRootHash != wantTxns[len(wantTxns)-1].Info.AccumulatorRootHash {
				t.Error("the accumulator root differs")
			}
			for _, d := range dev {
				if a, b := dst.balance(t, d.Address), src.balance(t, d.Address); a != b {
					t.Errorf("balance of %s: loaded %s, dumped %s", d.Address, a, b)
				}
			}
			tableItem := fmt.Sprintf(`{"key_type":"address","value_type":"u64","key":"%s"}`, dev[1].Address)
			if status, body := do(t, http.MethodPost, dst.base+"/tables/"+notesTable.String()+"/item", "application/json", []byte(tableItem)); status != 200 || string(body) != `"9"` {
				t.Errorf("table item in the loaded ledger: %d %s", status, body)
			}
			next := dst.sign(dev[0], 1, vmstub.TransferPayload(dev[1].Address, 1), exp)
			dst.submit(t, next)
			if tx := dst.wait(t, next.Hash()); tx["success"] != true {
				t.Errorf("a transfer on the loaded ledger: %v", tx)
			}
		})
	}
}

func everything(t *testing.T, s storage.Reader) []storage.Transaction {
	t.Helper()
	info, err := s.LedgerInfo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	txns, err := s.Transactions(context.Background(), 0, int(info.Version)+1, info.Version)
	if err != nil {
		t.Fatal(err)
	}
	return txns
}
