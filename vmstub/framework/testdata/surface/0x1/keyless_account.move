// aptos_framework::keyless_account
use std::bn254_algebra;
use std::config_buffer;
use std::option;
use std::option::Option;
use std::signer;
use std::string::String;
use std::vector;
use aptos_std::crypto_algebra;
use aptos_std::ed25519;
use aptos_framework::chain_status;
use aptos_framework::system_addresses;

#[resource_group(scope = global)]
struct Group {}
#[resource_group_member(group = aptos_framework::keyless_account::Group)]
struct Groth16VerificationKey has key, store, drop {
    alpha_g1: vector<u8>,
    beta_g2: vector<u8>,
    gamma_g2: vector<u8>,
    delta_g2: vector<u8>,
    gamma_abc_g1: vector<vector<u8>>,
}
#[resource_group_member(group = aptos_framework::keyless_account::Group)]
struct Configuration has key, store, drop, copy {
    override_aud_vals: vector<String>,
    max_signatures_per_txn: u16,
    max_exp_horizon_secs: u64,
    training_wheels_pubkey: Option<vector<u8>>,
    max_commited_epk_bytes: u16,
    max_iss_val_bytes: u16,
    max_extra_field_bytes: u16,
    max_jwt_header_b64_bytes: u32,
}

public fun new_groth16_verification_key(alpha_g1: vector<u8>, beta_g2: vector<u8>, gamma_g2: vector<u8>, delta_g2: vector<u8>, gamma_abc_g1: vector<vector<u8>>): Groth16VerificationKey;
public fun new_configuration(override_aud_val: vector<String>, max_signatures_per_txn: u16, max_exp_horizon_secs: u64, training_wheels_pubkey: Option<vector<u8>>, max_commited_epk_bytes: u16, max_iss_val_bytes: u16, max_extra_field_bytes: u16, max_jwt_header_b64_bytes: u32): Configuration;
public fun update_groth16_verification_key(fx: &signer, vk: Groth16VerificationKey);
public fun update_configuration(fx: &signer, config: Configuration);
#[deprecated]
public fun update_training_wheels(fx: &signer, pk: Option<vector<u8>>);
#[deprecated]
public fun update_max_exp_horizon(fx: &signer, max_exp_horizon_secs: u64);
#[deprecated]
public fun remove_all_override_auds(fx: &signer);
#[deprecated]
public fun add_override_aud(fx: &signer, aud: String);
public fun set_groth16_verification_key_for_next_epoch(fx: &signer, vk: Groth16VerificationKey);
public fun set_configuration_for_next_epoch(fx: &signer, config: Configuration);
public fun update_training_wheels_for_next_epoch(fx: &signer, pk: Option<vector<u8>>);
public fun update_max_exp_horizon_for_next_epoch(fx: &signer, max_exp_horizon_secs: u64);
public fun remove_all_override_auds_for_next_epoch(fx: &signer);
public fun add_override_aud_for_next_epoch(fx: &signer, aud: String);
public(friend) fun on_new_epoch(fx: &signer);
