// aptos_framework::permissioned_signer (the deprecated version: permissioned
// signers were never enabled, every function but is_permissioned_signer
// aborts; package functions are not listed)
use std::error;
use std::option::{Option, Self};
use aptos_std::copyable_any::Any;
use aptos_framework::big_ordered_map::BigOrderedMap;

#[deprecated]
struct RevokePermissionHandlePermission has copy, store, drop {}

#[deprecated]
struct GrantedPermissionHandles has key {
    active_handles: vector<address>
}

#[deprecated]
enum PermissionedHandle {
    V1 {
        master_account_addr: address,
        permissions_storage_addr: address
    }
}

#[deprecated]
enum StorablePermissionedHandle has store {
    V1 {
        master_account_addr: address,
        permissions_storage_addr: address,
        expiration_time: u64
    }
}

#[deprecated]
enum PermissionStorage has key {
    V1 {
        perms: BigOrderedMap<Any, StoredPermission>
    }
}

#[deprecated]
enum StoredPermission has store, copy, drop {
    Unlimited,
    Capacity(u256),
}

public fun create_permissioned_handle(_master: &signer): PermissionedHandle;

public fun destroy_permissioned_handle(_p: PermissionedHandle);

public fun signer_from_permissioned_handle(_p: &PermissionedHandle): signer;

public fun is_permissioned_signer(_s: &signer): bool;

public fun grant_revoke_permission(_master: &signer, _permissioned: &signer);

public entry fun revoke_permission_storage_address(
    _s: &signer, _permissions_storage_addr: address
);

public entry fun revoke_all_handles(_s: &signer);

public fun address_of(_s: &signer): address;

public fun borrow_address(_s: &signer): &address;
