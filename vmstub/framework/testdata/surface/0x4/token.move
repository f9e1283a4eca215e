// aptos_token_objects::token
use std::error;
use std::features;
use std::option::{Self, Option};
use std::string::{Self, String};
use std::signer;
use std::vector;
use aptos_framework::aggregator_v2::{Self, AggregatorSnapshot, DerivedStringSnapshot};
use aptos_framework::event;
use aptos_framework::object::{Self, ConstructorRef, Object};
use aptos_token_objects::collection::{Self, Collection};
use aptos_token_objects::royalty::{Self, Royalty};

#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct Token has key {
    collection: Object<Collection>,
    index: u64,
    description: String,
    name: String,
    uri: String,
    mutation_events: event::EventHandle<MutationEvent>,
}
#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct TokenIdentifiers has key {
    index: AggregatorSnapshot<u64>,
    name: DerivedStringSnapshot,
}
#[deprecated]
#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct ConcurrentTokenIdentifiers has key {
    index: AggregatorSnapshot<u64>,
    name: AggregatorSnapshot<String>,
}
struct BurnRef has drop, store {
    inner: Option<object::DeleteRef>,
    self: Option<address>,
}
struct MutatorRef has drop, store {
    self: address,
}
struct MutationEvent has drop, store {
    mutated_field_name: String,
    old_value: String,
    new_value: String
}
#[event]
struct Mutation has drop, store {
    token_address: address,
    mutated_field_name: String,
    old_value: String,
    new_value: String
}

public fun create_token(creator: &signer, collection: Object<Collection>, description: String, name: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create(creator: &signer, collection_name: String, description: String, name: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_token_as_collection_owner(creator: &signer, collection: Object<Collection>, description: String, name: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_numbered_token_object(creator: &signer, collection: Object<Collection>, description: String, name_with_index_prefix: String, name_with_index_suffix: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_numbered_token(creator: &signer, collection_name: String, description: String, name_with_index_prefix: String, name_with_index_suffix: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_numbered_token_as_collection_owner(creator: &signer, collection: Object<Collection>, description: String, name_with_index_prefix: String, name_with_index_suffix: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_named_token_object(creator: &signer, collection: Object<Collection>, description: String, name: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_named_token(creator: &signer, collection_name: String, description: String, name: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_named_token_as_collection_owner(creator: &signer, collection: Object<Collection>, description: String, name: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_named_token_from_seed(creator: &signer, collection: Object<Collection>, description: String, name: String, seed: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_named_token_from_seed_as_collection_owner(creator: &signer, collection: Object<Collection>, description: String, name: String, seed: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
#[deprecated]
public fun create_from_account(creator: &signer, collection_name: String, description: String, name: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_token_address(creator: &address, collection: &String, name: &String): address;
#[view]
public fun create_token_address_with_seed(creator: address, collection: String, name: String, seed: String): address;
public fun create_token_seed(collection: &String, name: &String): vector<u8>;
public fun create_token_name_with_seed(collection: &String, name: &String, seed: &String): vector<u8>;
public fun generate_mutator_ref(ref: &ConstructorRef): MutatorRef;
public fun generate_burn_ref(ref: &ConstructorRef): BurnRef;
public fun address_from_burn_ref(ref: &BurnRef): address;
#[view]
public fun creator<T: key>(token: Object<T>): address;
#[view]
public fun collection_name<T: key>(token: Object<T>): String;
#[view]
public fun collection_object<T: key>(token: Object<T>): Object<Collection>;
#[view]
public fun description<T: key>(token: Object<T>): String;
#[view]
public fun name<T: key>(token: Object<T>): String;
#[view]
public fun uri<T: key>(token: Object<T>): String;
#[view]
public fun royalty<T: key>(token: Object<T>): Option<Royalty>;
#[view]
public fun index<T: key>(token: Object<T>): u64;
public fun burn(burn_ref: BurnRef);
public fun set_description(mutator_ref: &MutatorRef, description: String);
public fun set_name(mutator_ref: &MutatorRef, name: String);
public fun set_uri(mutator_ref: &MutatorRef, uri: String);
