// aptos_token_objects::aptos_token
use std::error;
use std::option::{Self, Option};
use std::string::String;
use std::signer;
use aptos_framework::object::{Self, ConstructorRef, Object};
use aptos_token_objects::collection;
use aptos_token_objects::property_map;
use aptos_token_objects::royalty;
use aptos_token_objects::token;

#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct AptosCollection has key {
    mutator_ref: Option<collection::MutatorRef>,
    royalty_mutator_ref: Option<royalty::MutatorRef>,
    mutable_description: bool,
    mutable_uri: bool,
    mutable_token_description: bool,
    mutable_token_name: bool,
    mutable_token_properties: bool,
    mutable_token_uri: bool,
    tokens_burnable_by_creator: bool,
    tokens_freezable_by_creator: bool,
}
#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct AptosToken has key {
    burn_ref: Option<token::BurnRef>,
    transfer_ref: Option<object::TransferRef>,
    mutator_ref: Option<token::MutatorRef>,
    property_mutator_ref: property_map::MutatorRef,
}

public entry fun create_collection(creator: &signer, description: String, max_supply: u64, name: String, uri: String, mutable_description: bool, mutable_royalty: bool, mutable_uri: bool, mutable_token_description: bool, mutable_token_name: bool, mutable_token_properties: bool, mutable_token_uri: bool, tokens_burnable_by_creator: bool, tokens_freezable_by_creator: bool, royalty_numerator: u64, royalty_denominator: u64);
public fun create_collection_object(creator: &signer, description: String, max_supply: u64, name: String, uri: String, mutable_description: bool, mutable_royalty: bool, mutable_uri: bool, mutable_token_description: bool, mutable_token_name: bool, mutable_token_properties: bool, mutable_token_uri: bool, tokens_burnable_by_creator: bool, tokens_freezable_by_creator: bool, royalty_numerator: u64, royalty_denominator: u64): Object<AptosCollection>;
public entry fun mint(creator: &signer, collection: String, description: String, name: String, uri: String, property_keys: vector<String>, property_types: vector<String>, property_values: vector<vector<u8>>);
public fun mint_token_object(creator: &signer, collection: String, description: String, name: String, uri: String, property_keys: vector<String>, property_types: vector<String>, property_values: vector<vector<u8>>): Object<AptosToken>;
public entry fun mint_soul_bound(creator: &signer, collection: String, description: String, name: String, uri: String, property_keys: vector<String>, property_types: vector<String>, property_values: vector<vector<u8>>, soul_bound_to: address);
public fun mint_soul_bound_token_object(creator: &signer, collection: String, description: String, name: String, uri: String, property_keys: vector<String>, property_types: vector<String>, property_values: vector<vector<u8>>, soul_bound_to: address): Object<AptosToken>;
#[view]
public fun are_properties_mutable<T: key>(token: Object<T>): bool;
#[view]
public fun is_burnable<T: key>(token: Object<T>): bool;
#[view]
public fun is_freezable_by_creator<T: key>(token: Object<T>): bool;
#[view]
public fun is_mutable_description<T: key>(token: Object<T>): bool;
#[view]
public fun is_mutable_name<T: key>(token: Object<T>): bool;
#[view]
public fun is_mutable_uri<T: key>(token: Object<T>): bool;
public entry fun burn<T: key>(creator: &signer, token: Object<T>);
public entry fun freeze_transfer<T: key>(creator: &signer, token: Object<T>);
public entry fun unfreeze_transfer<T: key>(creator: &signer, token: Object<T>);
public entry fun set_description<T: key>(creator: &signer, token: Object<T>, description: String);
public entry fun set_name<T: key>(creator: &signer, token: Object<T>, name: String);
public entry fun set_uri<T: key>(creator: &signer, token: Object<T>, uri: String);
public entry fun add_property<T: key>(creator: &signer, token: Object<T>, key: String, type: String, value: vector<u8>);
public entry fun add_typed_property<T: key, V: drop>(creator: &signer, token: Object<T>, key: String, value: V);
public entry fun remove_property<T: key>(creator: &signer, token: Object<T>, key: String);
public entry fun update_property<T: key>(creator: &signer, token: Object<T>, key: String, type: String, value: vector<u8>);
public entry fun update_typed_property<T: key, V: drop>(creator: &signer, token: Object<T>, key: String, value: V);
public fun is_mutable_collection_description<T: key>(collection: Object<T>): bool;
public fun is_mutable_collection_royalty<T: key>(collection: Object<T>): bool;
public fun is_mutable_collection_uri<T: key>(collection: Object<T>): bool;
public fun is_mutable_collection_token_description<T: key>(collection: Object<T>): bool;
public fun is_mutable_collection_token_name<T: key>(collection: Object<T>): bool;
public fun is_mutable_collection_token_uri<T: key>(collection: Object<T>): bool;
public fun is_mutable_collection_token_properties<T: key>(collection: Object<T>): bool;
public fun are_collection_tokens_burnable<T: key>(collection: Object<T>): bool;
public fun are_collection_tokens_freezable<T: key>(collection: Object<T>): bool;
public entry fun set_collection_description<T: key>(creator: &signer, collection: Object<T>, description: String);
public fun set_collection_royalties<T: key>(creator: &signer, collection: Object<T>, royalty: royalty::Royalty);
entry fun set_collection_royalties_call<T: key>(creator: &signer, collection: Object<T>, royalty_numerator: u64, royalty_denominator: u64, payee_address: address);
public entry fun set_collection_uri<T: key>(creator: &signer, collection: Object<T>, uri: String);
