package statefile_test

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/storage/pebblestore"
	"github.com/ledgernode/ledgernode/storage/statefile"
	"github.com/ledgernode/ledgernode/storage/storagetest"
)

// fixture commits a chain with transfers (events, sequence numbers) and
// returns its store.
func fixture(t *testing.T, opts memstore.Options) *memstore.Store {
	t.Helper()
	s := memstore.New(opts)
	c := storagetest.NewChain(3)
	ctx := context.Background()
	gb, gt := c.Genesis()
	if err := s.CommitBlock(ctx, gb, gt); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		b, txns := c.Transfers(3)
		if err := s.CommitBlock(ctx, b, txns); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// all returns every transaction and block of a store.
func all(t *testing.T, s storage.Reader) ([]storage.Transaction, []storage.Block) {
	t.Helper()
	ctx := context.Background()
	info, err := s.LedgerInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	txns, err := s.Transactions(ctx, 0, int(info.Version)+1, info.Version)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []storage.Block
	for h := uint64(0); h <= info.BlockHeight; h++ {
		b, err := s.BlockByHeight(ctx, h)
		if err != nil {
			t.Fatal(err)
		}
		blocks = append(blocks, b)
	}
	return txns, blocks
}

func TestRoundTrip(t *testing.T) {
	ctx := context.Background()
	src := fixture(t, memstore.Options{})
	var buf bytes.Buffer
	info, err := statefile.Write(ctx, src, &buf)
	if err != nil {
		t.Fatal(err)
	}
	hdr, err := statefile.ReadHeader(bytes.NewReader(buf.Bytes()))
	if err != nil || hdr.Info != info {
		t.Fatalf("ReadHeader = %+v, %v; want %+v", hdr, err, info)
	}
	ps, err := pebblestore.Open("", pebblestore.Options{InMemory: true, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ps.Close()
	for name, dst := range map[string]storage.ReadWriter{"memstore": memstore.New(memstore.Options{}), "pebble": ps} {
		got, err := statefile.Load(ctx, dst, bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if latest, _ := dst.LedgerInfo(ctx); got != info || latest != info {
			t.Errorf("%s: loaded ledger info %+v (store says %+v), want %+v", name, got, latest, info)
		}
		wantTxns, wantBlocks := all(t, src)
		gotTxns, gotBlocks := all(t, dst)
		if !reflect.DeepEqual(gotTxns, wantTxns) || !reflect.DeepEqual(gotBlocks, wantBlocks) {
			t.Errorf("%s: the loaded ledger differs from the dumped one", name)
		}
		if _, err := statefile.Load(ctx, dst, bytes.NewReader(buf.Bytes())); !errors.Is(err, statefile.ErrNotEmpty) {
			t.Errorf("%s: a second Load: %v, want ErrNotEmpty", name, err)
		}
	}
}

func TestRejects(t *testing.T) {
	ctx := context.Background()
	var buf bytes.Buffer
	if _, err := statefile.Write(ctx, fixture(t, memstore.Options{}), &buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	flipped := bytes.Clone(good)
	flipped[len(flipped)/2] ^= 1
	for name, b := range map[string][]byte{
		"empty": nil, "truncated": good[:len(good)-40], "flipped byte": flipped, "not a dump": []byte("hello, world, this is not a ledger dump at all....."),
	} {
		_, err := statefile.Load(ctx, memstore.New(memstore.Options{}), bytes.NewReader(b))
		if !errors.Is(err, statefile.ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
	pruned := fixture(t, memstore.Options{PruneWindow: 5})
	if _, err := statefile.Write(ctx, pruned, &bytes.Buffer{}); !errors.Is(err, statefile.ErrPrunedHistory) {
		t.Errorf("Write of a pruned ledger: %v", err)
	}
}

// TestLoadIntoAPruningStore: a store with a pruning window keeps only the
// recent history of what it loads (a ledger without its history), with
// the same latest state.
func TestLoadIntoAPruningStore(t *testing.T) {
	ctx := context.Background()
	src := fixture(t, memstore.Options{})
	var buf bytes.Buffer
	info, err := statefile.Write(ctx, src, &buf)
	if err != nil {
		t.Fatal(err)
	}
	dst := memstore.New(memstore.Options{PruneWindow: 5})
	if _, err := statefile.Load(ctx, dst, &buf); err != nil {
		t.Fatal(err)
	}
	got, _ := dst.LedgerInfo(ctx)
	if got.Version != info.Version || got.OldestVersion == 0 {
		t.Fatalf("loaded into a pruning store: %+v (dumped %+v)", got, info)
	}
	want, _ := src.TransactionByVersion(ctx, info.Version)
	last, err := dst.TransactionByVersion(ctx, info.Version)
	if err != nil || !reflect.DeepEqual(last, want) {
		t.Errorf("the latest transaction differs: %v", err)
	}
	for _, a := range storagetest.NewChain(3).Accounts() {
		k := storage.ResourceKey(a, storagetest.CoinStoreTag)
		w, _ := src.StateValue(ctx, k, info.Version)
		g, err := dst.StateValue(ctx, k, info.Version)
		if err != nil || !bytes.Equal(g, w) {
			t.Errorf("state of %s differs: %v", a, err)
		}
	}
}
