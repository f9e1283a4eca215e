// aptos_std::storage_slots_allocator (the version with a TableWithLength
// of slots and new(should_reuse))
use aptos_std::table_with_length::TableWithLength;
use std::option::Option;
enum Link<T: store> has store { Occupied { value: T }, Vacant { next: u64 } }
enum StorageSlotsAllocator<T: store> has store { V1 { slots: Option<TableWithLength<u64, Link<T>>>, new_slot_index: u64, should_reuse: bool, reuse_head_index: u64, reuse_spare_count: u32 } }
struct ReservedSlot { slot_index: u64 }
struct StoredSlot has store { slot_index: u64 }
public fun new<T: store>(should_reuse: bool): StorageSlotsAllocator<T>;
public fun allocate_spare_slots<T: store>(self: &mut StorageSlotsAllocator<T>, num_to_allocate: u64);
public fun get_num_spare_slot_count<T: store>(self: &StorageSlotsAllocator<T>): u32;
public fun add<T: store>(self: &mut StorageSlotsAllocator<T>, val: T): StoredSlot;
public fun remove<T: store>(self: &mut StorageSlotsAllocator<T>, slot: StoredSlot): T;
public fun destroy_empty<T: store>(self: StorageSlotsAllocator<T>);
public fun borrow<T: store>(self: &StorageSlotsAllocator<T>, slot_index: u64): &T;
public fun borrow_mut<T: store>(self: &mut StorageSlotsAllocator<T>, slot_index: u64): &mut T;
public fun reserve_slot<T: store>(self: &mut StorageSlotsAllocator<T>): (StoredSlot, ReservedSlot);
public fun fill_reserved_slot<T: store>(self: &mut StorageSlotsAllocator<T>, slot: ReservedSlot, val: T);
public fun remove_and_reserve<T: store>(self: &mut StorageSlotsAllocator<T>, slot_index: u64): (ReservedSlot, T);
public fun free_reserved_slot<T: store>(self: &mut StorageSlotsAllocator<T>, reserved_slot: ReservedSlot, stored_slot: StoredSlot);
public fun reserved_to_index(self: &ReservedSlot): u64;
public fun stored_to_index(self: &StoredSlot): u64;
public fun is_null_index(slot_index: u64): bool;
public fun is_special_unused_index(slot_index: u64): bool;
