package handlers

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"sync/atomic"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
)

// Rendering caches. JSON view requests are kept converted by their body
// bytes and the store's revert count (the conversion depends only on the
// body and the function's signature, which module upgrades keep; at a version where the function
// does not exist the executor refuses the call as the conversion would
// have). Committed transactions never change, so their JSON is rendered
// once and kept by (version, accumulator root); Move values are kept by
// (revert count, type, bytes), so a cache hit can never be stale (struct
// layouts only change when a revert lets a module be stored again); view
// results are kept by (revert count, version, request), which is as
// immutable as the state they read (see storage.Reverter). All are bounded LRUs sized by
// Options.RenderCacheEntries (negative disables them).

// maxCachedValueBytes bounds the BCS size of a Move value whose rendering
// is kept; larger values are rendered every time.
const maxCachedValueBytes = 4 << 10

// txnCacheKey identifies a committed transaction by its version and its
// accumulator root, which commits to it and to every transaction before it
// (hashes, outcomes, and through the block metadata the timestamps): a
// version committed again after a revert gets the same root only if it is
// the same transaction in the same history, which renders the same.
type txnCacheKey struct {
	version uint64
	root    ledgerapi.HashValue
}

type renderCache struct {
	txns   *lru.Cache[txnCacheKey, []byte]
	values *lru.Cache[string, []byte]
	views  *lru.Cache[string, txn.EntryFunction] // JSON view body → converted call (read-only)
	// results keeps answered views by viewResultKey. A view is a pure
	// function of the committed state at its version (the Executor
	// contract), so a hit is exactly what running it again would give.
	results *lru.Cache[string, viewResult]
}

// maxCachedViewBody bounds the size of a JSON view request whose conversion
// is kept.
const maxCachedViewBody = 2 << 10

func newRenderCache(entries int) renderCache {
	if entries <= 0 {
		return renderCache{}
	}
	txns, _ := lru.New[txnCacheKey, []byte](entries)
	values, _ := lru.New[string, []byte](entries)
	views, _ := lru.New[string, txn.EntryFunction](entries)
	results, _ := lru.New[string, viewResult](entries)
	return renderCache{txns: txns, values: values, views: views, results: results}
}

// value renders BCS of type t as JSON through the value cache. Only
// renderings through a layout are kept: a layout, once its module is
// stored, never changes (upgrades keep struct layouts), while a hex
// fallback may be for a module that is not stored yet at rd's version. A
// kept rendering of a struct serves a version only if the struct's module
// is stored there.
func (a *API) value(rd *renderer, t ledgerapi.TypeTag, b []byte) []byte {
	if a.cache.values == nil || len(b) > maxCachedValueBytes {
		return rd.valueJSON(t, b)
	}
	key := strconv.FormatUint(rd.reverts, 10) + "\x00" + t.String() + "\x00" + string(b)
	if out, ok := a.cache.values.Get(key); ok && rd.stored(t) {
		return out
	}
	out, ok := rd.value(t, b)
	if ok {
		a.cache.values.Add(key, out)
	}
	return out
}

// marshalJSON encodes v compactly without HTML escaping.
func marshalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// jsonArray joins pre-encoded JSON values into an array.
func jsonArray(items [][]byte) []byte {
	n := 2
	for _, it := range items {
		n += len(it) + 1
	}
	out := make([]byte, 0, n)
	out = append(out, '[')
	for i, it := range items {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, it...)
	}
	return append(out, ']')
}

// Ledger headers: the seven values are formatted once per ledger info and
// shared (read-only, capacity-limited slices) by every response at it.

var ledgerHeaderKeys = [...]string{
	http.CanonicalHeaderKey(ledgerapi.HeaderChainID),
	http.CanonicalHeaderKey(ledgerapi.HeaderLedgerVersion),
	http.CanonicalHeaderKey(ledgerapi.HeaderLedgerOldest),
	http.CanonicalHeaderKey(ledgerapi.HeaderLedgerTimestamp),
	http.CanonicalHeaderKey(ledgerapi.HeaderEpoch),
	http.CanonicalHeaderKey(ledgerapi.HeaderBlockHeight),
	http.CanonicalHeaderKey(ledgerapi.HeaderOldestBlockHeight),
}

type ledgerHeaderValues struct {
	info storage.LedgerInfo
	vals [len(ledgerHeaderKeys)]string
}

type headerCache struct {
	last atomic.Pointer[ledgerHeaderValues]
}

func (c *headerCache) set(h http.Header, info *storage.LedgerInfo) {
	hv := c.last.Load()
	if hv == nil || hv.info != *info {
		hv = &ledgerHeaderValues{info: *info, vals: [...]string{
			strconv.FormatUint(uint64(info.ChainID), 10),
			strconv.FormatUint(info.Version, 10),
			strconv.FormatUint(info.OldestVersion, 10),
			strconv.FormatUint(info.TimestampUsec, 10),
			strconv.FormatUint(info.Epoch, 10),
			strconv.FormatUint(info.BlockHeight, 10),
			strconv.FormatUint(info.OldestBlockHeight, 10),
		}}
		c.last.Store(hv)
	}
	for i, k := range ledgerHeaderKeys {
		h[k] = hv.vals[i : i+1 : i+1]
	}
}

var (
	contentTypeJSONValue = []string{ledgerapi.ContentTypeJSON}
	contentTypeBCSValue  = []string{ledgerapi.ContentTypeBCS}
)
