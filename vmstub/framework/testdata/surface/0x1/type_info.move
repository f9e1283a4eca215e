// aptos_std::type_info
use std::bcs;
use std::features;
use std::string::{Self, String};
use std::vector;

struct TypeInfo has copy, drop, store {
    account_address: address,
    module_name: vector<u8>,
    struct_name: vector<u8>,
}
public fun account_address(type_info: &TypeInfo): address;
public fun module_name(type_info: &TypeInfo): vector<u8>;
public fun struct_name(type_info: &TypeInfo): vector<u8>;
public fun chain_id(): u8;
public native fun type_of<T>(): TypeInfo;
public native fun type_name<T>(): String;
public fun size_of_val<T>(val_ref: &T): u64;
