// aptos_std::math_fixed, Aptos's declarations.
use std::fixed_point32;
use std::fixed_point32::FixedPoint32;
use aptos_std::math128;
public fun sqrt(x: FixedPoint32): FixedPoint32;
public fun exp(x: FixedPoint32): FixedPoint32;
public fun pow(x: FixedPoint32, n: u64): FixedPoint32;
public fun mul_div(x: FixedPoint32, y: FixedPoint32, z: FixedPoint32): FixedPoint32;
