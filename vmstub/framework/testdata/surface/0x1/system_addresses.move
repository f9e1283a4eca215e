// aptos_framework::system_addresses
use std::error;
use std::signer;
public fun assert_core_resource(account: &signer);
public fun assert_core_resource_address(addr: address);
public fun is_core_resource_address(addr: address): bool;
public fun assert_aptos_framework(account: &signer);
public fun assert_framework_reserved_address(account: &signer);
public fun assert_framework_reserved(addr: address);
public fun is_framework_reserved_address(addr: address): bool;
public fun is_aptos_framework_address(addr: address): bool;
public fun assert_vm(account: &signer);
public fun is_vm(account: &signer): bool;
public fun is_vm_address(addr: address): bool;
public fun is_reserved_address(addr: address): bool;
