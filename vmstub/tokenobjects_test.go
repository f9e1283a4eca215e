package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Token objects at 0x4 (collection, royalty, token, property_map,
// aptos_token) run through the VM: entry functions, views, the resources
// as the API renders them, and the abort codes.

const collNotFound = "0x4::collection: ECOLLECTION_DOES_NOT_EXIST(0x60001)"

// seedCollection writes, at the named object of creator and name, a
// Collection with a ConcurrentSupply of current of max, as
// create_fixed_collection leaves it.
func (c *chain) seedCollection(creator ledgerapi.Address, name string, current, max uint64) ledgerapi.Address {
	a := crypto.ObjectAddressFromSeed(creator, []byte(name))
	c.putObject(a, creator, false)
	e := bcs.NewEncoder(128)
	e.Fixed(creator[:])
	e.String("the description")
	e.String(name)
	e.String("https://uri")
	e.U64(0)
	e.U64(0x4000000000001)
	e.Fixed(a[:])
	c.put(a, "0x4::collection::Collection", e.Bytes())
	e = bcs.NewEncoder(32)
	e.U64(current)
	e.U64(max)
	e.U64(current)
	e.U64(^uint64(0))
	c.put(a, "0x4::collection::ConcurrentSupply", e.Bytes())
	return a
}

// TestCollectionViews: the collection views read a seeded collection and
// abort with ECOLLECTION_DOES_NOT_EXIST on an object without one;
// create_collection_address derives the named object's address.
func TestCollectionViews(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	coll := c.seedCollection(a.Address, "Kittens", 3, 10)
	ty := []string{"0x4::collection::Collection"}
	for fn, want := range map[string]string{
		"count":       `[{"vec":["3"]}]`,
		"creator":     `[` + addrJSON(a.Address) + `]`,
		"name":        `["Kittens"]`,
		"description": `["the description"]`,
		"uri":         `["https://uri"]`,
	} {
		if got := c.mustView("0x4::collection::"+fn, ty, addrJSON(coll)); got != want {
			t.Errorf("collection::%s = %s, want %s", fn, got, want)
		}
	}
	bare := ledgerapi.MustParseAddress("0xc011")
	c.putObject(bare, a.Address, true)
	_, err := c.view("0x4::collection::name", []string{"0x1::object::ObjectCore"}, addrJSON(bare))
	if err == nil || !strings.Contains(err.Error(), collNotFound) {
		t.Errorf("name of an object without a collection: %v, want %s", err, collNotFound)
	}
}
