// aptos_std::ed25519
use std::bcs;
use aptos_std::type_info::{Self, TypeInfo};
use std::option::{Self, Option};

struct SignedMessage<MessageType> has drop {
    type_info: TypeInfo,
    inner: MessageType,
}
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
public fun new_signature_from_bytes(bytes: vector<u8>): Signature;
public fun public_key_to_unvalidated(pk: &ValidatedPublicKey): UnvalidatedPublicKey;
public fun public_key_into_unvalidated(pk: ValidatedPublicKey): UnvalidatedPublicKey;
public fun unvalidated_public_key_to_bytes(pk: &UnvalidatedPublicKey): vector<u8>;
public fun validated_public_key_to_bytes(pk: &ValidatedPublicKey): vector<u8>;
public fun signature_to_bytes(sig: &Signature): vector<u8>;
public fun public_key_validate(pk: &UnvalidatedPublicKey): Option<ValidatedPublicKey>;
public fun signature_verify_strict(signature: &Signature, public_key: &UnvalidatedPublicKey, message: vector<u8>): bool;
public fun signature_verify_strict_t<T: drop>(signature: &Signature, public_key: &UnvalidatedPublicKey, data: T): bool;
public fun new_signed_message<T: drop>(data: T): SignedMessage<T>;
public fun unvalidated_public_key_to_authentication_key(pk: &UnvalidatedPublicKey): vector<u8>;
public fun validated_public_key_to_authentication_key(pk: &ValidatedPublicKey): vector<u8>;
