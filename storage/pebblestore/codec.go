package pebblestore

import (
	"encoding/binary"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/record"
)

// Key prefixes (see the package documentation).
const (
	pFormat       = 'F'
	pInfo         = 'I'
	pTxn          = 'T'
	pHash         = 'H'
	pSender       = 'A'
	pSenderNext   = 'N'
	pSenderPruned = 'Q'
	pBlock        = 'K'
	pBlockLast    = 'L'
	pState        = 'S'
	pEvent        = 'E'
	pStreamNext   = 'M'
	pStreamPruned = 'R'
)

// format is the version of the record layout written under pFormat. It
// changes whenever a record's layout does; a store written in another
// format is refused at Open rather than misread.
//
//	1  (no 'F' key) success bool and vm_status string in transaction records
//	2  the ExecutionStatus BCS, and write ops with their creation flag and
//	   deposit metadata
const format = 2

func be(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }

func key(prefix byte, parts ...[]byte) []byte {
	n := 1
	for _, p := range parts {
		n += len(p)
	}
	k := make([]byte, 0, n)
	k = append(k, prefix)
	for _, p := range parts {
		k = append(k, p...)
	}
	return k
}

func txnKey(v uint64) []byte                           { return key(pTxn, be(v)) }
func hashKey(h ledgerapi.HashValue) []byte             { return key(pHash, h[:]) }
func senderKey(a ledgerapi.Address, seq uint64) []byte { return key(pSender, a[:], be(seq)) }
func blockKey(h uint64) []byte                         { return key(pBlock, be(h)) }
func blockLastKey(v uint64) []byte                     { return key(pBlockLast, be(v)) }
func eventKey(k storage.EventKey, seq uint64) []byte {
	return key(pEvent, k.Account[:], be(k.CreationNumber), be(seq))
}
func streamKey(prefix byte, k storage.EventKey) []byte {
	return key(prefix, k.Account[:], be(k.CreationNumber))
}

// stateKey is 'S' enc ^version.
func stateKey(enc []byte, version uint64) []byte { return key(pState, enc, be(^version)) }

// stateBounds are the bounds of every entry of enc.
func stateBounds(enc []byte) (lo, hi []byte) {
	lo = key(pState, enc)
	hi = key(pState, enc, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00})
	return lo, hi
}

// prefixEnd is the smallest key above every key starting with p.
func prefixEnd(p []byte) []byte {
	end := append([]byte(nil), p...)
	for i := len(end) - 1; i >= 0; i-- {
		if end[i] < 0xff {
			end[i]++
			return end[:i+1]
		}
	}
	return nil
}

func encodeInfo(info storage.LedgerInfo) []byte {
	e := bcs.NewEncoder(64)
	e.U8(info.ChainID)
	for _, v := range []uint64{info.Epoch, info.Version, info.OldestVersion, info.TimestampUsec, info.BlockHeight, info.OldestBlockHeight} {
		e.U64(v)
	}
	return e.Bytes()
}

func decodeInfo(b []byte) (storage.LedgerInfo, error) {
	d := bcs.NewDecoder(b)
	info := storage.LedgerInfo{ChainID: d.U8("chain id")}
	for _, p := range []*uint64{&info.Epoch, &info.Version, &info.OldestVersion, &info.TimestampUsec, &info.BlockHeight, &info.OldestBlockHeight} {
		*p = d.U64("ledger info")
	}
	return info, corrupt("ledger info", d.Finish())
}

// decodeBlock reads a block record (storage/record), corrupt when it does
// not decode.
func decodeBlock(raw []byte) (storage.Block, error) {
	b, err := record.DecodeBlock(raw)
	return b, corrupt("block", err)
}

// encodeTxn is the transaction record (package record); encs are its
// changes' key encodings.
func encodeTxn(t *storage.Transaction, encs [][]byte) []byte { return record.Transaction(t, encs) }

func decodeTxn(raw []byte) (storage.Transaction, error) {
	t, err := record.DecodeTransaction(raw)
	return t, corrupt("transaction", err)
}

// corrupt reports a record that does not decode: the database is damaged or
// was written by something else.
func corrupt(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("pebblestore: stored %s does not decode: %w", what, err)
}
