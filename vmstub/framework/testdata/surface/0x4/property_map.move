// aptos_token_objects::property_map
use std::bcs;
use std::vector;
use std::error;
use std::string::{Self, String};
use aptos_std::from_bcs;
use aptos_std::simple_map::{Self, SimpleMap};
use aptos_std::type_info;
use aptos_framework::object::{Self, ConstructorRef, Object, ExtendRef, ObjectCore};

#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct PropertyMap has drop, key {
    inner: SimpleMap<String, PropertyValue>,
}
struct PropertyValue has drop, store {
    type: u8,
    value: vector<u8>,
}
struct MutatorRef has drop, store {
    self: address,
}

public fun init(ref: &ConstructorRef, container: PropertyMap);
public fun extend(ref: &ExtendRef, container: PropertyMap);
public fun burn(ref: MutatorRef);
public fun prepare_input(keys: vector<String>, types: vector<String>, values: vector<vector<u8>>): PropertyMap;
public fun generate_mutator_ref(ref: &ConstructorRef): MutatorRef;
public fun contains_key<T: key>(object: &Object<T>, key: &String): bool;
public fun length<T: key>(object: &Object<T>): u64;
public fun read<T: key>(object: &Object<T>, key: &String): (String, vector<u8>);
public fun read_bool<T: key>(object: &Object<T>, key: &String): bool;
public fun read_u8<T: key>(object: &Object<T>, key: &String): u8;
public fun read_u16<T: key>(object: &Object<T>, key: &String): u16;
public fun read_u32<T: key>(object: &Object<T>, key: &String): u32;
public fun read_u64<T: key>(object: &Object<T>, key: &String): u64;
public fun read_u128<T: key>(object: &Object<T>, key: &String): u128;
public fun read_u256<T: key>(object: &Object<T>, key: &String): u256;
public fun read_address<T: key>(object: &Object<T>, key: &String): address;
public fun read_bytes<T: key>(object: &Object<T>, key: &String): vector<u8>;
public fun read_string<T: key>(object: &Object<T>, key: &String): String;
public fun add(ref: &MutatorRef, key: String, type: String, value: vector<u8>);
public fun add_typed<T: drop>(ref: &MutatorRef, key: String, value: T);
public fun update(ref: &MutatorRef, key: &String, type: String, value: vector<u8>);
public fun update_typed<T: drop>(ref: &MutatorRef, key: &String, value: T);
public fun remove(ref: &MutatorRef, key: &String);
