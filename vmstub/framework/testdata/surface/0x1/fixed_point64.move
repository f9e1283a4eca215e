// aptos_std::fixed_point64, Aptos's declarations (the version with sub,
// add and the comparisons, ENEGATIVE_RESULT).
struct FixedPoint64 has copy, drop, store { value: u128 }
public fun sub(self: FixedPoint64, y: FixedPoint64): FixedPoint64;
public fun add(self: FixedPoint64, y: FixedPoint64): FixedPoint64;
public fun multiply_u128(val: u128, multiplier: FixedPoint64): u128;
public fun divide_u128(val: u128, divisor: FixedPoint64): u128;
public fun create_from_rational(numerator: u128, denominator: u128): FixedPoint64;
public fun create_from_raw_value(value: u128): FixedPoint64;
public fun get_raw_value(self: FixedPoint64): u128;
public fun is_zero(self: FixedPoint64): bool;
public fun min(num1: FixedPoint64, num2: FixedPoint64): FixedPoint64;
public fun max(num1: FixedPoint64, num2: FixedPoint64): FixedPoint64;
public fun less_or_equal(self: FixedPoint64, num2: FixedPoint64): bool;
public fun less(self: FixedPoint64, num2: FixedPoint64): bool;
public fun greater_or_equal(self: FixedPoint64, num2: FixedPoint64): bool;
public fun greater(self: FixedPoint64, num2: FixedPoint64): bool;
public fun equal(self: FixedPoint64, num2: FixedPoint64): bool;
public fun almost_equal(self: FixedPoint64, num2: FixedPoint64, precision: FixedPoint64): bool;
public fun create_from_u128(val: u128): FixedPoint64;
public fun floor(self: FixedPoint64): u128;
public fun ceil(self: FixedPoint64): u128;
public fun round(self: FixedPoint64): u128;
