// aptos_framework::block
use std::error;
use std::vector;
use std::option;
use aptos_std::bcs_stream::{Self, BCSStream};
use aptos_std::table_with_length::{Self, TableWithLength};
use std::option::Option;
use aptos_framework::randomness;
use aptos_framework::decryption;
use aptos_framework::account;
use aptos_framework::event::{Self, EventHandle};
use aptos_framework::reconfiguration;
use aptos_framework::reconfiguration_with_dkg;
use aptos_framework::stake;
use aptos_framework::state_storage;
use aptos_framework::system_addresses;
use aptos_framework::timestamp;

struct BlockResource has key {
    height: u64,
    epoch_interval: u64,
    new_block_events: EventHandle<NewBlockEvent>,
    update_epoch_interval_events: EventHandle<UpdateEpochIntervalEvent>
}
struct CommitHistory has key {
    max_capacity: u32,
    next_idx: u32,
    table: TableWithLength<u32, NewBlockEvent>
}
struct NewBlockEvent has copy, drop, store {
    hash: address,
    epoch: u64,
    round: u64,
    height: u64,
    previous_block_votes_bitvec: vector<u8>,
    proposer: address,
    failed_proposer_indices: vector<u64>,
    time_microseconds: u64
}
struct UpdateEpochIntervalEvent has drop, store {
    old_epoch_interval: u64,
    new_epoch_interval: u64
}
#[event]
struct NewBlock has drop, store {
    hash: address,
    epoch: u64,
    round: u64,
    height: u64,
    previous_block_votes_bitvec: vector<u8>,
    proposer: address,
    failed_proposer_indices: vector<u64>,
    time_microseconds: u64
}
#[event]
struct UpdateEpochInterval has drop, store {
    old_epoch_interval: u64,
    new_epoch_interval: u64
}
public(friend) fun initialize(aptos_framework: &signer, epoch_interval_microsecs: u64);
public fun initialize_commit_history(fx: &signer, max_capacity: u32);
public fun update_epoch_interval_microsecs(aptos_framework: &signer, new_epoch_interval: u64);
#[view]
public fun get_epoch_interval_secs(): u64;
struct RandomnessPayload has drop {
    per_block_seed: Option<vector<u8>>,
}
struct EncryptedMempoolPayload has drop {
    decryption_key: Option<vector<u8>>,
}
#[view]
public fun get_current_block_height(): u64;
public fun emit_writeset_block_event(vm_signer: &signer, fake_block_hash: address);
