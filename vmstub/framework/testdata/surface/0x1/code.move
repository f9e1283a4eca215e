// aptos_framework::code
use std::string::String;
use std::error;
use std::signer;
use std::vector;
use std::features;
use aptos_framework::util;
use aptos_framework::system_addresses;
use aptos_std::copyable_any::Any;
use std::option::Option;
use std::string;
use aptos_framework::event;
use aptos_framework::object::{Self, Object};
use aptos_framework::permissioned_signer;

struct PackageRegistry has key, store, drop {
    packages: vector<PackageMetadata>,
}
struct PackageMetadata has copy, drop, store {
    name: String,
    upgrade_policy: UpgradePolicy,
    upgrade_number: u64,
    source_digest: String,
    manifest: vector<u8>,
    modules: vector<ModuleMetadata>,
    deps: vector<PackageDep>,
    extension: Option<Any>
}
struct PackageDep has store, drop, copy {
    account: address,
    package_name: String
}
struct ModuleMetadata has copy, drop, store {
    name: String,
    source: vector<u8>,
    source_map: vector<u8>,
    extension: Option<Any>,
}
struct UpgradePolicy has store, copy, drop {
    policy: u8
}
#[event]
struct PublishPackage has drop, store {
    code_address: address,
    is_upgrade: bool,
}
struct CodePublishingPermission has copy, drop, store {}
struct AllowedDep has drop {
    account: address,
    module_name: String
}
public(friend) fun check_code_publishing_permission(s: &signer);
public fun grant_permission(master: &signer, permissioned_signer: &signer);
public fun upgrade_policy_arbitrary(): UpgradePolicy;
public fun upgrade_policy_compat(): UpgradePolicy;
public fun upgrade_policy_immutable(): UpgradePolicy;
public fun can_change_upgrade_policy_to(from: UpgradePolicy, to: UpgradePolicy): bool;
public fun publish_package(owner: &signer, pack: PackageMetadata, code: vector<vector<u8>>);
public fun freeze_code_object(publisher: &signer, code_object: Object<PackageRegistry>);
public entry fun publish_package_txn(owner: &signer, metadata_serialized: vector<u8>, code: vector<vector<u8>>);
