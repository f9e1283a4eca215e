package node

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Mining is how the block producer runs; Options sets it at start and
// SetMining, Pause and Resume change it at run time.
type Mining struct {
	// BlockInterval and IdleBlockInterval are as in Options: zero and zero
	// is the instant mode (a block as soon as transactions are ready), a
	// BlockInterval the interval mode (a block every interval, empty or
	// not), an IdleBlockInterval alone the idle-interval mode (instant,
	// plus an empty block whenever none was committed for that long).
	BlockInterval     time.Duration
	IdleBlockInterval time.Duration
	// Paused stops the producer: transactions are accepted into the
	// mempool but only Mine commits blocks.
	Paused bool
}

// ErrInvalidMining is the error of SetMining and Mine with settings out of
// range.
var ErrInvalidMining = errors.New("node: invalid mining settings")

// MaxMineBlocks bounds the blocks one Mine call commits.
const MaxMineBlocks = 1000

// Mining returns the current mining settings.
func (n *Node) Mining() Mining {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.mining
}

// SetMining changes the mining settings; the producer switches at once.
// When it returns, a producer set to pause commits no more blocks.
// Negative intervals give ErrInvalidMining.
func (n *Node) SetMining(m Mining) error {
	if m.BlockInterval < 0 || m.IdleBlockInterval < 0 {
		return fmt.Errorf("%w: intervals must not be negative", ErrInvalidMining)
	}
	n.prod.Lock() // waits for a block being produced
	n.mu.Lock()
	n.mining = m
	n.mu.Unlock()
	n.prod.Unlock()
	select {
	case n.reconf <- struct{}{}:
	default: // a switch is already announced; the producer reads the latest
	}
	n.opts.Logger.Info().Dur("block_interval", m.BlockInterval).Dur("idle_block_interval", m.IdleBlockInterval).
		Bool("paused", m.Paused).Msg("mining settings changed")
	return nil
}

// Pause stops the block producer (see Mining.Paused).
func (n *Node) Pause() {
	m := n.Mining()
	m.Paused = true
	n.SetMining(m)
}

// Resume restarts the block producer; transactions that arrived while it
// was paused go into the next block.
func (n *Node) Resume() {
	m := n.Mining()
	m.Paused = false
	n.SetMining(m)
}

// produceUnlessPaused is the producer's produceBlock, which a pause that
// returned before it took n.prod skips.
func (n *Node) produceUnlessPaused(ctx context.Context, allowEmpty bool) (bool, error) {
	n.prod.Lock()
	defer n.prod.Unlock()
	if n.Mining().Paused {
		return false, nil
	}
	return n.produceBlock(ctx, allowEmpty, true)
}

// Mine commits count blocks now, paused or not: each with the pending
// transactions that are ready when withPending is set (up to
// MaxBlockTransactions per block), empty otherwise. It returns the heights
// committed. count must be within 1..MaxMineBlocks (ErrInvalidMining).
func (n *Node) Mine(ctx context.Context, count int, withPending bool) ([]uint64, error) {
	if count < 1 || count > MaxMineBlocks {
		return nil, fmt.Errorf("%w: the block count must be within 1..%d, got %d", ErrInvalidMining, MaxMineBlocks, count)
	}
	n.prod.Lock()
	defer n.prod.Unlock()
	heights := make([]uint64, 0, count)
	for range count {
		if _, err := n.produceBlock(ctx, true, withPending); err != nil {
			return heights, err
		}
		info, err := n.store.LedgerInfo(ctx)
		if err != nil {
			return heights, err
		}
		heights = append(heights, info.BlockHeight)
	}
	return heights, nil
}
