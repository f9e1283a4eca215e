// aptos_std::table_with_length (drop_unchecked is test-only)
use aptos_std::table::Table;
struct TableWithLength<phantom K: copy + drop, phantom V> has store { inner: Table<K, V>, length: u64 }
public fun new<K: copy + drop, V: store>(): TableWithLength<K, V>;
public fun destroy_empty<K: copy + drop, V>(self: TableWithLength<K, V>);
public fun add<K: copy + drop, V>(self: &mut TableWithLength<K, V>, key: K, val: V);
public fun borrow<K: copy + drop, V>(self: &TableWithLength<K, V>, key: K): &V;
public fun borrow_mut<K: copy + drop, V>(self: &mut TableWithLength<K, V>, key: K): &mut V;
public fun length<K: copy + drop, V>(self: &TableWithLength<K, V>): u64;
public fun empty<K: copy + drop, V>(self: &TableWithLength<K, V>): bool;
public fun borrow_mut_with_default<K: copy + drop, V: drop>(self: &mut TableWithLength<K, V>, key: K, default: V): &mut V;
public fun upsert<K: copy + drop, V: drop>(self: &mut TableWithLength<K, V>, key: K, value: V);
public fun remove<K: copy + drop, V>(self: &mut TableWithLength<K, V>, key: K): V;
public fun contains<K: copy + drop, V>(self: &TableWithLength<K, V>, key: K): bool;
