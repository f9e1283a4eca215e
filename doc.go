// Package ledgernode is an embeddable ledger node REST API for Go: net/http
// handlers over pluggable storage, mempool and executor backends, with a
// bundled in-memory node. See README.md and the package docs of ledgerapi,
// handlers, storage, mempool, vmstub, node and middleware.
package ledgernode
