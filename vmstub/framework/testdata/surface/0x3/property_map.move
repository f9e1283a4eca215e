// aptos_token::property_map
use std::bcs;
use std::error;
use std::string::{Self, String};
use aptos_std::from_bcs;
use aptos_std::simple_map::{Self, SimpleMap};
use aptos_std::type_info::type_name;

struct PropertyMap has copy, drop, store {
    map: SimpleMap<String, PropertyValue>,
}
struct PropertyValue has store, copy, drop {
    value: vector<u8>,
    type: String,
}

public fun new(keys: vector<String>, values: vector<vector<u8>>, types: vector<String>): PropertyMap;
public fun new_with_key_and_property_value(keys: vector<String>, values: vector<PropertyValue>): PropertyMap;
public fun empty(): PropertyMap;
public fun contains_key(self: &PropertyMap, key: &String): bool;
public fun add(self: &mut PropertyMap, key: String, value: PropertyValue);
public fun length(self: &PropertyMap): u64;
public fun borrow(self: &PropertyMap, key: &String): &PropertyValue;
public fun keys(self: &PropertyMap): vector<String>;
public fun types(self: &PropertyMap): vector<String>;
public fun values(self: &PropertyMap): vector<vector<u8>>;
public fun read_string(self: &PropertyMap, key: &String): String;
public fun read_u8(self: &PropertyMap, key: &String): u8;
public fun read_u64(self: &PropertyMap, key: &String): u64;
public fun read_address(self: &PropertyMap, key: &String): address;
public fun read_u128(self: &PropertyMap, key: &String): u128;
public fun read_bool(self: &PropertyMap, key: &String): bool;
public fun borrow_value(self: &PropertyValue): vector<u8>;
public fun borrow_type(self: &PropertyValue): String;
public fun remove(self: &mut PropertyMap, key: &String): (String, PropertyValue);
public fun update_property_map(self: &mut PropertyMap, keys: vector<String>, values: vector<vector<u8>>, types: vector<String>);
public fun update_property_value(self: &mut PropertyMap, key: &String, value: PropertyValue);
public fun create_property_value_raw(value: vector<u8>, type: String): PropertyValue;
public fun create_property_value<T: copy>(data: &T): PropertyValue;
