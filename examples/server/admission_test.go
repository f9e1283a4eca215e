package main

import (
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
)

// TestAdmissionFlags: the flags' defaults give the API's defaults, and 0
// on the command line means "none" where the API reads 0 as the default.
func TestAdmissionFlags(t *testing.T) {
	for _, c := range []struct {
		flags admissionConfig
		want  handlers.Options
	}{
		{admissionConfig{0, handlers.DefaultViewQueueTimeout, handlers.DefaultViewTimeout},
			handlers.Options{MaxConcurrentViews: 0, ViewQueueTimeout: handlers.DefaultViewQueueTimeout, ViewTimeout: handlers.DefaultViewTimeout}},
		{admissionConfig{8, 0, 0}, handlers.Options{MaxConcurrentViews: 8, ViewQueueTimeout: -1, ViewTimeout: -1}},
		{admissionConfig{-1, time.Second, 5 * time.Second}, handlers.Options{MaxConcurrentViews: -1, ViewQueueTimeout: time.Second, ViewTimeout: 5 * time.Second}},
	} {
		got := c.flags.apiOptions()
		if got.PathPrefix != "/v1" || got.MaxConcurrentViews != c.want.MaxConcurrentViews ||
			got.ViewQueueTimeout != c.want.ViewQueueTimeout || got.ViewTimeout != c.want.ViewTimeout {
			t.Errorf("%+v: %+v", c.flags, got)
		}
	}
}
