// aptos_framework::account
use std::option::{Self, Option};
use aptos_framework::event::{Self, EventHandle};
use aptos_framework::guid;
use aptos_std::table::{Self, Table};
use aptos_std::type_info::{Self, TypeInfo};

#[event]
struct KeyRotation has drop, store {
    account: address,
    old_authentication_key: vector<u8>,
    new_authentication_key: vector<u8>,
}
#[event]
struct KeyRotationToPublicKey has drop, store {
    account: address,
    verified_public_key_bit_map: vector<u8>,
    public_key_scheme: u8,
    public_key: vector<u8>,
    old_auth_key: vector<u8>,
    new_auth_key: vector<u8>,
}
struct Account has key, store {
    authentication_key: vector<u8>,
    sequence_number: u64,
    guid_creation_num: u64,
    coin_register_events: EventHandle<CoinRegisterEvent>,
    key_rotation_events: EventHandle<KeyRotationEvent>,
    rotation_capability_offer: CapabilityOffer<RotationCapability>,
    signer_capability_offer: CapabilityOffer<SignerCapability>,
}
struct KeyRotationEvent has drop, store {
    old_authentication_key: vector<u8>,
    new_authentication_key: vector<u8>,
}
struct CoinRegisterEvent has drop, store {
    type_info: TypeInfo,
}
#[event]
struct CoinRegister has drop, store {
    account: address,
    type_info: TypeInfo,
}
struct CapabilityOffer<phantom T> has store { for: Option<address> }
struct RotationCapability has drop, store { account: address }
struct SignerCapability has drop, store { account: address }
struct OriginatingAddress has key {
    address_map: Table<address, address>,
}
struct RotationProofChallenge has copy, drop {
    sequence_number: u64,
    originator: address,
    current_auth_key: address,
    new_public_key: vector<u8>,
}
struct RotationCapabilityOfferProofChallenge has drop {
    sequence_number: u64,
    recipient_address: address,
}
struct SignerCapabilityOfferProofChallenge has drop {
    sequence_number: u64,
    recipient_address: address,
}
struct RotationCapabilityOfferProofChallengeV2 has drop {
    chain_id: u8,
    sequence_number: u64,
    source_address: address,
    recipient_address: address,
}
struct SignerCapabilityOfferProofChallengeV2 has copy, drop {
    sequence_number: u64,
    source_address: address,
    recipient_address: address,
}
enum AccountPermission has copy, drop, store {
    KeyRotation,
    Offering,
}

public fun grant_key_rotation_permission(master: &signer, permissioned_signer: &signer);
public fun grant_key_offering_permission(master: &signer, permissioned_signer: &signer);
public fun create_account_if_does_not_exist(account_address: address);
#[view]
public fun exists_at(addr: address): bool;
#[view]
public fun get_guid_next_creation_num(addr: address): u64;
#[view]
public fun get_sequence_number(addr: address): u64;
#[view]
public fun originating_address(auth_key: address): Option<address>;
#[view]
public fun get_authentication_key(addr: address): vector<u8>;
entry fun rotate_authentication_key_call(account: &signer, new_auth_key: vector<u8>);
entry fun rotate_authentication_key_from_public_key(account: &signer, scheme: u8, new_public_key_bytes: vector<u8>);
entry fun upsert_ed25519_backup_key_on_keyless_account(account: &signer, keyless_public_key: vector<u8>, backup_public_key: vector<u8>, backup_key_proof: vector<u8>);
public entry fun rotate_authentication_key(account: &signer, from_scheme: u8, from_public_key_bytes: vector<u8>, to_scheme: u8, to_public_key_bytes: vector<u8>, cap_rotate_key: vector<u8>, cap_update_table: vector<u8>);
public entry fun rotate_authentication_key_with_rotation_capability(delegate_signer: &signer, rotation_cap_offerer_address: address, new_scheme: u8, new_public_key_bytes: vector<u8>, cap_update_table: vector<u8>);
public entry fun offer_rotation_capability(account: &signer, rotation_capability_sig_bytes: vector<u8>, account_scheme: u8, account_public_key_bytes: vector<u8>, recipient_address: address);
entry fun set_originating_address(account: &signer);
#[view]
public fun is_rotation_capability_offered(account_addr: address): bool;
#[view]
public fun get_rotation_capability_offer_for(account_addr: address): address;
public entry fun revoke_rotation_capability(account: &signer, to_be_revoked_address: address);
public entry fun revoke_any_rotation_capability(account: &signer);
public entry fun offer_signer_capability(account: &signer, signer_capability_sig_bytes: vector<u8>, account_scheme: u8, account_public_key_bytes: vector<u8>, recipient_address: address);
#[view]
public fun is_signer_capability_offered(account_addr: address): bool;
#[view]
public fun get_signer_capability_offer_for(account_addr: address): address;
public entry fun revoke_signer_capability(account: &signer, to_be_revoked_address: address);
public entry fun revoke_any_signer_capability(account: &signer);
public fun create_authorized_signer(account: &signer, offerer_address: address): signer;
public fun create_resource_address(source: &address, seed: vector<u8>): address;
public fun create_resource_account(source: &signer, seed: vector<u8>): (signer, SignerCapability);
public fun create_guid(account_signer: &signer): guid::GUID;
public fun new_event_handle<T: drop + store>(account: &signer): EventHandle<T>;
public fun create_signer_with_capability(capability: &SignerCapability): signer;
public fun get_signer_capability_address(capability: &SignerCapability): address;
public fun verify_signed_message<T: drop>(account: address, account_scheme: u8, account_public_key: vector<u8>, signed_message_bytes: vector<u8>, message: T);
