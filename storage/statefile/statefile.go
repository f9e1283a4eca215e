// Package statefile writes a ledger to a file and loads it into an empty
// store, so that a fixture chain can be built once and started from again:
// the loaded ledger is the dumped one, block for block (versions, hashes,
// state, events, accumulator roots).
//
// A file holds the whole history: the ledger's indexes (event streams,
// sender sequence numbers) must agree with its state, so a store can only
// be filled by committing every block again. A ledger whose history was
// pruned cannot be dumped (ErrPrunedHistory). To start without the
// history, load into a store with a pruning window (memstore or
// pebblestore Options.PruneWindow, the server's -prune-window): it keeps
// the latest state and only the recent blocks.
//
// The format is a magic line, a header (the record format, the chain id and
// the latest ledger info), then each block and its transactions in the
// storage/record encoding, each record length-prefixed, and a
// trailer with the SHA3-256 of everything before it, which Load checks.
package statefile

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha3"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/record"
)

// Format is the version of the file layout: this package's framing and
// block records with storage/record's transaction records. It changes
// whenever either does; Load refuses other formats.
const Format = 1

// magic starts every file.
const magic = "ledgernode ledger dump\n"

// Record tags.
const (
	tagEnd   = 0
	tagBlock = 1
)

// maxRecord bounds one record (a transaction with its write set).
const maxRecord = 256 << 20

// page is the number of transactions read at a time.
const page = 1000

var (
	// ErrPrunedHistory is the error of Write for a ledger whose oldest
	// versions were pruned.
	ErrPrunedHistory = errors.New("statefile: the ledger's history is pruned; a dump needs all of it")
	// ErrNotEmpty is the error of Load into a store that holds a ledger.
	ErrNotEmpty = errors.New("statefile: the store is not empty")
	// ErrCorrupt wraps every failure to read a file.
	ErrCorrupt = errors.New("statefile: not a valid ledger dump")
)

// Header describes a dumped ledger.
type Header struct {
	// Format is the file's format (Format when written).
	Format uint64
	// Info is the ledger info at the dump.
	Info storage.LedgerInfo
}

// Write writes the ledger r holds, up to its latest version when Write
// starts, to w. The caller keeps the ledger from being reverted meanwhile
// (Node.Dump does). It returns the ledger info written.
func Write(ctx context.Context, r storage.Reader, w io.Writer) (storage.LedgerInfo, error) {
	info, err := r.LedgerInfo(ctx)
	if err != nil {
		return info, err
	}
	if info.OldestVersion > 0 {
		return info, ErrPrunedHistory
	}
	h := sha3.New256()
	bw := bufio.NewWriter(io.MultiWriter(w, h))
	bw.WriteString(magic)
	writeRecord(bw, encodeHeader(Header{Format: Format, Info: info}))
	for height := uint64(0); height <= info.BlockHeight; height++ {
		b, err := r.BlockByHeight(ctx, height)
		if err != nil {
			return info, fmt.Errorf("statefile: block %d: %w", height, err)
		}
		bw.WriteByte(tagBlock)
		writeRecord(bw, record.Block(b))
		for v := b.FirstVersion; v <= b.LastVersion; v += page {
			txns, err := r.Transactions(ctx, v, page, b.LastVersion)
			if err != nil {
				return info, fmt.Errorf("statefile: transactions from %d: %w", v, err)
			}
			for i := range txns {
				rec, err := encodeTransaction(&txns[i])
				if err != nil {
					return info, err
				}
				writeRecord(bw, rec)
			}
		}
	}
	bw.WriteByte(tagEnd)
	if err := bw.Flush(); err != nil {
		return info, err
	}
	_, err = w.Write(h.Sum(nil))
	return info, err
}

// Load commits the ledger of a file written by Write into store, which must
// be empty (ErrNotEmpty), block by block, and returns its ledger info. The
// whole file is read and checked (ErrCorrupt) before anything is
// committed. A node started over the store then continues the ledger.
func Load(ctx context.Context, store storage.ReadWriter, r io.Reader) (storage.LedgerInfo, error) {
	if _, err := store.LedgerInfo(ctx); !errors.Is(err, storage.ErrEmpty) {
		if err == nil {
			err = ErrNotEmpty
		}
		return storage.LedgerInfo{}, err
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		return storage.LedgerInfo{}, err
	}
	hdr, blocks, err := parse(raw)
	if err != nil {
		return storage.LedgerInfo{}, err
	}
	for _, b := range blocks {
		if err := store.CommitBlock(ctx, b.block, b.txns); err != nil {
			return storage.LedgerInfo{}, fmt.Errorf("statefile: committing block %d: %w", b.block.Height, err)
		}
	}
	return hdr.Info, nil
}

// ReadHeader reads the header of a file.
func ReadHeader(r io.Reader) (Header, error) {
	br := bufio.NewReader(r)
	m := make([]byte, len(magic))
	if _, err := io.ReadFull(br, m); err != nil || string(m) != magic {
		return Header{}, fmt.Errorf("%w: no ledger dump header", ErrCorrupt)
	}
	rec, err := readRecord(br)
	if err != nil {
		return Header{}, err
	}
	return decodeHeader(rec)
}

type block struct {
	block storage.Block
	txns  []storage.Transaction
}

// parse checks and decodes a whole file.
func parse(raw []byte) (Header, []block, error) {
	if len(raw) < len(magic)+32 || string(raw[:len(magic)]) != magic {
		return Header{}, nil, fmt.Errorf("%w: no ledger dump header", ErrCorrupt)
	}
	body, sum := raw[:len(raw)-32], raw[len(raw)-32:]
	if got := sha3.Sum256(body); !bytes.Equal(got[:], sum) {
		return Header{}, nil, fmt.Errorf("%w: the checksum does not match (a truncated or modified file)", ErrCorrupt)
	}
	br := bufio.NewReader(bytes.NewReader(body[len(magic):]))
	rec, err := readRecord(br)
	if err != nil {
		return Header{}, nil, err
	}
	hdr, err := decodeHeader(rec)
	if err != nil {
		return hdr, nil, err
	}
	var blocks []block
	for {
		tag, err := br.ReadByte()
		if err != nil {
			return hdr, nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
		if tag == tagEnd {
			break
		}
		if tag != tagBlock {
			return hdr, nil, fmt.Errorf("%w: unknown record tag %d", ErrCorrupt, tag)
		}
		rec, err := readRecord(br)
		if err != nil {
			return hdr, nil, err
		}
		b, err := record.DecodeBlock(rec)
		if err != nil || b.LastVersion < b.FirstVersion || b.LastVersion-b.FirstVersion >= maxRecord {
			return hdr, nil, fmt.Errorf("%w: block record: %v", ErrCorrupt, err)
		}
		blk := block{block: b}
		for range b.LastVersion - b.FirstVersion + 1 {
			rec, err := readRecord(br)
			if err != nil {
				return hdr, nil, err
			}
			t, err := record.DecodeTransaction(rec)
			if err != nil {
				return hdr, nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
			}
			blk.txns = append(blk.txns, t)
		}
		blocks = append(blocks, blk)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return hdr, nil, fmt.Errorf("%w: data after the end record", ErrCorrupt)
	}
	if n := len(blocks); n == 0 || blocks[n-1].block.Height != hdr.Info.BlockHeight || blocks[n-1].block.LastVersion != hdr.Info.Version {
		return hdr, nil, fmt.Errorf("%w: the blocks do not end at the header's version %d", ErrCorrupt, hdr.Info.Version)
	}
	return hdr, blocks, nil
}

func writeRecord(w *bufio.Writer, rec []byte) {
	var n [binary.MaxVarintLen64]byte
	w.Write(n[:binary.PutUvarint(n[:], uint64(len(rec)))])
	w.Write(rec)
}

func readRecord(r *bufio.Reader) ([]byte, error) {
	n, err := binary.ReadUvarint(r)
	if err != nil || n > maxRecord {
		return nil, fmt.Errorf("%w: record length: %v", ErrCorrupt, err)
	}
	rec := make([]byte, n)
	if _, err := io.ReadFull(r, rec); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return rec, nil
}

func encodeHeader(h Header) []byte {
	e := bcs.NewEncoder(64)
	e.U64(h.Format)
	e.U8(h.Info.ChainID)
	for _, v := range []uint64{h.Info.Epoch, h.Info.Version, h.Info.OldestVersion, h.Info.TimestampUsec, h.Info.BlockHeight, h.Info.OldestBlockHeight} {
		e.U64(v)
	}
	return e.Bytes()
}

func decodeHeader(b []byte) (Header, error) {
	d := bcs.NewDecoder(b)
	h := Header{Format: d.U64("format")}
	h.Info.ChainID = d.U8("chain id")
	for _, p := range []*uint64{&h.Info.Epoch, &h.Info.Version, &h.Info.OldestVersion, &h.Info.TimestampUsec, &h.Info.BlockHeight, &h.Info.OldestBlockHeight} {
		*p = d.U64("ledger info")
	}
	if err := d.Finish(); err != nil {
		return h, fmt.Errorf("%w: header: %v", ErrCorrupt, err)
	}
	if h.Format != Format {
		return h, fmt.Errorf("%w: file format %d, this build reads %d", ErrCorrupt, h.Format, Format)
	}
	return h, nil
}

// encodeTransaction is t's record.
func encodeTransaction(t *storage.Transaction) ([]byte, error) {
	encs := make([][]byte, len(t.Changes))
	for i, w := range t.Changes {
		enc, err := storage.EncodeKey(nil, w.Key)
		if err != nil {
			return nil, err
		}
		encs[i] = enc
	}
	return record.Transaction(t, encs), nil
}
