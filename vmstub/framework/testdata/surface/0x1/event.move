// aptos_framework::event
use std::bcs;
use aptos_framework::guid::GUID;
use aptos_framework::system_addresses;
use aptos_framework::guid;

public fun emit<T: store + drop>(msg: T);
#[deprecated]
struct EventHandle<phantom T: drop + store> has store {
    counter: u64,
    guid: GUID,
}
#[deprecated]
public(friend) fun new_event_handle<T: drop + store>(guid: GUID): EventHandle<T>;
#[deprecated]
public fun emit_event<T: drop + store>(handle_ref: &mut EventHandle<T>, msg: T);
#[deprecated]
public fun guid<T: drop + store>(handle_ref: &EventHandle<T>): &GUID;
#[deprecated]
public fun counter<T: drop + store>(handle_ref: &EventHandle<T>): u64;
#[deprecated]
public fun destroy_handle<T: drop + store>(handle: EventHandle<T>);
