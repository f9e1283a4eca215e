package indexer

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

// Arrivals returns how many callers of Rows and LastVersion arrived.
func Arrivals(ix *Indexer) uint64 { return ix.arrivals.Load() }
