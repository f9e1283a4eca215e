package vmstub

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// TestSlotUsageGroups checks slot counting with objects past the length
// at which the groups get a map: each object's resources are one slot,
// new when none of its written members existed, and other resources are
// a slot each.
func TestSlotUsageGroups(t *testing.T) {
	vm, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(vm, nil)
	defer s.release()
	core := ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "object", Name: "ObjectCore"}
	store := ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "fungible_asset", Name: "FungibleStore"}
	account := ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "account", Name: "Account"}
	if !vm.reg.inObjectGroup(core) || !vm.reg.inObjectGroup(store) || vm.reg.inObjectGroup(account) {
		t.Fatal("object group membership of the test's tags")
	}
	write := func(addr ledgerapi.Address, tag ledgerapi.StructTag, existed, exists bool) {
		s.entries = append(s.entries, stateEntry{key: storage.ResourceKey(addr, tag), existed: existed, exists: exists, dirty: true})
		s.order = append(s.order, len(s.entries)-1)
	}
	const objects = 20
	for i := range objects {
		addr := ledgerapi.Address{31: byte(i + 1)}
		// Even objects are new (both members created), odd ones existed
		// (their core existed, their store is new).
		write(addr, core, i%2 == 1, true)
		write(addr, account, false, false) // created and deleted: no slot
		write(addr, store, false, true)
	}
	write(ledgerapi.Address{31: 0xff}, account, false, true)
	write(ledgerapi.Address{31: 0xfe}, account, true, true)
	written, created := s.slotUsage()
	if written != objects+2 || created != objects/2+1 {
		t.Fatalf("slotUsage = %d written, %d created; want %d, %d", written, created, objects+2, objects/2+1)
	}
	s.entries, s.order = s.entries[:0], s.order[:0]
	write(ledgerapi.Address{31: 1}, core, false, true)
	write(ledgerapi.Address{31: 1}, store, true, true)
	if written, created := s.slotUsage(); written != 1 || created != 0 {
		t.Fatalf("one object with an existing member: %d written, %d created", written, created)
	}
}
