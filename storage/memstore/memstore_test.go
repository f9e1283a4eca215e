package memstore_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

var ctx = context.Background()

func mustInfo(t *testing.T, s *memstore.Store) storage.LedgerInfo {
	t.Helper()
	info, err := s.LedgerInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// commit returns a function committing a block to s, so that it can take
// a Chain's results directly: commit(t, s)(c.Genesis()).
func commit(t *testing.T, s *memstore.Store) func(storage.Block, []storage.Transaction) {
	return func(b storage.Block, txns []storage.Transaction) {
		t.Helper()
		if err := s.CommitBlock(ctx, b, txns); err != nil {
			t.Fatal(err)
		}
	}
}

func TestChainID(t *testing.T) {
	tests := []struct {
		opt, want uint8
	}{{0, memstore.DefaultChainID}, {1, 1}, {42, 42}}
	for _, tc := range tests {
		s := memstore.New(memstore.Options{ChainID: tc.opt})
		commit(t, s)(storagetest.NewChain(2).Genesis())
		if got := mustInfo(t, s).ChainID; got != tc.want {
			t.Errorf("ChainID option %d: ledger reports %d, want %d", tc.opt, got, tc.want)
		}
	}
}

// TestPruneWindow checks after every commit that the oldest version is the
// first version of the block holding latest-window+1.
func TestPruneWindow(t *testing.T) {
	for _, window := range []uint64{1, 4, 5, 9, 40} {
		t.Run(fmt.Sprint(window), func(t *testing.T) {
			s := memstore.New(memstore.Options{PruneWindow: window})
			c := storagetest.NewChain(3)
			commit(t, s)(c.Genesis())
			var blocks []storage.Block
			for i := range 20 {
				b, txns := c.Transfers(1 + i%3) // blocks of 3 to 5 versions
				commit(t, s)(b, txns)
				blocks = append(blocks, b)
				info := mustInfo(t, s)
				want, wantHeight := uint64(0), uint64(0)
				if info.Version+1 > window {
					target := info.Version + 1 - window
					for _, bb := range blocks {
						if bb.Contains(target) {
							want, wantHeight = bb.FirstVersion, bb.Height
						}
					}
				}
				if info.OldestVersion != want || info.OldestBlockHeight != wantHeight {
					t.Fatalf("after block %d (latest %d): oldest %d/%d, want %d/%d",
						b.Height, info.Version, info.OldestVersion, info.OldestBlockHeight, want, wantHeight)
				}
				if kept := info.Version - info.OldestVersion + 1; kept < min(window, info.Version+1) {
					t.Fatalf("only %d versions kept with window %d", kept, window)
				}
				if st := s.Stats(); uint64(st.Transactions) != info.Version-info.OldestVersion+1 {
					t.Fatalf("store holds %d transactions for window [%d, %d]", st.Transactions, info.OldestVersion, info.Version)
				}
			}
		})
	}
}

func TestPruneAge(t *testing.T) {
	tests := []struct {
		age        time.Duration
		wantHeight uint64 // after 10 blocks at 1 s intervals (block h at h s)
	}{
		{0, 0},
		{time.Hour, 0},
		{3 * time.Second, 7},
		{2500 * time.Millisecond, 8},
		{time.Microsecond, 10},
	}
	for _, tc := range tests {
		s := memstore.New(memstore.Options{PruneAge: tc.age})
		c := storagetest.NewChain(3)
		commit(t, s)(c.Genesis())
		for range 10 {
			commit(t, s)(c.Transfers(2))
		}
		info := mustInfo(t, s)
		if info.OldestBlockHeight != tc.wantHeight {
			t.Errorf("PruneAge %v: oldest height %d, want %d", tc.age, info.OldestBlockHeight, tc.wantHeight)
		}
		if _, err := s.BlockByHeight(ctx, tc.wantHeight); err != nil {
			t.Errorf("PruneAge %v: oldest block unreadable: %v", tc.age, err)
		}
	}
}

func TestPruneWindowAndAge(t *testing.T) {
	s := memstore.New(memstore.Options{PruneWindow: 1000, PruneAge: 2 * time.Second})
	c := storagetest.NewChain(3)
	commit(t, s)(c.Genesis())
	for range 6 {
		commit(t, s)(c.Transfers(2))
	}
	if h := mustInfo(t, s).OldestBlockHeight; h != 4 {
		t.Errorf("oldest height %d, want 4 (age prunes more than the window)", h)
	}
}

// TestPruneFreesState checks that pruning drops superseded state entries
// and forgets deleted keys, which the conformance suite cannot observe.
func TestPruneFreesState(t *testing.T) {
	s := memstore.New(memstore.Options{})
	c := storagetest.NewChain(4)
	commit(t, s)(c.Genesis())
	a := storagetest.AccountAddress(0)
	temp := storage.TableItemKey(a, []byte("temp"))
	commit(t, s)(c.Block(storagetest.TxnSpec{Sender: a, Changes: []storage.WriteOp{{Key: temp, Value: []byte("x")}}}))
	for range 10 {
		commit(t, s)(c.Transfers(4))
	}
	commit(t, s)(c.Block(storagetest.TxnSpec{Sender: a, Changes: []storage.WriteOp{{Key: temp, Deleted: true}}}))
	commit(t, s)(c.Block()) // the deletion is now below the latest block
	before := s.Stats()
	if before.StateEntries <= before.StateKeys {
		t.Fatalf("fixture wrote no history: %+v", before)
	}
	if err := s.Prune(ctx, mustInfo(t, s).Version); err != nil {
		t.Fatal(err)
	}
	after := s.Stats()
	if after.StateEntries != after.StateKeys {
		t.Errorf("after pruning to latest: %d entries for %d keys, want one each", after.StateEntries, after.StateKeys)
	}
	if after.StateKeys != before.StateKeys-1 {
		t.Errorf("after pruning: %d keys, want %d (the deleted key forgotten)", after.StateKeys, before.StateKeys-1)
	}
	if after.StaleWrites != 0 || after.Transactions != 2 || after.Blocks != 1 {
		t.Errorf("after pruning to latest: %+v", after)
	}
	if _, err := s.StateValue(ctx, temp, mustInfo(t, s).Version); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("deleted key: %v, want ErrNotFound", err)
	}
}
