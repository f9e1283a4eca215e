package indexer

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// CheckpointOptions keeps the index across restarts: a checkpoint of the
// whole index (every table's rows and the maps the derivation keeps) is
// written to a file in Dir in the background, and a new Indexer over the
// same ledger loads it and indexes only what was committed after it.
// See the package doc.
type CheckpointOptions struct {
	// Dir holds the checkpoint (created when first written).
	Dir string
	// Every is the number of versions indexed between two background
	// checkpoints (default DefaultCheckpointEvery).
	Every uint64
	// MinInterval is the least time between two background checkpoints
	// (default DefaultCheckpointInterval), so a busy ledger does not keep
	// one being written all the time.
	MinInterval time.Duration
	// Report, when set, is told of every checkpoint loaded, rejected,
	// written or failed (from the goroutine that did it).
	Report func(CheckpointEvent)
}

// The defaults of CheckpointOptions.
const (
	DefaultCheckpointEvery    = 10_000
	DefaultCheckpointInterval = 30 * time.Second
)

// CheckpointEvent describes what happened to a checkpoint.
type CheckpointEvent struct {
	// Kind is CheckpointLoaded, CheckpointRejected, CheckpointSaved or
	// CheckpointFailed.
	Kind string
	// Version is the last version the checkpoint holds (when known).
	Version uint64
	// Bytes is the file's size; Took how long loading or writing took.
	Bytes int64
	Took  time.Duration
	// Err says why a checkpoint was rejected (the index is then built
	// from the ledger) or could not be written.
	Err error
}

// The kinds of CheckpointEvent.
const (
	CheckpointLoaded   = "loaded"
	CheckpointRejected = "rejected"
	CheckpointSaved    = "saved"
	CheckpointFailed   = "failed"
)

// errStale wraps the reasons a well-formed checkpoint does not fit the
// ledger or this build.
var errStale = errors.New("indexer: stale checkpoint")

// ckptFile is the checkpoint's name in its directory; it is written as
// a temporary file (ckptTemp) renamed over it.
const (
	ckptFile = "index.ckpt"
	ckptTemp = "index-*.tmp"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// buildStamp identifies the build whose derivation wrote a checkpoint: a
// checkpoint of another build is rebuilt, since its rows may differ. It
// is the VCS revision (or the module's released version); a modified
// tree or a build without either adds the executable's size and time, so
// a rebuilt binary never trusts them.
var buildStamp = stampOfBuild()

func stampOfBuild() string {
	var rev, modified string
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v := bi.Main.Version; v != "" && v != "(devel)" && !strings.Contains(v, "+dirty") {
			rev = bi.Main.Path + "@" + v // a released module version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
	}
	if rev != "" && modified != "true" {
		return rev
	}
	if exe, err := os.Executable(); err == nil {
		if fi, err := os.Stat(exe); err == nil {
			return fmt.Sprintf("%s+%d@%d", rev, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return rev + "+unknown"
}

// checkpointer writes and loads the checkpoint of one Indexer.
type checkpointer struct {
	opts   CheckpointOptions
	fileMu sync.Mutex  // serialises writes of the file
	busy   atomic.Bool // a background write runs
	// seq numbers snapshots (under the indexer's lock); written is the
	// newest written (under fileMu), so an older snapshot whose write
	// comes second is dropped rather than replacing a newer checkpoint.
	seq     uint64
	written uint64

	mu        sync.Mutex
	saved     uint64 // the version of the checkpoint on disk, when has
	savedRoot ledgerapi.HashValue
	has       bool
	at        time.Time // when the last background write began
	closed    bool
	running   chan struct{} // closed when the last background write ends
}

func newCheckpointer(opts CheckpointOptions) *checkpointer {
	if opts.Every == 0 {
		opts.Every = DefaultCheckpointEvery
	}
	if opts.MinInterval == 0 {
		opts.MinInterval = DefaultCheckpointInterval
	}
	// A process killed while writing leaves its temporary file.
	if old, err := filepath.Glob(filepath.Join(opts.Dir, ckptTemp)); err == nil {
		for _, f := range old {
			os.Remove(f)
		}
	}
	return &checkpointer{opts: opts}
}

func (c *checkpointer) path() string { return filepath.Join(c.opts.Dir, ckptFile) }

func (c *checkpointer) report(e CheckpointEvent) {
	if c.opts.Report != nil {
		c.opts.Report(e)
	}
}

// setSaved records the version the file holds (has false: none that fits).
func (c *checkpointer) setSaved(v uint64, root ledgerapi.HashValue, has bool) {
	c.mu.Lock()
	c.saved, c.savedRoot, c.has = v, root, has
	c.mu.Unlock()
}

// write writes s to the file atomically: a temporary file, synced, then
// renamed over the checkpoint and the directory synced.
func (c *checkpointer) write(s *ckptSnapshot) (n int64, err error) {
	c.fileMu.Lock()
	defer c.fileMu.Unlock()
	if s.seq <= c.written {
		return 0, errSuperseded
	}
	if err := os.MkdirAll(c.opts.Dir, 0o755); err != nil {
		return 0, err
	}
	f, err := os.CreateTemp(c.opts.Dir, ckptTemp)
	if err != nil {
		return 0, err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	crc := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(f, crc), 1<<20)
	bw.WriteString(ckptMagic)
	e := &encoder{w: bw, strs: map[string]uint64{}, nums: map[string]uint64{}}
	e.uvarint(ckptFormat)
	if err := e.encode(s); err != nil {
		return 0, err
	}
	if err := bw.Flush(); err != nil {
		return 0, err
	}
	if _, err := f.Write(binary.BigEndian.AppendUint32(nil, crc.Sum32())); err != nil {
		return 0, err
	}
	if err := f.Sync(); err != nil {
		return 0, err
	}
	fi, err := f.Stat()
	if err != nil {
		return 0, err
	}
	if err := f.Close(); err != nil {
		return 0, err
	}
	if err := os.Rename(f.Name(), c.path()); err != nil {
		return 0, err
	}
	if d, err := os.Open(c.opts.Dir); err == nil {
		d.Sync() // the rename is durable once the directory is
		d.Close()
	}
	c.written = s.seq
	return fi.Size(), nil
}

// errSuperseded is write's answer for a snapshot older than the
// checkpoint written: nothing to do.
var errSuperseded = errors.New("indexer: a newer checkpoint was written")

// wait waits for the last background write started.
func (c *checkpointer) wait() {
	c.mu.Lock()
	ch := c.running
	c.mu.Unlock()
	if ch != nil {
		<-ch
	}
}

// load reads the checkpoint into a new state when it was taken of the
// ledger info describes, by this build, with the same layouts setting.
// It returns nil when there is none; a checkpoint that does not fit (an
// old format, a corrupt file, another build or schema, a ledger that
// was reverted, replaced or pruned past it) is reported, removed, and
// nil returned, so the index is built from the ledger. Only the
// context's error, or the store's while checking the ledger, is
// returned.
func (c *checkpointer) load(ctx context.Context, store storage.Reader, info storage.LedgerInfo, reverts uint64, layouts bool) (*state, ledgerapi.HashValue, error) {
	start := time.Now()
	st, hdr, size, err := c.read(ctx, store, info, reverts, layouts)
	switch {
	case err == nil && st == nil:
		c.setSaved(0, ledgerapi.HashValue{}, false)
		return nil, ledgerapi.HashValue{}, nil
	case err == nil:
		c.setSaved(hdr.version, hdr.root, true)
		c.report(CheckpointEvent{Kind: CheckpointLoaded, Version: hdr.version, Bytes: size, Took: time.Since(start)})
		return st, hdr.root, nil
	case errors.Is(err, errStale) || errors.Is(err, errCorrupt):
		c.setSaved(0, ledgerapi.HashValue{}, false)
		os.Remove(c.path())
		c.report(CheckpointEvent{Kind: CheckpointRejected, Version: hdr.version, Bytes: size, Took: time.Since(start), Err: err})
		return nil, ledgerapi.HashValue{}, nil
	}
	return nil, ledgerapi.HashValue{}, err
}

// read is load without its bookkeeping.
func (c *checkpointer) read(ctx context.Context, store storage.Reader, info storage.LedgerInfo, reverts uint64, layouts bool) (*state, ckptHeader, int64, error) {
	var hdr ckptHeader
	f, err := os.Open(c.path())
	if errors.Is(err, os.ErrNotExist) {
		return nil, hdr, 0, nil
	}
	if err != nil {
		return nil, hdr, 0, fmt.Errorf("%w: %v", errCorrupt, err) // unreadable: rebuilt
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, hdr, 0, fmt.Errorf("%w: %v", errCorrupt, err)
	}
	size := fi.Size()
	if size < int64(len(ckptMagic))+4 {
		return nil, hdr, size, fmt.Errorf("%w: %d bytes", errCorrupt, size)
	}
	crc := crc32.New(castagnoli)
	d := &decoder{r: bufio.NewReaderSize(io.TeeReader(io.LimitReader(f, size-4), crc), 1<<20), left: size - 4}
	magic := make([]byte, len(ckptMagic))
	if d.fixed(magic); d.err != nil || string(magic) != ckptMagic {
		return nil, hdr, size, fmt.Errorf("%w: not an indexer checkpoint", errCorrupt)
	}
	if format := d.uvarint(); d.err == nil && format != ckptFormat {
		return nil, hdr, size, fmt.Errorf("%w: format %d, this build reads format %d", errStale, format, ckptFormat)
	}
	hdr = d.header()
	if d.err != nil {
		return nil, hdr, size, d.err
	}
	if err := checkHeader(ctx, store, info, &hdr, layouts); err != nil {
		return nil, hdr, size, err
	}
	st := newState(store, reverts)
	hdr.position.apply(st)
	check := func() error { return ctx.Err() }
	if err := d.body(st, check); err != nil {
		return nil, hdr, size, err
	}
	var trailer [4]byte
	if _, err := f.ReadAt(trailer[:], size-4); err != nil {
		return nil, hdr, size, fmt.Errorf("%w: %v", errCorrupt, err)
	}
	if binary.BigEndian.Uint32(trailer[:]) != crc.Sum32() {
		return nil, hdr, size, fmt.Errorf("%w: checksum mismatch", errCorrupt)
	}
	return st, hdr, size, nil
}

// checkHeader checks that a checkpoint was written by this build, of
// these tables and layouts setting, of this ledger: its last version is
// still readable and the ledger's accumulator root there is the one the
// checkpoint recorded (a revert below it, a ledger replaced or loaded
// from another dump, or one that lost its latest blocks all change it).
func checkHeader(ctx context.Context, store storage.Reader, info storage.LedgerInfo, h *ckptHeader, layouts bool) error {
	p := &h.position
	switch {
	case h.build != buildStamp:
		return fmt.Errorf("%w: written by build %q, this is %q", errStale, h.build, buildStamp)
	case h.schema != schemaFingerprint():
		return fmt.Errorf("%w: the tables changed", errStale)
	case h.layouts != layouts:
		return fmt.Errorf("%w: written with event layouts %v, the indexer runs with %v", errStale, h.layouts, layouts)
	case !p.indexed || p.last != h.version || p.next != h.version+1:
		return fmt.Errorf("%w: the header's versions disagree", errCorrupt)
	case h.chainID != info.ChainID:
		return fmt.Errorf("%w: chain id %d, the ledger's is %d", errStale, h.chainID, info.ChainID)
	case h.version > info.Version:
		return fmt.Errorf("%w: version %d is past the ledger's latest %d", errStale, h.version, info.Version)
	case h.version < info.OldestVersion:
		return fmt.Errorf("%w: version %d is pruned (the oldest is %d)", errStale, h.version, info.OldestVersion)
	}
	t, err := store.TransactionByVersion(ctx, h.version)
	if errors.Is(err, storage.ErrNotFound) || errors.Is(err, storage.ErrPruned) {
		return fmt.Errorf("%w: version %d: %v", errStale, h.version, err)
	}
	if err != nil {
		return err
	}
	if t.Info.AccumulatorRootHash != h.root {
		return fmt.Errorf("%w: the ledger's accumulator at version %d is not the checkpoint's (reverted or another ledger)", errStale, h.version)
	}
	return nil
}
