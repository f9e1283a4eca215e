// aptos_std::crypto_algebra, Aptos's declarations (public functions; the
// #[test_only] rand_insecure and enable_cryptography_algebra_natives are
// not on chain).
use std::option::{Option, some, none};
use std::features;
struct Element<phantom S> has copy, drop { handle: u64 }
public fun eq<S>(x: &Element<S>, y: &Element<S>): bool;
public fun from_u64<S>(value: u64): Element<S>;
public fun zero<S>(): Element<S>;
public fun one<S>(): Element<S>;
public fun neg<S>(x: &Element<S>): Element<S>;
public fun add<S>(x: &Element<S>, y: &Element<S>): Element<S>;
public fun sub<S>(x: &Element<S>, y: &Element<S>): Element<S>;
public fun mul<S>(x: &Element<S>, y: &Element<S>): Element<S>;
public fun div<S>(x: &Element<S>, y: &Element<S>): Option<Element<S>>;
public fun sqr<S>(x: &Element<S>): Element<S>;
public fun inv<S>(x: &Element<S>): Option<Element<S>>;
public fun double<S>(element_p: &Element<S>): Element<S>;
public fun multi_scalar_mul<G, S>(elements: &vector<Element<G>>, scalars: &vector<Element<S>>): Element<G>;
public fun scalar_mul<G, S>(element_p: &Element<G>, scalar_k: &Element<S>): Element<G>;
public fun multi_pairing<G1,G2,Gt>(g1_elements: &vector<Element<G1>>, g2_elements: &vector<Element<G2>>): Element<Gt>;
public fun pairing<G1,G2,Gt>(element_1: &Element<G1>, element_2: &Element<G2>): Element<Gt>;
public fun deserialize<S, F>(bytes: &vector<u8>): Option<Element<S>>;
public fun serialize<S, F>(element: &Element<S>): vector<u8>;
public fun order<S>(): vector<u8>;
public fun upcast<S,L>(element: &Element<S>): Element<L>;
public fun downcast<L,S>(element_x: &Element<L>): Option<Element<S>>;
public fun hash_to<S, H>(dst: &vector<u8>, msg: &vector<u8>): Element<S>;
