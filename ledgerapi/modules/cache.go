package modules

import (
	"bytes"
	"hash/maphash"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"
)

// DefaultCacheEntries is the size of a cache made with a size of zero.
const DefaultCacheEntries = 1024

// Cache keeps decoded modules by their bytes: stored bytes never change
// meaning, so an entry can never be stale. Lookups hash the bytes and
// compare them with the entry's, so two readers of the same bytes share
// one Module whatever version or key they read them at. Pinned modules
// (a node's own framework) are kept for good; the others in a bounded LRU,
// which also remembers bytes that do not decode. A Cache is safe for
// concurrent use.
type Cache struct {
	seed maphash.Seed
	lru  *lru.Cache[uint64, cached]

	mu     sync.RWMutex
	pinned map[uint64]*Module
}

type cached struct {
	m    *Module
	code []byte // for failures, where m is nil
	err  error
}

// NewCache returns a cache of up to entries decoded modules besides the
// pinned ones (DefaultCacheEntries when entries is zero or negative).
func NewCache(entries int) *Cache {
	if entries <= 0 {
		entries = DefaultCacheEntries
	}
	c, _ := lru.New[uint64, cached](entries)
	return &Cache{seed: maphash.MakeSeed(), lru: c, pinned: map[uint64]*Module{}}
}

// Pin keeps m for the life of the cache: lookups of its bytes always find it.
func (c *Cache) Pin(m *Module) {
	c.mu.Lock()
	c.pinned[maphash.Bytes(c.seed, m.Code)] = m
	c.mu.Unlock()
}

// Decode returns the module stored as code, decoding it only the first
// time these bytes are seen. The returned Module may hold code or an
// earlier caller's copy of the same bytes; callers must not modify code
// afterwards.
func (c *Cache) Decode(code []byte) (*Module, error) {
	h := maphash.Bytes(c.seed, code)
	c.mu.RLock()
	p := c.pinned[h]
	c.mu.RUnlock()
	if p != nil && bytes.Equal(p.Code, code) {
		return p, nil
	}
	if e, ok := c.lru.Get(h); ok {
		if e.m != nil && bytes.Equal(e.m.Code, code) {
			return e.m, nil
		}
		if e.m == nil && bytes.Equal(e.code, code) {
			return nil, e.err
		}
	}
	m, err := Decode(code)
	if err != nil {
		c.lru.Add(h, cached{code: code, err: err})
		return nil, err
	}
	c.lru.Add(h, cached{m: m})
	return m, nil
}
