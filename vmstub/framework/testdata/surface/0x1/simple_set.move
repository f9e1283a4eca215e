// aptos_std::simple_set
struct SimpleSet<Key> has copy, drop, store { data: vector<Key> }
public fun length<Key>(set: &SimpleSet<Key>): u64;
public fun create<Key: store + copy>(): SimpleSet<Key>;
public fun contains<Key>(set: &SimpleSet<Key>, key: &Key): bool;
public fun destroy_empty<Key>(set: SimpleSet<Key>);
public fun insert<Key>(set: &mut SimpleSet<Key>, key: Key): bool;
public fun remove<Key>(set: &mut SimpleSet<Key>, key: &Key): bool;
