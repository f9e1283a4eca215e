// aptos_framework::transaction_fee
use aptos_framework::coin::{Self, AggregatableCoin, BurnCapability, MintCapability};
use aptos_framework::aptos_coin::AptosCoin;
use aptos_framework::fungible_asset::BurnRef;
use std::option::Option;

struct AptosCoinCapabilities has key {
    burn_cap: BurnCapability<AptosCoin>,
}
struct AptosFABurnCapabilities has key {
    burn_ref: BurnRef,
}
struct AptosCoinMintCapability has key {
    mint_cap: MintCapability<AptosCoin>,
}
#[event]
struct FeeStatement has drop, store {
    total_charge_gas_units: u64,
    execution_gas_units: u64,
    io_gas_units: u64,
    storage_fee_octas: u64,
    storage_fee_refund_octas: u64,
}
public(friend) fun burn_fee(account: address, fee: u64);
public(friend) fun mint_and_refund(account: address, refund: u64);
public(friend) fun store_aptos_coin_burn_cap(aptos_framework: &signer, burn_cap: BurnCapability<AptosCoin>);
public entry fun convert_to_aptos_fa_burn_ref(aptos_framework: &signer);
public(friend) fun store_aptos_coin_mint_cap(aptos_framework: &signer, mint_cap: MintCapability<AptosCoin>);
#[deprecated]
struct CollectedFeesPerBlock has key {
    amount: AggregatableCoin<AptosCoin>,
    proposer: Option<address>,
    burn_percentage: u8,
}
#[deprecated]
public fun initialize_fee_collection_and_distribution(_aptos_framework: &signer, _burn_percentage: u8);
#[deprecated]
public fun upgrade_burn_percentage(_aptos_framework: &signer, _new_burn_percentage: u8);
#[deprecated]
public fun initialize_storage_refund(_: &signer);
