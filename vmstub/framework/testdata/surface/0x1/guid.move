// aptos_framework::guid
struct GUID has drop, store {
    id: ID
}
struct ID has copy, drop, store {
    creation_num: u64,
    addr: address
}
public(friend) fun create(addr: address, creation_num_ref: &mut u64): GUID;
public fun create_id(addr: address, creation_num: u64): ID;
public fun id(guid: &GUID): ID;
public fun creator_address(guid: &GUID): address;
public fun id_creator_address(id: &ID): address;
public fun creation_num(guid: &GUID): u64;
public fun id_creation_num(id: &ID): u64;
public fun eq_id(guid: &GUID, id: &ID): bool;
