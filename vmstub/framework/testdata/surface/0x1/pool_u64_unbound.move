// aptos_std::pool_u64_unbound
use aptos_std::table_with_length::TableWithLength;
struct Pool has store { total_coins: u64, total_shares: u128, shares: TableWithLength<address, u128>, scaling_factor: u64 }
public fun create(): Pool;
public fun create_with_scaling_factor(scaling_factor: u64): Pool;
public fun destroy_empty(pool: Pool);
public fun total_coins(pool: &Pool): u64;
public fun total_shares(pool: &Pool): u128;
public fun contains(pool: &Pool, shareholder: address): bool;
public fun shares(pool: &Pool, shareholder: address): u128;
public fun balance(pool: &Pool, shareholder: address): u64;
public fun shareholders_count(pool: &Pool): u64;
public fun update_total_coins(pool: &mut Pool, new_total_coins: u64);
public fun buy_in(pool: &mut Pool, shareholder: address, coins_amount: u64): u128;
public fun redeem_shares(pool: &mut Pool, shareholder: address, shares_to_redeem: u128): u64;
public fun transfer_shares(pool: &mut Pool, shareholder_1: address, shareholder_2: address, shares_to_transfer: u128);
public fun amount_to_shares(pool: &Pool, coins_amount: u64): u128;
public fun amount_to_shares_with_total_coins(pool: &Pool, coins_amount: u64, total_coins: u64): u128;
public fun shares_to_amount(pool: &Pool, shares: u128): u64;
public fun shares_to_amount_with_total_coins(pool: &Pool, shares: u128, total_coins: u64): u64;
public fun shares_to_amount_with_total_stats(pool: &Pool, shares: u128, total_coins: u64, total_shares: u128): u64;
public fun multiply_then_divide(_pool: &Pool, x: u128, y: u128, z: u128): u128;
