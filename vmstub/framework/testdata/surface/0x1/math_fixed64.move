// aptos_std::math_fixed64, Aptos's declarations.
use aptos_std::fixed_point64;
use aptos_std::fixed_point64::FixedPoint64;
use aptos_std::math128;
public fun sqrt(x: FixedPoint64): FixedPoint64;
public fun exp(x: FixedPoint64): FixedPoint64;
public fun log2_plus_64(x: FixedPoint64): FixedPoint64;
public fun ln_plus_32ln2(x: FixedPoint64): FixedPoint64;
public fun pow(x: FixedPoint64, n: u64): FixedPoint64;
public fun mul_div(x: FixedPoint64, y: FixedPoint64, z: FixedPoint64): FixedPoint64;
