// Package txn is the transaction family of the ledger: RawTransaction,
// SignedTransaction, payloads (entry function, script, multisig and the V1
// payload with a replay-protection nonce) and authenticators (Ed25519,
// multi-Ed25519, single key, multi key, multi-agent, fee payer), in BCS and
// in the JSON of the REST interface.
//
// # Wire fidelity
//
// Decoding is strict (see DecodeSignedTransaction) and keeps the wire
// variant of every choice, so that encoding a decoded transaction gives back
// the exact bytes that were signed; a MultiKey signature's bitmap, for one,
// keeps the length the client chose (1 to 4 bytes in practice). Module
// bundles, encrypted payloads and type tags of index 11 and above are
// rejected with a descriptive error. Keyless signatures are decoded (and
// pass in simulation, which checks no signature) but not verified.
//
// # Hashes and signing messages
//
// A single signer signs salt("APTOS::RawTransaction") ‖ BCS(raw); multi-agent
// and fee-payer signers sign salt("APTOS::RawTransactionWithData") ‖ BCS of
// the raw transaction with the secondary (and fee payer) addresses. The
// transaction hash is sha3-256(salt("APTOS::Transaction") ‖ 0 ‖ BCS(signed)),
// which is the hash clients compute before submitting.
//
// # JSON
//
// PayloadJSON and SignatureJSON render the JSON shapes of the real API;
// SubmitTransactionRequest parses submit, simulate and encode_submission
// bodies, naming the offending field in every error. Entry-function
// arguments need the function's ABI in both directions, supplied by an
// ArgCodec.
package txn
