// aptos_framework::rate_limiter
use aptos_framework::timestamp;

enum RateLimiter has key, store, copy, drop {
    TokenBucket {
        capacity: u64,
        current_amount: u64,
        refill_interval: u64,
        last_refill_timestamp: u64,
        fractional_accumulated: u64,
    }
}

public fun initialize(capacity: u64, refill_interval: u64): RateLimiter;

public fun request(limiter: &mut RateLimiter, num_token_requested: u64): bool;
