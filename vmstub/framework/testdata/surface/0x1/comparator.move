// aptos_std::comparator
struct Result has drop { inner: u8 }
public fun is_equal(result: &Result): bool;
public fun is_smaller_than(result: &Result): bool;
public fun is_greater_than(result: &Result): bool;
public fun compare<T>(left: &T, right: &T): Result;
public fun compare_u8_vector(left: vector<u8>, right: vector<u8>): Result;
