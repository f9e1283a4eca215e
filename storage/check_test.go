package storage_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

var window = storage.LedgerInfo{Version: 100, OldestVersion: 40, BlockHeight: 20, OldestBlockHeight: 8}

func TestCheckVersionAndHeight(t *testing.T) {
	tests := []struct {
		name  string
		check func(storage.LedgerInfo, uint64) error
		n     uint64
		want  error
	}{
		{"version latest", storage.CheckVersion, 100, nil},
		{"version oldest", storage.CheckVersion, 40, nil},
		{"version above latest", storage.CheckVersion, 101, storage.ErrNotFound},
		{"version below oldest", storage.CheckVersion, 39, storage.ErrPruned},
		{"version 0", storage.CheckVersion, 0, storage.ErrPruned},
		{"height latest", storage.CheckHeight, 20, nil},
		{"height oldest", storage.CheckHeight, 8, nil},
		{"height above latest", storage.CheckHeight, 21, storage.ErrNotFound},
		{"height below oldest", storage.CheckHeight, 7, storage.ErrPruned},
	}
	for _, tc := range tests {
		err := tc.check(window, tc.n)
		if (tc.want == nil) != (err == nil) || (tc.want != nil && !errors.Is(err, tc.want)) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		var pe *storage.PrunedError
		if errors.As(err, &pe) && (pe.OldestVersion != 40 || pe.OldestBlockHeight != 8) {
			t.Errorf("%s: pruned error %+v does not carry the window", tc.name, pe)
		}
	}
}

func TestPrunedError(t *testing.T) {
	err := fmt.Errorf("reading: %w", &storage.PrunedError{What: "version 3", OldestVersion: 10, OldestBlockHeight: 2})
	if !errors.Is(err, storage.ErrPruned) || errors.Is(err, storage.ErrNotFound) {
		t.Errorf("errors.Is classifies %v wrongly", err)
	}
	want := "storage: version 3 has been pruned (oldest version 10, oldest block height 2)"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("message %q lacks %q", err, want)
	}
}

func TestCheckLimit(t *testing.T) {
	for _, tc := range []struct {
		limit int
		ok    bool
	}{{-1, false}, {0, false}, {1, true}, {1 << 30, true}} {
		if err := storage.CheckLimit(tc.limit); (err == nil) != tc.ok || (err != nil && !errors.Is(err, storage.ErrInvalidArgument)) {
			t.Errorf("CheckLimit(%d) = %v", tc.limit, err)
		}
	}
}

func txn(v uint64, kind storage.TransactionKind, changes ...storage.WriteOp) storage.Transaction {
	return storage.Transaction{Version: v, Kind: kind, Changes: changes}
}

func TestCheckCommit(t *testing.T) {
	prev := &storage.LedgerInfo{Version: 9, BlockHeight: 3, TimestampUsec: 50, Epoch: 2}
	next := storage.Block{Height: 4, FirstVersion: 10, LastVersion: 11, TimestampUsec: 50, Epoch: 2}
	two := []storage.Transaction{txn(10, storage.KindBlockMetadata), txn(11, storage.KindStateCheckpoint)}
	many := make([]storage.WriteOp, 40) // compared through encodings
	for i := range many {
		many[i] = storage.WriteOp{Key: storage.TableItemKey(ledgerapi.AddressOne, []byte{byte(i)})}
	}
	dupMany := append(append([]storage.WriteOp(nil), many...), many[17])
	tests := []struct {
		name string
		prev *storage.LedgerInfo
		b    storage.Block
		txns []storage.Transaction
		ok   bool
	}{
		{"genesis", nil, storage.Block{}, []storage.Transaction{txn(0, storage.KindGenesis)}, true},
		{"genesis not at height 0", nil, storage.Block{Height: 1}, []storage.Transaction{txn(0, storage.KindGenesis)}, false},
		{"first block not at version 0", nil, storage.Block{FirstVersion: 1, LastVersion: 1}, []storage.Transaction{txn(1, storage.KindGenesis)}, false},
		{"next block", prev, next, two, true},
		{"later epoch and timestamp", prev, storage.Block{Height: 4, FirstVersion: 10, LastVersion: 11, TimestampUsec: 60, Epoch: 3}, two, true},
		{"no transactions", prev, next, nil, false},
		{"40 distinct keys", prev, next, []storage.Transaction{txn(10, storage.KindUser, many...), two[1]}, true},
		{"41 keys, one twice", prev, next, []storage.Transaction{txn(10, storage.KindUser, dupMany...), two[1]}, false},
	}
	for _, tc := range tests {
		err := storage.CheckCommit(tc.prev, tc.b, tc.txns)
		if (err == nil) != tc.ok || (err != nil && !errors.Is(err, storage.ErrInvalidCommit)) {
			t.Errorf("%s: CheckCommit = %v", tc.name, err)
		}
	}
}

// fakeEvents is a stream of n events with one version each, pruned below
// sequence number pruned.
type fakeEvents struct {
	n, pruned uint64
}

func (f fakeEvents) Events(_ context.Context, _ storage.EventKey, start uint64, limit int, _ uint64) ([]storage.VersionedEvent, error) {
	if start < f.pruned {
		return nil, &storage.PrunedError{}
	}
	var out []storage.VersionedEvent
	for s := start; s < f.n && len(out) < limit; s++ {
		out = append(out, storage.VersionedEvent{Version: s * 10, Event: storage.Event{SequenceNumber: s}})
	}
	return out, nil
}

func (f fakeEvents) EventCount(context.Context, storage.EventKey, uint64) (uint64, error) {
	return f.n, nil
}

func TestLatestEvents(t *testing.T) {
	tests := []struct {
		stream fakeEvents
		limit  int
		want   []uint64 // sequence numbers
		err    error
	}{
		{fakeEvents{n: 0}, 25, nil, nil},
		{fakeEvents{n: 3}, 25, []uint64{0, 1, 2}, nil},
		{fakeEvents{n: 30}, 2, []uint64{28, 29}, nil},
		{fakeEvents{n: 30, pruned: 20}, 5, []uint64{25, 26, 27, 28, 29}, nil},
		{fakeEvents{n: 30, pruned: 20}, 11, nil, storage.ErrPruned},
		{fakeEvents{n: 3}, 0, nil, storage.ErrInvalidArgument},
	}
	for _, tc := range tests {
		got, err := storage.LatestEvents(context.Background(), tc.stream, storage.EventKey{}, tc.limit, 0)
		if tc.err != nil {
			if !errors.Is(err, tc.err) {
				t.Errorf("%+v limit %d: error %v, want %v", tc.stream, tc.limit, err, tc.err)
			}
			continue
		}
		var seqs []uint64
		for _, e := range got {
			seqs = append(seqs, e.Event.SequenceNumber)
		}
		if fmt.Sprint(seqs) != fmt.Sprint(tc.want) || err != nil {
			t.Errorf("%+v limit %d: %v (%v), want %v", tc.stream, tc.limit, seqs, err, tc.want)
		}
	}
}

func TestTransactionKind(t *testing.T) {
	tests := []struct {
		kind  storage.TransactionKind
		valid bool
		name  string
	}{
		{0, false, "TransactionKind(0)"},
		{storage.KindGenesis, true, "genesis"},
		{storage.KindBlockMetadata, true, "block_metadata"},
		{storage.KindUser, true, "user"},
		{storage.KindStateCheckpoint, true, "state_checkpoint"},
		{storage.KindBlockEpilogue, true, "block_epilogue"},
		{6, false, "TransactionKind(6)"},
	}
	for _, tc := range tests {
		if tc.kind.Valid() != tc.valid || tc.kind.String() != tc.name {
			t.Errorf("kind %d: Valid %v, String %q", uint8(tc.kind), tc.kind.Valid(), tc.kind)
		}
	}
}

func TestStateNotFoundError(t *testing.T) {
	err := error(&storage.StateNotFoundError{Key: storage.ModuleKey(ledgerapi.AddressOne, "coin"), Version: 7})
	if !errors.Is(err, storage.ErrNotFound) || errors.Is(err, storage.ErrPruned) {
		t.Fatalf("%v does not match ErrNotFound alone", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "coin") || !strings.Contains(msg, "version 7") {
		t.Fatalf("message %q names neither the key nor the version", msg)
	}
}
