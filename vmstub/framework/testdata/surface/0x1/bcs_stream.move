// aptos_std::bcs_stream (deserialize_vector and deserialize_option are inline)
use std::string::String;
struct BCSStream has drop { data: vector<u8>, cur: u64 }
public fun new(data: vector<u8>): BCSStream;
public fun has_remaining(stream: &mut BCSStream): bool;
public fun deserialize_uleb128(stream: &mut BCSStream): u64;
public fun deserialize_bool(stream: &mut BCSStream): bool;
public fun deserialize_address(stream: &mut BCSStream): address;
public fun deserialize_u8(stream: &mut BCSStream): u8;
public fun deserialize_u16(stream: &mut BCSStream): u16;
public fun deserialize_u32(stream: &mut BCSStream): u32;
public fun deserialize_u64(stream: &mut BCSStream): u64;
public fun deserialize_u128(stream: &mut BCSStream): u128;
public fun deserialize_u256(stream: &mut BCSStream): u256;
public entry fun deserialize_u256_entry(data: vector<u8>, cursor: u64);
public fun deserialize_string(stream: &mut BCSStream): String;
