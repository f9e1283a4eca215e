package main

import (
	"flag"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
)

// admissionConfig is the admission control of views and simulations
// (handlers.Options.MaxConcurrentViews, ViewQueueTimeout, ViewTimeout).
type admissionConfig struct {
	maxViews    int
	viewQueue   time.Duration
	viewTimeout time.Duration
}

func (a *admissionConfig) flags() {
	flag.IntVar(&a.maxViews, "max-concurrent-views", 0, "views and simulations executing at once, together (0 = one per CPU but one, at least 1; negative = no bound); "+
		"past it they answer 503 health_check_failed with Retry-After")
	flag.DurationVar(&a.viewQueue, "view-queue-timeout", handlers.DefaultViewQueueTimeout, "how long a view or simulation waits for a free slot before answering 503 (0 = answer at once)")
	flag.DurationVar(&a.viewTimeout, "view-timeout", handlers.DefaultViewTimeout, "time bound of one view or simulation; past it the call answers 503 and its execution is cancelled (0 = no bound)")
}

// apiOptions are the API's options for these flags, under /v1.
func (a admissionConfig) apiOptions() handlers.Options {
	o := handlers.Options{PathPrefix: "/v1", MaxConcurrentViews: a.maxViews, ViewQueueTimeout: a.viewQueue, ViewTimeout: a.viewTimeout}
	// In Options zero means the default; on the command line it means none.
	if o.ViewQueueTimeout == 0 {
		o.ViewQueueTimeout = -1
	}
	if o.ViewTimeout == 0 {
		o.ViewTimeout = -1
	}
	return o
}
