package indexer

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/indexer/gql"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// The checkpoint file's encoding: the magic line, the format (uvarint),
// the header, the body, then the CRC-32C (Castagnoli) of everything
// before it, 4 bytes big-endian. Integers are uvarints, strings and byte
// strings a uvarint length then the bytes, addresses and hashes their 32
// bytes.
//
// header: build stamp, schema fingerprint (32), layouts flag, chain id,
// version V, accumulator root at V, then the state's position: next,
// last, indexed, last timestamp, height, epoch, block last, in block.
//
// body: per schema table in order: name, column count, row count,
// mismatched, then each row's cells in column order. A cell is a tag byte
// (cellNull, cellFalse, cellTrue, cellStr, cellNum, cellJSON, cellRef)
// and its value; a string or number no longer than ckptDictMax enters the
// file's dictionary where it is first written, and later occurrences are
// a cellRef to its index, so addresses and versions repeated across rows
// cost a few bytes. Then the derivation maps: faToCoin, tokenOwner,
// v1Tables (a presence byte first: nil until the first), tableTypes
// (types in BCS).
const (
	ckptMagic  = "ledgernode indexer checkpoint\n"
	ckptFormat = 1
	// ckptDictMax is the longest value that enters the dictionary.
	ckptDictMax = 96
)

const (
	cellNull byte = iota
	cellFalse
	cellTrue
	cellStr
	cellNum
	cellJSON
	cellRef
)

// errCorrupt wraps every failure to decode a checkpoint.
var errCorrupt = errors.New("indexer: corrupt checkpoint")

// ckptHeader is what a checkpoint says about itself and the ledger it
// was taken of.
type ckptHeader struct {
	build    string
	schema   [32]byte
	layouts  bool
	chainID  uint8
	version  uint64
	root     ledgerapi.HashValue
	position position
}

// position is where a state stands in the ledger (state's scalar fields).
type position struct {
	next, last, lastTimestamp, height, epoch, blockLast uint64
	indexed, inBlock                                    bool
}

func positionOf(s *state) position {
	return position{next: s.next, last: s.last, lastTimestamp: s.lastTimestamp, height: s.height,
		epoch: s.epoch, blockLast: s.blockLast, indexed: s.indexed, inBlock: s.inBlock}
}

func (p position) apply(s *state) {
	s.next, s.last, s.lastTimestamp, s.height = p.next, p.last, p.lastTimestamp, p.height
	s.epoch, s.blockLast, s.indexed, s.inBlock = p.epoch, p.blockLast, p.indexed, p.inBlock
}

// schemaFingerprint hashes the tables' names, columns, types and keys: a
// checkpoint of other tables is not loaded.
func schemaFingerprint() [32]byte {
	h := sha256.New()
	for i := range schema.Tables {
		t := &schema.Tables[i]
		fmt.Fprintf(h, "%s\x00", t.Name)
		for _, c := range t.Columns {
			fmt.Fprintf(h, "%s:%s\x00", c.Name, c.Type)
		}
		fmt.Fprintf(h, "pk %q\n", t.PrimaryKey)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// ckptSnapshot is a state copied under the indexer's lock, written
// without it: rows are immutable, so copying each table's row headers
// and the maps is enough.
type ckptSnapshot struct {
	seq        uint64 // see checkpointer.seq
	hdr        ckptHeader
	tables     []ckptTable
	faToCoin   map[ledgerapi.Address]string
	tokenOwner map[ledgerapi.Address]ownerOf
	v1Tables   map[ledgerapi.Address]v1Table
	tableTypes map[ledgerapi.Address]tableType
}

type ckptTable struct {
	name       string
	cols       []string
	rows       []gql.Row
	mismatched int
}

// encoder writes a checkpoint's values.
type encoder struct {
	w    *bufio.Writer
	buf  [binary.MaxVarintLen64]byte
	strs map[string]uint64
	nums map[string]uint64
	n    uint64 // dictionary entries so far
}

func (e *encoder) uvarint(v uint64) { e.w.Write(binary.AppendUvarint(e.buf[:0], v)) }
func (e *encoder) byte1(b byte)     { e.w.WriteByte(b) }
func (e *encoder) fixed(b []byte)   { e.w.Write(b) }
func (e *encoder) str(s string)     { e.uvarint(uint64(len(s))); e.w.WriteString(s) }
func (e *encoder) bool1(b bool) {
	if b {
		e.byte1(1)
	} else {
		e.byte1(0)
	}
}

// cell writes one value of a row.
func (e *encoder) cell(v any) error {
	switch x := v.(type) {
	case nil:
		e.byte1(cellNull)
	case bool:
		if x {
			e.byte1(cellTrue)
		} else {
			e.byte1(cellFalse)
		}
	case string:
		e.dictValue(e.strs, cellStr, x)
	case json.Number:
		e.dictValue(e.nums, cellNum, string(x))
	case json.RawMessage:
		e.byte1(cellJSON)
		e.str(string(x))
	default:
		return fmt.Errorf("indexer: checkpoint: a cell holds a %T", v)
	}
	return nil
}

func (e *encoder) dictValue(dict map[string]uint64, tag byte, s string) {
	if i, ok := dict[s]; ok {
		e.byte1(cellRef)
		e.uvarint(i)
		return
	}
	e.byte1(tag)
	e.str(s)
	if len(s) <= ckptDictMax {
		dict[s] = e.n
		e.n++
	}
}

func (e *encoder) header(h *ckptHeader) {
	e.str(h.build)
	e.fixed(h.schema[:])
	e.bool1(h.layouts)
	e.byte1(h.chainID)
	e.uvarint(h.version)
	e.fixed(h.root[:])
	p := &h.position
	for _, v := range []uint64{p.next, p.last, p.lastTimestamp, p.height, p.epoch, p.blockLast} {
		e.uvarint(v)
	}
	e.bool1(p.indexed)
	e.bool1(p.inBlock)
}

// encode writes snapshot s (without the magic, format and trailer).
func (e *encoder) encode(s *ckptSnapshot) error {
	e.header(&s.hdr)
	for _, t := range s.tables {
		e.str(t.name)
		e.uvarint(uint64(len(t.cols)))
		e.uvarint(uint64(len(t.rows)))
		e.uvarint(uint64(t.mismatched))
		for _, r := range t.rows {
			for i := range t.cols {
				if err := e.cell(r.At(i)); err != nil {
					return err
				}
			}
		}
	}
	e.uvarint(uint64(len(s.faToCoin)))
	for a, coin := range s.faToCoin {
		e.fixed(a[:])
		e.str(coin)
	}
	e.uvarint(uint64(len(s.tokenOwner)))
	for a, o := range s.tokenOwner {
		e.fixed(a[:])
		e.fixed(o.owner[:])
		e.bool1(o.soulbound)
		e.bool1(o.locked)
	}
	e.bool1(s.v1Tables != nil)
	e.uvarint(uint64(len(s.v1Tables)))
	for h, t := range s.v1Tables {
		e.fixed(h[:])
		e.byte1(byte(t.kind))
		e.fixed(t.owner[:])
	}
	e.uvarint(uint64(len(s.tableTypes)))
	for h, tt := range s.tableTypes {
		e.fixed(h[:])
		e.str(string(bcs.Marshal(tt.key)))
		e.str(string(bcs.Marshal(tt.value)))
	}
	return nil
}
