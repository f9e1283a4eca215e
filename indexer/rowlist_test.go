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

// TestNumberedRowList fills a numbered rowList across several chunks and
// reads every row back by position and in order; a numbered list refuses
// rows of cells.
func TestNumberedRowList(t *testing.T) {
	reg := gql.NewRegistry()
	l := gql.NewLayout("n", "s").NumberedBy(reg)
	var rows rowList
	rows.numbered(l)
	s := reg.Number(gql.NewCell("s"))
	n := 3*rows.numRows() + 17
	for i := range n {
		rows.appendNumbers([]uint32{reg.Number(gql.NewCell(num(uint64(i)))), s})
	}
	if rows.len() != n || len(rows.nums) != 4 {
		t.Fatalf("%d rows in %d chunks, want %d in 4", rows.len(), len(rows.nums), n)
	}
	all := rows.appendTo(nil)
	if len(all) != n {
		t.Fatalf("appendTo gave %d rows, want %d", len(all), n)
	}
	for i := range n {
		want := num(uint64(i))
		if got := rows.at(i).At(0); got != want || rows.at(i).At(1) != "s" {
			t.Fatalf("row %d reads %v, want %v", i, rows.at(i).Map(), want)
		}
		if all[i].At(0) != want {
			t.Fatalf("appendTo's row %d reads %v, want %v", i, all[i].At(0), want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("a numbered rowList took a row of cells")
		}
	}()
	rows.append(gql.NewRow(gql.NewLayout("n", "s"), []any{"x", "y"}))
}
