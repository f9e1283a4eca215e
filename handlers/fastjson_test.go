package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// genesisRenderer returns a renderer over the modules vm stores at genesis.
func genesisRenderer(t *testing.T, vm *vmstub.VM) renderer {
	t.Helper()
	store := memstore.New(memstore.Options{ChainID: 4})
	n, err := node.New(store, mempool.New(mempool.Options{}), vm, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	a, err := New(Deps{Store: store, Modules: vm}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return a.renderAt(0)
}

// TestPendingJSONFastPath renders the pending form of every transaction
// kind in the decoder's seed corpus (real SDK transactions: Ed25519,
// single-sender Ed25519 and secp256k1, multi-Ed25519, multi-key,
// multi-agent, fee payer, multisig, script, orderless, simulations), with
// and without the ABI codec and the "type" field, and requires the fast
// writer to produce exactly encoding/json's bytes whenever it does not
// decline. It must take the common shapes (an entry function signed by one
// Ed25519 key), or it would be dead code.
func TestPendingJSONFastPath(t *testing.T) {
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 1})
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("../ledgerapi/txn/testdata/fuzz/FuzzDecodeSignedTransaction/*")
	if err != nil || len(files) < 10 {
		t.Fatalf("seed corpus: %d files, %v", len(files), err)
	}
	fast := 0
	withABIs := genesisRenderer(t, vm)
	for _, f := range files {
		st := corpusTxn(t, f)
		for _, r := range []renderer{{}, withABIs} {
			for _, typed := range []bool{false, true} {
				p := r.pending(st, st.Hash(), typed)
				var want bytes.Buffer
				enc := json.NewEncoder(&want)
				enc.SetEscapeHTML(false)
				if err := enc.Encode(p); err != nil {
					t.Fatal(err)
				}
				var got bytes.Buffer
				if !p.appendJSON(&got) {
					continue
				}
				fast++
				if got.String() != strings.TrimSuffix(want.String(), "\n") {
					t.Errorf("%s (typed %v):\nfast     %s\nencoding %s", filepath.Base(f), typed, got.String(), want.String())
				}
			}
		}
		if name := filepath.Base(f); name == "sdk_ed25519_transfer" || name == "sdk_ed25519_vector_u8_arg" {
			var b bytes.Buffer
			if !withABIs.pending(st, st.Hash(), false).appendJSON(&b) {
				t.Errorf("%s: the fast writer declined a common transaction", name)
			}
		}
	}
	if fast == 0 {
		t.Fatal("the fast writer never applied")
	}
	t.Logf("%d of %d renderings took the fast path", fast, 4*len(files))
	// A function name that needs escaping is declined, not mangled.
	p := txn.EntryFunctionPayloadJSON{Function: "0x1::m::\"f\"", Type: "entry_function_payload"}
	if p.AppendJSON(new(bytes.Buffer)) {
		t.Error("a string needing escapes was written by the fast path")
	}
	if !txn.PlainJSONString("0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>") || txn.PlainJSONString("a\u2028b") {
		t.Error("PlainJSONString misclassifies")
	}
}

// corpusTxn decodes one file of the fuzz seed corpus ("go test fuzz v1"
// followed by a []byte literal).
func corpusTxn(t *testing.T, path string) *txn.SignedTransaction {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(strings.TrimSpace(string(raw)), "\n", 2)
	lit := strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")")
	b, err := strconv.Unquote(lit)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	st, err := txn.DecodeSignedTransaction([]byte(b))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return st
}
