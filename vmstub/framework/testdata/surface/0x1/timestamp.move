// aptos_framework::timestamp
use aptos_framework::system_addresses;
use std::error;

struct CurrentTimeMicroseconds has key {
    microseconds: u64,
}
public(friend) fun set_time_has_started(aptos_framework: &signer);
public fun update_global_time(account: &signer, proposer: address, timestamp: u64);
#[view]
public fun now_microseconds(): u64;
#[view]
public fun now_seconds(): u64;
