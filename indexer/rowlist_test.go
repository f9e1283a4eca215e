package indexer

import (
	"testing"

	"github.com/ledgernode/ledgernode/indexer/gql"
)

// TestRowList fills a rowList across several chunks and reads every row
// back by position, replaced or not, and in order.
func TestRowList(t *testing.T) {
	l := gql.NewLayout("n")
	row := func(i int) gql.Row { return gql.NewRow(l, []any{num(uint64(i))}) }
	var rows rowList
	const n = 3*chunkRows + 17
	for i := range n {
		rows.append(row(i))
	}
	rows.set(chunkRows, row(-1+n*2))
	if rows.len() != n || len(rows.chunks) != 4 {
		t.Fatalf("%d rows in %d chunks, want %d in 4", rows.len(), len(rows.chunks), n)
	}
	all := rows.appendTo(nil)
	for i := range n {
		want := num(uint64(i))
		if i == chunkRows {
			want = num(uint64(n*2 - 1))
		}
		if got := rows.at(i).At(0); got != want {
			t.Fatalf("row %d reads %v, want %v", i, got, want)
		}
		if all[i].At(0) != want {
			t.Fatalf("appendTo's row %d reads %v, want %v", i, all[i].At(0), want)
		}
	}
	if len(all) != n {
		t.Fatalf("appendTo gave %d rows, want %d", len(all), n)
	}
}
