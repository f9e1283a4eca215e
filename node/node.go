package node

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/storage"
)

// Defaults for Options fields left zero.
const (
	DefaultChainID              = 4
	DefaultMaxBlockTransactions = 5000
)

// Options configures a Node. The zero value is usable.
type Options struct {
	// ChainID of the ledger (default 4, a local testing chain).
	ChainID uint8
	// BlockInterval is the time between blocks. Zero (the default) cuts a
	// block as soon as transactions are ready, batching whatever is waiting.
	// With an interval, a block is cut every interval, empty or not.
	BlockInterval time.Duration
	// IdleBlockInterval, when positive, keeps an idle chain's clock moving
	// as a real network's does: Start commits an empty block (a block
	// metadata and a state checkpoint transaction) right away, so the
	// ledger timestamp is the wall clock from the first request on, and
	// the producer commits another whenever no block was committed for
	// this long. Zero (the default) commits blocks only for transactions
	// (or every BlockInterval).
	IdleBlockInterval time.Duration
	// MaxBlockTransactions bounds the user transactions of one block (default 5000).
	MaxBlockTransactions int
	// Now is the wall clock (default time.Now).
	Now func() time.Time
	// Logger receives commit failures and other node events (default: discard).
	Logger zerolog.Logger
}

// Node is the embedded ledger. It accepts transactions into its mempool,
// cuts blocks, executes them with its executor and commits them to storage
// atomically, one block at a time.
type Node struct {
	store storage.ReadWriter
	pool  *mempool.Pool
	exec  Executor
	opts  Options

	mu     sync.Mutex // guards signal, mining and clock
	signal chan struct{}
	mining Mining
	clock  clock
	reconf chan struct{} // wakes the producer to read mining again

	// prod serialises block production and the development controls
	// (snapshots, reverts, mining on demand), and guards what they change.
	prod      sync.Mutex
	acc       onchain.Accumulator
	unsettled *unsettled // a block whose commit failed, until settle
	snaps     snapshots

	imp impersonation

	cancel context.CancelFunc
	done   chan struct{}
}

// New wires a node. Call Start to commit genesis (on an empty store) and
// begin producing blocks.
func New(store storage.ReadWriter, pool *mempool.Pool, exec Executor, opts Options) (*Node, error) {
	if store == nil || pool == nil || exec == nil {
		return nil, errors.New("node: store, pool and executor are required")
	}
	if opts.ChainID == 0 {
		opts.ChainID = DefaultChainID
	}
	if opts.MaxBlockTransactions <= 0 {
		opts.MaxBlockTransactions = DefaultMaxBlockTransactions
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Node{store: store, pool: pool, exec: exec, opts: opts, signal: make(chan struct{}), reconf: make(chan struct{}, 1),
		mining: Mining{BlockInterval: opts.BlockInterval, IdleBlockInterval: opts.IdleBlockInterval}}, nil
}

// ChainID returns the node's chain id.
func (n *Node) ChainID() uint8 { return n.opts.ChainID }

// Pool returns the node's mempool.
func (n *Node) Pool() *mempool.Pool { return n.pool }

// CommitSignal returns a channel that is closed when the next block is
// committed (the node is the API's handlers.Commits). Long polls take it
// before looking a transaction up, so that a commit between the lookup and
// the wait is never missed.
func (n *Node) CommitSignal() <-chan struct{} {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.signal
}

func (n *Node) broadcast() {
	n.mu.Lock()
	close(n.signal)
	n.signal = make(chan struct{})
	n.mu.Unlock()
}

// Start commits the genesis block if the store is empty and starts the block
// producer. It returns once genesis is committed.
func (n *Node) Start(ctx context.Context) error {
	info, err := n.store.LedgerInfo(ctx)
	switch {
	case errors.Is(err, storage.ErrEmpty):
		if err := n.commitGenesis(ctx); err != nil {
			return err
		}
	case err != nil:
		return fmt.Errorf("node: reading ledger info: %w", err)
	default:
		if err := n.resume(ctx, info); err != nil {
			return err
		}
	}
	if n.opts.IdleBlockInterval > 0 {
		if _, err := n.produceBlock(ctx, true, true); err != nil {
			return fmt.Errorf("node: first block: %w", err)
		}
	}
	runCtx, cancel := context.WithCancel(context.Background())
	n.cancel = cancel
	n.done = make(chan struct{})
	go n.run(runCtx)
	return nil
}

// resume rebuilds the transaction accumulator of a store that already
// holds a ledger, so that roots continue exactly as if the node had never
// stopped. With the whole history (oldest version 0) it replays every
// transaction's info hash and checks the result against the stored root.
// When history was pruned the early leaves are gone: the accumulator then
// restarts from the latest root as its only leaf, which keeps roots
// deterministic from there on but not equal to an uninterrupted run's.
func (n *Node) resume(ctx context.Context, info storage.LedgerInfo) error {
	latest, err := n.store.TransactionByVersion(ctx, info.Version)
	if err != nil {
		return fmt.Errorf("node: reading the latest transaction: %w", err)
	}
	if info.OldestVersion > 0 {
		n.opts.Logger.Warn().Uint64("oldest_version", info.OldestVersion).
			Msg("history is pruned: the accumulator continues from the latest root")
		n.acc.Append(latest.Info.AccumulatorRootHash)
		return nil
	}
	var acc onchain.Accumulator
	const page = 1000
	for start := uint64(0); start <= info.Version; start += page {
		txns, err := n.store.Transactions(ctx, start, page, info.Version)
		if err != nil {
			return fmt.Errorf("node: replaying the accumulator at version %d: %w", start, err)
		}
		for i := range txns {
			acc.Append(infoHash(&txns[i]))
		}
	}
	if acc.Len() != info.Version+1 || acc.Root() != latest.Info.AccumulatorRootHash {
		return fmt.Errorf("node: the stored ledger's accumulator root does not match its transactions (%d leaves); "+
			"a data directory written before 2026-11-24 used other placeholder and write-set hashes: start a new one", acc.Len())
	}
	n.acc = acc
	return nil
}

// Close stops the block producer and waits for it. Transactions still in
// the mempool stay there.
func (n *Node) Close() error {
	if n.cancel != nil {
		n.cancel()
		<-n.done
		n.cancel = nil
	}
	return nil
}

// Submit verifies a transaction's signatures, validates it against the
// latest state and adds it to the mempool (the node is the API's
// handlers.Submitter). A rejection is a *ledgerapi.VMStatus or a mempool
// error.
//
// The signatures of impersonated signers (Impersonate, SetAutoImpersonate)
// are not checked; see impersonation.
func (n *Node) Submit(ctx context.Context, st *txn.SignedTransaction, bcsBytes []byte, hash ledgerapi.HashValue) (*mempool.Entry, error) {
	signers := n.impersonated(st)
	if err := verify(st, signers); err != nil {
		rejection := onchain.INVALID_SIGNATURE.VMStatus()
		return nil, &rejection
	}
	err := n.onLatest(ctx, func(view *overlay) error {
		var state storage.View = view
		t := st
		if len(signers) > 0 {
			state, t = forExecutor(view, st, signers)
		}
		return n.exec.Validate(state, t, n.nowUsec(view.info))
	})
	if err != nil {
		return nil, err
	}
	if len(signers) == 0 {
		return n.pool.Add(st, hash, bcsBytes, n.seqOf(ctx))
	}
	// Recorded first: the producer may take the entry as soon as it is
	// pooled.
	n.imp.accepted(hash, signers)
	e, err := n.pool.Add(st, hash, bcsBytes, n.seqOf(ctx))
	if err != nil {
		n.imp.forget([]ledgerapi.HashValue{hash})
	}
	return e, err
}

// onLatest runs read against a view of the latest committed state. When a
// block commit prunes that snapshot while read runs (a small pruning
// window and fast blocks), read sees ErrPruned; it is run again on the new
// latest state, which pruning always keeps.
func (n *Node) onLatest(ctx context.Context, read func(*overlay) error) error {
	for attempt := 0; ; attempt++ {
		view, err := n.latestView(ctx)
		if err != nil {
			return err
		}
		err = read(view)
		if !errors.Is(err, storage.ErrPruned) || attempt == 4 {
			return err
		}
	}
}

// seqOf returns a function reading on-chain sequence numbers at the latest version.
func (n *Node) seqOf(ctx context.Context) func(ledgerapi.Address) uint64 {
	return func(a ledgerapi.Address) uint64 {
		var seq uint64
		n.onLatest(ctx, func(view *overlay) error {
			var err error
			seq, err = n.exec.SequenceNumber(view, a)
			return err
		})
		return seq
	}
}

// nowUsec is the node's clock (the wall clock plus the offset of
// IncreaseTime and SetNextBlockTimestamp), but never behind the ledger.
func (n *Node) nowUsec(info storage.LedgerInfo) uint64 {
	now := n.clockUsec()
	if now <= info.TimestampUsec {
		now = info.TimestampUsec + 1
	}
	return now
}

// LatestState returns a view of the latest committed state, for simulation
// and views.
func (n *Node) LatestState(ctx context.Context) (storage.View, storage.LedgerInfo, error) {
	v, err := n.latestView(ctx)
	if err != nil {
		return nil, storage.LedgerInfo{}, err
	}
	return v, v.info, nil
}

func (n *Node) latestView(ctx context.Context) (*overlay, error) {
	info, err := n.store.LedgerInfo(ctx)
	if err != nil {
		return nil, err
	}
	return newOverlay(ctx, n.store, info), nil
}

func (n *Node) run(ctx context.Context) {
	defer close(n.done)
	for n.runWith(ctx, n.Mining()) {
	}
}

// runWith produces blocks as m says until ctx ends (false) or the mining
// settings change (true).
func (n *Node) runWith(ctx context.Context, m Mining) bool {
	var tick <-chan time.Time
	if m.BlockInterval > 0 {
		t := time.NewTicker(m.BlockInterval)
		defer t.Stop()
		tick = t.C
	}
	// idle fires when no block was committed for IdleBlockInterval; it is
	// reset after every block, so it never adds a block under load.
	var idle *time.Timer
	var idleC <-chan time.Time
	if m.IdleBlockInterval > 0 {
		idle = time.NewTimer(m.IdleBlockInterval)
		defer idle.Stop()
		idleC = idle.C
	}
	// Transactions that arrived while the producer was paused or in
	// another mode announced themselves then: look at the pool once.
	wake := make(chan struct{}, 1)
	if tick == nil && !m.Paused {
		wake <- struct{}{}
	}
	for {
		allowEmpty := tick != nil
		select {
		case <-ctx.Done():
			return false
		case <-n.reconf:
			return true
		case <-wake:
		case <-n.pool.Ready():
			if tick != nil {
				continue // interval mode: wait for the tick
			}
		case <-tick:
		case <-idleC:
			allowEmpty = true
		}
		if m.Paused {
			continue // Resume ends this run
		}
		committed := false
		for {
			cut, err := n.produceUnlessPaused(ctx, allowEmpty)
			if err != nil && ctx.Err() != nil {
				return false // the node is closing: the block was not cut
			}
			if err != nil {
				n.opts.Logger.Error().Err(err).Msg("block production failed")
			}
			committed = committed || cut
			if !cut || err != nil || tick != nil {
				break
			}
			allowEmpty = false
		}
		if idle != nil && (committed || allowEmpty) {
			idle.Reset(m.IdleBlockInterval)
		}
	}
}
