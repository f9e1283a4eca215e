package handlers

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// Admission control for the executor: views and simulations run with
// bounded concurrency, a bounded wait for a slot and a time bound each
// (Options.MaxConcurrentViews, ViewQueueTimeout, ViewTimeout); past a
// bound they answer 503 health_check_failed with Retry-After at once. The
// package documentation says why these answers and defaults.

// DefaultViewTimeout is Options.ViewTimeout's default.
const DefaultViewTimeout = 2 * time.Second

// DefaultViewQueueTimeout is Options.ViewQueueTimeout's default.
const DefaultViewQueueTimeout = 100 * time.Millisecond

// retryAfterSeconds is the Retry-After of the overload answers.
const retryAfterSeconds = "1"

// execLimiter bounds the executor calls running at once and the time each
// may take. The zero value imposes no bound.
type execLimiter struct {
	slots   chan struct{} // nil: no concurrency bound
	queue   time.Duration // wait for a slot; <= 0: none
	timeout time.Duration // <= 0: none
	waiting atomic.Int64  // calls waiting for a slot
}

func newExecLimiter(o *Options) *execLimiter {
	l := &execLimiter{queue: o.ViewQueueTimeout, timeout: o.ViewTimeout}
	if o.MaxConcurrentViews > 0 {
		l.slots = make(chan struct{}, o.MaxConcurrentViews)
	}
	return l
}

// overloadError is a view or simulation the node would not run, or
// stopped waiting for: 503 health_check_failed with Retry-After, and not
// logged as a failure (it is the node protecting itself).
type overloadError struct{ body *ledgerapi.Error }

func (e *overloadError) Error() string { return e.body.Error() }

// Unwrap returns the API error (toResponse finds it).
func (e *overloadError) Unwrap() error { return e.body }

func overloaded(format string, args ...any) error {
	return &overloadError{ledgerapi.NewError(ledgerapi.CodeHealthCheckFailed, format, args...)}
}

// acquire takes a slot, waiting up to l.queue for one.
func (l *execLimiter) acquire(ctx context.Context, what string) error {
	if l.slots == nil {
		return nil
	}
	select {
	case l.slots <- struct{}{}:
		return nil
	default:
	}
	busy := func() error {
		return overloaded("The node is busy: all %d slots for views and simulations are in use; retry the %s later",
			cap(l.slots), what)
	}
	if l.queue <= 0 {
		return busy()
	}
	l.waiting.Add(1)
	defer l.waiting.Add(-1)
	t := time.NewTimer(l.queue)
	defer t.Stop()
	select {
	case l.slots <- struct{}{}:
		return nil
	case <-t.C:
		return busy()
	case <-ctx.Done():
		return overloaded("The %s was not started: the request ended while it waited for a slot", what)
	}
}

func (l *execLimiter) release() {
	if l.slots != nil {
		<-l.slots
	}
}

// execute runs call under the limiter: it takes a slot (or answers 503),
// runs call on its own goroutine with a context bounded by
// Options.ViewTimeout, and returns call's error, or a 503 as soon as the
// time is up or the request ends. call's results may be read only when
// execute returns nil or call's own error. what names the call in
// messages ("view 0x1::m::f"); kind is "view" or "simulation".
func (a *API) execute(ctx context.Context, kind, what string, call func(ctx context.Context) error) error {
	l := a.limiter
	if err := l.acquire(ctx, kind); err != nil {
		return err
	}
	var cancel context.CancelFunc
	if l.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, l.timeout)
	} else {
		ctx, cancel = context.WithCancel(ctx)
	}
	defer cancel() // on return: a call still running sees its context end
	done := make(chan error, 1)
	var abandoned atomic.Bool
	go func() {
		err := protect(ctx, what, call)
		if err != nil && ctx.Err() == context.DeadlineExceeded {
			// A call that failed after its deadline failed because of it.
			err = a.stopped(what, ctx.Err())
		}
		l.release() // before the answer: the next call finds the slot free
		if abandoned.Load() && !isOverload(err) && err != nil {
			a.deps.Logger.Error().Err(err).Str("call", what).Msg("view or simulation failed after its answer was sent")
		}
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		select {
		case err := <-done: // finished at the deadline: keep its answer
			return err
		default:
		}
		abandoned.Store(true)
		if ctx.Err() == context.DeadlineExceeded {
			a.deps.Logger.Warn().Str("call", what).Dur("timeout", l.timeout).Msg("view or simulation timed out")
		}
		return a.stopped(what, ctx.Err())
	}
}

// stopped is the answer to a call whose context ended with cause.
func (a *API) stopped(what string, cause error) error {
	if cause == context.DeadlineExceeded {
		return overloaded("The %s did not finish within the node's time limit of %s", what, a.limiter.timeout)
	}
	return overloaded("The %s was stopped: the request ended", what)
}

// executorPanic is a panic of the executor, recovered on the call's
// goroutine: a 500 internal_error whose details are logged, never sent.
type executorPanic struct{ msg string }

func (e *executorPanic) Error() string { return e.msg }

// protect runs call, turning a panic into an *executorPanic (a panic on
// this goroutine would otherwise end the process).
func protect(ctx context.Context, what string, call func(ctx context.Context) error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &executorPanic{fmt.Sprintf("handlers: the executor panicked running the %s: %v\n%s", what, v, debug.Stack())}
		}
	}()
	return call(ctx)
}

// passThrough reports whether err is the limiter's own answer (overload,
// timeout, executor panic), which the handlers return as it is.
func passThrough(err error) bool {
	var ep *executorPanic
	return isOverload(err) || errors.As(err, &ep)
}

func isOverload(err error) bool {
	var ov *overloadError
	return errors.As(err, &ov)
}

// defaultMaxConcurrentViews is one slot per processor the Go scheduler
// uses but one (and at least one): views are CPU-bound, so more slots add
// no throughput, only runnable goroutines taking turns with every other
// request, and the processor left free serves GET /v1, submissions and
// block execution at once instead of after a scheduler time slice
// (BenchmarkUnderHeavyViews: with every processor running views, GET /v1
// waits tens of milliseconds).
func defaultMaxConcurrentViews() int { return max(1, runtime.GOMAXPROCS(0)-1) }
