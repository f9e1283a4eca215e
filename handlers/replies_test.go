package handlers_test

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
)

// TestReplies checks that handlers beside the API answer errors through
// the API's one mapping and write JSON as it does.
func TestReplies(t *testing.T) {
	var logged bytes.Buffer
	p := handlers.NewReplies(handlers.RepliesOptions{Logger: zerolog.New(&logged)})
	tests := []struct {
		err    error
		status int
		body   string
	}{
		{ledgerapi.InvalidInput("bad <id>"), 400, `{"message":"bad <id>","error_code":"invalid_input","vm_error_code":null}`},
		{fmt.Errorf("wrapped: %w", ledgerapi.NewError(ledgerapi.CodeVersionPruned, "gone")), 410, `{"message":"gone","error_code":"version_pruned","vm_error_code":null}`},
		{ledgerapi.NewError(ledgerapi.CodeAPIDisabled, "off"), 403, `{"message":"off","error_code":"api_disabled","vm_error_code":null}`},
		{handlers.FrameworkError(http.StatusUnsupportedMediaType, "no"), 415, `{"message":"no","error_code":"web_framework_error","vm_error_code":null}`},
		{errors.New("disk on fire"), 500, `{"message":"internal error","error_code":"internal_error","vm_error_code":null}`},
	}
	for _, tc := range tests {
		w := httptest.NewRecorder()
		p.Error(w, httptest.NewRequest(http.MethodGet, "/x", nil), tc.err)
		if w.Code != tc.status || w.Body.String() != tc.body || w.Header().Get("Content-Type") != ledgerapi.ContentTypeJSON {
			t.Errorf("%v: %d %s %q, want %d %s", tc.err, w.Code, w.Body, w.Header().Get("Content-Type"), tc.status, tc.body)
		}
	}
	if !strings.Contains(logged.String(), "disk on fire") || strings.Contains(logged.String(), "bad <id>") {
		t.Errorf("only the internal error should be logged, got %s", logged.String())
	}
	w := httptest.NewRecorder()
	p.JSON(w, http.StatusCreated, map[string]string{"a": "<b>"})
	if w.Code != http.StatusCreated || w.Body.String() != `{"a":"<b>"}` {
		t.Errorf("JSON: %d %s", w.Code, w.Body)
	}
}

// TestRepliesLingers checks the guard for a refused body that is still
// unread: the answer closes the connection and says so.
func TestRepliesLingers(t *testing.T) {
	p := handlers.NewReplies(handlers.RepliesOptions{MaxBodyBytes: 1 << 10})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.Error(w, r, handlers.FrameworkError(http.StatusRequestEntityTooLarge, "too large"))
	}))
	defer srv.Close()
	resp, err := http.Post(srv.URL, "application/json", bytes.NewReader(make([]byte, 1500)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !resp.Close {
		t.Errorf("413 on an unread body: %d, close %v", resp.StatusCode, resp.Close)
	}
}
