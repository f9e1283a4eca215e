// aptos_std::big_vector (singleton is friend-only; the for_each family is inline)
use aptos_std::table_with_length::TableWithLength;
struct BigVector<T> has store { buckets: TableWithLength<u64, vector<T>>, end_index: u64, bucket_size: u64 }
public fun empty<T: store>(bucket_size: u64): BigVector<T>;
public fun destroy_empty<T>(self: BigVector<T>);
public fun destroy<T: drop>(self: BigVector<T>);
public fun borrow<T>(self: &BigVector<T>, i: u64): &T;
public fun borrow_mut<T>(self: &mut BigVector<T>, i: u64): &mut T;
public fun append<T: store>(self: &mut BigVector<T>, other: BigVector<T>);
public fun push_back<T: store>(self: &mut BigVector<T>, val: T);
public fun pop_back<T>(self: &mut BigVector<T>): T;
public fun remove<T>(self: &mut BigVector<T>, i: u64): T;
public fun swap_remove<T>(self: &mut BigVector<T>, i: u64): T;
public fun swap<T>(self: &mut BigVector<T>, i: u64, j: u64);
public fun reverse<T>(self: &mut BigVector<T>);
public fun index_of<T>(self: &BigVector<T>, val: &T): (bool, u64);
public fun contains<T>(self: &BigVector<T>, val: &T): bool;
public fun to_vector<T: copy>(self: &BigVector<T>): vector<T>;
public fun length<T>(self: &BigVector<T>): u64;
public fun is_empty<T>(self: &BigVector<T>): bool;
