package vmstub_test

import (
	"encoding/binary"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// aptHeld sums every APT amount the state holds: the balance of each
// fungible store of the APT metadata (0xa), the aggregator of a concurrent
// balance held beside such a store, and the coin of each
// CoinStore<AptosCoin>. Nothing else can hold APT outside Move values in
// flight, so after every transaction it must equal the supply.
func (c *chain) aptHeld() uint64 {
	c.t.Helper()
	apt := ledgerapi.MustParseAddress("0xa")
	stores := map[ledgerapi.Address]bool{}
	concurrent := map[ledgerapi.Address]uint64{}
	var total uint64
	for k, v := range c.state {
		key, err := onchain.ParseStateKey([]byte(k))
		if err != nil {
			c.t.Fatalf("state key does not parse: %v", err)
		}
		if key.Kind != onchain.StateResource || key.Resource.Address != ledgerapi.AddressOne {
			continue
		}
		r := key.Resource
		switch {
		case r.Module == "fungible_asset" && r.Name == "FungibleStore" && len(v) >= 40:
			if ledgerapi.Address(v[:32]) == apt {
				stores[key.Address] = true
				total += binary.LittleEndian.Uint64(v[32:40])
			}
		case r.Module == "fungible_asset" && r.Name == "ConcurrentFungibleBalance" && len(v) >= 8:
			concurrent[key.Address] = binary.LittleEndian.Uint64(v[:8])
		case r.Module == "coin" && r.Name == "CoinStore" && len(r.TypeArgs) == 1 && len(v) >= 8 &&
			r.TypeArgs[0].String() == "0x1::aptos_coin::AptosCoin":
			total += binary.LittleEndian.Uint64(v[:8])
		}
	}
	for a, n := range concurrent {
		if stores[a] {
			total += n
		}
	}
	return total
}

// checkSupply fails the test when the APT held differs from the supply.
func (c *chain) checkSupply(when string) {
	c.t.Helper()
	if held, supply := c.aptHeld(), c.supply(); held != supply {
		c.t.Fatalf("%s: %d APT octas held, supply %d", when, held, supply)
	}
}

func TestSupplyEqualsHoldings(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	c.checkSupply("genesis")
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	c.mustExec(a.Sign(c.raw(a, vmstub.TransferPayload(b.Address, 12345))))
	c.checkSupply("after a transfer")
}
