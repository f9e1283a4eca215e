// aptos_std::big_ordered_map (the version with Node as enum V1 and
// IteratorPtr, whose iterator functions, lower_bound and find are
// public(friend); for_each_and_clear, for_each, for_each_ref, for_each_mut
// and destroy are inline)
use std::option::Option;
use aptos_std::ordered_map::{Self, OrderedMap};
use aptos_std::storage_slots_allocator::{StorageSlotsAllocator, StoredSlot};
enum Node<K: store, V: store> has store { V1 { is_leaf: bool, children: OrderedMap<K, Child<V>>, prev: u64, next: u64 } }
enum Child<V: store> has store { Inner { node_index: StoredSlot }, Leaf { value: V } }
enum IteratorPtr<K> has copy, drop { End, Some { node_index: u64, child_iter: ordered_map::IteratorPtr, key: K } }
enum BigOrderedMap<K: store, V: store> has store { BPlusTreeMap { root: Node<K, V>, nodes: StorageSlotsAllocator<Node<K, V>>, min_leaf_index: u64, max_leaf_index: u64, constant_kv_size: bool, inner_max_degree: u16, leaf_max_degree: u16 } }
public fun new<K: store, V: store>(): BigOrderedMap<K, V>;
public fun new_with_reusable<K: store, V: store>(): BigOrderedMap<K, V>;
public fun new_with_type_size_hints<K: store, V: store>(avg_key_bytes: u64, max_key_bytes: u64, avg_value_bytes: u64, max_value_bytes: u64): BigOrderedMap<K, V>;
public fun new_with_config<K: store, V: store>(inner_max_degree: u16, leaf_max_degree: u16, reuse_slots: bool): BigOrderedMap<K, V>;
public fun new_from<K: drop + copy + store, V: store>(keys: vector<K>, values: vector<V>): BigOrderedMap<K, V>;
public fun destroy_empty<K: store, V: store>(self: BigOrderedMap<K, V>);
public fun allocate_spare_slots<K: store, V: store>(self: &mut BigOrderedMap<K, V>, num_to_allocate: u64);
public fun is_empty<K: store, V: store>(self: &BigOrderedMap<K, V>): bool;
public fun compute_length<K: store, V: store>(self: &BigOrderedMap<K, V>): u64;
public fun add<K: drop + copy + store, V: store>(self: &mut BigOrderedMap<K, V>, key: K, value: V);
public fun upsert<K: drop + copy + store, V: store>(self: &mut BigOrderedMap<K, V>, key: K, value: V): Option<V>;
public fun remove<K: drop + copy + store, V: store>(self: &mut BigOrderedMap<K, V>, key: &K): V;
public fun add_all<K: drop + copy + store, V: store>(self: &mut BigOrderedMap<K, V>, keys: vector<K>, values: vector<V>);
public fun pop_front<K: drop + copy + store, V: store>(self: &mut BigOrderedMap<K, V>): (K, V);
public fun pop_back<K: drop + copy + store, V: store>(self: &mut BigOrderedMap<K, V>): (K, V);
public fun contains<K: drop + copy + store, V: store>(self: &BigOrderedMap<K, V>, key: &K): bool;
public fun borrow<K: drop + copy + store, V: store>(self: &BigOrderedMap<K, V>, key: &K): &V;
public fun get<K: drop + copy + store, V: copy + store>(self: &BigOrderedMap<K, V>, key: &K): Option<V>;
public fun borrow_mut<K: drop + copy + store, V: store>(self: &mut BigOrderedMap<K, V>, key: &K): &mut V;
public fun borrow_front<K: drop + copy + store, V: store>(self: &BigOrderedMap<K, V>): (K, &V);
public fun borrow_back<K: drop + copy + store, V: store>(self: &BigOrderedMap<K, V>): (K, &V);
public fun prev_key<K: drop + copy + store, V: store>(self: &BigOrderedMap<K, V>, key: &K): Option<K>;
public fun next_key<K: drop + copy + store, V: store>(self: &BigOrderedMap<K, V>, key: &K): Option<K>;
public fun to_ordered_map<K: drop + copy + store, V: copy + store>(self: &BigOrderedMap<K, V>): OrderedMap<K, V>;
public fun keys<K: store + copy + drop, V: store + copy>(self: &BigOrderedMap<K, V>): vector<K>;
