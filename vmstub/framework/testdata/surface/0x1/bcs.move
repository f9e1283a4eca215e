// std::bcs
use std::option::Option;
native public fun to_bytes<MoveValue>(v: &MoveValue): vector<u8>;
native public fun serialized_size<MoveValue>(v: &MoveValue): u64;
native public fun constant_serialized_size<MoveValue>(): Option<u64>;
