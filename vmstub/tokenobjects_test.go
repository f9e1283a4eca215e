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

// seedToken writes a Token named name with index in the collection at
// coll, its TokenIdentifiers, and a PropertyMap {"level": u64 7}, at an
// object of owner.
func (c *chain) seedToken(tok, coll, owner ledgerapi.Address, name string, index uint64) {
	c.putObject(tok, owner, true)
	e := bcs.NewEncoder(128)
	e.Fixed(coll[:])
	e.U64(0)
	e.String("token description")
	e.String("")
	e.String("https://token")
	e.U64(0)
	e.U64(0x4000000000001)
	e.Fixed(tok[:])
	c.put(tok, "0x4::token::Token", e.Bytes())
	e = bcs.NewEncoder(64)
	e.U64(index)
	e.String(name)
	e.WriteBytes(nil)
	c.put(tok, "0x4::token::TokenIdentifiers", e.Bytes())
	e = bcs.NewEncoder(64)
	e.SeqLen(1)
	e.String("level")
	e.U8(4)
	e.WriteBytes(vmstub.U64Value(7))
	c.put(tok, "0x4::property_map::PropertyMap", e.Bytes())
}

// TestTokenViews: the token views read a seeded token (its name and index
// from TokenIdentifiers, its creator and collection name from the
// collection, the collection's royalty when it has none); the token
// addresses derive as Aptos derives them; a missing token aborts with
// ETOKEN_DOES_NOT_EXIST.
func TestTokenViews(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	coll := c.seedCollection(a.Address, "Kittens", 1, 10)
	tok := crypto.ObjectAddressFromSeed(a.Address, []byte("Kittens::Tom"))
	c.seedToken(tok, coll, a.Address, "Tom", 1)
	ty := []string{"0x4::token::Token"}
	for fn, want := range map[string]string{
		"name": `["Tom"]`, "index": `["1"]`, "description": `["token description"]`, "uri": `["https://token"]`,
		"creator": `[` + addrJSON(a.Address) + `]`, "collection_name": `["Kittens"]`,
		"collection_object": `[{"inner":"` + coll.String() + `"}]`, "royalty": `[{"vec":[]}]`,
	} {
		if got := c.mustView("0x4::token::"+fn, ty, addrJSON(tok)); got != want {
			t.Errorf("token::%s = %s, want %s", fn, got, want)
		}
	}
	seeded := crypto.ObjectAddressFromSeed(a.Address, []byte("Kittens::Tom#2"))
	if got := c.mustView("0x4::token::create_token_address_with_seed", nil, addrJSON(a.Address), q("Kittens"), q("Tom"), q("#2")); got != `[`+addrJSON(seeded)+`]` {
		t.Errorf("create_token_address_with_seed = %s, want %s", got, seeded)
	}
	_, err := c.view("0x4::token::name", []string{"0x1::object::ObjectCore"}, addrJSON(coll))
	if err == nil || !strings.Contains(err.Error(), "0x4::token: ETOKEN_DOES_NOT_EXIST(0x60001)") {
		t.Errorf("name of a collection: %v", err)
	}
}
