// aptos_token_objects::collection
use std::error;
use std::features;
use std::option::{Self, Option};
use std::signer;
use std::string::{Self, String};
use aptos_framework::aggregator_v2::{Self, Aggregator, AggregatorSnapshot};
use aptos_framework::event;
use aptos_framework::object::{Self, ConstructorRef, ExtendRef, Object};
use aptos_token_objects::royalty::{Self, Royalty};

#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct Collection has key {
    creator: address,
    description: String,
    name: String,
    uri: String,
    mutation_events: event::EventHandle<MutationEvent>,
}
struct MutatorRef has drop, store {
    self: address,
}
struct MutationEvent has drop, store {
    mutated_field_name: String,
}
#[event]
struct Mutation has drop, store {
    mutated_field_name: String,
    collection: Object<Collection>,
    old_value: String,
    new_value: String,
}
#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct FixedSupply has key {
    current_supply: u64,
    max_supply: u64,
    total_minted: u64,
    burn_events: event::EventHandle<BurnEvent>,
    mint_events: event::EventHandle<MintEvent>,
}
#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct UnlimitedSupply has key {
    current_supply: u64,
    total_minted: u64,
    burn_events: event::EventHandle<BurnEvent>,
    mint_events: event::EventHandle<MintEvent>,
}
#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct ConcurrentSupply has key {
    current_supply: Aggregator<u64>,
    total_minted: Aggregator<u64>,
}
struct BurnEvent has drop, store {
    index: u64,
    token: address,
}
struct MintEvent has drop, store {
    index: u64,
    token: address,
}
#[event]
struct Burn has drop, store {
    collection: address,
    index: u64,
    token: address,
    previous_owner: address,
}
#[event]
struct Mint has drop, store {
    collection: address,
    index: AggregatorSnapshot<u64>,
    token: address,
}
#[deprecated]
#[event]
struct ConcurrentBurnEvent has drop, store {
    collection_addr: address,
    index: u64,
    token: address,
}
#[deprecated]
#[event]
struct ConcurrentMintEvent has drop, store {
    collection_addr: address,
    index: AggregatorSnapshot<u64>,
    token: address,
}
#[event]
struct SetMaxSupply has drop, store {
    collection: Object<Collection>,
    old_max_supply: u64,
    new_max_supply: u64,
}

public fun create_fixed_collection(creator: &signer, description: String, max_supply: u64, name: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_fixed_collection_as_owner(creator: &signer, description: String, max_supply: u64, name: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_unlimited_collection(creator: &signer, description: String, name: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_unlimited_collection_as_owner(creator: &signer, description: String, name: String, royalty: Option<Royalty>, uri: String): ConstructorRef;
public fun create_collection_address(creator: &address, name: &String): address;
public fun create_collection_seed(name: &String): vector<u8>;
public(friend) fun increment_supply(collection: &Object<Collection>, token: address): Option<AggregatorSnapshot<u64>>;
public(friend) fun decrement_supply(collection: &Object<Collection>, token: address, index: Option<u64>, previous_owner: address);
public fun generate_mutator_ref(ref: &ConstructorRef): MutatorRef;
public fun upgrade_to_concurrent(ref: &ExtendRef);
#[view]
public fun count<T: key>(collection: Object<T>): Option<u64>;
#[view]
public fun creator<T: key>(collection: Object<T>): address;
#[view]
public fun description<T: key>(collection: Object<T>): String;
#[view]
public fun name<T: key>(collection: Object<T>): String;
#[view]
public fun uri<T: key>(collection: Object<T>): String;
public fun set_name(mutator_ref: &MutatorRef, name: String);
public fun set_description(mutator_ref: &MutatorRef, description: String);
public fun set_uri(mutator_ref: &MutatorRef, uri: String);
public fun set_max_supply(mutator_ref: &MutatorRef, max_supply: u64);
