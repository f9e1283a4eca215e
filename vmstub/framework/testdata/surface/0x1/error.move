// std::error
public fun canonical(category: u64, reason: u64): u64;
public fun invalid_argument(r: u64): u64;
public fun out_of_range(r: u64): u64;
public fun invalid_state(r: u64): u64;
public fun unauthenticated(r: u64): u64;
public fun permission_denied(r: u64): u64;
public fun not_found(r: u64): u64;
public fun aborted(r: u64): u64;
public fun already_exists(r: u64): u64;
public fun resource_exhausted(r: u64): u64;
public fun internal(r: u64): u64;
public fun not_implemented(r: u64): u64;
public fun unavailable(r: u64): u64;
