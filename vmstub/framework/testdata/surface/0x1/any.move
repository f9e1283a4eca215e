// aptos_std::any
use aptos_std::type_info;
use aptos_std::from_bcs::from_bytes;
use std::bcs::to_bytes;
use std::error;
use std::string::String;

struct Any has drop, store {
    type_name: String,
    data: vector<u8>
}
public fun pack<T: drop + store>(x: T): Any;
public fun unpack<T>(self: Any): T;
public fun type_name(self: &Any): &String;
