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
	jobs    chan *execJob // unbuffered: idle workers receive calls
}

func newExecLimiter(o *Options) *execLimiter {
	l := &execLimiter{queue: o.ViewQueueTimeout, timeout: o.ViewTimeout, jobs: make(chan *execJob)}
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

// execCall is one executor call: run calls the executor with ctx and
// keeps its results; String names it in messages ("view 0x1::m::f").
type execCall interface {
	run(ctx context.Context) error
	String() string
}

// execJob carries a call to a worker and is the context the executor
// sees: done when the API stops waiting for the call (at its deadline, or
// when the request ends), with the request's values. It costs less than a
// context derived from the request's, which would register with it and
// start a timer of its own.
type execJob struct {
	parent    context.Context
	deadline  time.Time // zero: none
	stop      chan struct{}
	stopErr   error // set before stop is closed
	call      execCall
	done      chan error // buffered: the worker never blocks on it
	abandoned atomic.Bool
}

func (j *execJob) Deadline() (time.Time, bool) { return j.deadline, !j.deadline.IsZero() }
func (j *execJob) Done() <-chan struct{}       { return j.stop }
func (j *execJob) Value(key any) any           { return j.parent.Value(key) }

func (j *execJob) Err() error {
	select {
	case <-j.stop:
		return j.stopErr
	default:
		return nil
	}
}

// abandon ends the job's context with err; the worker still owns the job.
func (j *execJob) abandon(err error) {
	j.abandoned.Store(true)
	j.stopErr = err
	close(j.stop)
}

// workerIdle is how long a worker waits for another call before it
// exits. Workers keep their grown stacks from call to call, where a fresh
// goroutine per call would grow its stack through the executor each time.
const workerIdle = 250 * time.Millisecond

// execute runs call under the limiter: it takes a slot (or answers 503),
// runs call on a worker goroutine with a context bounded by
// Options.ViewTimeout, and returns call's error, or a 503 as soon as the
// time is up or the request ends. call's results may be read only when
// execute returns nil or call's own error. kind ("view", "simulation")
// names the work in the busy answer.
func (a *API) execute(ctx context.Context, kind string, call execCall) error {
	l := a.limiter
	if err := l.acquire(ctx, kind); err != nil {
		return err
	}
	j := &execJob{parent: ctx, call: call, stop: make(chan struct{}), done: make(chan error, 1)}
	var expired <-chan time.Time
	if l.timeout > 0 {
		j.deadline = time.Now().Add(l.timeout)
		t := time.NewTimer(l.timeout)
		defer t.Stop()
		expired = t.C
	}
	select {
	case l.jobs <- j: // an idle worker takes it
	default:
		go a.worker(j)
	}
	var cause error
	select {
	case err := <-j.done:
		return err
	case <-expired:
		cause = context.DeadlineExceeded
	case <-ctx.Done():
		cause = context.Cause(ctx)
	}
	select {
	case err := <-j.done: // finished at the deadline: keep its answer
		return err
	default:
	}
	j.abandon(cause)
	if cause == context.DeadlineExceeded {
		a.deps.Logger.Warn().Stringer("call", call).Dur("timeout", l.timeout).Msg("view or simulation timed out")
	}
	return a.stopped(call, cause)
}

// worker runs j, then the calls handed to it until it has been idle for
// workerIdle.
func (a *API) worker(j *execJob) {
	var idle *time.Timer
	for {
		a.run(j)
		if idle == nil {
			idle = time.NewTimer(workerIdle)
		} else {
			idle.Reset(workerIdle)
		}
		select {
		case j = <-a.limiter.jobs:
		case <-idle.C:
			return
		}
	}
}

// run runs one call and frees its slot; sending on done is its last use
// of j.
func (a *API) run(j *execJob) {
	call := j.call
	err := protect(j, call)
	if err != nil && (j.Err() == context.DeadlineExceeded || (!j.deadline.IsZero() && !time.Now().Before(j.deadline))) {
		// A call that failed after its deadline failed because of it.
		err = a.stopped(call, context.DeadlineExceeded)
	}
	a.limiter.release() // before the answer: the next call finds the slot free
	if err != nil && j.abandoned.Load() && !isOverload(err) {
		a.deps.Logger.Error().Err(err).Stringer("call", call).Msg("view or simulation failed after its answer was sent")
	}
	j.done <- err
}

// stopped is the answer to a call whose context ended with cause.
func (a *API) stopped(what execCall, cause error) error {
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
func protect(ctx context.Context, call execCall) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &executorPanic{fmt.Sprintf("handlers: the executor panicked running the %s: %v\n%s", call, v, debug.Stack())}
		}
	}()
	return call.run(ctx)
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
