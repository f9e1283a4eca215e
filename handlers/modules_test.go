package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// stateView reads a store at one version.
type stateView struct {
	store   storage.StateReader
	version uint64
}

func (v stateView) StateValue(key storage.StateKey) ([]byte, error) {
	return v.store.StateValue(context.Background(), key, v.version)
}

// codec converts arguments by the functions stored at the latest version.
func (s *stack) codec(t testing.TB) txn.ArgCodec {
	t.Helper()
	info, err := s.store.LedgerInfo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return s.vm.ModulesAt(stateView{s.store, info.Version})
}

// sameJSON reports whether a and b encode alike.
func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// moduleJSON is MoveModuleBytecode as a client reads it.
type moduleJSON struct {
	Bytecode ledgerapi.HexBytes  `json:"bytecode"`
	ABI      *bytecode.ModuleABI `json:"abi"`
}

// TestFrameworkModuleEndpoints: GET /accounts/0x1/module/coin serves
// bytes that deserialize as the module 0x1::coin, with the ABI those bytes
// give; BCS output is the same bytes; the listing shows every module the
// same way, bytecode first.
func TestFrameworkModuleEndpoints(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	var mod moduleJSON
	getJSONInto(t, s.base+"/accounts/0x1/module/coin", &mod)
	m, err := bytecode.DeserializeModule(mod.Bytecode)
	if err != nil {
		t.Fatalf("the served bytecode does not deserialize: %v", err)
	}
	derived, err := m.ABI()
	if err != nil || !sameJSON(derived, mod.ABI) || mod.ABI.Name != "coin" || len(mod.ABI.ExposedFunctions) < 5 {
		t.Fatalf("ABI %+v is not the bytes' (%v)", mod.ABI, err)
	}
	status, _, raw, _ := doReq(t, "GET", s.base+"/accounts/0x1/module/coin", ledgerapi.ContentTypeBCS, "", nil)
	if status != 200 || !bytes.Equal(raw, mod.Bytecode) {
		t.Fatalf("BCS module: %d, %d bytes", status, len(raw))
	}
	_, _, list, _ := doReq(t, "GET", s.base+"/accounts/0x1/modules", ledgerapi.ContentTypeJSON, "", nil)
	if !bytes.HasPrefix(list, []byte(`[{"bytecode":"0xa11ceb0b0700000a`)) {
		t.Fatalf("listing starts %.60s", list)
	}
	var mods []moduleJSON
	at1 := 0 // the registered modules at 0x1 (the token objects are at 0x4)
	for _, m := range s.vm.Modules() {
		if m.Address == ledgerapi.AddressOne {
			at1++
		}
	}
	if err := json.Unmarshal(list, &mods); err != nil || len(mods) != at1 {
		t.Fatalf("%d modules listed, %d registered at 0x1 (%v)", len(mods), at1, err)
	}
	for _, lm := range mods {
		if lm.ABI == nil {
			t.Fatalf("a module without ABI: %.40s", lm.Bytecode)
		}
		if want, _ := s.vm.ModuleBytecode(ledgerapi.ModuleId{Address: lm.ABI.Address, Name: lm.ABI.Name}); !bytes.Equal(want, lm.Bytecode) {
			t.Errorf("%s: listed bytes differ from the generated ones", lm.ABI.Name)
		}
	}
}

// deployerAddr hosts 0xd0::deploy, a test module whose entry functions
// write what a test hands them: module bytes (as publishing will),
// resources, events and table items of any type.
var deployerAddr = ledgerapi.MustParseAddress("0xd0")

func deployerModule() native.Module {
	// The Funcs' arguments: the &signer, then the call's.
	signer := func(args []movevm.Value) ledgerapi.Address {
		s, _ := args[0].Deref()
		return s.AsAddress()
	}
	tag := func(args []movevm.Value) (ledgerapi.StructTag, error) {
		return ledgerapi.ParseStructTag(string(args[1].Elem(0).Bytes())) // String{bytes}
	}
	return native.Module{Address: deployerAddr, Name: "deploy", Functions: []native.Function{
		{Name: "publish", IsEntry: true, Params: []string{"&signer", "vector<u8>"}, Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			_, err := vmstub.StoreModule(c.Host(), args[1].Bytes())
			return nil, err
		}},
		{Name: "put", IsEntry: true, Params: []string{"&signer", "0x1::string::String", "vector<u8>"}, Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			st, err := tag(args)
			if err != nil {
				return nil, err
			}
			return nil, c.Host().SetResource(signer(args), st, args[2].Bytes())
		}},
		{Name: "emit", IsEntry: true, Params: []string{"&signer", "0x1::string::String", "vector<u8>"}, Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			st, err := tag(args)
			if err != nil {
				return nil, err
			}
			c.Host().EmitBCS(ledgerapi.StructType(st), args[2].Bytes())
			return nil, nil
		}},
		{Name: "put_item", IsEntry: true, Params: []string{"&signer", "address", "vector<u8>", "vector<u8>"}, Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
			return nil, c.Host().SetTableItem(args[1].AsAddress(), args[2].Bytes(), args[3].Bytes())
		}},
	}}
}

// newDeployStack is the full stack with the deployer module registered.
func newDeployStack(t *testing.T) *stack {
	t.Helper()
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 2, Natives: []native.Module{deployerModule()}})
	if err != nil {
		t.Fatal(err)
	}
	return newStackVM(t, vm, handlers.Options{}, 0, memstore.Options{ChainID: 4}, nil)
}

// run signs and submits payload from dev account i (BCS) and returns the
// committed transaction, whatever its outcome.
func (s *stack) run(t *testing.T, i int, payload txn.TransactionPayload) map[string]any {
	t.Helper()
	dev := s.vm.DevAccounts()[i]
	var acc struct {
		SequenceNumber ledgerapi.U64 `json:"sequence_number"`
	}
	getJSONInto(t, s.base+"/accounts/"+dev.Address.String(), &acc)
	seq := uint64(acc.SequenceNumber)
	st := dev.Sign(txn.RawTransaction{Sender: dev.Address, SequenceNumber: seq, Payload: payload,
		MaxGasAmount: 100_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 4})
	if status, body, _ := post(t, s.base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes()); status != 202 {
		t.Fatalf("submit: %d %v", status, body)
	}
	status, v := getAny(t, s.base+"/transactions/wait_by_hash/"+st.Hash().String())
	m, _ := v.(map[string]any)
	if status != 200 || m["type"] != "user_transaction" {
		t.Fatalf("wait_by_hash: %d %v", status, v)
	}
	return m
}

func deploy(fn string, args ...[]byte) txn.TransactionPayload {
	return vmstub.EntryPayload(deployerAddr, "deploy", fn, nil, args...)
}

// TestModulesConcurrentReads: requests at one version share that version's
// module resolver; run them at once (under -race) and check every answer.
func TestModulesConcurrentReads(t *testing.T) {
	s := newStack(t, handlers.Options{RenderCacheEntries: -1}, 0)
	a0 := s.vm.DevAccounts()[0].Address.String()
	store := crypto.PrimaryStoreAddress(s.vm.DevAccounts()[0].Address, ledgerapi.AddressA).String()
	paths := []string{"/accounts/0x1/resource/0x1::account::Account", "/accounts/0x1/module/coin",
		"/accounts/0x1/resource/0x1::block::BlockResource", "/accounts/" + store + "/resources"}
	view := []byte(`{"function":"0x1::coin::balance","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":["` + a0 + `"]}`)
	want := map[string]string{}
	for _, p := range paths {
		_, _, b, _ := doReq(t, "GET", s.base+p+"?ledger_version=0", "", "", nil)
		want[p] = string(b)
	}
	errs := make(chan string, 64)
	done := make(chan struct{})
	for g := 0; g < 8; g++ {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := 0; i < 20; i++ {
				p := paths[(g+i)%len(paths)]
				resp, err := http.Get(s.base + p + "?ledger_version=0")
				if err != nil {
					errs <- err.Error()
					return
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if string(b) != want[p] {
					errs <- p + ": " + string(b)
				}
				resp, err = http.Post(s.base+"/view?ledger_version=0", ledgerapi.ContentTypeJSON, bytes.NewReader(view))
				if err != nil {
					errs <- err.Error()
					return
				}
				b, _ = io.ReadAll(resp.Body)
				resp.Body.Close()
				if string(b) != `["10000000000"]` {
					errs <- "view: " + string(b)
				}
			}
		}()
	}
	for g := 0; g < 8; g++ {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if !strings.Contains(want[paths[0]], `"sequence_number":"0"`) || !strings.Contains(want[paths[1]], `"name":"coin"`) ||
		!strings.Contains(want[paths[3]], `"balance":"10000000000"`) {
		t.Fatalf("answers %v", want)
	}
}
