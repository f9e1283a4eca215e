// Package crypto holds the hashing, address-derivation and signature
// verification rules an Aptos-compatible ledger node needs.
//
// # Domain separation
//
// Every hashed or signed Aptos value is prefixed with a salt that names its
// type: salt(N) = sha3_256("APTOS::" + N). A value's hash is
// sha3_256(salt ‖ bcs(value)); its signing message is salt ‖ bcs(value),
// which is not hashed again. So a signature over a RawTransaction can never be
// replayed as a signature over some other type, and the salts for the three
// types a node handles (RawTransaction, RawTransactionWithData, Transaction)
// are precomputed here.
//
// Authentication keys and derived addresses use the same idea with a trailing
// scheme byte instead of a leading salt: sha3_256(input ‖ scheme). Scheme bytes
// 0..3 name signing schemes (their output is an authentication key); 0xFB..0xFF
// name address derivations (objects, resource accounts), so a derived address
// can never collide with an account key.
//
// # Strictness
//
// Verification is as strict as the Aptos node, not as lenient as RFC 8032 or
// generic ECDSA:
//
//   - Ed25519 rejects S ≥ L, public keys and R points that do not decode, are
//     not canonically encoded, or have small order (the identity and the
//     other torsion points), then checks the cofactorless equation
//     R = [S]B − [k]A as ed25519-dalek's verify_strict does. Go's
//     crypto/ed25519 would accept small-order points, so it is not used.
//   - Secp256k1 and Secp256r1 ECDSA reject high-S signatures (the other of
//     the two (r, s) and (r, n−s) forms), and r or s that are zero or ≥ n.
//   - MultiEd25519 requires the bitmap to mark exactly as many keys as there
//     are signatures, at least the threshold, and only keys that exist.
//
// Every failure is an error that wraps ErrInvalidSignature (the input is
// malformed or does not verify) or ErrUnsupported (a well-formed variant this
// package cannot check), and says exactly which check failed.
package crypto
