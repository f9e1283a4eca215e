// aptos_std::string_utils, Aptos's declarations.
use std::string::String;
public fun to_string<T>(s: &T): String;
public fun to_string_with_canonical_addresses<T>(s: &T): String;
public fun to_string_with_integer_types<T>(s: &T): String;
public fun debug_string<T>(s: &T): String;
public fun format1<T0: drop>(fmt: &vector<u8>, a: T0): String;
public fun format2<T0: drop, T1: drop>(fmt: &vector<u8>, a: T0, b: T1): String;
public fun format3<T0: drop, T1: drop, T2: drop>(fmt: &vector<u8>, a: T0, b: T1, c: T2): String;
public fun format4<T0: drop, T1: drop, T2: drop, T3: drop>(fmt: &vector<u8>, a: T0, b: T1, c: T2, d: T3): String;
struct Cons<T, N> has copy, drop, store { car: T, cdr: N }
struct NIL has copy, drop, store {}
