// aptos_std::math64 (gcd, mul_div, mul_div_unchecked and ceil_div are inline)
use std::fixed_point32::FixedPoint32;
public fun max(a: u64, b: u64): u64;
public fun min(a: u64, b: u64): u64;
public fun average(a: u64, b: u64): u64;
public fun clamp(x: u64, lower: u64, upper: u64): u64;
public fun pow(n: u64, e: u64): u64;
public fun floor_log2(x: u64): u8;
public fun log2(x: u64): FixedPoint32;
public fun sqrt(x: u64): u64;
