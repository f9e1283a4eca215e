package lrucache

// Default cache sizes, in entries.
const (
	DefaultTransactions = 10_000
	DefaultBlocks       = 1_000
	DefaultStates       = 100_000
)

// Options sizes the caches. Each is bounded by its number of entries; zero
// (or a negative value) means the default.
type Options struct {
	// Transactions bounds the committed transactions kept, each reachable
	// by version and by hash (both indexes share the entries, and each
	// index holds at most this many).
	Transactions int
	// Blocks bounds the blocks kept by height.
	Blocks int
	// States bounds the (state key, version) results kept, found or not.
	States int
}

func size(n, def int) int {
	if n <= 0 {
		return def
	}
	return n
}

// Counter counts cache lookups.
type Counter struct {
	// Hits are lookups answered from the cache.
	Hits uint64
	// Misses are lookups passed to the inner store.
	Misses uint64
}

// Stats reports the lookups of each cache since New.
type Stats struct {
	// Transactions counts TransactionByVersion and TransactionByHash.
	Transactions Counter
	// Blocks counts BlockByHeight.
	Blocks Counter
	// States counts StateValue.
	States Counter
}
