// aptos_std::math128 (gcd, mul_div, mul_div_unchecked and ceil_div are inline)
use std::fixed_point32::FixedPoint32;
use aptos_std::fixed_point64::FixedPoint64;
public fun max(a: u128, b: u128): u128;
public fun min(a: u128, b: u128): u128;
public fun average(a: u128, b: u128): u128;
public fun clamp(x: u128, lower: u128, upper: u128): u128;
public fun pow(n: u128, e: u128): u128;
public fun floor_log2(x: u128): u8;
public fun log2(x: u128): FixedPoint32;
public fun log2_64(x: u128): FixedPoint64;
public fun sqrt(x: u128): u128;
