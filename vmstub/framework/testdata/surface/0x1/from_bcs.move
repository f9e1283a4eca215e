// aptos_std::from_bcs
use std::string::{Self, String};

public fun to_bool(v: vector<u8>): bool;
public fun to_u8(v: vector<u8>): u8;
public fun to_u16(v: vector<u8>): u16;
public fun to_u32(v: vector<u8>): u32;
public fun to_u64(v: vector<u8>): u64;
public fun to_u128(v: vector<u8>): u128;
public fun to_u256(v: vector<u8>): u256;
public fun to_address(v: vector<u8>): address;
public fun to_bytes(v: vector<u8>): vector<u8>;
public fun to_string(v: vector<u8>): String;
public(friend) native fun from_bytes<T>(bytes: vector<u8>): T;
