// aptos_std::smart_vector (the for_each family is inline)
use aptos_std::big_vector::BigVector;
use std::option::Option;
struct SmartVector<T> has store { inline_vec: vector<T>, big_vec: Option<BigVector<T>>, inline_capacity: Option<u64>, bucket_size: Option<u64> }
public fun new<T: store>(): SmartVector<T>;
public fun empty<T: store>(): SmartVector<T>;
public fun empty_with_config<T: store>(inline_capacity: u64, bucket_size: u64): SmartVector<T>;
public fun singleton<T: store>(element: T): SmartVector<T>;
public fun destroy_empty<T>(self: SmartVector<T>);
public fun destroy<T: drop>(self: SmartVector<T>);
public fun clear<T: drop>(self: &mut SmartVector<T>);
public fun borrow<T>(self: &SmartVector<T>, i: u64): &T;
public fun borrow_mut<T>(self: &mut SmartVector<T>, i: u64): &mut T;
public fun append<T: store>(self: &mut SmartVector<T>, other: SmartVector<T>);
public fun add_all<T: store>(self: &mut SmartVector<T>, vals: vector<T>);
public fun to_vector<T: store + copy>(self: &SmartVector<T>): vector<T>;
public fun push_back<T: store>(self: &mut SmartVector<T>, val: T);
public fun pop_back<T>(self: &mut SmartVector<T>): T;
public fun remove<T>(self: &mut SmartVector<T>, i: u64): T;
public fun swap_remove<T>(self: &mut SmartVector<T>, i: u64): T;
public fun swap<T: store>(self: &mut SmartVector<T>, i: u64, j: u64);
public fun reverse<T: store>(self: &mut SmartVector<T>);
public fun index_of<T>(self: &SmartVector<T>, val: &T): (bool, u64);
public fun contains<T>(self: &SmartVector<T>, val: &T): bool;
public fun length<T>(self: &SmartVector<T>): u64;
public fun is_empty<T>(self: &SmartVector<T>): bool;
