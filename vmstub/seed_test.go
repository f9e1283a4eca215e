package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/storage"
)

// State the executor never creates by itself, written straight into a test
// chain: user objects (the API offers no way to create one without
// publishing Move code) and legacy CoinStores (pre-fungible-asset APT
// accounts). Their bytes follow the framework layouts, which the tests
// render through the VM's resolver to make sure they match.

// put writes resource tag at addr.
func (c *chain) put(addr ledgerapi.Address, tag string, value []byte) {
	c.t.Helper()
	st := structType(tag).Struct
	enc, err := storage.ResourceKey(addr, *st).Encode()
	if err != nil {
		c.t.Fatal(err)
	}
	c.state[string(enc)] = value
}

// get returns resource tag at addr, nil when absent.
func (c *chain) get(addr ledgerapi.Address, tag string) []byte {
	c.t.Helper()
	b, err := c.StateValue(storage.ResourceKey(addr, *structType(tag).Struct))
	if err != nil {
		return nil
	}
	return b
}

// json renders resource tag at addr as the API shows it ("" when absent).
func (c *chain) json(addr ledgerapi.Address, tag string) string {
	c.t.Helper()
	b := c.get(addr, tag)
	if b == nil {
		return ""
	}
	return render(c.t.(*testing.T), movevalue.Codec{Resolver: c.vm.ModulesAt(c)}, structType(tag), b)
}

// objectCoreBytes is a fresh object's ObjectCore at addr: guid_creation_num
// INIT_GUID_CREATION_NUM + 1, its transfer_events handle on GUID
// INIT_GUID_CREATION_NUM, counter 0.
func objectCoreBytes(addr, owner ledgerapi.Address, ungated bool) []byte {
	e := bcs.NewEncoder(96)
	e.U64(0x4000000000001)
	e.Fixed(owner[:])
	e.Bool(ungated)
	e.U64(0)
	e.U64(0x4000000000000)
	e.Fixed(addr[:])
	return e.Bytes()
}

// putObject creates an object at addr owned by owner.
func (c *chain) putObject(addr, owner ledgerapi.Address, ungated bool) {
	c.put(addr, "0x1::object::ObjectCore", objectCoreBytes(addr, owner, ungated))
}

const (
	coinStoreAPT = "0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>"
	coinInfoAPT  = "0x1::coin::CoinInfo<0x1::aptos_coin::AptosCoin>"
)

// coinInfoBytes is APT's CoinInfo with supply tracked by an optional
// aggregator's integer holding value.
func coinInfoBytes(value uint64) []byte {
	e := bcs.NewEncoder(64)
	e.String("Aptos Coin")
	e.String("APT")
	e.U8(8)
	e.Fixed([]byte{1, 0, 1}) // Some(OptionalAggregator{aggregator: None, integer: Some(
	e.U128(value, 0)         //   Integer{value,
	e.U128(^uint64(0), ^uint64(0))
	return e.Bytes()
}

// seedCoinStore gives owner a legacy CoinStore<AptosCoin> of value coins
// (handles on the account's GUIDs 2 and 3, as coin::register made them)
// and adds value to the supply CoinInfo tracks, as minting coins did.
func (c *chain) seedCoinStore(owner ledgerapi.Address, value uint64, frozen bool) {
	c.t.Helper()
	e := bcs.NewEncoder(105)
	e.U64(value)
	e.Bool(frozen)
	for _, guid := range []uint64{2, 3} {
		e.U64(0)
		e.U64(guid)
		e.Fixed(owner[:])
	}
	c.put(owner, coinStoreAPT, e.Bytes())
	c.put(ledgerapi.AddressOne, coinInfoAPT, coinInfoBytes(c.coinInfoSupply()+value))
}

// coinInfoSupply decodes the supply APT's CoinInfo tracks.
func (c *chain) coinInfoSupply() uint64 {
	c.t.Helper()
	d := bcs.NewDecoder(c.get(ledgerapi.AddressOne, coinInfoAPT))
	d.String("name")
	d.String("symbol")
	d.U8("decimals")
	var opts [3]byte
	d.Fixed(opts[:], "options")
	lo, hi := d.U128("value")
	d.U128("limit")
	if err := d.Finish(); err != nil || opts != [3]byte{1, 0, 1} || hi != 0 {
		c.t.Fatalf("CoinInfo supply: %v %v %d", err, opts, hi)
	}
	return lo
}

// view calls fn with JSON arguments through the ABI (as POST /view does)
// and returns the results rendered as JSON, or the error.
func (c *chain) view(fn string, tyArgs []string, args ...string) (string, error) {
	c.t.Helper()
	tys := make([]ledgerapi.TypeTag, len(tyArgs))
	for i, s := range tyArgs {
		tys[i] = structType(s)
	}
	js := make([]jsonRaw, len(args))
	for i, a := range args {
		js[i] = jsonRaw(a)
	}
	bcsArgs, err := c.vm.ModulesAt(c).EncodeArgs(fnID(fn), tys, js)
	if err != nil {
		return "", err
	}
	vals, types, _, err := c.vm.View(c, fnID(fn), tys, bcsArgs)
	if err != nil {
		return "", err
	}
	out := "["
	for i := range vals {
		if i > 0 {
			out += ","
		}
		out += render(c.t.(*testing.T), movevalue.Codec{Resolver: c.vm.ModulesAt(c)}, types[i], vals[i])
	}
	return out + "]", nil
}

// mustView is view failing the test on an error.
func (c *chain) mustView(fn string, tyArgs []string, args ...string) string {
	c.t.Helper()
	out, err := c.view(fn, tyArgs, args...)
	if err != nil {
		c.t.Fatalf("%s: %v", fn, err)
	}
	return out
}

// q quotes s as a JSON string.
func q(s string) string { return `"` + s + `"` }

// addr returns a's JSON form.
func addrJSON(a ledgerapi.Address) string { return q(a.String()) }
