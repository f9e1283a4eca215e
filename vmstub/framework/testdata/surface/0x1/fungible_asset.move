// aptos_framework::fungible_asset
// (withdraw_with_permission, which takes a permissioned_signer::Permission,
// is not declared: permissioned signers do not exist on this node.)
use aptos_framework::aggregator_v2::Aggregator;
use aptos_framework::event::EventHandle;
use aptos_framework::function_info::FunctionInfo;
use aptos_framework::object::{Object, ConstructorRef, DeleteRef, ExtendRef};
use std::option::Option;
use std::string::String;
struct Supply has key { current: u128, maximum: Option<u128> }
struct ConcurrentSupply has key { current: Aggregator<u128> }
struct Metadata has copy, drop, key { name: String, symbol: String, decimals: u8, icon_uri: String, project_uri: String }
struct Untransferable has key { dummy_field: bool }
struct FungibleStore has key { metadata: Object<Metadata>, balance: u64, frozen: bool }
struct DispatchFunctionStore has key { withdraw_function: Option<FunctionInfo>, deposit_function: Option<FunctionInfo>, derived_balance_function: Option<FunctionInfo> }
struct DeriveSupply has key { dispatch_function: Option<FunctionInfo> }
struct ConcurrentFungibleBalance has key { balance: Aggregator<u64> }
struct FungibleAsset { metadata: Object<Metadata>, amount: u64 }
struct MintRef has drop, store { metadata: Object<Metadata> }
struct TransferRef has drop, store { metadata: Object<Metadata> }
struct BurnRef has drop, store { metadata: Object<Metadata> }
struct MutateMetadataRef has drop, store { metadata: Object<Metadata> }
struct WithdrawPermission has copy, drop, store { metadata_address: address }
#[event]
struct Deposit has drop, store { store: address, amount: u64 }
#[event]
struct Withdraw has drop, store { store: address, amount: u64 }
#[event]
struct Frozen has drop, store { store: address, frozen: bool }
struct FungibleAssetEvents has key { deposit_events: EventHandle<DepositEvent>, withdraw_events: EventHandle<WithdrawEvent>, frozen_events: EventHandle<FrozenEvent> }
struct DepositEvent has drop, store { amount: u64 }
struct WithdrawEvent has drop, store { amount: u64 }
struct FrozenEvent has drop, store { frozen: bool }
public fun add_fungibility(constructor_ref: &ConstructorRef, maximum_supply: Option<u128>, name: String, symbol: String, decimals: u8, icon_uri: String, project_uri: String): Object<Metadata>;
public fun set_untransferable(constructor_ref: &ConstructorRef);
#[view]
public fun is_untransferable<T: key>(metadata: Object<T>): bool;
public fun generate_mint_ref(constructor_ref: &ConstructorRef): MintRef;
public fun generate_burn_ref(constructor_ref: &ConstructorRef): BurnRef;
public fun generate_transfer_ref(constructor_ref: &ConstructorRef): TransferRef;
public fun generate_mutate_metadata_ref(constructor_ref: &ConstructorRef): MutateMetadataRef;
#[view]
public fun supply<T: key>(metadata: Object<T>): Option<u128>;
#[view]
public fun maximum<T: key>(metadata: Object<T>): Option<u128>;
#[view]
public fun name<T: key>(metadata: Object<T>): String;
#[view]
public fun symbol<T: key>(metadata: Object<T>): String;
#[view]
public fun decimals<T: key>(metadata: Object<T>): u8;
#[view]
public fun icon_uri<T: key>(metadata: Object<T>): String;
#[view]
public fun project_uri<T: key>(metadata: Object<T>): String;
#[view]
public fun metadata<T: key>(metadata: Object<T>): Metadata;
#[view]
public fun store_exists(store: address): bool;
public fun metadata_from_asset(fa: &FungibleAsset): Object<Metadata>;
#[view]
public fun store_metadata<T: key>(store: Object<T>): Object<Metadata>;
public fun amount(fa: &FungibleAsset): u64;
#[view]
public fun balance<T: key>(store: Object<T>): u64;
#[view]
public fun is_balance_at_least<T: key>(store: Object<T>, amount: u64): bool;
#[view]
public fun is_frozen<T: key>(store: Object<T>): bool;
#[view]
public fun is_store_dispatchable<T: key>(store: Object<T>): bool;
public fun deposit_dispatch_function<T: key>(store: Object<T>): Option<FunctionInfo>;
public fun withdraw_dispatch_function<T: key>(store: Object<T>): Option<FunctionInfo>;
public fun asset_metadata(fa: &FungibleAsset): Object<Metadata>;
public fun mint_ref_metadata(ref: &MintRef): Object<Metadata>;
public fun transfer_ref_metadata(ref: &TransferRef): Object<Metadata>;
public fun burn_ref_metadata(ref: &BurnRef): Object<Metadata>;
public fun object_from_metadata_ref(ref: &MutateMetadataRef): Object<Metadata>;
public entry fun transfer<T: key>(sender: &signer, from: Object<T>, to: Object<T>, amount: u64);
public fun create_store<T: key>(constructor_ref: &ConstructorRef, metadata: Object<T>): Object<FungibleStore>;
public fun remove_store(delete_ref: &DeleteRef);
public fun withdraw<T: key>(owner: &signer, store: Object<T>, amount: u64): FungibleAsset;
public fun deposit_sanity_check<T: key>(store: Object<T>, abort_on_dispatch: bool);
public fun deposit<T: key>(store: Object<T>, fa: FungibleAsset);
public fun mint(ref: &MintRef, amount: u64): FungibleAsset;
public fun mint_to<T: key>(ref: &MintRef, store: Object<T>, amount: u64);
public fun set_frozen_flag<T: key>(ref: &TransferRef, store: Object<T>, frozen: bool);
public fun burn(ref: &BurnRef, fa: FungibleAsset);
public fun burn_from<T: key>(ref: &BurnRef, store: Object<T>, amount: u64);
public fun withdraw_with_ref<T: key>(ref: &TransferRef, store: Object<T>, amount: u64): FungibleAsset;
public fun deposit_with_ref<T: key>(ref: &TransferRef, store: Object<T>, fa: FungibleAsset);
public fun transfer_with_ref<T: key>(transfer_ref: &TransferRef, from: Object<T>, to: Object<T>, amount: u64);
public fun mutate_metadata(metadata_ref: &MutateMetadataRef, name: Option<String>, symbol: Option<String>, decimals: Option<u8>, icon_uri: Option<String>, project_uri: Option<String>);
public fun zero<T: key>(metadata: Object<T>): FungibleAsset;
public fun extract(fungible_asset: &mut FungibleAsset, amount: u64): FungibleAsset;
public fun merge(dst_fungible_asset: &mut FungibleAsset, src_fungible_asset: FungibleAsset);
public fun destroy_zero(fungible_asset: FungibleAsset);
public fun upgrade_to_concurrent(ref: &ExtendRef);
public entry fun upgrade_store_to_concurrent<T: key>(owner: &signer, store: Object<T>);
public fun grant_permission(master: &signer, permissioned: &signer, token_type: Object<Metadata>, amount: u64);
public fun grant_apt_permission(master: &signer, permissioned: &signer, amount: u64);
public fun revoke_permission(permissioned: &signer, token_type: Object<Metadata>);
