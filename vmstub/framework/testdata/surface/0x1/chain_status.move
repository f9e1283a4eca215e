// aptos_framework::chain_status
use aptos_framework::system_addresses;
use std::error;

struct GenesisEndMarker has key {}
public(friend) fun set_genesis_end(aptos_framework: &signer);
#[view]
public fun is_genesis(): bool;
#[view]
public fun is_operating(): bool;
public fun assert_operating();
public fun assert_genesis();
