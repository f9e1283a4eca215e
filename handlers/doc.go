// Package handlers serves the ledger node REST interface as an http.Handler.
//
// The handler does not know its URL prefix: hosts mount it under /v1 with
// their own router (http.StripPrefix, or a gorilla/mux subrouter). It depends
// only on the small storage, mempool and executor interfaces, so a host
// chooses the backends.
package handlers
