// aptos_framework::permissioned_delegation
use std::error;
use std::option::Option;
use std::signer;
use aptos_std::ed25519::{
    Self,
    new_signature_from_bytes,
    new_unvalidated_public_key_from_bytes,
    UnvalidatedPublicKey
};
use aptos_std::big_ordered_map::{Self, BigOrderedMap};
use aptos_framework::auth_data::AbstractionAuthData;
use aptos_framework::bcs_stream::{Self, deserialize_u8};
use aptos_framework::permissioned_signer::{Self, is_permissioned_signer, StorablePermissionedHandle};
use aptos_framework::rate_limiter;
use aptos_framework::rate_limiter::RateLimiter;

enum AccountDelegation has store {
    V1 { handle: StorablePermissionedHandle, rate_limiter: Option<rate_limiter::RateLimiter> }
}

enum DelegationKey has copy, store, drop {
    Ed25519PublicKey(UnvalidatedPublicKey)
}

public fun gen_ed25519_key(key: UnvalidatedPublicKey): DelegationKey;

struct RegisteredDelegations has key {
    delegations: BigOrderedMap<DelegationKey, AccountDelegation>
}

public fun add_permissioned_handle(
    master: &signer,
    key: DelegationKey,
    rate_limiter: Option<RateLimiter>,
    expiration_time: u64,
): signer acquires RegisteredDelegations;

public fun remove_permissioned_handle(
    master: &signer,
    key: DelegationKey,
) acquires RegisteredDelegations;

public fun permissioned_signer_by_key(
    master: &signer,
    key: DelegationKey,
): signer acquires RegisteredDelegations;

public fun handle_address_by_key(master: address, key: DelegationKey): address acquires RegisteredDelegations;

public fun authenticate(
    account: signer,
    abstraction_auth_data: AbstractionAuthData
): signer acquires RegisteredDelegations;
