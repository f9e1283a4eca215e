package onchain

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// Domain separators of the hashed records: sha3-256("APTOS::" + name).
var (
	saltWriteSet               = crypto.Salt("WriteSet")
	saltContractEvent          = crypto.Salt("ContractEvent")
	saltTransactionInfo        = crypto.Salt("TransactionInfo")
	saltEventAccumulator       = crypto.Salt("EventAccumulator")
	saltTransactionAccumulator = crypto.Salt("TransactionAccumulator")
	saltStateKey               = crypto.Salt("StateKey")
)

// hashWith returns sha3-256(salt ‖ body).
func hashWith(salt *[32]byte, body []byte) ledgerapi.HashValue {
	return crypto.SHA3_256(salt[:], body)
}

// appendHash appends the BCS of a HashValue: its length (32) and its bytes.
func appendHash(dst []byte, h *ledgerapi.HashValue) []byte {
	dst = append(dst, ledgerapi.HashLength)
	return append(dst, h[:]...)
}

// appendOptionHash appends the BCS of an Option<HashValue>.
func appendOptionHash(dst []byte, h *ledgerapi.HashValue) []byte {
	if h == nil {
		return append(dst, 0)
	}
	return appendHash(append(dst, 1), h)
}
