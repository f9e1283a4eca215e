// aptos_token::token_event_store (friend functions are not listed)
use std::string::String;
use std::signer;
use aptos_framework::event::{Self, EventHandle};
use aptos_framework::account;
use std::option::Option;
use aptos_std::any::Any;
use std::option;
use aptos_token::property_map::PropertyValue;

struct CollectionDescriptionMutateEvent has drop, store {
    creator_addr: address,
    collection_name: String,
    old_description: String,
    new_description: String,
}
#[event]
struct CollectionDescriptionMutate has drop, store {
    creator_addr: address,
    collection_name: String,
    old_description: String,
    new_description: String,
}
struct CollectionUriMutateEvent has drop, store {
    creator_addr: address,
    collection_name: String,
    old_uri: String,
    new_uri: String,
}
#[event]
struct CollectionUriMutate has drop, store {
    creator_addr: address,
    collection_name: String,
    old_uri: String,
    new_uri: String,
}
struct CollectionMaxiumMutateEvent has drop, store {
    creator_addr: address,
    collection_name: String,
    old_maximum: u64,
    new_maximum: u64,
}
#[event]
struct CollectionMaximumMutate has drop, store {
    creator_addr: address,
    collection_name: String,
    old_maximum: u64,
    new_maximum: u64,
}
struct OptInTransferEvent has drop, store {
    opt_in: bool
}
#[event]
struct OptInTransfer has drop, store {
    account_address: address,
    opt_in: bool
}
struct UriMutationEvent has drop, store {
    creator: address,
    collection: String,
    token: String,
    old_uri: String,
    new_uri: String,
}
#[event]
struct UriMutation has drop, store {
    creator: address,
    collection: String,
    token: String,
    old_uri: String,
    new_uri: String,
}
struct DefaultPropertyMutateEvent has drop, store {
    creator: address,
    collection: String,
    token: String,
    keys: vector<String>,
    old_values: vector<Option<PropertyValue>>,
    new_values: vector<PropertyValue>,
}
#[event]
struct DefaultPropertyMutate has drop, store {
    creator: address,
    collection: String,
    token: String,
    keys: vector<String>,
    old_values: vector<Option<PropertyValue>>,
    new_values: vector<PropertyValue>,
}
struct DescriptionMutateEvent has drop, store {
    creator: address,
    collection: String,
    token: String,
    old_description: String,
    new_description: String,
}
#[event]
struct DescriptionMutate has drop, store {
    creator: address,
    collection: String,
    token: String,
    old_description: String,
    new_description: String,
}
struct RoyaltyMutateEvent has drop, store {
    creator: address,
    collection: String,
    token: String,
    old_royalty_numerator: u64,
    old_royalty_denominator: u64,
    old_royalty_payee_addr: address,
    new_royalty_numerator: u64,
    new_royalty_denominator: u64,
    new_royalty_payee_addr: address,
}
#[event]
struct RoyaltyMutate has drop, store {
    creator: address,
    collection: String,
    token: String,
    old_royalty_numerator: u64,
    old_royalty_denominator: u64,
    old_royalty_payee_addr: address,
    new_royalty_numerator: u64,
    new_royalty_denominator: u64,
    new_royalty_payee_addr: address,
}
struct MaxiumMutateEvent has drop, store {
    creator: address,
    collection: String,
    token: String,
    old_maximum: u64,
    new_maximum: u64,
}
#[event]
struct MaximumMutate has drop, store {
    creator: address,
    collection: String,
    token: String,
    old_maximum: u64,
    new_maximum: u64,
}
struct TokenEventStoreV1 has key {
    collection_uri_mutate_events: EventHandle<CollectionUriMutateEvent>,
    collection_maximum_mutate_events: EventHandle<CollectionMaxiumMutateEvent>,
    collection_description_mutate_events: EventHandle<CollectionDescriptionMutateEvent>,
    opt_in_events: EventHandle<OptInTransferEvent>,
    uri_mutate_events: EventHandle<UriMutationEvent>,
    default_property_mutate_events: EventHandle<DefaultPropertyMutateEvent>,
    description_mutate_events: EventHandle<DescriptionMutateEvent>,
    royalty_mutate_events: EventHandle<RoyaltyMutateEvent>,
    maximum_mutate_events: EventHandle<MaxiumMutateEvent>,
    extension: Option<Any>,
}
#[deprecated]
#[event]
struct CollectionMaxiumMutate has drop, store {
    creator_addr: address,
    collection_name: String,
    old_maximum: u64,
    new_maximum: u64,
}
