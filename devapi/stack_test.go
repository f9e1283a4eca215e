package devapi_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/devapi"
	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/lrucache"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/pebblestore"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// notes is a host module whose entry function writes a table item and
// emits an event, so reverts are checked on both.
var (
	notesAddr  = ledgerapi.MustParseAddress("0xd0")
	notesTable = vmstub.TableHandle(notesAddr, "notes::Book")
	notedType  = ledgerapi.StructType(ledgerapi.StructTag{Address: notesAddr, Module: "notes", Name: "Noted"})
)

func notesModule() native.Module {
	return native.Module{
		Address: notesAddr, Name: "notes",
		Structs: []native.Struct{
			{Name: "Noted", Abilities: []string{native.AbilityDrop, native.AbilityStore}, IsEvent: true,
				Fields: []string{"account: address", "value: u64"}},
		},
		Functions: []native.Function{
			{Name: "put", IsEntry: true, Params: []string{"&signer", "u64"}, Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				s, _ := args[0].Deref()
				who, v := s.AsAddress(), args[1].AsU64()
				c.Host().EmitBCS(notedType, append(vmstub.AddressValue(who), vmstub.U64Value(v)...))
				return nil, c.Host().SetTableItem(notesTable, vmstub.AddressValue(who), vmstub.U64Value(v))
			}},
		},
	}
}

// stack is the bundled server's wiring: store, mempool, VM, node, the REST
// API under /v1 and the dev API under its default prefix.
type stack struct {
	base  string // .../v1
	dev   string // .../v1/-/dev
	vm    *vmstub.VM
	node  *node.Node
	store storage.ReadWriter
}

// stores are the backends the HTTP tests run on.
func stores(t *testing.T) map[string]func() storage.ReadWriter {
	return map[string]func() storage.ReadWriter{
		"memstore": func() storage.ReadWriter { return memstore.New(memstore.Options{}) },
		"pebble": func() storage.ReadWriter {
			ps, err := pebblestore.Open(t.TempDir(), pebblestore.Options{NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { ps.Close() })
			return lrucache.New(ps, lrucache.Options{})
		},
	}
}

func newStack(t testing.TB, store storage.ReadWriter, apiOpts handlers.Options) *stack {
	t.Helper()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 3, Natives: []native.Module{notesModule()}})
	if err != nil {
		t.Fatal(err)
	}
	pool := mempool.New(mempool.Options{})
	n, err := node.New(store, pool, vm, node.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := n.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	apiOpts.PathPrefix = "/v1"
	api, err := handlers.New(handlers.Deps{Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm}, apiOpts)
	if err != nil {
		t.Fatal(err)
	}
	dev, err := devapi.New(n, devapi.Options{Modules: vm})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/v1/", api)
	mux.Handle(devapi.DefaultPathPrefix+"/", dev)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &stack{base: srv.URL + "/v1", dev: srv.URL + devapi.DefaultPathPrefix, vm: vm, node: n, store: store}
}

func (s *stack) sign(from vmstub.DevAccount, seq uint64, p txn.TransactionPayload, expires time.Time) *txn.SignedTransaction {
	return from.Sign(txn.RawTransaction{Sender: from.Address, SequenceNumber: seq, Payload: p,
		MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(expires.Unix()), ChainID: 4})
}

// submit posts st as BCS and fails unless it is accepted.
func (s *stack) submit(t *testing.T, st *txn.SignedTransaction) {
	t.Helper()
	status, body := do(t, http.MethodPost, s.base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes())
	if status != http.StatusAccepted {
		t.Fatalf("submit: %d %s", status, body)
	}
}

// wait returns the committed transaction's JSON, failing if it is not.
func (s *stack) wait(t *testing.T, h ledgerapi.HashValue) map[string]any {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		status, body := do(t, http.MethodGet, s.base+"/transactions/wait_by_hash/"+h.String(), "", nil)
		m := object(t, body)
		if status == http.StatusOK && m["type"] == "user_transaction" {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("transaction %s not committed: %d %s", h, status, body)
		}
	}
}

// devPost posts a JSON body to the dev API.
func (s *stack) devPost(t *testing.T, path, body string) (int, map[string]any) {
	t.Helper()
	status, b := do(t, http.MethodPost, s.dev+path, "application/json", []byte(body))
	return status, object(t, b)
}

// balance is the account's APT balance through the balance endpoint.
func (s *stack) balance(t *testing.T, a ledgerapi.Address) string {
	t.Helper()
	status, body := do(t, http.MethodGet, s.base+"/accounts/"+a.String()+"/balance/0x1::aptos_coin::AptosCoin", "", nil)
	if status != http.StatusOK {
		t.Fatalf("balance of %s: %d %s", a, status, body)
	}
	return strings.TrimSpace(string(body))
}

func do(t testing.TB, method, url, contentType string, body []byte) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

func object(t testing.TB, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("not a JSON object: %s", b)
	}
	return m
}

func hexOf(pub any) string {
	b := pub.(ed25519.PublicKey)
	return hex.EncodeToString(b)
}
