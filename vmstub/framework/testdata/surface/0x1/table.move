// aptos_std::table
struct Table<phantom K: copy + drop, phantom V> has store {
    handle: address,
}
public fun new<K: copy + drop, V: store>(): Table<K, V>;
public fun add<K: copy + drop, V>(self: &mut Table<K, V>, key: K, val: V);
public fun borrow<K: copy + drop, V>(self: &Table<K, V>, key: K): &V;
public fun borrow_with_default<K: copy + drop, V>(self: &Table<K, V>, key: K, default: &V): &V;
public fun borrow_mut<K: copy + drop, V>(self: &mut Table<K, V>, key: K): &mut V;
public fun borrow_mut_with_default<K: copy + drop, V: drop>(self: &mut Table<K, V>, key: K, default: V): &mut V;
public fun upsert<K: copy + drop, V: drop>(self: &mut Table<K, V>, key: K, value: V);
public fun remove<K: copy + drop, V>(self: &mut Table<K, V>, key: K): V;
public fun contains<K: copy + drop, V>(self: &Table<K, V>, key: K): bool;
friend fun destroy_known_empty_unsafe<K: copy + drop, V>(self: Table<K, V>);
struct Box<V> has key, drop, store {
    val: V
}
