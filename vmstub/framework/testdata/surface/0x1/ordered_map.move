// aptos_std::ordered_map (destroy, for_each_ref and for_each_mut are inline;
// the other iterator functions and replace_key_inplace are friend-only)
use std::option::Option;
struct Entry<K, V> has copy, drop, store { key: K, value: V }
enum OrderedMap<K, V> has copy, drop, store { SortedVectorMap { entries: vector<Entry<K, V>> } }
enum Iterator has copy, drop { End, Position { index: u64 } }
// IteratorPtr, the later name of Iterator (big_ordered_map::IteratorPtr holds one)
enum IteratorPtr has copy, drop { End, Position { index: u64 } }
public fun new<K, V>(): OrderedMap<K, V>;
public fun new_from<K, V>(keys: vector<K>, values: vector<V>): OrderedMap<K, V>;
public fun length<K, V>(self: &OrderedMap<K, V>): u64;
public fun is_empty<K, V>(self: &OrderedMap<K, V>): bool;
public fun add<K, V>(self: &mut OrderedMap<K, V>, key: K, value: V);
public fun upsert<K: drop, V>(self: &mut OrderedMap<K, V>, key: K, value: V): Option<V>;
public fun remove<K: drop, V>(self: &mut OrderedMap<K, V>, key: &K): V;
public fun contains<K, V>(self: &OrderedMap<K, V>, key: &K): bool;
public fun borrow<K, V>(self: &OrderedMap<K, V>, key: &K): &V;
public fun borrow_mut<K, V>(self: &mut OrderedMap<K, V>, key: &K): &mut V;
public fun add_all<K, V>(self: &mut OrderedMap<K, V>, keys: vector<K>, values: vector<V>);
public fun append<K, V>(self: &mut OrderedMap<K, V>, other: OrderedMap<K, V>);
public fun trim<K, V>(self: &mut OrderedMap<K, V>, at: u64): OrderedMap<K, V>;
public fun iter_is_begin<K, V>(self: &Iterator, map: &OrderedMap<K, V>): bool;
public fun destroy_empty<K, V>(self: OrderedMap<K, V>);
public fun keys<K: copy, V>(self: &OrderedMap<K, V>): vector<K>;
public fun values<K, V: copy>(self: &OrderedMap<K, V>): vector<V>;
public fun to_vec_pair<K, V>(self: OrderedMap<K, V>): (vector<K>, vector<V>);
