package mempool

import (
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

func TestClearKeepsOnlyInFlight(t *testing.T) {
	p := New(Options{})
	a, b := addr(1), addr(2)
	for _, s := range []uint64{0, 1, 3} {
		if _, err := add(t, p, mk(a, s, 100, 1e9), 0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := add(t, p, mk(b, 4, 100, 1e9), 4); err != nil {
		t.Fatal(err)
	}
	taken := p.Take(1) // a's 0 is in flight
	if got := len(p.Clear()); got != 3 {
		t.Fatalf("Clear dropped %d transactions, want 3 (all but the one in flight)", got)
	}
	if p.Len() != 1 {
		t.Fatalf("Len after Clear = %d, want 1", p.Len())
	}
	if got := p.Take(10); len(got) != 0 {
		t.Fatalf("Take after Clear handed out %v", seqs(got))
	}
	p.Done(taken, func(ledgerapi.Address) uint64 { return 1 })
	if p.Len() != 0 {
		t.Fatalf("Len after Done = %d, want 0", p.Len())
	}
	// The pool works as before: the sender starts again at its on-chain number.
	if _, err := add(t, p, mk(a, 1, 100, 1e9), 1); err != nil {
		t.Fatal(err)
	}
	if got := seqs(p.Take(10)); fmt.Sprint(got) != "[1]" {
		t.Fatalf("took %v after Clear, want [1]", got)
	}
}

func TestRemoveSender(t *testing.T) {
	p := New(Options{})
	a, b := addr(1), addr(2)
	for _, s := range []uint64{0, 1, 5} {
		if _, err := add(t, p, mk(a, s, 100, 1e9), 0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := add(t, p, mk(b, 0, 100, 1e9), 0); err != nil {
		t.Fatal(err)
	}
	if got := len(p.RemoveSender(a)); got != 3 {
		t.Fatalf("RemoveSender dropped %d, want 3", got)
	}
	if got := p.Take(10); len(got) != 1 || got[0].Txn.Raw.Sender != b {
		t.Fatalf("after RemoveSender, Take gave %d transactions", len(got))
	}
	// The sender starts again from its on-chain number.
	if _, err := add(t, p, mk(a, 9, 100, 1e9), 9); err != nil {
		t.Fatal(err)
	}
	if got := seqs(p.Take(10)); fmt.Sprint(got) != "[9]" {
		t.Fatalf("took %v, want [9]", got)
	}
}
