// aptos_std::smart_table (for_each_ref, for_each_mut, map_ref and any are inline)
use aptos_std::simple_map::SimpleMap;
use aptos_std::table_with_length::TableWithLength;
struct Entry<K, V> has copy, drop, store { hash: u64, key: K, value: V }
struct SmartTable<K, V> has store { buckets: TableWithLength<u64, vector<Entry<K, V>>>, num_buckets: u64, level: u8, size: u64, split_load_threshold: u8, target_bucket_size: u64 }
public fun new<K: copy + drop + store, V: store>(): SmartTable<K, V>;
public fun new_with_config<K: copy + drop + store, V: store>(num_initial_buckets: u64, split_load_threshold: u8, target_bucket_size: u64): SmartTable<K, V>;
public fun destroy_empty<K, V>(self: SmartTable<K, V>);
public fun destroy<K: drop, V: drop>(self: SmartTable<K, V>);
public fun clear<K: drop, V: drop>(self: &mut SmartTable<K, V>);
public fun add<K, V>(self: &mut SmartTable<K, V>, key: K, value: V);
public fun add_all<K, V>(self: &mut SmartTable<K, V>, keys: vector<K>, values: vector<V>);
public fun to_simple_map<K: store + copy + drop, V: store + copy>(self: &SmartTable<K, V>): SimpleMap<K, V>;
public fun keys<K: store + copy + drop, V: store + copy>(self: &SmartTable<K, V>): vector<K>;
public fun keys_paginated<K: store + copy + drop, V: store + copy>(self: &SmartTable<K, V>, starting_bucket_index: u64, starting_vector_index: u64, num_keys_to_get: u64): (vector<K>, u64, u64);
public fun borrow<K: drop, V>(self: &SmartTable<K, V>, key: K): &V;
public fun borrow_with_default<K: copy + drop, V>(self: &SmartTable<K, V>, key: K, default: &V): &V;
public fun borrow_mut<K: drop, V>(self: &mut SmartTable<K, V>, key: K): &mut V;
public fun borrow_mut_with_default<K: copy + drop, V: drop>(self: &mut SmartTable<K, V>, key: K, default: V): &mut V;
public fun contains<K: drop, V>(self: &SmartTable<K, V>, key: K): bool;
public fun remove<K: copy + drop, V>(self: &mut SmartTable<K, V>, key: K): V;
public fun upsert<K: copy + drop, V: drop>(self: &mut SmartTable<K, V>, key: K, value: V);
public fun length<K, V>(self: &SmartTable<K, V>): u64;
public fun load_factor<K, V>(self: &SmartTable<K, V>): u64;
public fun update_split_load_threshold<K, V>(self: &mut SmartTable<K, V>, split_load_threshold: u8);
public fun update_target_bucket_size<K, V>(self: &mut SmartTable<K, V>, target_bucket_size: u64);
public fun borrow_kv<K, V>(self: &Entry<K, V>): (&K, &V);
public fun borrow_kv_mut<K, V>(self: &mut Entry<K, V>): (&mut K, &mut V);
public fun num_buckets<K, V>(self: &SmartTable<K, V>): u64;
public fun borrow_buckets<K, V>(self: &SmartTable<K, V>): &TableWithLength<u64, vector<Entry<K, V>>>;
public fun borrow_buckets_mut<K, V>(self: &mut SmartTable<K, V>): &mut TableWithLength<u64, vector<Entry<K, V>>>;
