package mempool

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
)

// Defaults for Options fields left zero.
const (
	DefaultCapacity        = 2_000_000
	DefaultPerAccountLimit = 100
)

// Options configures a Pool. The zero value is usable.
type Options struct {
	// Capacity bounds the number of transactions in the pool (default 2,000,000).
	Capacity int
	// PerAccountLimit bounds the transactions of one sender (default 100, as Aptos).
	PerAccountLimit int
	// Now is the clock used to stamp insertion times (default time.Now).
	Now func() time.Time
}

// Entry is one pending transaction.
type Entry struct {
	Txn        *txn.SignedTransaction
	Hash       ledgerapi.HashValue
	Bytes      []byte // BCS of Txn
	InsertedAt time.Time

	inFlight bool
	queued   bool
}

// Pool is an in-memory mempool. It keeps, per sender, the transactions
// ordered by sequence number and hands out only those that can execute next:
// the one whose sequence number equals the account's on-chain sequence
// number, then its successors. Transactions with a gap before them are
// parked until the gap fills or they expire. Nonce-protected (orderless)
// transactions are ready at once. Pool is safe for concurrent use.
type Pool struct {
	opts Options

	mu       sync.Mutex
	byHash   map[ledgerapi.HashValue]*Entry
	accounts map[ledgerapi.Address]*account
	queue    []*Entry // ready and not yet handed out, FIFO
	notify   chan struct{}
}

type account struct {
	head    uint64 // next sequence number to hand out
	bySeq   map[uint64]*Entry
	byNonce map[uint64]*Entry
}

func (a *account) len() int { return len(a.bySeq) + len(a.byNonce) }

// New returns an empty pool.
func New(opts Options) *Pool {
	if opts.Capacity <= 0 {
		opts.Capacity = DefaultCapacity
	}
	if opts.PerAccountLimit <= 0 {
		opts.PerAccountLimit = DefaultPerAccountLimit
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Pool{
		opts:     opts,
		byHash:   make(map[ledgerapi.HashValue]*Entry),
		accounts: make(map[ledgerapi.Address]*account),
		notify:   make(chan struct{}, 1),
	}
}

// Ready returns a channel that receives a value whenever transactions become
// ready. One value may stand for several transactions.
func (p *Pool) Ready() <-chan struct{} { return p.notify }

// Len is the number of transactions in the pool.
func (p *Pool) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.byHash)
}

// Get returns the pending transaction with the given hash. The pool is in
// memory: ctx is not consulted (it is there for handlers.Pending).
func (p *Pool) Get(_ context.Context, h ledgerapi.HashValue) (*Entry, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	e, ok := p.byHash[h]
	return e, ok
}

// Add inserts a validated transaction. seqOf returns the sender's on-chain
// sequence number; Add calls it under the pool's lock, only when it knows
// nothing of the sender, so that a commit finishing between validation and
// Add cannot leave the transaction parked behind a stale sequence number.
// Adding a transaction that is already
// pending is a no-op that returns the pending entry. A different transaction
// with the same sender and sequence number replaces the pending one only if
// it pays a strictly higher gas unit price and is not yet handed out;
// otherwise Add returns ErrInvalidUpdate.
func (p *Pool) Add(st *txn.SignedTransaction, hash ledgerapi.HashValue, bcsBytes []byte, seqOf func(ledgerapi.Address) uint64) (*Entry, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if e, ok := p.byHash[hash]; ok {
		return e, nil
	}
	sender := st.Raw.Sender
	acc := p.accounts[sender]
	orderless := st.Raw.Payload.Orderless()
	seq := st.Raw.SequenceNumber
	var accountSeq uint64
	if acc != nil {
		accountSeq = acc.floor()
	} else {
		accountSeq = seqOf(sender)
	}
	if !orderless && seq < accountSeq {
		return nil, fmt.Errorf("%w: transaction sequence number is %d, current sequence number is %d", ErrSequenceTooOld, seq, accountSeq)
	}
	var replaced *Entry
	if acc != nil {
		if orderless {
			replaced = acc.byNonce[*st.Raw.Payload.ReplayProtectionNonce]
		} else {
			replaced = acc.bySeq[seq]
		}
		if replaced != nil && (replaced.inFlight || st.Raw.GasUnitPrice <= replaced.Txn.Raw.GasUnitPrice) {
			return nil, fmt.Errorf("%w: a different transaction with this sequence number is already pending; resubmit with a higher gas unit price to replace it", ErrInvalidUpdate)
		}
	}
	if replaced == nil {
		if acc != nil && acc.len() >= p.opts.PerAccountLimit {
			return nil, &FullError{Account: true, Capacity: p.opts.PerAccountLimit}
		}
		if len(p.byHash) >= p.opts.Capacity {
			return nil, &FullError{Capacity: p.opts.Capacity}
		}
	}
	if acc == nil {
		acc = &account{head: accountSeq, bySeq: map[uint64]*Entry{}, byNonce: map[uint64]*Entry{}}
		p.accounts[sender] = acc
	}
	e := &Entry{Txn: st, Hash: hash, Bytes: bcsBytes, InsertedAt: p.opts.Now()}
	if replaced != nil {
		p.dropLocked(replaced)
		p.accounts[sender] = acc // dropLocked forgets accounts it empties
	}
	p.byHash[hash] = e
	if orderless {
		acc.byNonce[*st.Raw.Payload.ReplayProtectionNonce] = e
		p.enqueueLocked(e)
		return e, nil
	}
	acc.bySeq[seq] = e
	if seq == acc.head {
		p.enqueueLocked(e)
	}
	return e, nil
}

// floor is the lowest sequence number the account can still use: the
// smallest in-flight or pending one, or head when there is none.
func (a *account) floor() uint64 {
	f := a.head
	for q := range a.bySeq {
		if q < f {
			f = q
		}
	}
	return f
}

func (p *Pool) enqueueLocked(e *Entry) {
	if e.queued || e.inFlight {
		return
	}
	e.queued = true
	p.queue = append(p.queue, e)
	select {
	case p.notify <- struct{}{}:
	default:
	}
}

// dropLocked removes e from every index (a queued copy is skipped lazily).
func (p *Pool) dropLocked(e *Entry) {
	delete(p.byHash, e.Hash)
	sender := e.Txn.Raw.Sender
	acc := p.accounts[sender]
	if acc == nil {
		return
	}
	if n := e.Txn.Raw.Payload.ReplayProtectionNonce; n != nil {
		if acc.byNonce[*n] == e {
			delete(acc.byNonce, *n)
		}
	} else if acc.bySeq[e.Txn.Raw.SequenceNumber] == e {
		delete(acc.bySeq, e.Txn.Raw.SequenceNumber)
	}
	e.queued = false
	if acc.len() == 0 {
		delete(p.accounts, sender)
	}
}

// Take hands out up to max ready transactions for the next block and marks
// them in flight. Each sender's transactions come in sequence order; senders
// take turns. Call Done with the outcome before the next Take.
func (p *Pool) Take(max int) []*Entry {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []*Entry
	for len(out) < max && len(p.queue) > 0 {
		e := p.queue[0]
		p.queue[0] = nil
		p.queue = p.queue[1:]
		if !e.queued || p.byHash[e.Hash] != e {
			continue // dropped or replaced while queued
		}
		e.queued = false
		e.inFlight = true
		out = append(out, e)
		if e.Txn.Raw.Payload.Orderless() {
			continue
		}
		acc := p.accounts[e.Txn.Raw.Sender]
		acc.head = e.Txn.Raw.SequenceNumber + 1
		if next, ok := acc.bySeq[acc.head]; ok {
			p.enqueueLocked(next)
		}
	}
	if len(p.queue) == 0 {
		p.queue = nil // release the backing array
	}
	return out
}

// Done reports the outcome of the transactions handed out by Take: all of
// them leave the pool (committed or discarded). seqOf returns each affected
// sender's on-chain sequence number after the block; pending transactions
// below it are dropped and the account's next transaction becomes ready.
func (p *Pool) Done(taken []*Entry, seqOf func(ledgerapi.Address) uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	senders := map[ledgerapi.Address]struct{}{}
	for _, e := range taken {
		e.inFlight = false
		if p.byHash[e.Hash] == e {
			p.dropLocked(e)
		}
		senders[e.Txn.Raw.Sender] = struct{}{}
	}
	for s := range senders {
		acc := p.accounts[s]
		if acc == nil {
			continue
		}
		seq := seqOf(s)
		for q, e := range acc.bySeq {
			if q < seq && !e.inFlight {
				p.dropLocked(e)
			}
		}
		if acc = p.accounts[s]; acc == nil {
			continue
		}
		acc.head = seq
		if e, ok := acc.bySeq[seq]; ok {
			p.enqueueLocked(e)
		}
	}
}

// Release returns transactions handed out by Take to the pool without
// removing them, for a block that failed to commit: they become ready again
// in sequence order and are offered to the next block.
func (p *Pool) Release(taken []*Entry, seqOf func(ledgerapi.Address) uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	senders := map[ledgerapi.Address]struct{}{}
	for _, e := range taken {
		e.inFlight = false
		if p.byHash[e.Hash] != e {
			continue
		}
		if e.Txn.Raw.Payload.Orderless() {
			p.enqueueLocked(e)
			continue
		}
		senders[e.Txn.Raw.Sender] = struct{}{}
	}
	for s := range senders {
		if acc := p.accounts[s]; acc != nil {
			// Take queued each taken transaction's successor; ahead of the
			// released head they are out of order. Unqueue them (Take skips
			// them) so that the sender starts again at its head.
			for _, e := range acc.bySeq {
				e.queued = false
			}
			acc.head = seqOf(s)
			if e, ok := acc.bySeq[acc.head]; ok {
				p.enqueueLocked(e)
			}
		}
	}
}

// Expire drops every transaction whose expiration time is at or before
// nowSecs and that is not in flight, returning their hashes.
func (p *Pool) Expire(nowSecs uint64) []ledgerapi.HashValue {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []ledgerapi.HashValue
	for h, e := range p.byHash {
		if !e.inFlight && e.Txn.Raw.ExpirationTimestampSecs <= nowSecs {
			p.dropLocked(e)
			out = append(out, h)
		}
	}
	return out
}

// Clear drops every pending transaction that is not in flight (handed out
// by Take and not yet Done or Released), as a development node does when
// its ledger is reverted, and returns their hashes.
func (p *Pool) Clear() []ledgerapi.HashValue {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []ledgerapi.HashValue
	for h, e := range p.byHash {
		if !e.inFlight {
			p.dropLocked(e)
			out = append(out, h)
		}
	}
	if len(p.byHash) == 0 {
		clear(p.queue)
		p.queue = nil
	}
	return out
}

// RemoveSender drops every pending transaction of sender that is not in
// flight, as when the sender's on-chain sequence number is set by hand,
// and returns their hashes.
func (p *Pool) RemoveSender(sender ledgerapi.Address) []ledgerapi.HashValue {
	p.mu.Lock()
	defer p.mu.Unlock()
	acc := p.accounts[sender]
	if acc == nil {
		return nil
	}
	var out []ledgerapi.HashValue
	for _, m := range []map[uint64]*Entry{acc.bySeq, acc.byNonce} {
		for _, e := range m {
			if !e.inFlight {
				p.dropLocked(e)
				out = append(out, e.Hash)
			}
		}
	}
	return out
}
