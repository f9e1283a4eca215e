// aptos_framework::aptos_coin, Aptos's declarations (initialize,
// destroy_mint_cap and configure_accounts_for_test are friend functions).
use std::error;
use std::signer;
use std::string;
use std::vector;
use std::option::{Self, Option};
use aptos_framework::coin::{Self, BurnCapability, MintCapability};
use aptos_framework::system_addresses;
struct AptosCoin has key {}
struct MintCapStore has key { mint_cap: MintCapability<AptosCoin> }
struct DelegatedMintCapability has store { to: address }
struct Delegations has key { inner: vector<DelegatedMintCapability> }
public fun has_mint_capability(account: &signer): bool;
public entry fun mint(account: &signer, dst_addr: address, amount: u64);
public entry fun delegate_mint_capability(account: signer, to: address);
public entry fun claim_mint_capability(account: &signer);
