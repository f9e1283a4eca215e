package indexer

import "github.com/ledgernode/ledgernode/indexer/gql"

// chunkRows is how many rows one chunk of a rowList holds.
const chunkRows = 1 << 12

// rowList holds a table's rows in insertion order, in chunks of chunkRows
// rows. A table only grows, and one slice for all its rows would be
// copied whole each time it outgrew its array: for the tables that gain
// rows with every transaction (account_transactions has millions) that is
// megabytes copied and freshly faulted-in memory every few blocks. A full
// chunk is never moved again; only the first grows by doubling, up to
// chunkRows, so a small table stays small.
type rowList struct {
	chunks [][]gql.Row
	n      int
}

// len returns the number of rows.
func (l *rowList) len() int { return l.n }

// at returns row i (0 <= i < len).
func (l *rowList) at(i int) gql.Row { return l.chunks[i/chunkRows][i%chunkRows] }

// set replaces row i (0 <= i < len).
func (l *rowList) set(i int, g gql.Row) { l.chunks[i/chunkRows][i%chunkRows] = g }

// append adds g after the last row.
func (l *rowList) append(g gql.Row) {
	last := len(l.chunks) - 1
	if last < 0 || len(l.chunks[last]) == chunkRows {
		size := chunkRows
		if last < 0 {
			size = 16
		}
		l.chunks = append(l.chunks, make([]gql.Row, 0, size))
		last++
	}
	l.chunks[last] = append(l.chunks[last], g)
	l.n++
}

// appendTo appends every row, in order, to dst.
func (l *rowList) appendTo(dst []gql.Row) []gql.Row {
	if dst == nil {
		dst = make([]gql.Row, 0, l.n)
	}
	for _, c := range l.chunks {
		dst = append(dst, c...)
	}
	return dst
}
