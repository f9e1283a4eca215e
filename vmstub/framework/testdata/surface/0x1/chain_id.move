// aptos_framework::chain_id
use aptos_framework::system_addresses;

struct ChainId has key {
    id: u8
}
public(friend) fun initialize(aptos_framework: &signer, id: u8);
#[view]
public fun get(): u8;
