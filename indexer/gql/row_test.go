package gql

import (
	"encoding/json"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
)

func TestRowGet(t *testing.T) {
	l := NewLayout("a", "b", "c")
	r := NewRow(l, []any{"x", nil}) // c missing: NULL
	if r.Get("a") != "x" || r.Get("b") != nil || r.Get("c") != nil || r.Get("zz") != nil {
		t.Errorf("Get: %v %v %v %v", r.Get("a"), r.Get("b"), r.Get("c"), r.Get("zz"))
	}
	if l.Index("c") != 2 || l.Index("zz") != -1 || r.At(-1) != nil || r.At(7) != nil {
		t.Error("Index/At out of range")
	}
	if (Row{}).Get("a") != nil || !(Row{}).IsZero() || r.IsZero() {
		t.Error("zero Row")
	}
	want := map[string]any{"a": "x", "b": nil, "c": nil}
	if got := r.Map(); !reflect.DeepEqual(got, want) {
		t.Errorf("Map = %v, want %v", got, want)
	}
	m := RowOf(map[string]any{"n": json.Number("1"), "s": "v"})
	if m.Get("n") != json.Number("1") || m.Get("s") != "v" {
		t.Errorf("RowOf: %v", m.Map())
	}
}

// TestColumnAcrossLayouts reads one column from rows of different
// layouts, as a Source may mix them.
func TestColumnAcrossLayouts(t *testing.T) {
	r1 := NewRow(NewLayout("a", "b"), []any{"1", "2"})
	r2 := NewRow(NewLayout("b", "a"), []any{"3", "4"})
	r3 := NewRow(NewLayout("c"), []any{"5"})
	c := &column{name: "b"}
	for _, tc := range []struct {
		r    Row
		want any
	}{{r1, "2"}, {r2, "3"}, {r1, "2"}, {r3, nil}, {Row{}, nil}, {r2, "3"}} {
		if got := c.get(tc.r); got != tc.want {
			t.Errorf("get = %v, want %v", got, tc.want)
		}
	}
}

// TestCellsAreShared builds two rows over one cell and checks both read
// it, and that NULL and booleans need no cell of their own.
func TestCellsAreShared(t *testing.T) {
	l := NewLayout("a", "b", "c")
	shared := NewCell(json.Number("7"))
	r1 := NewRowOfCells(l, []*Cell{shared, NewCell(true)})
	r2 := NewRowOfCells(l, []*Cell{NewCell("x"), shared, NewCell(nil)})
	if r1.Get("a") != json.Number("7") || r2.Get("b") != json.Number("7") || r1.Get("b") != true || r1.Get("c") != nil {
		t.Errorf("rows read %v and %v", r1.Map(), r2.Map())
	}
	t1, t2 := NewCell(true), NewCell(true) // one shared cell for true
	if NewCell(nil) != nil || t1 != t2 || NewCell(false).Value() != false || (*Cell)(nil).Value() != nil {
		t.Error("NewCell of NULL or a boolean")
	}
}

// TestDeferredCell reads a deferred cell from many goroutines at once and
// checks render ran once, every reader saw its value, and a row over the
// cell serves it as any other.
func TestDeferredCell(t *testing.T) {
	var calls atomic.Int32
	c := NewDeferredCell(func() any {
		calls.Add(1)
		return json.RawMessage(`{"amount":"5"}`)
	})
	if calls.Load() != 0 {
		t.Fatal("render ran before the cell was read")
	}
	var wg sync.WaitGroup
	got := make([]any, 8)
	for i := range got {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = c.Value() }()
	}
	wg.Wait()
	for i, v := range got {
		if string(v.(json.RawMessage)) != `{"amount":"5"}` {
			t.Errorf("reader %d got %v", i, v)
		}
	}
	r := NewRowOfCells(NewLayout("data"), []*Cell{c})
	if string(r.Get("data").(json.RawMessage)) != `{"amount":"5"}` || calls.Load() != 1 {
		t.Errorf("row reads %v after %d renders, want one", r.Get("data"), calls.Load())
	}
}
