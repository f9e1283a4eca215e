// aptos_framework::object
use std::bcs;
use std::error;
use std::hash;
use std::signer;
use aptos_std::from_bcs;
use aptos_framework::account;
use aptos_framework::transaction_context;
use aptos_framework::create_signer::create_signer;
use aptos_framework::event;
use aptos_framework::guid;
use aptos_framework::permissioned_signer;

#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct ObjectCore has key {
    guid_creation_num: u64,
    owner: address,
    allow_ungated_transfer: bool,
    transfer_events: event::EventHandle<TransferEvent>,
}
#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct TombStone has key {
    original_owner: address,
}
#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct Untransferable has key {}
#[resource_group(scope = global)]
struct ObjectGroup {}
struct Object<phantom T> has copy, drop, store {
    inner: address,
}
struct ConstructorRef has drop {
    self: address,
    can_delete: bool,
}
struct DeleteRef has drop, store {
    self: address,
}
struct ExtendRef has drop, store {
    self: address,
}
struct TransferRef has drop, store {
    self: address,
}
struct LinearTransferRef has drop {
    self: address,
    owner: address,
}
struct DeriveRef has drop, store {
    self: address,
}
struct TransferPermission has copy, drop, store {
    object: address,
}
struct TransferEvent has drop, store {
    object: address,
    from: address,
    to: address,
}
#[event]
struct Transfer has drop, store {
    object: address,
    from: address,
    to: address,
}

#[view]
public fun is_untransferable<T: key>(self: Object<T>): bool;
#[view]
public fun is_burnt<T: key>(self: Object<T>): bool;
public fun address_to_object<T: key>(object: address): Object<T>;
public fun is_object(object: address): bool;
public fun object_exists<T: key>(object: address): bool;
public fun create_object_address(source: &address, seed: vector<u8>): address;
public fun create_user_derived_object_address(source: address, derive_from: address): address;
public fun create_guid_object_address(source: address, creation_num: u64): address;
public fun object_address<T: key>(self: &Object<T>): address;
public fun convert<X: key, Y: key>(self: Object<X>): Object<Y>;
public fun create_named_object(creator: &signer, seed: vector<u8>): ConstructorRef;
public(friend) fun create_user_derived_object(creator_address: address, derive_ref: &DeriveRef): ConstructorRef;
public fun create_object(owner_address: address): ConstructorRef;
public fun create_sticky_object(owner_address: address): ConstructorRef;
public(friend) fun create_sticky_object_at_address(owner_address: address, object_address: address): ConstructorRef;
#[deprecated]
public fun create_object_from_account(creator: &signer): ConstructorRef;
#[deprecated]
public fun create_object_from_object(creator: &signer): ConstructorRef;
public fun create_unique_onchain_signer(): ExtendRef;
public fun create_named_onchain_signer(creator: &signer, name: vector<u8>, owned_by_creator: bool): ExtendRef;
public fun generate_delete_ref(self: &ConstructorRef): DeleteRef;
public fun generate_extend_ref(self: &ConstructorRef): ExtendRef;
public fun generate_transfer_ref(self: &ConstructorRef): TransferRef;
public fun generate_derive_ref(self: &ConstructorRef): DeriveRef;
public fun generate_signer(self: &ConstructorRef): signer;
public fun address_from_constructor_ref(self: &ConstructorRef): address;
public fun object_from_constructor_ref<T: key>(self: &ConstructorRef): Object<T>;
public fun can_generate_delete_ref(self: &ConstructorRef): bool;
public fun transfer_with_constructor_ref(self: &ConstructorRef, to: address);
public fun create_guid(object: &signer): guid::GUID;
public fun new_event_handle<T: drop + store>(object: &signer): event::EventHandle<T>;
public fun address_from_delete_ref(self: &DeleteRef): address;
public fun object_from_delete_ref<T: key>(self: &DeleteRef): Object<T>;
public fun delete(self: DeleteRef);
public fun generate_signer_for_extending(self: &ExtendRef): signer;
public fun address_from_extend_ref(self: &ExtendRef): address;
public fun disable_ungated_transfer(self: &TransferRef);
public fun set_untransferable(self: &ConstructorRef);
public fun enable_ungated_transfer(self: &TransferRef);
public fun generate_linear_transfer_ref(self: &TransferRef): LinearTransferRef;
public fun transfer_with_ref(self: LinearTransferRef, to: address);
public entry fun transfer_call(owner: &signer, object: address, to: address);
public entry fun transfer<T: key>(owner: &signer, object: Object<T>, to: address);
public fun transfer_raw(owner: &signer, object: address, to: address);
public entry fun transfer_to_object<O: key, T: key>(owner: &signer, object: Object<O>, to: Object<T>);
public entry fun burn<T: key>(owner: &signer, object: Object<T>);
public entry fun unburn<T: key>(original_owner: &signer, object: Object<T>);
public fun ungated_transfer_allowed<T: key>(self: Object<T>): bool;
#[view]
public fun owner<T: key>(self: Object<T>): address;
#[view]
public fun is_owner<T: key>(self: Object<T>, owner: address): bool;
#[view]
public fun owns<T: key>(self: Object<T>, owner: address): bool;
#[view]
public fun root_owner<T: key>(self: Object<T>): address;
public fun grant_permission<T>(master: &signer, permissioned_signer: &signer, object: Object<T>);
public fun grant_permission_with_transfer_ref(permissioned_signer: &signer, ref: &TransferRef);
