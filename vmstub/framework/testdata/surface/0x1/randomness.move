// aptos_framework::randomness
use std::hash;
use std::option;
use std::option::Option;
use std::vector;
use aptos_framework::event;
use aptos_framework::system_addresses;
use aptos_framework::transaction_context;

struct PerBlockRandomness has drop, key {
    epoch: u64,
    round: u64,
    seed: Option<vector<u8>>,
}
#[event]
struct RandomnessGeneratedEvent has store, drop {
}
public fun initialize(framework: &signer);
public(friend) fun on_new_block(vm: &signer, epoch: u64, round: u64, seed_for_new_block: Option<vector<u8>>);
public fun bytes(n: u64): vector<u8>;
public fun u8_integer(): u8;
public fun u16_integer(): u16;
public fun u32_integer(): u32;
public fun u64_integer(): u64;
public fun u128_integer(): u128;
public fun u256_integer(): u256;
public fun u8_range(min_incl: u8, max_excl: u8): u8;
public fun u16_range(min_incl: u16, max_excl: u16): u16;
public fun u32_range(min_incl: u32, max_excl: u32): u32;
public fun u64_range(min_incl: u64, max_excl: u64): u64;
public fun u64_range_internal(min_incl: u64, max_excl: u64): u64;
public fun u128_range(min_incl: u128, max_excl: u128): u128;
public fun u256_range(min_incl: u256, max_excl: u256): u256;
public fun permutation(n: u64): vector<u64>;
