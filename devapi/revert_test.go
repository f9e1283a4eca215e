package devapi_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub"
)

func putNote(v uint64) []byte { return vmstub.U64Value(v) }

// TestSnapshotRevertOverHTTP reverts a transfer and a transaction that
// wrote a table item and emitted events, then commits other transactions
// at the same versions: nothing of the reverted ones is served, from
// storage or from any cache (rendered transactions, view results, the
// LRU cache over Pebble).
func TestSnapshotRevertOverHTTP(t *testing.T) {
	for name, open := range stores(t) {
		t.Run(name, func(t *testing.T) {
			s := newStack(t, open(), handlers.Options{})
			dev := s.vm.DevAccounts()
			exp := time.Now().Add(time.Minute)
			before := s.balance(t, dev[1].Address)

			status, snap := s.devPost(t, "/snapshot", "")
			if status != http.StatusOK || snap["id"] != "1" {
				t.Fatalf("snapshot: %d %v", status, snap)
			}
			transfer := s.sign(dev[0], 0, vmstub.TransferPayload(dev[1].Address, 1000), exp)
			s.submit(t, transfer)
			committed := s.wait(t, transfer.Hash())
			version := committed["version"].(string)
			note := s.sign(dev[0], 1, vmstub.EntryPayload(notesAddr, "notes", "put", nil, putNote(42)), exp)
			s.submit(t, note)
			if events := s.wait(t, note.Hash())["events"].([]any); len(events) == 0 {
				t.Fatal("the note transaction emitted no event")
			}
			tableItem := fmt.Sprintf(`{"key_type":"address","value_type":"u64","key":"%s"}`, dev[0].Address)
			if status, body := do(t, http.MethodPost, s.base+"/tables/"+notesTable.String()+"/item", "application/json", []byte(tableItem)); status != 200 || string(body) != `"42"` {
				t.Fatalf("table item before revert: %d %s", status, body)
			}
			view := fmt.Sprintf(`{"function":"0x1::coin::balance","type_arguments":["0x1::aptos_coin::AptosCoin"],"arguments":["%s"]}`, dev[1].Address)
			viewAt := s.base + "/view?ledger_version=" + version
			_, viewBefore := do(t, http.MethodPost, viewAt, "application/json", []byte(view))
			_, rendered := do(t, http.MethodGet, s.base+"/transactions/by_version/"+version, "", nil)
			if object(t, rendered)["hash"] != transfer.Hash().String() {
				t.Fatalf("by_version %s before revert: %s", version, rendered)
			}

			status, out := s.devPost(t, "/revert", `{"id":"1"}`)
			if status != http.StatusOK || out["version"] != snap["version"] {
				t.Fatalf("revert: %d %v (snapshot %v)", status, out, snap)
			}
			if got := s.balance(t, dev[1].Address); got != before {
				t.Errorf("balance after revert %s, want %s", got, before)
			}
			for _, h := range []ledgerapi.HashValue{transfer.Hash(), note.Hash()} {
				if status, body := do(t, http.MethodGet, s.base+"/transactions/by_hash/"+h.String(), "", nil); status != 404 {
					t.Errorf("reverted transaction by hash: %d %s", status, body)
				}
			}
			if status, body := do(t, http.MethodPost, s.base+"/tables/"+notesTable.String()+"/item", "application/json", []byte(tableItem)); status != 404 || object(t, body)["error_code"] != "table_item_not_found" {
				t.Errorf("table item after revert: %d %s", status, body)
			}
			if status, _ := do(t, http.MethodGet, s.base+"/transactions/by_version/"+version, "", nil); status != 404 {
				t.Errorf("reverted version: %d, want 404", status)
			}

			// Other transactions take the same versions.
			other := s.sign(dev[0], 0, vmstub.TransferPayload(dev[1].Address, 7), exp)
			s.submit(t, other)
			if got := s.wait(t, other.Hash())["version"]; got != version {
				t.Fatalf("the new transfer is at version %v, want %s (the reverted one's)", got, version)
			}
			_, rendered = do(t, http.MethodGet, s.base+"/transactions/by_version/"+version, "", nil)
			if object(t, rendered)["hash"] != other.Hash().String() {
				t.Errorf("by_version %s after revert serves %s", version, rendered)
			}
			_, viewAfter := do(t, http.MethodPost, viewAt, "application/json", []byte(view))
			b, err := strconv.ParseUint(strings.Trim(before, `"`), 10, 64)
			if err != nil {
				t.Fatalf("balance %s: %v", before, err)
			}
			if want := fmt.Sprintf(`["%d"]`, b+7); string(viewAfter) != want {
				t.Errorf("view at %s after revert = %s, want %s (before the revert it was %s)", version, viewAfter, want, viewBefore)
			}
		})
	}
}

// TestRevertEndsWaits: a wait_by_hash on a pending transaction answers 404
// as soon as a revert drops it from the mempool.
func TestRevertEndsWaits(t *testing.T) {
	s := newStack(t, stores(t)["memstore"](), handlers.Options{WaitByHashTimeout: 20 * time.Second})
	dev := s.vm.DevAccounts()
	if status, out := s.devPost(t, "/snapshot", ""); status != 200 {
		t.Fatalf("snapshot: %d %v", status, out)
	}
	if status, out := s.devPost(t, "/pause", ""); status != 200 || out["paused"] != true {
		t.Fatalf("pause: %d %v", status, out)
	}
	st := s.sign(dev[0], 0, vmstub.TransferPayload(dev[1].Address, 5), time.Now().Add(time.Minute))
	s.submit(t, st)
	type answer struct {
		status int
		body   []byte
	}
	done := make(chan answer, 1)
	go func() {
		status, body := do(t, http.MethodGet, s.base+"/transactions/wait_by_hash/"+st.Hash().String(), "", nil)
		done <- answer{status, body}
	}()
	time.Sleep(100 * time.Millisecond) // the wait is parked on the commit signal
	if status, out := s.devPost(t, "/revert", `{"id":1}`); status != 200 {
		t.Fatalf("revert: %d %v", status, out)
	}
	select {
	case a := <-done:
		if a.status != 404 || object(t, a.body)["error_code"] != "transaction_not_found" {
			t.Errorf("wait_by_hash after revert: %d %s", a.status, a.body)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("wait_by_hash still waiting after the revert")
	}
}
