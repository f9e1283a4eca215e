// aptos_std::simple_map (destroy is inline)
use std::option::Option;
struct SimpleMap<Key, Value> has copy, drop, store { data: vector<Element<Key, Value>> }
struct Element<Key, Value> has copy, drop, store { key: Key, value: Value }
public fun length<Key: store, Value: store>(self: &SimpleMap<Key, Value>): u64;
public fun new<Key: store, Value: store>(): SimpleMap<Key, Value>;
public fun new_from<Key: store, Value: store>(keys: vector<Key>, values: vector<Value>): SimpleMap<Key, Value>;
public fun create<Key: store, Value: store>(): SimpleMap<Key, Value>;
public fun borrow<Key: store, Value: store>(self: &SimpleMap<Key, Value>, key: &Key): &Value;
public fun borrow_mut<Key: store, Value: store>(self: &mut SimpleMap<Key, Value>, key: &Key): &mut Value;
public fun contains_key<Key: store, Value: store>(self: &SimpleMap<Key, Value>, key: &Key): bool;
public fun destroy_empty<Key: store, Value: store>(self: SimpleMap<Key, Value>);
public fun add<Key: store, Value: store>(self: &mut SimpleMap<Key, Value>, key: Key, value: Value);
public fun add_all<Key: store, Value: store>(self: &mut SimpleMap<Key, Value>, keys: vector<Key>, values: vector<Value>);
public fun upsert<Key: store, Value: store>(self: &mut SimpleMap<Key, Value>, key: Key, value: Value): (Option<Key>, Option<Value>);
public fun keys<Key: copy, Value>(self: &SimpleMap<Key, Value>): vector<Key>;
public fun values<Key, Value: copy>(self: &SimpleMap<Key, Value>): vector<Value>;
public fun to_vec_pair<Key: store, Value: store>(self: SimpleMap<Key, Value>): (vector<Key>, vector<Value>);
public fun remove<Key: store, Value: store>(self: &mut SimpleMap<Key, Value>, key: &Key): (Key, Value);
