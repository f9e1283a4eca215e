// aptos_framework::nonce_validation
use aptos_std::table::{Self, Table};
use aptos_std::big_ordered_map::{Self, BigOrderedMap};

struct NonceHistory has key {
    nonce_table: Table<u64, Bucket>,
    next_key: u64,
}

struct Bucket has store {
    nonces_ordered_by_exp_time: BigOrderedMap<NonceKeyWithExpTime, bool>,
    nonce_to_exp_time_map: BigOrderedMap<NonceKey, u64>,
}

struct NonceKeyWithExpTime has copy, drop, store {
    txn_expiration_time: u64,
    sender_address: address,
    nonce: u64,
}

struct NonceKey has copy, drop, store {
    sender_address: address,
    nonce: u64,
}

public entry fun initialize_nonce_table(aptos_framework: &signer);

public entry fun add_nonce_buckets(count: u64);
