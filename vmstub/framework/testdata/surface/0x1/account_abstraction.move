// aptos_framework::account_abstraction
use std::option::{Self, Option};
use std::string::{Self, String};
use aptos_std::ordered_map::{Self, OrderedMap};
use aptos_std::big_ordered_map::{Self, BigOrderedMap};
use aptos_framework::function_info::{Self, FunctionInfo};
use aptos_framework::auth_data::AbstractionAuthData;
#[event]
struct UpdateDispatchableAuthenticator has store, drop {
    account: address,
    update: vector<u8>,
    auth_function: FunctionInfo,
}
#[event]
struct RemoveDispatchableAuthenticator has store, drop {
    account: address,
}
enum DispatchableAuthenticator has key, copy, drop {
    V1 { auth_functions: OrderedMap<FunctionInfo, bool> }
}
enum DerivableRegisterValue has store {
    Empty,
}
enum DerivableDispatchableAuthenticator has key {
    V1 { auth_functions: BigOrderedMap<FunctionInfo, DerivableRegisterValue> }
}
#[view]
public fun using_dispatchable_authenticator(addr: address): bool;
#[view]
public fun dispatchable_authenticator(addr: address): Option<vector<FunctionInfo>>;
#[view]
public fun derive_account_address_view(
    module_address: address,
    module_name: String,
    function_name: String,
    abstract_public_key: vector<u8>
): address;
public fun derive_account_address(derivable_func_info: FunctionInfo, abstract_public_key: &vector<u8>): address;
entry fun add_authentication_function(
    account: &signer,
    module_address: address,
    module_name: String,
    function_name: String,
);
entry fun remove_authentication_function(
    account: &signer,
    module_address: address,
    module_name: String,
    function_name: String,
);
entry fun remove_authenticator(
    account: &signer,
);
public entry fun register_derivable_authentication_function(
    aptos_framework: &signer,
    module_address: address,
    module_name: String,
    function_name: String,
);
#[deprecated]
public entry fun add_dispatchable_authentication_function(
    _account: &signer,
    _module_address: address,
    _module_name: String,
    _function_name: String,
);
#[deprecated]
public entry fun remove_dispatchable_authentication_function(
    _account: &signer,
    _module_address: address,
    _module_name: String,
    _function_name: String,
);
#[deprecated]
public entry fun remove_dispatchable_authenticator(
    _account: &signer,
);
