// Package vmstub is the native executor: it validates transactions (the
// prologue), runs the most-used framework functions natively in Go with the
// resources, events, gas and statuses a client expects, answers view
// functions, and lets host programs register their own native modules.
package vmstub
