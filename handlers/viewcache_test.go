package handlers_test

import (
	"net/http"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// countingVM counts the view functions the API actually runs.
type countingVM struct {
	*vmstub.VM
	views atomic.Int64
}

func (c *countingVM) View(state storage.View, fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args [][]byte) ([][]byte, []ledgerapi.TypeTag, uint64, error) {
	c.views.Add(1)
	return c.VM.View(state, fn, tyArgs, args)
}

func newCountingStack(t *testing.T, opts handlers.Options) (*stack, *countingVM) {
	t.Helper()
	var cvm *countingVM
	s := newStackExec(t, opts, 0, memstore.Options{ChainID: 4}, func(vm *vmstub.VM) handlers.Executor {
		cvm = &countingVM{VM: vm}
		return cvm
	})
	return s, cvm
}

type viewAnswer struct {
	status      int
	body        string
	gas, ledger string
}

func callView(t *testing.T, url, contentType, accept string, body []byte) viewAnswer {
	t.Helper()
	status, _, b, h := doReq(t, http.MethodPost, url, accept, contentType, body)
	return viewAnswer{status, string(b), h.Get(ledgerapi.HeaderGasUsed), h.Get(ledgerapi.HeaderLedgerVersion)}
}

// A repeated view at the same version is answered from the result cache
// with the same body and gas; a new version, another format or an explicit
// older ledger_version gets exactly what running the view there gives.
func TestViewResultCache(t *testing.T) {
	s, vm := newCountingStack(t, handlers.Options{})
	dev := s.vm.DevAccounts()
	balanceOf := []byte(`{"function":"0x1::coin::balance","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":["` + dev[1].Address.String() + `"]}`)

	first := callView(t, s.base+"/view", "application/json", "", balanceOf)
	if first.status != 200 || first.gas == "" {
		t.Fatalf("view: %+v", first)
	}
	again := callView(t, s.base+"/view", "application/json", "", balanceOf)
	if again != first || vm.views.Load() != 1 {
		t.Fatalf("repeat at the same version: %+v after %+v, %d runs", again, first, vm.views.Load())
	}
	// The same call as BCS output is another entry, not the JSON body.
	asBCS := callView(t, s.base+"/view", "application/json", ledgerapi.ContentTypeBCS, balanceOf)
	if asBCS.status != 200 || asBCS.body == first.body || len(asBCS.body) != 9 || vm.views.Load() != 2 {
		t.Fatalf("BCS answer %+v, %d runs", asBCS, vm.views.Load())
	}

	// A transfer to dev[1] moves the ledger and the balance.
	before, _ := strconv.ParseUint(first.ledger, 10, 64)
	st := s.transfer(t, dev[0], 0, dev[1].Address, 777)
	if status, body, _ := post(t, s.base+"/transactions", ledgerapi.ContentTypeSignedTxnBCS, st.Bytes()); status != 202 {
		t.Fatalf("submit: %d %v", status, body)
	}
	if status, _ := getAny(t, s.base+"/transactions/wait_by_hash/"+st.Hash().String()); status != 200 {
		t.Fatalf("wait: %d", status)
	}
	after := callView(t, s.base+"/view", "application/json", "", balanceOf)
	if after.status != 200 || after.ledger == first.ledger || after.body == first.body {
		t.Fatalf("after the transfer: %+v, before: %+v", after, first)
	}
	old, _ := strconv.ParseUint(first.body[2:len(first.body)-2], 10, 64)
	now, _ := strconv.ParseUint(after.body[2:len(after.body)-2], 10, 64)
	if now != old+777 {
		t.Fatalf("balance %d after the transfer, %d before", now, old)
	}
	// The older version still answers the older balance.
	pinned := callView(t, s.base+"/view?ledger_version="+strconv.FormatUint(before, 10), "application/json", "", balanceOf)
	if pinned.status != 200 || pinned.body != first.body || pinned.gas != first.gas {
		t.Fatalf("at ledger_version %d: %+v, want the body %s", before, pinned, first.body)
	}

	// Failures are not kept: each bad call runs again.
	runs := vm.views.Load()
	unknown := bcs.Marshal(&txn.EntryFunction{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "coin"}, Function: "no_such_view"})
	for range 2 {
		if a := callView(t, s.base+"/view", ledgerapi.ContentTypeAptosViewFunctionBCS, "", unknown); a.status != 400 {
			t.Fatalf("unknown view: %+v", a)
		}
	}
	if got := vm.views.Load() - runs; got != 2 {
		t.Fatalf("a failing view ran %d times for two calls, want 2", got)
	}
}

// RenderCacheEntries < 0 turns the result cache off: every call runs.
func TestViewResultCacheDisabled(t *testing.T) {
	s, vm := newCountingStack(t, handlers.Options{RenderCacheEntries: -1})
	body := []byte(`{"function":"0x1::coin::balance","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":["` + s.vm.DevAccounts()[0].Address.String() + `"]}`)
	for range 3 {
		if a := callView(t, s.base+"/view", "application/json", "", body); a.status != 200 {
			t.Fatalf("view: %+v", a)
		}
	}
	if vm.views.Load() != 3 {
		t.Fatalf("%d runs for 3 calls with the cache off", vm.views.Load())
	}
}
