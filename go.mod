module github.com/ledgernode/ledgernode

go 1.26.0

require (
	filippo.io/edwards25519 v1.2.0
	github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1
)
