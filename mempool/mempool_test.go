package mempool

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
)

func addr(i int) ledgerapi.Address {
	var a ledgerapi.Address
	a[0], a[1] = byte(i>>8), byte(i)
	a[31] = 0x77
	return a
}

// mk builds a minimal transaction; signatures do not matter to the pool.
func mk(sender ledgerapi.Address, seq, price, exp uint64) *txn.SignedTransaction {
	return &txn.SignedTransaction{
		Raw: txn.RawTransaction{
			Sender: sender, SequenceNumber: seq, GasUnitPrice: price, MaxGasAmount: 10, ExpirationTimestampSecs: exp, ChainID: 4,
			Payload: txn.TransactionPayload{Variant: txn.PayloadEntryFunction, EntryFunction: &txn.EntryFunction{
				Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "m"}, Function: "f"}},
		},
		Auth: txn.TransactionAuthenticator{Variant: txn.AuthSingleSender, Sender: txn.AccountAuthenticator{Variant: txn.AccountNoAccount}},
	}
}

func add(t *testing.T, p *Pool, st *txn.SignedTransaction, onchain uint64) (*Entry, error) {
	t.Helper()
	return p.Add(st, st.Hash(), st.Bytes(), func(ledgerapi.Address) uint64 { return onchain })
}

func seqs(es []*Entry) []uint64 {
	out := make([]uint64, len(es))
	for i, e := range es {
		out[i] = e.Txn.Raw.SequenceNumber
	}
	return out
}

func TestOrderingAndGaps(t *testing.T) {
	p := New(Options{})
	a := addr(1)
	for _, s := range []uint64{7, 5, 9} { // 5 is next on chain; 7 and 9 are behind gaps
		if _, err := add(t, p, mk(a, s, 100, 1e9), 5); err != nil {
			t.Fatal(err)
		}
	}
	if got := seqs(p.Take(10)); fmt.Sprint(got) != "[5]" {
		t.Fatalf("took %v, want [5]", got)
	}
	if got := p.Take(10); len(got) != 0 {
		t.Fatalf("6 is missing, nothing else may be ready; took %v", seqs(got))
	}
	if _, err := add(t, p, mk(a, 6, 100, 1e9), 5); err != nil {
		t.Fatal(err)
	}
	if got := seqs(p.Take(10)); fmt.Sprint(got) != "[6 7]" {
		t.Fatalf("took %v, want [6 7]", got)
	}
	if p.Len() != 4 {
		t.Fatalf("in-flight transactions stay until Done; len = %d", p.Len())
	}
}

func TestDoneRequeuesAndDropsStale(t *testing.T) {
	p := New(Options{})
	a := addr(2)
	for s := uint64(0); s < 3; s++ {
		add(t, p, mk(a, s, 100, 1e9), 0)
	}
	taken := p.Take(1)
	// The block executed seq 0; the chain is now at 1.
	p.Done(taken, func(ledgerapi.Address) uint64 { return 1 })
	if got := seqs(p.Take(10)); fmt.Sprint(got) != "[1 2]" {
		t.Fatalf("took %v, want [1 2]", got)
	}
	// Discarded (not executed): the chain stays at 1, so 1 and 2 leave and nothing is ready.
	p.Done(p.snapshotInFlight(), func(ledgerapi.Address) uint64 { return 1 })
	if p.Len() != 0 {
		t.Fatalf("len = %d after Done", p.Len())
	}
}

// snapshotInFlight is a test helper listing in-flight entries.
func (p *Pool) snapshotInFlight() []*Entry {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []*Entry
	for _, e := range p.byHash {
		if e.inFlight {
			out = append(out, e)
		}
	}
	return out
}

func TestRejections(t *testing.T) {
	p := New(Options{Capacity: 3, PerAccountLimit: 2})
	a, b := addr(3), addr(4)
	if _, err := add(t, p, mk(a, 4, 100, 1e9), 5); !errors.Is(err, ErrSequenceTooOld) {
		t.Fatalf("old sequence: %v", err)
	}
	first := mk(a, 5, 100, 1e9)
	e1, err := add(t, p, first, 5)
	if err != nil {
		t.Fatal(err)
	}
	if e2, err := add(t, p, first, 5); err != nil || e2 != e1 {
		t.Fatalf("resubmitting the same transaction must be idempotent: %v", err)
	}
	if _, err := add(t, p, mk(a, 5, 100, 1e9+1), 5); !errors.Is(err, ErrInvalidUpdate) {
		t.Fatalf("same sequence, same price: %v", err)
	}
	repl := mk(a, 5, 150, 1e9+1)
	if _, err := add(t, p, repl, 5); err != nil {
		t.Fatalf("higher price must replace: %v", err)
	}
	if _, ok := p.Get(context.Background(), first.Hash()); ok {
		t.Fatal("replaced transaction still found by hash")
	}
	add(t, p, mk(a, 6, 100, 1e9), 5)
	var full *FullError
	if _, err := add(t, p, mk(a, 7, 100, 1e9), 5); !errors.As(err, &full) || !full.Account || !errors.Is(err, ErrFull) {
		t.Fatalf("per-account cap: %v", err)
	}
	add(t, p, mk(b, 0, 100, 1e9), 0)
	if _, err := add(t, p, mk(addr(5), 0, 100, 1e9), 0); !errors.As(err, &full) || full.Account {
		t.Fatalf("total capacity: %v", err)
	}
	// In-flight transactions cannot be replaced.
	taken := p.Take(10)
	if len(taken) == 0 {
		t.Fatal("nothing ready")
	}
	if _, err := add(t, p, mk(a, 5, 999, 1e9), 5); !errors.Is(err, ErrInvalidUpdate) {
		t.Fatalf("replacing an in-flight transaction: %v", err)
	}
}

func TestExpireAndOrderless(t *testing.T) {
	p := New(Options{})
	a := addr(6)
	add(t, p, mk(a, 0, 100, 50), 0)
	add(t, p, mk(a, 1, 100, 500), 0)
	o := mk(a, txn.OrderlessSequenceNumber, 100, 500)
	n := uint64(42)
	o.Raw.Payload = txn.TransactionPayload{Variant: txn.PayloadV1, EntryFunction: o.Raw.Payload.EntryFunction, ReplayProtectionNonce: &n}
	if _, err := add(t, p, o, 0); err != nil {
		t.Fatal(err)
	}
	if got := p.Expire(100); len(got) != 1 {
		t.Fatalf("expired %d, want 1", len(got))
	}
	// seq 0 expired: seq 1 is parked behind the gap; the orderless one is ready.
	got := p.Take(10)
	if len(got) != 1 || !got[0].Txn.Raw.Payload.Orderless() {
		t.Fatalf("took %v, want only the orderless transaction", seqs(got))
	}
	select {
	case <-p.Ready():
	default:
		t.Fatal("no ready notification was sent")
	}
}

// TestConcurrentSubmitters submits from many goroutines while a consumer
// takes and completes blocks; every transaction must come out exactly once
// and in sequence order per sender.
func TestConcurrentSubmitters(t *testing.T) {
	const senders, per = 32, 50
	p := New(Options{PerAccountLimit: per})
	var mu sync.Mutex
	onchain := map[ledgerapi.Address]uint64{}
	var wg sync.WaitGroup
	for s := 0; s < senders; s++ {
		wg.Add(1)
		go func(s int) {
			defer wg.Done()
			for q := uint64(0); q < per; q++ {
				st := mk(addr(100+s), q, 100, 1e9)
				seqOf := func(a ledgerapi.Address) uint64 { mu.Lock(); defer mu.Unlock(); return onchain[a] }
				if _, err := p.Add(st, st.Hash(), st.Bytes(), seqOf); err != nil {
					t.Error(err)
				}
			}
		}(s)
	}
	seen := 0
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for seen < senders*per {
		taken := p.Take(64)
		if len(taken) == 0 {
			select {
			case <-p.Ready():
				continue
			case <-done:
				if taken = p.Take(64); len(taken) == 0 {
					t.Fatalf("all submitted, %d of %d taken, nothing ready (%d pooled)", seen, senders*per, p.Len())
				}
			}
		}
		mu.Lock()
		for _, e := range taken {
			s := e.Txn.Raw.Sender
			if e.Txn.Raw.SequenceNumber != onchain[s] {
				mu.Unlock()
				t.Fatalf("sender %x: got seq %d, want %d", s[:2], e.Txn.Raw.SequenceNumber, onchain[s])
			}
			onchain[s]++
		}
		mu.Unlock()
		seen += len(taken)
		p.Done(taken, func(a ledgerapi.Address) uint64 { mu.Lock(); defer mu.Unlock(); return onchain[a] })
	}
	if p.Len() != 0 {
		t.Fatalf("%d left in the pool", p.Len())
	}
}

func TestReleaseKeepsTransactions(t *testing.T) {
	p := New(Options{})
	a := addr(9)
	for s := uint64(0); s < 3; s++ {
		add(t, p, mk(a, s, 100, 1e9), 0)
	}
	taken := p.Take(10)
	if len(taken) != 3 {
		t.Fatalf("took %d", len(taken))
	}
	// The block failed to commit: the chain is still at 0.
	p.Release(taken, func(ledgerapi.Address) uint64 { return 0 })
	if p.Len() != 3 {
		t.Fatalf("released transactions were dropped: %d left", p.Len())
	}
	if got := seqs(p.Take(10)); fmt.Sprint(got) != "[0 1 2]" {
		t.Fatalf("after release took %v, want [0 1 2]", got)
	}
}

// TestReleaseRestoresSenderOrder: a successor added while its predecessor
// is in a block is queued by then; when that block fails to commit, the
// next block must still take the sender's transactions in sequence order
// (taking the successor first would discard it at execution and lose it).
func TestReleaseRestoresSenderOrder(t *testing.T) {
	p := New(Options{})
	a, b := addr(9), addr(10)
	add(t, p, mk(a, 0, 100, 1e9), 0)
	taken := p.Take(1)
	if fmt.Sprint(seqs(taken)) != "[0]" {
		t.Fatalf("took %v", seqs(taken))
	}
	add(t, p, mk(a, 1, 100, 1e9), 0) // queued: 0 is in flight
	add(t, p, mk(b, 4, 100, 1e9), 4) // another sender, queued meanwhile
	p.Release(taken, func(ledgerapi.Address) uint64 { return 0 })
	got := p.Take(10)
	var order []string
	for _, e := range got {
		order = append(order, fmt.Sprintf("%x:%d", e.Txn.Raw.Sender[1], e.Txn.Raw.SequenceNumber))
	}
	// b's transaction keeps its place; a restarts at 0, then 1.
	if fmt.Sprint(order) != "[a:4 9:0 9:1]" {
		t.Fatalf("after release took %v, want [a:4 9:0 9:1]", order)
	}
	if p.Len() != 3 {
		t.Fatalf("%d in the pool, want 3", p.Len())
	}
}
