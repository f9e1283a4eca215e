// aptos_token::token
use std::error;
use std::option::{Self, Option};
use std::signer;
use std::string::{Self, String};
use std::vector;
use aptos_framework::account;
use aptos_framework::event::{Self, EventHandle};
use aptos_framework::timestamp;
use aptos_std::table::{Self, Table};
use aptos_token::property_map::{Self, PropertyMap, PropertyValue};
use aptos_token::token_event_store;

struct Token has store {
    id: TokenId,
    amount: u64,
    token_properties: PropertyMap,
}
struct TokenId has store, copy, drop {
    token_data_id: TokenDataId,
    property_version: u64,
}
struct TokenDataId has copy, drop, store {
    creator: address,
    collection: String,
    name: String,
}
struct TokenData has store {
    maximum: u64,
    largest_property_version: u64,
    supply: u64,
    uri: String,
    royalty: Royalty,
    name: String,
    description: String,
    default_properties: PropertyMap,
    mutability_config: TokenMutabilityConfig,
}
struct Royalty has copy, drop, store {
    royalty_points_numerator: u64,
    royalty_points_denominator: u64,
    payee_address: address,
}
struct TokenMutabilityConfig has copy, store, drop {
    maximum: bool,
    uri: bool,
    royalty: bool,
    description: bool,
    properties: bool,
}
struct TokenStore has key {
    tokens: Table<TokenId, Token>,
    direct_transfer: bool,
    deposit_events: EventHandle<DepositEvent>,
    withdraw_events: EventHandle<WithdrawEvent>,
    burn_events: EventHandle<BurnTokenEvent>,
    mutate_token_property_events: EventHandle<MutateTokenPropertyMapEvent>,
}
struct CollectionMutabilityConfig has copy, store, drop {
    description: bool,
    uri: bool,
    maximum: bool,
}
struct Collections has key {
    collection_data: Table<String, CollectionData>,
    token_data: Table<TokenDataId, TokenData>,
    create_collection_events: EventHandle<CreateCollectionEvent>,
    create_token_data_events: EventHandle<CreateTokenDataEvent>,
    mint_token_events: EventHandle<MintTokenEvent>,
}
struct CollectionData has store {
    description: String,
    name: String,
    uri: String,
    supply: u64,
    maximum: u64,
    mutability_config: CollectionMutabilityConfig,
}
struct WithdrawCapability has drop, store {
    token_owner: address,
    token_id: TokenId,
    amount: u64,
    expiration_sec: u64,
}
struct DepositEvent has drop, store {
    id: TokenId,
    amount: u64,
}
#[event]
struct TokenDeposit has drop, store {
    account: address,
    id: TokenId,
    amount: u64,
}
#[deprecated]
#[event]
struct Deposit has drop, store {
    id: TokenId,
    amount: u64,
}
struct WithdrawEvent has drop, store {
    id: TokenId,
    amount: u64,
}
#[deprecated]
#[event]
struct Withdraw has drop, store {
    id: TokenId,
    amount: u64,
}
#[event]
struct TokenWithdraw has drop, store {
    account: address,
    id: TokenId,
    amount: u64,
}
struct CreateTokenDataEvent has drop, store {
    id: TokenDataId,
    description: String,
    maximum: u64,
    uri: String,
    royalty_payee_address: address,
    royalty_points_denominator: u64,
    royalty_points_numerator: u64,
    name: String,
    mutability_config: TokenMutabilityConfig,
    property_keys: vector<String>,
    property_values: vector<vector<u8>>,
    property_types: vector<String>,
}
#[deprecated]
#[event]
struct CreateTokenData has drop, store {
    id: TokenDataId,
    description: String,
    maximum: u64,
    uri: String,
    royalty_payee_address: address,
    royalty_points_denominator: u64,
    royalty_points_numerator: u64,
    name: String,
    mutability_config: TokenMutabilityConfig,
    property_keys: vector<String>,
    property_values: vector<vector<u8>>,
    property_types: vector<String>,
}
#[event]
struct TokenDataCreation has drop, store {
    creator: address,
    id: TokenDataId,
    description: String,
    maximum: u64,
    uri: String,
    royalty_payee_address: address,
    royalty_points_denominator: u64,
    royalty_points_numerator: u64,
    name: String,
    mutability_config: TokenMutabilityConfig,
    property_keys: vector<String>,
    property_values: vector<vector<u8>>,
    property_types: vector<String>,
}
struct MintTokenEvent has drop, store {
    id: TokenDataId,
    amount: u64,
}
#[deprecated]
#[event]
struct MintToken has drop, store {
    id: TokenDataId,
    amount: u64,
}
#[event]
struct Mint has drop, store {
    creator: address,
    id: TokenDataId,
    amount: u64,
}
struct BurnTokenEvent has drop, store {
    id: TokenId,
    amount: u64,
}
#[deprecated]
#[event]
struct BurnToken has drop, store {
    id: TokenId,
    amount: u64,
}
#[event]
struct Burn has drop, store {
    account: address,
    id: TokenId,
    amount: u64,
}
struct MutateTokenPropertyMapEvent has drop, store {
    old_id: TokenId,
    new_id: TokenId,
    keys: vector<String>,
    values: vector<vector<u8>>,
    types: vector<String>,
}
#[deprecated]
#[event]
struct MutateTokenPropertyMap has drop, store {
    old_id: TokenId,
    new_id: TokenId,
    keys: vector<String>,
    values: vector<vector<u8>>,
    types: vector<String>,
}
#[event]
struct MutatePropertyMap has drop, store {
    account: address,
    old_id: TokenId,
    new_id: TokenId,
    keys: vector<String>,
    values: vector<vector<u8>>,
    types: vector<String>,
}
struct CreateCollectionEvent has drop, store {
    creator: address,
    collection_name: String,
    uri: String,
    description: String,
    maximum: u64,
}
#[event]
struct CreateCollection has drop, store {
    creator: address,
    collection_name: String,
    uri: String,
    description: String,
    maximum: u64,
}

public entry fun create_collection_script(creator: &signer, name: String, description: String, uri: String, maximum: u64, mutate_setting: vector<bool>);
public entry fun create_token_script(account: &signer, collection: String, name: String, description: String, balance: u64, maximum: u64, uri: String, royalty_payee_address: address, royalty_points_denominator: u64, royalty_points_numerator: u64, mutate_setting: vector<bool>, property_keys: vector<String>, property_values: vector<vector<u8>>, property_types: vector<String>);
public entry fun mint_script(account: &signer, token_data_address: address, collection: String, name: String, amount: u64);
public entry fun mutate_token_properties(account: &signer, token_owner: address, creator: address, collection_name: String, token_name: String, token_property_version: u64, amount: u64, keys: vector<String>, values: vector<vector<u8>>, types: vector<String>);
public entry fun direct_transfer_script(sender: &signer, receiver: &signer, creators_address: address, collection: String, name: String, property_version: u64, amount: u64);
public entry fun opt_in_direct_transfer(account: &signer, opt_in: bool);
public entry fun transfer_with_opt_in(from: &signer, creator: address, collection_name: String, token_name: String, token_property_version: u64, to: address, amount: u64);
public entry fun burn_by_creator(creator: &signer, owner: address, collection: String, name: String, property_version: u64, amount: u64);
public entry fun burn(owner: &signer, creators_address: address, collection: String, name: String, property_version: u64, amount: u64);
public fun mutate_collection_description(creator: &signer, collection_name: String, description: String);
public fun mutate_collection_uri(creator: &signer, collection_name: String, uri: String);
public fun mutate_collection_maximum(creator: &signer, collection_name: String, maximum: u64);
public fun mutate_tokendata_maximum(creator: &signer, token_data_id: TokenDataId, maximum: u64);
public fun mutate_tokendata_uri(creator: &signer, token_data_id: TokenDataId, uri: String);
public fun mutate_tokendata_royalty(creator: &signer, token_data_id: TokenDataId, royalty: Royalty);
public fun mutate_tokendata_description(creator: &signer, token_data_id: TokenDataId, description: String);
public fun mutate_tokendata_property(creator: &signer, token_data_id: TokenDataId, keys: vector<String>, values: vector<vector<u8>>, types: vector<String>);
public fun mutate_one_token(account: &signer, token_owner: address, token_id: TokenId, keys: vector<String>, values: vector<vector<u8>>, types: vector<String>): TokenId;
public fun create_royalty(royalty_points_numerator: u64, royalty_points_denominator: u64, payee_address: address): Royalty;
public fun deposit_token(account: &signer, token: Token);
public fun direct_deposit_with_opt_in(account_addr: address, token: Token);
public fun direct_transfer(sender: &signer, receiver: &signer, token_id: TokenId, amount: u64);
public fun initialize_token_store(account: &signer);
public fun merge(dst_token: &mut Token, source_token: Token);
public fun split(dst_token: &mut Token, amount: u64): Token;
public fun token_id(token: &Token): &TokenId;
public fun transfer(from: &signer, id: TokenId, to: address, amount: u64);
public fun create_withdraw_capability(owner: &signer, token_id: TokenId, amount: u64, expiration_sec: u64): WithdrawCapability;
public fun withdraw_with_capability(withdraw_proof: WithdrawCapability): Token;
public fun partial_withdraw_with_capability(withdraw_proof: WithdrawCapability, withdraw_amount: u64): (Token, Option<WithdrawCapability>);
public fun withdraw_token(account: &signer, id: TokenId, amount: u64): Token;
public fun create_collection(creator: &signer, name: String, description: String, uri: String, maximum: u64, mutate_setting: vector<bool>);
public fun check_collection_exists(creator: address, name: String): bool;
public fun check_tokendata_exists(creator: address, collection_name: String, token_name: String): bool;
public fun create_tokendata(account: &signer, collection: String, name: String, description: String, maximum: u64, uri: String, royalty_payee_address: address, royalty_points_denominator: u64, royalty_points_numerator: u64, token_mutate_config: TokenMutabilityConfig, property_keys: vector<String>, property_values: vector<vector<u8>>, property_types: vector<String>): TokenDataId;
public fun get_collection_supply(creator_address: address, collection_name: String): Option<u64>;
public fun get_collection_description(creator_address: address, collection_name: String): String;
public fun get_collection_uri(creator_address: address, collection_name: String): String;
public fun get_collection_maximum(creator_address: address, collection_name: String): u64;
public fun get_token_supply(creator_address: address, token_data_id: TokenDataId): Option<u64>;
public fun get_tokendata_largest_property_version(creator_address: address, token_data_id: TokenDataId): u64;
public fun get_token_id(token: &Token): TokenId;
public fun get_direct_transfer(receiver: address): bool;
public fun create_token_mutability_config(mutate_setting: &vector<bool>): TokenMutabilityConfig;
public fun create_collection_mutability_config(mutate_setting: &vector<bool>): CollectionMutabilityConfig;
public fun mint_token(account: &signer, token_data_id: TokenDataId, amount: u64): TokenId;
public fun mint_token_to(account: &signer, receiver: address, token_data_id: TokenDataId, amount: u64);
public fun create_token_id(token_data_id: TokenDataId, property_version: u64): TokenId;
public fun create_token_data_id(creator: address, collection: String, name: String): TokenDataId;
public fun create_token_id_raw(creator: address, collection: String, name: String, property_version: u64): TokenId;
public fun balance_of(owner: address, id: TokenId): u64;
public fun has_token_store(owner: address): bool;
public fun get_royalty(token_id: TokenId): Royalty;
public fun get_royalty_numerator(royalty: &Royalty): u64;
public fun get_royalty_denominator(royalty: &Royalty): u64;
public fun get_royalty_payee(royalty: &Royalty): address;
public fun get_token_amount(token: &Token): u64;
public fun get_token_id_fields(token_id: &TokenId): (address, String, String, u64);
public fun get_token_data_id_fields(token_data_id: &TokenDataId): (address, String, String);
public fun get_property_map(owner: address, token_id: TokenId): PropertyMap;
public fun get_tokendata_maximum(token_data_id: TokenDataId): u64;
public fun get_tokendata_uri(creator: address, token_data_id: TokenDataId): String;
public fun get_tokendata_description(token_data_id: TokenDataId): String;
public fun get_tokendata_royalty(token_data_id: TokenDataId): Royalty;
public fun get_tokendata_id(token_id: TokenId): TokenDataId;
public fun get_tokendata_mutability_config(token_data_id: TokenDataId): TokenMutabilityConfig;
public fun get_token_mutability_maximum(config: &TokenMutabilityConfig): bool;
public fun get_token_mutability_royalty(config: &TokenMutabilityConfig): bool;
public fun get_token_mutability_uri(config: &TokenMutabilityConfig): bool;
public fun get_token_mutability_description(config: &TokenMutabilityConfig): bool;
public fun get_token_mutability_default_properties(config: &TokenMutabilityConfig): bool;
#[view]
public fun get_collection_mutability_config(creator: address, collection_name: String): CollectionMutabilityConfig;
public fun get_collection_mutability_description(config: &CollectionMutabilityConfig): bool;
public fun get_collection_mutability_uri(config: &CollectionMutabilityConfig): bool;
public fun get_collection_mutability_maximum(config: &CollectionMutabilityConfig): bool;
public entry fun initialize_token_script(_account: &signer);
public fun initialize_token(_account: &signer, _token_id: TokenId);
