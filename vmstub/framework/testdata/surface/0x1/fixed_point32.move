// std::fixed_point32, Aptos's declarations.
struct FixedPoint32 has copy, drop, store { value: u64 }
public fun multiply_u64(val: u64, multiplier: FixedPoint32): u64;
public fun add(val: FixedPoint32, addend: FixedPoint32): FixedPoint32;
public fun multiply_u64_return_fixpoint32(val: u64, multiplier: FixedPoint32): FixedPoint32;
public fun divide_u64(val: u64, divisor: FixedPoint32): u64;
public fun create_from_rational(numerator: u64, denominator: u64): FixedPoint32;
public fun create_from_raw_value(value: u64): FixedPoint32;
public fun less(num1: FixedPoint32, num2: FixedPoint32): bool;
public fun get_raw_value(self: FixedPoint32): u64;
public fun is_zero(self: FixedPoint32): bool;
public fun min(num1: FixedPoint32, num2: FixedPoint32): FixedPoint32;
public fun max(num1: FixedPoint32, num2: FixedPoint32): FixedPoint32;
public fun create_from_u64(val: u64): FixedPoint32;
public fun floor(self: FixedPoint32): u64;
public fun ceil(self: FixedPoint32): u64;
public fun round(self: FixedPoint32): u64;
