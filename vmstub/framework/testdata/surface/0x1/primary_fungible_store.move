// aptos_framework::primary_fungible_store
// (primary_store_address_inlined, primary_store_inlined and
// primary_store_exists_inlined are inline functions: not in bytecode.)
use aptos_framework::fungible_asset::{FungibleAsset, FungibleStore, MintRef, TransferRef, BurnRef};
use aptos_framework::object::{Object, ConstructorRef, DeriveRef};
use std::option::Option;
use std::string::String;
struct DeriveRefPod has key { metadata_derive_ref: DeriveRef }
public fun create_primary_store_enabled_fungible_asset(constructor_ref: &ConstructorRef, maximum_supply: Option<u128>, name: String, symbol: String, decimals: u8, icon_uri: String, project_uri: String);
public fun ensure_primary_store_exists<T: key>(owner: address, metadata: Object<T>): Object<FungibleStore>;
public fun create_primary_store<T: key>(owner_addr: address, metadata: Object<T>): Object<FungibleStore>;
#[view]
public fun primary_store_address<T: key>(owner: address, metadata: Object<T>): address;
#[view]
public fun primary_store<T: key>(owner: address, metadata: Object<T>): Object<FungibleStore>;
#[view]
public fun primary_store_exists<T: key>(account: address, metadata: Object<T>): bool;
public fun grant_permission<T: key>(master: &signer, permissioned: &signer, metadata: Object<T>, amount: u64);
public fun grant_apt_permission(master: &signer, permissioned: &signer, amount: u64);
#[view]
public fun balance<T: key>(account: address, metadata: Object<T>): u64;
#[view]
public fun is_balance_at_least<T: key>(account: address, metadata: Object<T>, amount: u64): bool;
#[view]
public fun is_frozen<T: key>(account: address, metadata: Object<T>): bool;
public fun withdraw<T: key>(owner: &signer, metadata: Object<T>, amount: u64): FungibleAsset;
public fun deposit(owner: address, fa: FungibleAsset);
public fun deposit_with_signer(owner: &signer, fa: FungibleAsset);
public entry fun transfer<T: key>(sender: &signer, metadata: Object<T>, recipient: address, amount: u64);
public entry fun transfer_assert_minimum_deposit<T: key>(sender: &signer, metadata: Object<T>, recipient: address, amount: u64, expected: u64);
public fun mint(mint_ref: &MintRef, owner: address, amount: u64);
public fun burn(burn_ref: &BurnRef, owner: address, amount: u64);
public fun set_frozen_flag(transfer_ref: &TransferRef, owner: address, frozen: bool);
public fun withdraw_with_ref(transfer_ref: &TransferRef, owner: address, amount: u64): FungibleAsset;
public fun deposit_with_ref(transfer_ref: &TransferRef, owner: address, fa: FungibleAsset);
public fun transfer_with_ref(transfer_ref: &TransferRef, from: address, to: address, amount: u64);
