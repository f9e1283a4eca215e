// aptos_std::aptos_hash
use std::bcs;
use std::features;

native public fun sip_hash(bytes: vector<u8>): u64;
public fun sip_hash_from_value<MoveValue>(v: &MoveValue): u64;
native public fun keccak256(bytes: vector<u8>): vector<u8>;
public fun sha2_512(bytes: vector<u8>): vector<u8>;
public fun sha3_512(bytes: vector<u8>): vector<u8>;
public fun ripemd160(bytes: vector<u8>): vector<u8>;
public fun blake2b_256(bytes: vector<u8>): vector<u8>;
