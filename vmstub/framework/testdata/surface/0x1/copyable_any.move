// aptos_std::copyable_any
use aptos_std::type_info;
use aptos_std::from_bcs::from_bytes;
use std::bcs;
use std::error;
use std::string::String;

struct Any has drop, store, copy {
    type_name: String,
    data: vector<u8>
}
public fun pack<T: drop + store + copy>(x: T): Any;
public fun unpack<T>(x: Any): T;
public fun type_name(x: &Any): &String;
