package gql

import (
	"encoding/json"
	"reflect"
	"strconv"
	"sync"
	"testing"
)

// TestNumberedRows reads rows kept as cell numbers back as the rows of
// cells they stand for, across the registry's chunks.
func TestNumberedRows(t *testing.T) {
	reg := NewRegistry()
	l := NewLayout("n", "s", "null").NumberedBy(reg)
	if reg.Number(nil) != 0 {
		t.Fatal("the nil cell is not number 0")
	}
	shared := NewCell("shared")
	const rows = 3*registryChunk + 5
	nums := make([][]uint32, rows)
	for i := range rows {
		n := reg.Number(NewCell(json.Number(strconv.Itoa(i))))
		nums[i] = []uint32{n, reg.Number(shared), reg.Number(nil)}
	}
	// A cell numbered again while remembered keeps its number; one the
	// registry forgot (another cell took its slot) may get a new one.
	if a, b := reg.Number(shared), reg.Number(shared); a != b {
		t.Errorf("the shared cell numbered %d then %d", a, b)
	}
	if got := reg.Len(); got < rows+2 || got > rows+2+rows/16 {
		t.Errorf("%d numbers for %d distinct cells, NULL and one shared cell numbered %d times", got, rows, rows)
	}
	for i := range rows {
		r := NewRowOfNumbers(l, nums[i])
		want := map[string]any{"n": json.Number(strconv.Itoa(i)), "s": "shared", "null": nil}
		if got := r.Map(); !reflect.DeepEqual(got, want) {
			t.Fatalf("row %d reads %v, want %v", i, got, want)
		}
		if r.CellAt(1) != shared || r.CellAt(2) != nil || r.CellAt(3) != nil || r.At(-1) != nil {
			t.Fatalf("row %d: CellAt does not give the numbered cells", i)
		}
	}
	if r := NewRowOfNumbers(l, []uint32{nums[0][0]}); r.Get("s") != nil || r.Get("n") != json.Number("0") {
		t.Errorf("a row short of numbers reads %v, want the missing columns NULL", r.Map())
	}
}

// TestNumberedLayoutGuards checks that rows of cells and rows of numbers
// cannot be mixed up on one layout.
func TestNumberedLayoutGuards(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		f()
	}
	plain := NewLayout("a")
	numbered := plain.NumberedBy(NewRegistry())
	mustPanic("NewRowOfCells on a numbered layout", func() { NewRowOfCells(numbered, []*Cell{NewCell("x")}) })
	mustPanic("NewRowOfNumbers on a plain layout", func() { NewRowOfNumbers(plain, []uint32{1}) })
	if numbered.Index("a") != 0 || plain.Index("a") != 0 {
		t.Error("NumberedBy changed the columns")
	}
}

// TestRegistryReadWhileNumbering reads rows on other goroutines while
// cells are numbered (go test -race checks they share nothing unsafely).
func TestRegistryReadWhileNumbering(t *testing.T) {
	reg := NewRegistry()
	l := NewLayout("v").NumberedBy(reg)
	published := make(chan Row, 64)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range published {
				if _, err := strconv.Atoi(string(r.Get("v").(json.Number))); err != nil {
					t.Errorf("row reads %v", r.Get("v"))
				}
			}
		}()
	}
	for i := range 2*registryChunk + 100 {
		n := reg.Number(NewCell(json.Number(strconv.Itoa(i))))
		published <- NewRowOfNumbers(l, []uint32{n})
	}
	close(published)
	wg.Wait()
}
