// std::option, Aptos's declarations (the inline for_each, fold, map,
// filter, any... are not in bytecode).
use std::vector;
struct Option<Element> has copy, drop, store { vec: vector<Element> }
public fun none<Element>(): Option<Element>;
public fun some<Element>(e: Element): Option<Element>;
public fun from_vec<Element>(vec: vector<Element>): Option<Element>;
public fun is_none<Element>(self: &Option<Element>): bool;
public fun is_some<Element>(self: &Option<Element>): bool;
public fun contains<Element>(self: &Option<Element>, e_ref: &Element): bool;
public fun borrow<Element>(self: &Option<Element>): &Element;
public fun borrow_with_default<Element>(self: &Option<Element>, default_ref: &Element): &Element;
public fun get_with_default<Element: copy + drop>(self: &Option<Element>, default: Element): Element;
public fun fill<Element>(self: &mut Option<Element>, e: Element);
public fun extract<Element>(self: &mut Option<Element>): Element;
public fun borrow_mut<Element>(self: &mut Option<Element>): &mut Element;
public fun swap<Element>(self: &mut Option<Element>, e: Element): Element;
public fun swap_or_fill<Element>(self: &mut Option<Element>, e: Element): Option<Element>;
public fun destroy_with_default<Element: drop>(self: Option<Element>, default: Element): Element;
public fun destroy_some<Element>(self: Option<Element>): Element;
public fun destroy_none<Element>(self: Option<Element>);
public fun to_vec<Element>(self: Option<Element>): vector<Element>;
