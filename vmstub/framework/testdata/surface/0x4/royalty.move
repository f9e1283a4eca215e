// aptos_token_objects::royalty
use std::error;
use std::option::{Self, Option};
use aptos_framework::object::{Self, ConstructorRef, ExtendRef, Object};

#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct Royalty has copy, drop, key {
    numerator: u64,
    denominator: u64,
    payee_address: address,
}
struct MutatorRef has drop, store {
    inner: ExtendRef,
}

public fun init(ref: &ConstructorRef, royalty: Royalty);
public fun update(mutator_ref: &MutatorRef, royalty: Royalty);
public fun create(numerator: u64, denominator: u64, payee_address: address): Royalty;
public fun generate_mutator_ref(ref: ExtendRef): MutatorRef;
public fun exists_at(addr: address): bool;
friend fun delete(addr: address);
public fun get<T: key>(maybe_royalty: Object<T>): Option<Royalty>;
public fun denominator(royalty: &Royalty): u64;
public fun numerator(royalty: &Royalty): u64;
public fun payee_address(royalty: &Royalty): address;
