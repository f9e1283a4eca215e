module github.com/ledgernode/ledgernode

go 1.26.0

require (
	filippo.io/edwards25519 v1.2.0
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1
	github.com/gorilla/mux v1.8.1
	github.com/hashicorp/golang-lru/v2 v2.0.7
	github.com/rs/zerolog v1.35.1
)

require (
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	golang.org/x/sys v0.29.0 // indirect
)
