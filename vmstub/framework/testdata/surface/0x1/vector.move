// std::vector, Aptos's declarations at the version with the native
// move_range and range/range_with_step/slice (EINVALID_SLICE_RANGE), where
// singleton and is_empty are still `public fun` (later sources mark them
// `public inline fun`, which takes them out of the published bytecode; the
// framework on chain keeps them, as its compatibility rules require).
// Inline functions (for_each, map, zip, find, ...) are not in bytecode.
use std::mem;
native public fun empty<Element>(): vector<Element>;
native public fun length<Element>(self: &vector<Element>): u64;
native public fun borrow<Element>(self: &vector<Element>, i: u64): &Element;
native public fun push_back<Element>(self: &mut vector<Element>, e: Element);
native public fun borrow_mut<Element>(self: &mut vector<Element>, i: u64): &mut Element;
native public fun pop_back<Element>(self: &mut vector<Element>): Element;
native public fun destroy_empty<Element>(self: vector<Element>);
native public fun swap<Element>(self: &mut vector<Element>, i: u64, j: u64);
native public fun move_range<T>(from: &mut vector<T>, removal_position: u64, length: u64, to: &mut vector<T>, insert_position: u64);
public fun singleton<Element>(e: Element): vector<Element>;
public fun reverse<Element>(self: &mut vector<Element>);
public fun reverse_slice<Element>(self: &mut vector<Element>, left: u64, right: u64);
public fun append<Element>(self: &mut vector<Element>, other: vector<Element>);
public fun reverse_append<Element>(self: &mut vector<Element>, other: vector<Element>);
public fun trim<Element>(self: &mut vector<Element>, new_len: u64): vector<Element>;
public fun trim_reverse<Element>(self: &mut vector<Element>, new_len: u64): vector<Element>;
public fun is_empty<Element>(self: &vector<Element>): bool;
public fun contains<Element>(self: &vector<Element>, e: &Element): bool;
public fun index_of<Element>(self: &vector<Element>, e: &Element): (bool, u64);
public fun insert<Element>(self: &mut vector<Element>, i: u64, e: Element);
public fun remove<Element>(self: &mut vector<Element>, i: u64): Element;
public fun remove_value<Element>(self: &mut vector<Element>, val: &Element): vector<Element>;
public fun swap_remove<Element>(self: &mut vector<Element>, i: u64): Element;
public fun replace<Element>(self: &mut vector<Element>, i: u64, val: Element): Element;
public fun rotate<Element>(self: &mut vector<Element>, rot: u64): u64;
public fun rotate_slice<Element>(self: &mut vector<Element>, left: u64, rot: u64, right: u64): u64;
public fun range(start: u64, end: u64): vector<u64>;
public fun range_with_step(start: u64, end: u64, step: u64): vector<u64>;
public fun slice<Element: copy>(self: &vector<Element>, start: u64, end: u64): vector<Element>;
