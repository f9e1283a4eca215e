package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage/pebblestore"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/vmstub"
)

// gqlRows posts query to the indexer at addr and returns its data.
func gqlRows(t *testing.T, addr, query string) map[string]any {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"query": query})
	resp, err := client.Post("http://"+addr+indexerPath, "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out struct {
		Data   map[string]any `json:"data"`
		Errors []any          `json:"errors"`
	}
	if err := json.Unmarshal(raw, &out); err != nil || len(out.Errors) > 0 {
		t.Fatalf("graphql %s: %s", query, raw)
	}
	return out.Data
}

const checkpointQuery = `{ user_transactions(order_by: {version: asc}) { version sender sequence_number entry_function_id_str }
  current_fungible_asset_balances(order_by: {storage_id: asc}) { owner_address amount last_transaction_version }
  fungible_asset_activities(order_by: [{transaction_version: desc}, {event_index: asc}], limit: 40) { transaction_version event_index type amount } }`

// TestIndexCheckpointAcrossRestarts runs the server with -data-dir: a
// graceful shutdown leaves a checkpoint of the index in
// <data-dir>/indexer; the restarted server serves the same rows; after a
// SIGKILL, the index loaded from that
// checkpoint and caught up holds exactly the rows of one built from the
// whole ledger.
func TestIndexCheckpointAcrossRestarts(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	dir := t.TempDir()
	port, err := pgtest.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	ixAddr := fmt.Sprintf("127.0.0.1:%d", port)
	p := startProc(t, "node", "-data-dir", dir, "-indexer-addr", ixAddr, "-seed", "ckpt", "-accounts", "2")
	devs := vmstub.DevAccounts("ckpt", 2)
	send := func(seq uint64) {
		st := transfer(devs[0], ledgerapi.Address{0: 0x42, 31: byte(seq)}, seq, 100+seq)
		if code, body, err := submit(p.base(), st); err != nil || code != 202 {
			t.Fatalf("submit: %d %s %v", code, body, err)
		}
		if _, err := waitCommitted(p.base(), st.Hash(), 20*time.Second); err != nil {
			t.Fatal(err)
		}
	}
	for seq := uint64(0); seq < 5; seq++ {
		send(seq)
	}
	before := gqlRows(t, ixAddr, checkpointQuery)
	if n := len(before["user_transactions"].([]any)); n != 5 {
		t.Fatalf("%d user transactions indexed", n)
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	p.cmd.Wait()
	p.cmd = nil
	ckpt := filepath.Join(dir, checkpointSubdir, "index.ckpt")
	if _, err := os.Stat(ckpt); err != nil {
		t.Fatalf("no checkpoint after a graceful shutdown: %v", err)
	}

	p.start()
	if after := gqlRows(t, ixAddr, checkpointQuery); !reflect.DeepEqual(after, before) {
		t.Fatalf("after the restart:\n%v\nbefore:\n%v", after, before)
	}
	for seq := uint64(5); seq < 8; seq++ {
		send(seq)
	}
	gqlRows(t, ixAddr, checkpointQuery)
	p.kill()

	ps, err := pebblestore.Open(dir, pebblestore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ps.Close()
	vm, err := vmstub.New(vmstub.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var loaded []indexer.CheckpointEvent
	now := func() time.Time { return time.Unix(1_700_000_000, 0) }
	restarted := indexer.New(ps, indexer.Options{Modules: vm, Now: now, Checkpoint: &indexer.CheckpointOptions{
		Dir: filepath.Join(dir, checkpointSubdir), Report: func(e indexer.CheckpointEvent) { loaded = append(loaded, e) }}})
	full := indexer.New(ps, indexer.Options{Modules: vm, Now: now})
	ctx := context.Background()
	for _, def := range indexer.Schema().Tables {
		got, err1 := restarted.Rows(ctx, def.Name)
		want, err2 := full.Rows(ctx, def.Name)
		if err1 != nil || err2 != nil || len(got) != len(want) {
			t.Fatalf("%s: %d rows (%v), want %d (%v)", def.Name, len(got), err1, len(want), err2)
		}
		for i := range got {
			if !reflect.DeepEqual(got[i].Map(), want[i].Map()) {
				t.Fatalf("%s row %d: %v, want %v", def.Name, i, got[i].Map(), want[i].Map())
			}
		}
	}
	if len(loaded) == 0 || loaded[0].Kind != indexer.CheckpointLoaded {
		t.Fatalf("after the kill: %+v, want the checkpoint loaded", loaded)
	}
	if rs, err := restarted.Rows(ctx, "user_transactions"); err != nil || len(rs) != 8 {
		t.Errorf("%d user transactions after the kill (%v), want 8", len(rs), err)
	}
}

func TestCheckpointEveryHalfPruneWindow(t *testing.T) {
	for _, tc := range []struct{ every, window, want uint64 }{
		{10000, 0, 10000}, {10000, 100000, 10000}, {10000, 5000, 2500}, {10000, 1, 1}, {100, 1000, 100},
	} {
		if got := checkpointEvery(tc.every, tc.window); got != tc.want {
			t.Errorf("checkpointEvery(%d, %d) = %d, want %d", tc.every, tc.window, got, tc.want)
		}
	}
}
