// aptos_framework::object_code_deployment
use std::bcs;
use std::error;
use std::features;
use std::signer;
use std::vector;
use aptos_framework::account;
use aptos_framework::code;
use aptos_framework::code::PackageRegistry;
use aptos_framework::event;
use aptos_framework::object;
use aptos_framework::object::{ExtendRef, Object};

#[resource_group_member(group = aptos_framework::object::ObjectGroup)]
struct ManagingRefs has key {
    extend_ref: ExtendRef,
}
#[event]
struct Publish has drop, store {
    object_address: address,
}
#[event]
struct Upgrade has drop, store {
    object_address: address,
}
#[event]
struct Freeze has drop, store {
    object_address: address,
}
public entry fun publish(publisher: &signer, metadata_serialized: vector<u8>, code: vector<vector<u8>>);
public entry fun upgrade(publisher: &signer, metadata_serialized: vector<u8>, code: vector<vector<u8>>, code_object: Object<PackageRegistry>);
public entry fun freeze_code_object(publisher: &signer, code_object: Object<PackageRegistry>);
