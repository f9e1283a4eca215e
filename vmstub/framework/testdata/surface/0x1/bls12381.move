// aptos_std::bls12381
use std::option::{Self, Option};

struct PublicKey has copy, drop, store {
    bytes: vector<u8>
}
struct ProofOfPossession has copy, drop, store {
    bytes: vector<u8>
}
struct PublicKeyWithPoP has copy, drop, store {
    bytes: vector<u8>
}
struct AggrPublicKeysWithPoP has copy, drop, store {
    bytes: vector<u8>
}
struct Signature has copy, drop, store {
    bytes: vector<u8>
}
struct AggrOrMultiSignature has copy, drop, store {
    bytes: vector<u8>
}
public fun public_key_from_bytes(bytes: vector<u8>): Option<PublicKey>;
public fun public_key_to_bytes(pk: &PublicKey): vector<u8>;
public fun proof_of_possession_from_bytes(bytes: vector<u8>): ProofOfPossession;
public fun proof_of_possession_to_bytes(pop: &ProofOfPossession): vector<u8>;
public fun public_key_from_bytes_with_pop(pk_bytes: vector<u8>, pop: &ProofOfPossession): Option<PublicKeyWithPoP>;
public fun public_key_from_bytes_with_pop_externally_verified(pk_bytes: vector<u8>): Option<PublicKeyWithPoP>;
public fun public_key_with_pop_to_normal(pkpop: &PublicKeyWithPoP): PublicKey;
public fun public_key_with_pop_to_bytes(pk: &PublicKeyWithPoP): vector<u8>;
public fun signature_from_bytes(bytes: vector<u8>): Signature;
public fun signature_to_bytes(sig: &Signature): vector<u8>;
public fun signature_subgroup_check(signature: &Signature): bool;
public fun aggregate_pubkeys(public_keys: vector<PublicKeyWithPoP>): AggrPublicKeysWithPoP;
public fun aggregate_pubkey_to_bytes(apk: &AggrPublicKeysWithPoP): vector<u8>;
public fun aggregate_signatures(signatures: vector<Signature>): Option<AggrOrMultiSignature>;
public fun aggr_or_multi_signature_to_bytes(sig: &AggrOrMultiSignature): vector<u8>;
public fun aggr_or_multi_signature_from_bytes(bytes: vector<u8>): AggrOrMultiSignature;
public fun aggr_or_multi_signature_subgroup_check(signature: &AggrOrMultiSignature): bool;
public fun verify_aggregate_signature(
    aggr_sig: &AggrOrMultiSignature,
    public_keys: vector<PublicKeyWithPoP>,
    messages: vector<vector<u8>>,
): bool;
public fun verify_multisignature(
    multisig: &AggrOrMultiSignature,
    aggr_public_key: &AggrPublicKeysWithPoP,
    message: vector<u8>
): bool;
public fun verify_normal_signature(
    signature: &Signature,
    public_key: &PublicKey,
    message: vector<u8>
): bool;
public fun verify_signature_share(
    signature_share: &Signature,
    public_key: &PublicKeyWithPoP,
    message: vector<u8>
): bool;
