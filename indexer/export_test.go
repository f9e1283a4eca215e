package indexer

import (
	"context"
	"encoding/binary"
	"hash/crc32"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// Mismatched returns, per table, how many rows were built with other
// columns than the declared ones (none when the indexer is right).
func Mismatched(ix *Indexer) map[string]int {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	out := map[string]int{}
	if ix.st == nil {
		return out
	}
	for name, t := range ix.st.tables {
		if t.mismatched > 0 {
			out[name] = t.mismatched
		}
	}
	return out
}

// CellFits reports whether v is a value of a column of type typ.
var CellFits = cellFits

// Arrivals returns how many callers of Rows and LastVersion arrived.
func Arrivals(ix *Indexer) uint64 { return ix.arrivals.Load() }

// SetBuildStamp makes the indexer believe it is build s until restore.
func SetBuildStamp(s string) (restore func()) {
	old := buildStamp
	buildStamp = s
	return func() { buildStamp = old }
}

// WaitCheckpoints waits for the background checkpoints running.
func WaitCheckpoints(ix *Indexer) {
	if ix.ck != nil {
		ix.ck.wait()
	}
}

// CheckpointPath is the file of ix's checkpoint.
func CheckpointPath(ix *Indexer) string { return ix.ck.path() }

// FixChecksum makes the trailer of checkpoint bytes b match the rest.
func FixChecksum(b []byte) {
	binary.BigEndian.PutUint32(b[len(b)-4:], crc32.Checksum(b[:len(b)-4], castagnoli))
}

// ForgetCheckpoint makes ix believe no checkpoint is on disk, so that
// Checkpoint writes one again.
func ForgetCheckpoint(ix *Indexer) { ix.ck.setSaved(0, ledgerapi.HashValue{}, false) }

// ReadCheckpoint reads dir's checkpoint over store as a new Indexer
// would, without removing it or indexing anything: nil when it loads,
// else why not (ErrCorruptCheckpoint or ErrStaleCheckpoint, or the
// store's error).
func ReadCheckpoint(ctx context.Context, store storage.Reader, dir string, layouts bool) error {
	info, err := store.LedgerInfo(ctx)
	if err != nil {
		return err
	}
	_, _, _, err = newCheckpointer(CheckpointOptions{Dir: dir}).read(ctx, store, info, 0, layouts)
	return err
}

// The errors a rejected checkpoint wraps.
var ErrCorruptCheckpoint, ErrStaleCheckpoint = errCorrupt, errStale
