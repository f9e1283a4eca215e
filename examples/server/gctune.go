package main

import (
	"context"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// The collector target trades memory for CPU: at -gc-percent 200 the heap
// may grow to three times the live data between collections instead of
// twice. That is cheap while the ledger is small (a test suite, a benchmark)
// and costly once it holds hundreds of MiB, so above largeHeap of live data
// the server goes back to Go's default target, and returns to the flag's
// below smallHeap (the gap keeps it from flapping).
const (
	largeHeap      = 256 << 20
	smallHeap      = 192 << 20
	defaultPercent = 100
)

// gcPercentFor is the target to use for live bytes of live heap, given the
// target in force and the one configured.
func gcPercentFor(live uint64, current, configured int) int {
	switch {
	case configured <= defaultPercent:
		return configured // nothing traded, nothing to take back
	case live > largeHeap:
		return defaultPercent
	case live < smallHeap:
		return configured
	}
	return current
}

// tuneGC applies configured and then checks the live heap every interval
// until ctx ends.
func tuneGC(ctx context.Context, configured int, every time.Duration) {
	current := configured
	debug.SetGCPercent(current)
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			return // not reported by this runtime: keep the configured target
		}
		if next := gcPercentFor(sample[0].Value.Uint64(), current, configured); next != current {
			debug.SetGCPercent(next)
			current = next
		}
	}
}
