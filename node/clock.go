package node

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ledgernode/ledgernode/storage"
)

// clock is the node's time control (guarded by n.mu): an offset added to
// the wall clock, and the timestamp pinned for the next block.
type clock struct {
	offsetUsec int64
	next       uint64 // 0: none
}

// maxOffsetUsec bounds the clock's offset: 7000 years.
const maxOffsetUsec = 7000 * 365 * 24 * 3600 * 1_000_000

// ErrInvalidTime is the error of a time control that would not keep
// block timestamps strictly increasing, or is out of range.
var ErrInvalidTime = errors.New("node: invalid time")

// clockUsec is the wall clock plus the offset, in microseconds.
func (n *Node) clockUsec() uint64 {
	n.mu.Lock()
	off := n.clock.offsetUsec
	n.mu.Unlock()
	now := n.opts.Now().UnixMicro() + off
	if now < 0 {
		return 0
	}
	return uint64(now)
}

// blockTimestamp is the timestamp of the block after info's: the pinned
// one if any (pinned reports it), otherwise the clock, always above the
// ledger's.
func (n *Node) blockTimestamp(info storage.LedgerInfo) (ts uint64, pinned bool) {
	n.mu.Lock()
	next := n.clock.next
	n.mu.Unlock()
	if next > info.TimestampUsec {
		return next, true
	}
	return n.nowUsec(info), false
}

// unpinTimestamp forgets the pinned timestamp ts once a block used it.
func (n *Node) unpinTimestamp(ts uint64) {
	n.mu.Lock()
	if n.clock.next == ts {
		n.clock.next = 0
	}
	n.mu.Unlock()
}

// Now is the node's clock: the wall clock moved by IncreaseTime and
// SetNextBlockTimestamp. Blocks take their timestamps from it (never at or
// below the previous block's), and submissions are checked against it.
func (n *Node) Now() time.Time {
	return time.UnixMicro(int64(n.clockUsec()))
}

// IncreaseTime moves the node's clock forward by d (at least one
// microsecond, at most 100 years; ErrInvalidTime otherwise). The next block
// carries the new time; transactions that expire before it are dropped
// from the mempool then, and new ones are checked against it.
func (n *Node) IncreaseTime(d time.Duration) error {
	if d < time.Microsecond || d > 100*365*24*time.Hour {
		return fmt.Errorf("%w: the increase must be within 1µs..100 years, got %s", ErrInvalidTime, d)
	}
	n.mu.Lock()
	if n.clock.offsetUsec > maxOffsetUsec-d.Microseconds() {
		n.mu.Unlock()
		return fmt.Errorf("%w: the clock would move more than 7000 years ahead", ErrInvalidTime)
	}
	n.clock.offsetUsec += d.Microseconds()
	n.mu.Unlock()
	n.opts.Logger.Info().Dur("by", d).Msg("clock moved forward")
	return nil
}

// SetNextBlockTimestamp makes the next block carry exactly tsUsec
// (microseconds since the Unix epoch) and moves the node's clock there, so
// the blocks after it continue from it. tsUsec must be above the latest
// block's timestamp (ErrInvalidTime): timestamps stay strictly increasing.
func (n *Node) SetNextBlockTimestamp(ctx context.Context, tsUsec uint64) error {
	n.prod.Lock()
	defer n.prod.Unlock()
	info, err := n.store.LedgerInfo(ctx)
	if err != nil {
		return err
	}
	if tsUsec <= info.TimestampUsec {
		return fmt.Errorf("%w: the next block's timestamp %d must be above the latest block's, %d", ErrInvalidTime, tsUsec, info.TimestampUsec)
	}
	if tsUsec > uint64(n.opts.Now().UnixMicro()+maxOffsetUsec) {
		return fmt.Errorf("%w: the next block's timestamp %d is more than 7000 years ahead", ErrInvalidTime, tsUsec)
	}
	n.mu.Lock()
	n.clock.next = tsUsec
	n.clock.offsetUsec = int64(tsUsec) - n.opts.Now().UnixMicro()
	n.mu.Unlock()
	n.opts.Logger.Info().Uint64("timestamp_usec", tsUsec).Msg("next block timestamp set")
	return nil
}
