// aptos_framework::dispatchable_fungible_asset
use aptos_framework::fungible_asset::{FungibleAsset, TransferRef};
use aptos_framework::function_info::FunctionInfo;
use aptos_framework::object::{Object, ConstructorRef};
use std::option::Option;
struct TransferRefStore has key { transfer_ref: TransferRef }
public fun register_dispatch_functions(constructor_ref: &ConstructorRef, withdraw_function: Option<FunctionInfo>, deposit_function: Option<FunctionInfo>, derived_balance_function: Option<FunctionInfo>);
public fun register_derive_supply_dispatch_function(constructor_ref: &ConstructorRef, dispatch_function: Option<FunctionInfo>);
public fun withdraw<T: key>(owner: &signer, store: Object<T>, amount: u64): FungibleAsset;
public fun deposit<T: key>(store: Object<T>, fa: FungibleAsset);
public entry fun transfer<T: key>(sender: &signer, from: Object<T>, to: Object<T>, amount: u64);
public entry fun transfer_assert_minimum_deposit<T: key>(sender: &signer, from: Object<T>, to: Object<T>, amount: u64, expected: u64);
#[view]
public fun derived_balance<T: key>(store: Object<T>): u64;
#[view]
public fun is_derived_balance_at_least<T: key>(store: Object<T>, amount: u64): bool;
#[view]
public fun derived_supply<T: key>(metadata: Object<T>): Option<u128>;
