// aptos_framework::resource_account
use aptos_framework::account;
use aptos_std::simple_map::{Self, SimpleMap};

struct Container has key {
    store: SimpleMap<address, account::SignerCapability>,
}
public entry fun create_resource_account(origin: &signer, seed: vector<u8>, optional_auth_key: vector<u8>);
public entry fun create_resource_account_and_fund(origin: &signer, seed: vector<u8>, optional_auth_key: vector<u8>, fund_amount: u64);
public entry fun create_resource_account_and_publish_package(origin: &signer, seed: vector<u8>, metadata_serialized: vector<u8>, code: vector<vector<u8>>);
public fun retrieve_resource_account_cap(resource: &signer, source_addr: address): account::SignerCapability;
