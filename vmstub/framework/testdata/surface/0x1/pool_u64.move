// aptos_std::pool_u64
use aptos_std::simple_map::SimpleMap;
struct Pool has store { shareholders_limit: u64, total_coins: u64, total_shares: u64, shares: SimpleMap<address, u64>, shareholders: vector<address>, scaling_factor: u64 }
public fun new(shareholders_limit: u64): Pool;
public fun create(shareholders_limit: u64): Pool;
public fun create_with_scaling_factor(shareholders_limit: u64, scaling_factor: u64): Pool;
public fun destroy_empty(pool: Pool);
public fun total_coins(pool: &Pool): u64;
public fun total_shares(pool: &Pool): u64;
public fun contains(pool: &Pool, shareholder: address): bool;
public fun shares(pool: &Pool, shareholder: address): u64;
public fun balance(pool: &Pool, shareholder: address): u64;
public fun shareholders(pool: &Pool): vector<address>;
public fun shareholders_count(pool: &Pool): u64;
public fun update_total_coins(pool: &mut Pool, new_total_coins: u64);
public fun buy_in(pool: &mut Pool, shareholder: address, coins_amount: u64): u64;
public fun redeem_shares(pool: &mut Pool, shareholder: address, shares_to_redeem: u64): u64;
public fun transfer_shares(pool: &mut Pool, shareholder_1: address, shareholder_2: address, shares_to_transfer: u64);
public fun amount_to_shares(pool: &Pool, coins_amount: u64): u64;
public fun amount_to_shares_with_total_coins(pool: &Pool, coins_amount: u64, total_coins: u64): u64;
public fun shares_to_amount(pool: &Pool, shares: u64): u64;
public fun shares_to_amount_with_total_coins(pool: &Pool, shares: u64, total_coins: u64): u64;
public fun multiply_then_divide(_pool: &Pool, x: u64, y: u64, z: u64): u64;
