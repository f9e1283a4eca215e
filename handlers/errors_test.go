package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

func TestStatusOfEveryCode(t *testing.T) {
	want := map[ledgerapi.ErrorCode]int{
		ledgerapi.CodeAccountNotFound: 404, ledgerapi.CodeResourceNotFound: 404, ledgerapi.CodeModuleNotFound: 404,
		ledgerapi.CodeStructFieldNotFound: 404, ledgerapi.CodeVersionNotFound: 404, ledgerapi.CodeTransactionNotFound: 404,
		ledgerapi.CodeTableItemNotFound: 404, ledgerapi.CodeBlockNotFound: 404, ledgerapi.CodeStateValueNotFound: 404,
		ledgerapi.CodeVersionPruned: 410, ledgerapi.CodeBlockPruned: 410,
		ledgerapi.CodeInvalidInput: 400, ledgerapi.CodeInvalidTransactionUpdate: 400, ledgerapi.CodeSequenceNumberTooOld: 400,
		ledgerapi.CodeVMError: 400, ledgerapi.CodeRejectedByFilter: 400, ledgerapi.CodeBCSNotSupported: 400,
		ledgerapi.CodeWebFrameworkError: 400, ledgerapi.CodeAPIDisabled: 403, ledgerapi.CodeHealthCheckFailed: 503,
		ledgerapi.CodeMempoolIsFull: 507, ledgerapi.CodeInternalError: 500,
	}
	if len(want) != len(ledgerapi.ErrorCodes) {
		t.Fatalf("table covers %d codes, the closed set has %d", len(want), len(ledgerapi.ErrorCodes))
	}
	for _, c := range ledgerapi.ErrorCodes {
		if got := StatusOf(c); got != want[c] {
			t.Errorf("%s: %d, want %d", c, got, want[c])
		}
	}
}

func TestToResponse(t *testing.T) {
	st, body := toResponse(fmt.Errorf("wrapped: %w", ledgerapi.NewError(ledgerapi.CodeBlockPruned, "Block(3) has been pruned")))
	if st != http.StatusGone || body.ErrorCode != ledgerapi.CodeBlockPruned {
		t.Fatalf("wrapped API error: %d %+v", st, body)
	}
	st, body = toResponse(frameworkError(http.StatusUnsupportedMediaType, "unsupported content type %q", "text/plain"))
	if st != 415 || body.ErrorCode != ledgerapi.CodeWebFrameworkError {
		t.Fatalf("framework error: %d %+v", st, body)
	}
	st, body = toResponse(overloaded("The node is busy"))
	if st != 503 || body.ErrorCode != ledgerapi.CodeHealthCheckFailed || body.Message != "The node is busy" {
		t.Fatalf("overload: %d %+v", st, body)
	}
	st, body = toResponse(&executorPanic{"runtime error at /src/secret.go:12"})
	if st != 500 || body.ErrorCode != ledgerapi.CodeInternalError || body.Message != "internal error" {
		t.Fatalf("executor panics must not leak: %d %+v", st, body)
	}
	st, body = toResponse(errors.New("disk on fire at /var/secret"))
	if st != 500 || body.ErrorCode != ledgerapi.CodeInternalError || body.Message != "internal error" {
		t.Fatalf("unknown errors must not leak: %d %+v", st, body)
	}
}

// TestExecLimiterDefaults: the zero Options bound views and simulations to
// one slot per processor but one, a 100 ms queue and 2 s each; negative values
// lift each bound.
func TestExecLimiterDefaults(t *testing.T) {
	var o Options
	o.withDefaults()
	l := newExecLimiter(&o)
	if cap(l.slots) != max(1, runtime.GOMAXPROCS(0)-1) || l.queue != 100*time.Millisecond || l.timeout != 2*time.Second {
		t.Fatalf("defaults: %d slots, queue %s, timeout %s", cap(l.slots), l.queue, l.timeout)
	}
	o = Options{MaxConcurrentViews: -1, ViewQueueTimeout: -1, ViewTimeout: -1}
	o.withDefaults()
	l = newExecLimiter(&o)
	if l.slots != nil || l.queue > 0 || l.timeout > 0 {
		t.Fatalf("negative options: %v slots, queue %s, timeout %s", l.slots, l.queue, l.timeout)
	}
}
