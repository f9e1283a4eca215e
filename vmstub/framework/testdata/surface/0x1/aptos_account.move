// aptos_framework::aptos_account
use aptos_framework::coin::Coin;
use aptos_framework::event::EventHandle;
use aptos_framework::fungible_asset::{Metadata, FungibleAsset};
use aptos_framework::object::Object;

struct DirectTransferConfig has key {
    allow_arbitrary_coin_transfers: bool,
    update_coin_transfer_events: EventHandle<DirectCoinTransferConfigUpdatedEvent>,
}
struct DirectCoinTransferConfigUpdatedEvent has drop, store { new_allow_direct_transfers: bool }
#[event]
struct DirectCoinTransferConfigUpdated has drop, store { account: address, new_allow_direct_transfers: bool }

public entry fun create_account(auth_key: address);
public entry fun batch_transfer(source: &signer, recipients: vector<address>, amounts: vector<u64>);
public entry fun transfer(source: &signer, to: address, amount: u64);
public entry fun batch_transfer_coins<CoinType>(from: &signer, recipients: vector<address>, amounts: vector<u64>);
public entry fun transfer_coins<CoinType>(from: &signer, to: address, amount: u64);
public fun deposit_coins<CoinType>(to: address, coins: Coin<CoinType>);
public entry fun batch_transfer_fungible_assets(from: &signer, metadata: Object<Metadata>, recipients: vector<address>, amounts: vector<u64>);
public entry fun transfer_fungible_assets(from: &signer, metadata: Object<Metadata>, to: address, amount: u64);
public fun deposit_fungible_assets(to: address, fa: FungibleAsset);
public fun assert_account_exists(addr: address);
public fun assert_account_is_registered_for_apt(addr: address);
public entry fun set_allow_direct_coin_transfers(account: &signer, allow: bool);
#[view]
public fun can_receive_direct_coin_transfers(account: address): bool;
public(friend) fun register_apt(account_signer: &signer);
public(friend) entry fun fungible_transfer_only(source: &signer, to: address, amount: u64);
