package handlers

// ExecWaiting is the number of views and simulations waiting for a slot
// (for tests).
func (a *API) ExecWaiting() int64 { return a.limiter.waiting.Load() }

// ExecRunning is the number of slots taken (for tests).
func (a *API) ExecRunning() int { return len(a.limiter.slots) }

// DocumentYAML is documentYAML (for tests).
var DocumentYAML = documentYAML
