// aptos_framework::managed_coin
use aptos_framework::coin::{BurnCapability, FreezeCapability, MintCapability};

struct Capabilities<phantom CoinType> has key {
    burn_cap: BurnCapability<CoinType>,
    freeze_cap: FreezeCapability<CoinType>,
    mint_cap: MintCapability<CoinType>,
}

public entry fun burn<CoinType>(account: &signer, amount: u64);
public entry fun initialize<CoinType>(account: &signer, name: vector<u8>, symbol: vector<u8>, decimals: u8, monitor_supply: bool);
public entry fun mint<CoinType>(account: &signer, dst_addr: address, amount: u64);
public entry fun register<CoinType>(account: &signer);
public entry fun destroy_caps<CoinType>(account: &signer);
public fun remove_caps<CoinType>(account: &signer): (BurnCapability<CoinType>, FreezeCapability<CoinType>, MintCapability<CoinType>);
