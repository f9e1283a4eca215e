// aptos_framework::multisig_account
use aptos_framework::account::{Self, SignerCapability, new_event_handle, create_resource_address};
use aptos_framework::aptos_coin::AptosCoin;
use aptos_framework::chain_id;
use aptos_framework::create_signer::create_signer;
use aptos_framework::coin;
use aptos_framework::event::{EventHandle, emit_event, emit};
use aptos_framework::timestamp::now_seconds;
use aptos_std::simple_map::{Self, SimpleMap};
use aptos_std::table::{Self, Table};
use std::bcs::to_bytes;
use std::error;
use std::hash::sha3_256;
use std::option::{Self, Option};
use std::signer::address_of;
use std::string::String;
use std::vector;

struct MultisigAccount has key {
    owners: vector<address>,
    num_signatures_required: u64,
    transactions: Table<u64, MultisigTransaction>,
    last_executed_sequence_number: u64,
    next_sequence_number: u64,
    signer_cap: Option<SignerCapability>,
    metadata: SimpleMap<String, vector<u8>>,
    add_owners_events: EventHandle<AddOwnersEvent>,
    remove_owners_events: EventHandle<RemoveOwnersEvent>,
    update_signature_required_events: EventHandle<UpdateSignaturesRequiredEvent>,
    create_transaction_events: EventHandle<CreateTransactionEvent>,
    vote_events: EventHandle<VoteEvent>,
    execute_rejected_transaction_events: EventHandle<ExecuteRejectedTransactionEvent>,
    execute_transaction_events: EventHandle<TransactionExecutionSucceededEvent>,
    transaction_execution_failed_events: EventHandle<TransactionExecutionFailedEvent>,
    metadata_updated_events: EventHandle<MetadataUpdatedEvent>,
}
struct MultisigTransaction has copy, drop, store {
    payload: Option<vector<u8>>,
    payload_hash: Option<vector<u8>>,
    votes: SimpleMap<address, bool>,
    creator: address,
    creation_time_secs: u64,
}
struct ExecutionError has copy, drop, store {
    abort_location: String,
    error_type: String,
    error_code: u64,
}
struct MultisigAccountCreationMessage has copy, drop {
    chain_id: u8,
    account_address: address,
    sequence_number: u64,
    owners: vector<address>,
    num_signatures_required: u64,
}
struct MultisigAccountCreationWithAuthKeyRevocationMessage has copy, drop {
    chain_id: u8,
    account_address: address,
    sequence_number: u64,
    owners: vector<address>,
    num_signatures_required: u64,
}
struct AddOwnersEvent has drop, store {
    owners_added: vector<address>,
}
#[event]
struct AddOwners has drop, store {
    multisig_account: address,
    owners_added: vector<address>,
}
struct RemoveOwnersEvent has drop, store {
    owners_removed: vector<address>,
}
#[event]
struct RemoveOwners has drop, store {
    multisig_account: address,
    owners_removed: vector<address>,
}
struct UpdateSignaturesRequiredEvent has drop, store {
    old_num_signatures_required: u64,
    new_num_signatures_required: u64,
}
#[event]
struct UpdateSignaturesRequired has drop, store {
    multisig_account: address,
    old_num_signatures_required: u64,
    new_num_signatures_required: u64,
}
struct CreateTransactionEvent has drop, store {
    creator: address,
    sequence_number: u64,
    transaction: MultisigTransaction,
}
#[event]
struct CreateTransaction has drop, store {
    multisig_account: address,
    creator: address,
    sequence_number: u64,
    transaction: MultisigTransaction,
}
struct VoteEvent has drop, store {
    owner: address,
    sequence_number: u64,
    approved: bool,
}
#[event]
struct Vote has drop, store {
    multisig_account: address,
    owner: address,
    sequence_number: u64,
    approved: bool,
}
struct ExecuteRejectedTransactionEvent has drop, store {
    sequence_number: u64,
    num_rejections: u64,
    executor: address,
}
#[event]
struct ExecuteRejectedTransaction has drop, store {
    multisig_account: address,
    sequence_number: u64,
    num_rejections: u64,
    executor: address,
}
struct TransactionExecutionSucceededEvent has drop, store {
    executor: address,
    sequence_number: u64,
    transaction_payload: vector<u8>,
    num_approvals: u64,
}
#[event]
struct TransactionExecutionSucceeded has drop, store {
    multisig_account: address,
    executor: address,
    sequence_number: u64,
    transaction_payload: vector<u8>,
    num_approvals: u64,
}
struct TransactionExecutionFailedEvent has drop, store {
    executor: address,
    sequence_number: u64,
    transaction_payload: vector<u8>,
    num_approvals: u64,
    execution_error: ExecutionError,
}
#[event]
struct TransactionExecutionFailed has drop, store {
    multisig_account: address,
    executor: address,
    sequence_number: u64,
    transaction_payload: vector<u8>,
    num_approvals: u64,
    execution_error: ExecutionError,
}
struct MetadataUpdatedEvent has drop, store {
    old_metadata: SimpleMap<String, vector<u8>>,
    new_metadata: SimpleMap<String, vector<u8>>,
}
#[event]
struct MetadataUpdated has drop, store {
    multisig_account: address,
    old_metadata: SimpleMap<String, vector<u8>>,
    new_metadata: SimpleMap<String, vector<u8>>,
}

#[view]
public fun metadata(multisig_account: address): simple_map::SimpleMap<String, vector<u8>>;
#[view]
public fun num_signatures_required(multisig_account: address): u64;
#[view]
public fun owners(multisig_account: address): vector<address>;
#[view]
public fun is_owner(owner: address, multisig_account: address): bool;
#[view]
public fun get_transaction(multisig_account: address, sequence_number: u64): MultisigTransaction;
#[view]
public fun get_pending_transactions(multisig_account: address): vector<MultisigTransaction>;
#[view]
public fun get_next_transaction_payload(multisig_account: address, provided_payload: vector<u8>): vector<u8>;
#[view]
public fun can_be_executed(multisig_account: address, sequence_number: u64): bool;
#[view]
public fun can_execute(owner: address, multisig_account: address, sequence_number: u64): bool;
#[view]
public fun can_be_rejected(multisig_account: address, sequence_number: u64): bool;
#[view]
public fun can_reject(owner: address, multisig_account: address, sequence_number: u64): bool;
#[view]
public fun get_next_multisig_account_address(creator: address): address;
#[view]
public fun last_resolved_sequence_number(multisig_account: address): u64;
#[view]
public fun next_sequence_number(multisig_account: address): u64;
#[view]
public fun vote(multisig_account: address, sequence_number: u64, owner: address): (bool, bool);
#[view]
public fun available_transaction_queue_capacity(multisig_account: address): u64;
public entry fun create_with_existing_account(multisig_address: address, owners: vector<address>, num_signatures_required: u64, account_scheme: u8, account_public_key: vector<u8>, create_multisig_account_signed_message: vector<u8>, metadata_keys: vector<String>, metadata_values: vector<vector<u8>>);
public entry fun create_with_existing_account_and_revoke_auth_key(multisig_address: address, owners: vector<address>, num_signatures_required: u64, account_scheme: u8, account_public_key: vector<u8>, create_multisig_account_signed_message: vector<u8>, metadata_keys: vector<String>, metadata_values: vector<vector<u8>>);
public entry fun create(owner: &signer, num_signatures_required: u64, metadata_keys: vector<String>, metadata_values: vector<vector<u8>>);
public entry fun create_with_owners(owner: &signer, additional_owners: vector<address>, num_signatures_required: u64, metadata_keys: vector<String>, metadata_values: vector<vector<u8>>);
public entry fun create_with_owners_then_remove_bootstrapper(bootstrapper: &signer, owners: vector<address>, num_signatures_required: u64, metadata_keys: vector<String>, metadata_values: vector<vector<u8>>);
entry fun add_owner(multisig_account: &signer, new_owner: address);
entry fun add_owners(multisig_account: &signer, new_owners: vector<address>);
entry fun add_owners_and_update_signatures_required(multisig_account: &signer, new_owners: vector<address>, new_num_signatures_required: u64);
entry fun remove_owner(multisig_account: &signer, owner_to_remove: address);
entry fun remove_owners(multisig_account: &signer, owners_to_remove: vector<address>);
entry fun swap_owner(multisig_account: &signer, to_swap_in: address, to_swap_out: address);
entry fun swap_owners(multisig_account: &signer, to_swap_in: vector<address>, to_swap_out: vector<address>);
entry fun swap_owners_and_update_signatures_required(multisig_account: &signer, new_owners: vector<address>, owners_to_remove: vector<address>, new_num_signatures_required: u64);
entry fun update_signatures_required(multisig_account: &signer, new_num_signatures_required: u64);
entry fun update_metadata(multisig_account: &signer, keys: vector<String>, values: vector<vector<u8>>);
public entry fun create_transaction(owner: &signer, multisig_account: address, payload: vector<u8>);
public entry fun create_transaction_with_hash(owner: &signer, multisig_account: address, payload_hash: vector<u8>);
public entry fun approve_transaction(owner: &signer, multisig_account: address, sequence_number: u64);
public entry fun reject_transaction(owner: &signer, multisig_account: address, sequence_number: u64);
public entry fun vote_transanction(owner: &signer, multisig_account: address, sequence_number: u64, approved: bool);
public entry fun vote_transaction(owner: &signer, multisig_account: address, sequence_number: u64, approved: bool);
public entry fun vote_transactions(owner: &signer, multisig_account: address, starting_sequence_number: u64, final_sequence_number: u64, approved: bool);
public entry fun execute_rejected_transaction(owner: &signer, multisig_account: address);
public entry fun execute_rejected_transactions(owner: &signer, multisig_account: address, final_sequence_number: u64);
