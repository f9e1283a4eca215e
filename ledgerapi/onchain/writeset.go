package onchain

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// WriteSet is a transaction's write set, aptos-core's WriteSet::V0: a map
// from state key to write op (BTreeMap<StateKey, WriteOp>), a key at most
// once. Its BCS is the variant (0), the entry count, then each key's
// encoding and op, ordered by the keys' encodings as canonical BCS orders
// any map, whatever the order of the slice. Its hash, the transaction's
// state_change_hash, is sha3-256(salt("APTOS::WriteSet") ‖ BCS).
//
// Sort puts the slice in the map's own order (StateKey's Ord), the order in
// which the API lists a transaction's changes.
type WriteSet []WriteOp

// scratch sizes for the key encodings of a write set: the common write
// sets (a transfer writes five keys) are encoded and sorted on the stack.
const (
	scratchKeys     = 16
	scratchKeyBytes = 1024
)

type keySpan struct{ start, end int }

// encodeKeys appends the encodings of ws's keys to buf and their spans to
// spans. A key that does not validate, or one that appears twice, is an
// error wrapping ErrInvalidStateKey.
func encodeKeys(ws WriteSet, buf []byte, spans []keySpan) ([]byte, []keySpan, error) {
	for i := range ws {
		start := len(buf)
		var err error
		if buf, err = ws[i].Key.AppendEncode(buf); err != nil {
			return buf, spans, fmt.Errorf("write set entry %d: %w", i, err)
		}
		spans = append(spans, keySpan{start, len(buf)})
	}
	return buf, spans, nil
}

// AppendBCS appends the BCS of the write set. It fails, leaving dst as it
// was, when a key does not validate or appears twice.
func (ws WriteSet) AppendBCS(dst []byte) ([]byte, error) {
	var kb [scratchKeyBytes]byte
	var sb [scratchKeys]keySpan
	var ob [scratchKeys]int
	keys, spans, err := encodeKeys(ws, kb[:0], sb[:0])
	if err != nil {
		return dst, err
	}
	key := func(i int) []byte { return keys[spans[i].start:spans[i].end] }
	order := ob[:0]
	for i := range ws {
		order = append(order, i)
	}
	if len(order) <= scratchKeys {
		for i := 1; i < len(order); i++ {
			for j := i; j > 0 && bytes.Compare(key(order[j]), key(order[j-1])) < 0; j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
	} else {
		slices.SortFunc(order, func(a, b int) int { return bytes.Compare(key(a), key(b)) })
	}
	for i := 1; i < len(order); i++ {
		if bytes.Equal(key(order[i]), key(order[i-1])) {
			return dst, invalidKey("the write set holds %s twice", ws[order[i]].Key)
		}
	}
	out := append(dst, 0) // WriteSet::V0
	out = bcs.AppendSeqLen(out, len(ws))
	for _, i := range order {
		out = append(out, key(i)...)
		out = ws[i].appendOp(out)
	}
	return out, nil
}

// MarshalBCS writes AppendBCS's bytes; a write set that does not encode
// writes nothing. Callers that cannot rule that out use AppendBCS.
func (ws WriteSet) MarshalBCS(e *bcs.Encoder) {
	e.Append(func(dst []byte) []byte {
		out, _ := ws.AppendBCS(dst)
		return out
	})
}

// Hash returns the state_change_hash of the write set. An empty write set
// (a state checkpoint's) hashes to 0xafb6e14f…, as on the real network.
func (ws WriteSet) Hash() (ledgerapi.HashValue, error) {
	var buf [2048]byte
	b, err := ws.AppendBCS(buf[:0])
	if err != nil {
		return ledgerapi.HashValue{}, err
	}
	return hashWith(&saltWriteSet, b), nil
}

// Sort orders the entries as aptos-core's BTreeMap<StateKey, WriteOp>
// iterates them (StateKey's Ord: variant, address or handle, then the
// path's or table key's bytes), the order of the API's changes. It fails
// when a key does not validate (the slice then unchanged) or appears twice.
func (ws WriteSet) Sort() error {
	if len(ws) < 2 {
		for i := range ws {
			if err := ws[i].Key.Validate(); err != nil {
				return err
			}
		}
		return nil
	}
	var kb [scratchKeyBytes]byte
	var sb [scratchKeys]keySpan
	keys, spans, err := encodeKeys(ws, kb[:0], sb[:0])
	if err != nil {
		return err
	}
	key := func(s keySpan) []byte { return keys[s.start:s.end] }
	if len(ws) <= scratchKeys {
		// Insertion sort in place, moving the spans with their entries.
		for i := 1; i < len(ws); i++ {
			for j := i; j > 0 && compareKeys(key(spans[j]), key(spans[j-1])) < 0; j-- {
				ws[j], ws[j-1] = ws[j-1], ws[j]
				spans[j], spans[j-1] = spans[j-1], spans[j]
			}
		}
	} else {
		order := make([]int, len(ws))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return compareKeys(key(spans[a]), key(spans[b])) })
		sorted, sortedSpans := make(WriteSet, len(ws)), make([]keySpan, len(ws))
		for i, j := range order {
			sorted[i], sortedSpans[i] = ws[j], spans[j]
		}
		copy(ws, sorted)
		spans = sortedSpans
	}
	for i := 1; i < len(ws); i++ {
		if compareKeys(key(spans[i]), key(spans[i-1])) == 0 {
			return invalidKey("the write set holds %s twice", ws[i].Key)
		}
	}
	return nil
}

// minEntrySize is the size of the smallest write set entry: an access-path
// or table key (variant, 32 bytes, a length) and a deletion.
const minEntrySize = 1 + ledgerapi.AddressLength + 1 + 1

// UnmarshalBCS reads a write set. The entries must be in the canonical
// order of a BCS map (strictly increasing key encodings); the slice keeps
// that order.
func (ws *WriteSet) UnmarshalBCS(d *bcs.Decoder) {
	d.Variant("WriteSet", 1)
	n := d.SeqLen("WriteSet", minEntrySize)
	if d.Failed() {
		return
	}
	out := make(WriteSet, n)
	var prev []byte
	for i := range out {
		start := d.Offset()
		var k stateKeyDecoder
		k.UnmarshalBCS(d)
		enc := d.Since(start)
		if d.Failed() {
			return
		}
		if prev != nil && bytes.Compare(prev, enc) >= 0 {
			d.Fail(bcs.ErrInvalidValue, "WriteSet", "keys are not in strictly increasing order")
			return
		}
		prev = enc
		out[i].Key = k.key
		out[i].readOp(d)
	}
	*ws = out
}
