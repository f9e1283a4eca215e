// aptos_std::iterable_table
use aptos_std::table_with_length::TableWithLength;
use std::option::Option;
struct IterableValue<K: copy + store + drop, V: store> has store { val: V, prev: Option<K>, next: Option<K> }
struct IterableTable<K: copy + store + drop, V: store> has store { inner: TableWithLength<K, IterableValue<K, V>>, head: Option<K>, tail: Option<K> }
public fun new<K: copy + store + drop, V: store>(): IterableTable<K, V>;
public fun destroy_empty<K: copy + store + drop, V: store>(self: IterableTable<K, V>);
public fun add<K: copy + store + drop, V: store>(self: &mut IterableTable<K, V>, key: K, val: V);
public fun remove<K: copy + store + drop, V: store>(self: &mut IterableTable<K, V>, key: K): V;
public fun borrow<K: copy + store + drop, V: store>(self: &IterableTable<K, V>, key: K): &V;
public fun borrow_mut<K: copy + store + drop, V: store>(self: &mut IterableTable<K, V>, key: K): &mut V;
public fun borrow_mut_with_default<K: copy + store + drop, V: store + drop>(self: &mut IterableTable<K, V>, key: K, default: V): &mut V;
public fun length<K: copy + store + drop, V: store>(self: &IterableTable<K, V>): u64;
public fun empty<K: copy + store + drop, V: store>(self: &IterableTable<K, V>): bool;
public fun contains<K: copy + store + drop, V: store>(self: &IterableTable<K, V>, key: K): bool;
public fun head_key<K: copy + store + drop, V: store>(self: &IterableTable<K, V>): Option<K>;
public fun tail_key<K: copy + store + drop, V: store>(self: &IterableTable<K, V>): Option<K>;
public fun borrow_iter<K: copy + store + drop, V: store>(self: &IterableTable<K, V>, key: K): (&V, Option<K>, Option<K>);
public fun borrow_iter_mut<K: copy + store + drop, V: store>(self: &mut IterableTable<K, V>, key: K): (&mut V, Option<K>, Option<K>);
public fun remove_iter<K: copy + store + drop, V: store>(self: &mut IterableTable<K, V>, key: K): (V, Option<K>, Option<K>);
public fun append<K: copy + store + drop, V: store>(self: &mut IterableTable<K, V>, v2: &mut IterableTable<K, V>);
