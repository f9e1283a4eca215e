// aptos_std::secp256k1
use std::option::Option;

struct ECDSARawPublicKey has copy, drop, store {
    bytes: vector<u8>
}
struct ECDSASignature has copy, drop, store {
    bytes: vector<u8>
}
public fun ecdsa_signature_from_bytes(bytes: vector<u8>): ECDSASignature;
public fun ecdsa_raw_public_key_from_64_bytes(bytes: vector<u8>): ECDSARawPublicKey;
public fun ecdsa_raw_public_key_to_bytes(pk: &ECDSARawPublicKey): vector<u8>;
public fun ecdsa_signature_to_bytes(sig: &ECDSASignature): vector<u8>;
public fun ecdsa_recover(message: vector<u8>, recovery_id: u8, signature: &ECDSASignature): Option<ECDSARawPublicKey>;
