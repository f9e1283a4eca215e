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
//
// A numbered rowList (see numbered) keeps each row as its cells' numbers
// instead: width numbers per row in chunks of chunkRows rows, memory
// without pointers that the garbage collector never scans. Its rows are
// built on the numbers when read.
type rowList struct {
	chunks [][]gql.Row
	n      int
	// layout and width are a numbered list's layout and columns; nums
	// its chunks.
	layout *gql.Layout
	width  int
	nums   [][]uint32
}

// numbered makes an empty list keep rows of layout l, which numbers its
// cells, as numbers (appendNumbers).
func (l *rowList) numbered(layout *gql.Layout) {
	if l.n > 0 {
		panic("indexer: rowList.numbered on a list with rows")
	}
	l.layout, l.width = layout, len(layout.Columns())
}

// appendNumbers adds a row of a numbered list, its cells' numbers (width
// of them), copied.
func (l *rowList) appendNumbers(nums []uint32) {
	last := len(l.nums) - 1
	if last < 0 || len(l.nums[last]) == l.numRows()*l.width {
		l.nums = append(l.nums, make([]uint32, 0, l.numRows()*l.width))
		last++
	}
	l.nums[last] = append(l.nums[last], nums[:l.width]...)
	l.n++
}

// chunkNumbers is how many cell numbers one chunk of a numbered list
// holds (64 KiB): allocated whole, so that a chunk is never copied.
const chunkNumbers = 1 << 14

// numRows is how many rows a chunk of a numbered list holds.
func (l *rowList) numRows() int { return max(1, chunkNumbers/l.width) }

// len returns the number of rows.
func (l *rowList) len() int { return l.n }

// at returns row i (0 <= i < len).
func (l *rowList) at(i int) gql.Row {
	if l.width > 0 {
		per := l.numRows()
		off := (i % per) * l.width
		return gql.NewRowOfNumbers(l.layout, l.nums[i/per][off:off+l.width:off+l.width])
	}
	return l.chunks[i/chunkRows][i%chunkRows]
}

// set replaces row i (0 <= i < len) of a list that is not numbered.
func (l *rowList) set(i int, g gql.Row) {
	if l.width > 0 {
		panic("indexer: rowList.set on a numbered list")
	}
	l.chunks[i/chunkRows][i%chunkRows] = g
}

// append adds g after the last row of a list that is not numbered.
func (l *rowList) append(g gql.Row) {
	if l.width > 0 {
		panic("indexer: rowList.append on a numbered list")
	}
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
	if l.width > 0 {
		for i := range l.n {
			dst = append(dst, l.at(i))
		}
		return dst
	}
	for _, c := range l.chunks {
		dst = append(dst, c...)
	}
	return dst
}
