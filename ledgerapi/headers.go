package ledgerapi

import "strings"

// Response header names. Every successful response carries the first seven.
const (
	HeaderChainID           = "X-NODE-CHAIN-ID"
	HeaderLedgerVersion     = "X-NODE-LEDGER-VERSION"
	HeaderLedgerOldest      = "X-NODE-LEDGER-OLDEST-VERSION"
	HeaderLedgerTimestamp   = "X-NODE-LEDGER-TIMESTAMPUSEC"
	HeaderEpoch             = "X-NODE-EPOCH"
	HeaderBlockHeight       = "X-NODE-BLOCK-HEIGHT"
	HeaderOldestBlockHeight = "X-NODE-OLDEST-BLOCK-HEIGHT"
	HeaderGasUsed           = "X-NODE-GAS-USED"
	HeaderCursor            = "X-NODE-CURSOR"
)

// Content types.
const (
	ContentTypeJSON = "application/json"
	// ContentTypeBCS is the Accept value asking for BCS output, and the
	// Content-Type of BCS responses.
	ContentTypeBCS = "application/x-bcs"

	// Signed transactions in BCS: the node's own name and the Aptos name,
	// both accepted on submit, batch and simulate.
	ContentTypeSignedTxnBCS      = "application/x.node.signed_transaction+bcs"
	ContentTypeAptosSignedTxnBCS = "application/x.aptos.signed_transaction+bcs"

	// View function requests in BCS: both names accepted on POST /view.
	ContentTypeViewFunctionBCS      = "application/x.node.view_function+bcs"
	ContentTypeAptosViewFunctionBCS = "application/x.aptos.view_function+bcs"
)

// IsSignedTxnBCS reports whether a media type (without parameters) names a
// BCS signed transaction. Media types are case-insensitive (RFC 9110 8.3.1).
func IsSignedTxnBCS(mediaType string) bool {
	return strings.EqualFold(mediaType, ContentTypeSignedTxnBCS) || strings.EqualFold(mediaType, ContentTypeAptosSignedTxnBCS)
}

// IsViewFunctionBCS reports whether a media type (without parameters) names a
// BCS view request. Media types are case-insensitive.
func IsViewFunctionBCS(mediaType string) bool {
	return strings.EqualFold(mediaType, ContentTypeViewFunctionBCS) || strings.EqualFold(mediaType, ContentTypeAptosViewFunctionBCS)
}
