// aptos_std::multi_ed25519
use std::bcs;
use std::error;
use std::features;
use std::option::{Self, Option};
use aptos_std::ed25519;

struct UnvalidatedPublicKey has copy, drop, store {
    bytes: vector<u8>
}
struct ValidatedPublicKey has copy, drop, store {
    bytes: vector<u8>
}
struct Signature has copy, drop, store {
    bytes: vector<u8>
}
public fun new_unvalidated_public_key_from_bytes(bytes: vector<u8>): UnvalidatedPublicKey;
public fun new_validated_public_key_from_bytes(bytes: vector<u8>): Option<ValidatedPublicKey>;
public fun new_validated_public_key_from_bytes_v2(bytes: vector<u8>): Option<ValidatedPublicKey>;
public fun new_signature_from_bytes(bytes: vector<u8>): Signature;
public fun public_key_to_unvalidated(pk: &ValidatedPublicKey): UnvalidatedPublicKey;
public fun public_key_into_unvalidated(pk: ValidatedPublicKey): UnvalidatedPublicKey;
public fun unvalidated_public_key_to_bytes(pk: &UnvalidatedPublicKey): vector<u8>;
public fun validated_public_key_to_bytes(pk: &ValidatedPublicKey): vector<u8>;
public fun signature_to_bytes(sig: &Signature): vector<u8>;
public fun public_key_validate(pk: &UnvalidatedPublicKey): Option<ValidatedPublicKey>;
public fun public_key_validate_v2(pk: &UnvalidatedPublicKey): Option<ValidatedPublicKey>;
public fun signature_verify_strict(multisignature: &Signature, public_key: &UnvalidatedPublicKey, message: vector<u8>): bool;
public fun signature_verify_strict_t<T: drop>(multisignature: &Signature, public_key: &UnvalidatedPublicKey, data: T): bool;
public fun unvalidated_public_key_to_authentication_key(pk: &UnvalidatedPublicKey): vector<u8>;
public fun unvalidated_public_key_num_sub_pks(pk: &UnvalidatedPublicKey): u8;
public fun unvalidated_public_key_threshold(pk: &UnvalidatedPublicKey): Option<u8>;
public fun validated_public_key_to_authentication_key(pk: &ValidatedPublicKey): vector<u8>;
public fun validated_public_key_num_sub_pks(pk: &ValidatedPublicKey): u8;
public fun validated_public_key_threshold(pk: &ValidatedPublicKey): u8;
public fun check_and_get_threshold(bytes: vector<u8>): Option<u8>;
