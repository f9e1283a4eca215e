// std::string, Aptos's declarations.
use std::vector;
use std::option::{Self, Option};
struct String has copy, drop, store { bytes: vector<u8> }
public fun utf8(bytes: vector<u8>): String;
public fun try_utf8(bytes: vector<u8>): Option<String>;
public fun bytes(self: &String): &vector<u8>;
public fun is_empty(self: &String): bool;
public fun length(self: &String): u64;
public fun append(self: &mut String, r: String);
public fun append_utf8(self: &mut String, bytes: vector<u8>);
public fun insert(self: &mut String, at: u64, o: String);
public fun sub_string(self: &String, i: u64, j: u64): String;
public fun index_of(self: &String, r: &String): u64;
public native fun internal_check_utf8(v: &vector<u8>): bool;
