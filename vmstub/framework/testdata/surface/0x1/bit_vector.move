// std::bit_vector
use std::vector;
struct BitVector has copy, drop, store {
    length: u64,
    bit_field: vector<bool>,
}
public fun new(length: u64): BitVector;
public fun set(self: &mut BitVector, bit_index: u64);
public fun unset(self: &mut BitVector, bit_index: u64);
public fun shift_left(self: &mut BitVector, amount: u64);
public fun is_index_set(self: &BitVector, bit_index: u64): bool;
public fun length(self: &BitVector): u64;
public fun longest_set_sequence_starting_at(self: &BitVector, start_index: u64): u64;
