// aptos_framework::coin
use std::option::Option;
use std::string::String;
use aptos_std::table::Table;
use aptos_std::type_info::TypeInfo;
use aptos_framework::aggregator::Aggregator;
use aptos_framework::event::EventHandle;
use aptos_framework::optional_aggregator::OptionalAggregator;
use aptos_framework::fungible_asset::{FungibleAsset, Metadata, MintRef, TransferRef, BurnRef};
use aptos_framework::object::Object;

struct Coin<phantom CoinType> has store { value: u64 }
#[deprecated]
struct AggregatableCoin<phantom CoinType> has store { value: Aggregator }
struct CoinStore<phantom CoinType> has key {
    coin: Coin<CoinType>,
    frozen: bool,
    deposit_events: EventHandle<DepositEvent>,
    withdraw_events: EventHandle<WithdrawEvent>,
}
#[deprecated]
struct SupplyConfig has key { allow_upgrades: bool }
struct CoinInfo<phantom CoinType> has key {
    name: String,
    symbol: String,
    decimals: u8,
    supply: Option<OptionalAggregator>,
}
#[event]
struct CoinDeposit has drop, store { coin_type: String, account: address, amount: u64 }
#[event]
struct CoinWithdraw has drop, store { coin_type: String, account: address, amount: u64 }
#[deprecated]
#[event]
struct Deposit<phantom CoinType> has drop, store { account: address, amount: u64 }
#[deprecated]
#[event]
struct Withdraw<phantom CoinType> has drop, store { account: address, amount: u64 }
struct DepositEvent has drop, store { amount: u64 }
struct WithdrawEvent has drop, store { amount: u64 }
#[deprecated]
#[event]
struct CoinEventHandleDeletion has drop, store {
    event_handle_creation_address: address,
    deleted_deposit_event_handle_creation_number: u64,
    deleted_withdraw_event_handle_creation_number: u64,
}
#[event]
struct CoinStoreDeletion has drop, store {
    coin_type: String,
    event_handle_creation_address: address,
    deleted_deposit_event_handle_creation_number: u64,
    deleted_withdraw_event_handle_creation_number: u64,
}
#[event]
struct PairCreation has drop, store { coin_type: TypeInfo, fungible_asset_metadata_address: address }
struct MintCapability<phantom CoinType> has copy, store {}
struct FreezeCapability<phantom CoinType> has copy, store {}
struct BurnCapability<phantom CoinType> has copy, store {}
struct CoinConversionMap has key { coin_to_fungible_asset_map: Table<TypeInfo, Object<Metadata>> }
#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct PairedCoinType has key { type: TypeInfo }
#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct PairedFungibleAssetRefs has key {
    mint_ref_opt: Option<MintRef>,
    transfer_ref_opt: Option<TransferRef>,
    burn_ref_opt: Option<BurnRef>,
}
struct MintRefReceipt { metadata: Object<Metadata> }
struct TransferRefReceipt { metadata: Object<Metadata> }
struct BurnRefReceipt { metadata: Object<Metadata> }
#[deprecated]
#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct MigrationFlag has key {}

#[view]
public fun paired_metadata<CoinType>(): Option<Object<Metadata>>;
public entry fun create_coin_conversion_map(aptos_framework: &signer);
public entry fun create_pairing<CoinType>(aptos_framework: &signer);
#[view]
public fun paired_coin(metadata: Object<Metadata>): Option<TypeInfo>;
public fun coin_to_fungible_asset<CoinType>(coin: Coin<CoinType>): FungibleAsset;
#[view]
public fun paired_mint_ref_exists<CoinType>(): bool;
public fun get_paired_mint_ref<CoinType>(_: &MintCapability<CoinType>): (MintRef, MintRefReceipt);
public fun return_paired_mint_ref(mint_ref: MintRef, receipt: MintRefReceipt);
#[view]
public fun paired_transfer_ref_exists<CoinType>(): bool;
public fun get_paired_transfer_ref<CoinType>(_: &FreezeCapability<CoinType>): (TransferRef, TransferRefReceipt);
public fun return_paired_transfer_ref(transfer_ref: TransferRef, receipt: TransferRefReceipt);
#[view]
public fun paired_burn_ref_exists<CoinType>(): bool;
public fun get_paired_burn_ref<CoinType>(_: &BurnCapability<CoinType>): (BurnRef, BurnRefReceipt);
public fun convert_and_take_paired_burn_ref<CoinType>(burn_cap: BurnCapability<CoinType>): BurnRef;
public fun return_paired_burn_ref(burn_ref: BurnRef, receipt: BurnRefReceipt);
public fun allow_supply_upgrades(_aptos_framework: &signer, _allowed: bool);
public entry fun migrate_to_fungible_store<CoinType>(account: &signer);
public entry fun migrate_coin_store_to_fungible_store<CoinType>(accounts: vector<address>);
#[view]
public fun balance<CoinType>(owner: address): u64;
#[view]
public fun is_balance_at_least<CoinType>(owner: address, amount: u64): bool;
#[view]
public fun is_coin_initialized<CoinType>(): bool;
#[view]
public fun is_coin_store_frozen<CoinType>(account_addr: address): bool;
#[view]
public fun is_account_registered<CoinType>(account_addr: address): bool;
#[view]
public fun name<CoinType>(): String;
#[view]
public fun symbol<CoinType>(): String;
#[view]
public fun decimals<CoinType>(): u8;
#[view]
public fun supply<CoinType>(): Option<u128>;
#[view]
public fun coin_supply<CoinType>(): Option<u128>;
public fun burn<CoinType>(coin: Coin<CoinType>, _cap: &BurnCapability<CoinType>);
public fun burn_from<CoinType>(account_addr: address, amount: u64, burn_cap: &BurnCapability<CoinType>);
public fun deposit<CoinType>(account_addr: address, coin: Coin<CoinType>);
public fun deposit_with_signer<CoinType>(account: &signer, coin: Coin<CoinType>);
public fun destroy_zero<CoinType>(zero_coin: Coin<CoinType>);
public fun extract<CoinType>(coin: &mut Coin<CoinType>, amount: u64): Coin<CoinType>;
public fun extract_all<CoinType>(coin: &mut Coin<CoinType>): Coin<CoinType>;
#[legacy_entry_fun]
public entry fun freeze_coin_store<CoinType>(account_addr: address, _freeze_cap: &FreezeCapability<CoinType>);
#[legacy_entry_fun]
public entry fun unfreeze_coin_store<CoinType>(account_addr: address, _freeze_cap: &FreezeCapability<CoinType>);
public entry fun upgrade_supply<CoinType>(_account: &signer);
public fun initialize<CoinType>(account: &signer, name: String, symbol: String, decimals: u8, monitor_supply: bool): (BurnCapability<CoinType>, FreezeCapability<CoinType>, MintCapability<CoinType>);
public(friend) fun initialize_with_parallelizable_supply<CoinType>(account: &signer, name: String, symbol: String, decimals: u8, monitor_supply: bool): (BurnCapability<CoinType>, FreezeCapability<CoinType>, MintCapability<CoinType>);
public fun merge<CoinType>(dst_coin: &mut Coin<CoinType>, source_coin: Coin<CoinType>);
public fun mint<CoinType>(amount: u64, _cap: &MintCapability<CoinType>): Coin<CoinType>;
public fun register<CoinType>(account: &signer);
public entry fun transfer<CoinType>(from: &signer, to: address, amount: u64);
public fun value<CoinType>(coin: &Coin<CoinType>): u64;
public fun withdraw<CoinType>(account: &signer, amount: u64): Coin<CoinType>;
public fun zero<CoinType>(): Coin<CoinType>;
public fun destroy_freeze_cap<CoinType>(freeze_cap: FreezeCapability<CoinType>);
public fun destroy_mint_cap<CoinType>(mint_cap: MintCapability<CoinType>);
public fun destroy_burn_cap<CoinType>(burn_cap: BurnCapability<CoinType>);
