package aptosframework

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// mapHost is a native.Host over maps, for the Go functions the executor
// calls (they touch nothing else).
type mapHost struct {
	native.Host // nil: a call of anything else panics
	res         map[string][]byte
	events      []ledgerapi.TypeTag
	states      native.States
}

func newMapHost() *mapHost { return &mapHost{res: map[string][]byte{}} }

func resKey(a ledgerapi.Address, tag ledgerapi.StructTag) string {
	return a.String() + "/" + tag.String()
}

func (h *mapHost) Resource(a ledgerapi.Address, tag ledgerapi.StructTag) ([]byte, bool, error) {
	b, ok := h.res[resKey(a, tag)]
	return b, ok, nil
}

func (h *mapHost) SetResource(a ledgerapi.Address, tag ledgerapi.StructTag, v []byte) error {
	h.res[resKey(a, tag)] = v
	return nil
}

func (h *mapHost) EmitBCS(typ ledgerapi.TypeTag, _ []byte) { h.events = append(h.events, typ) }
func (h *mapHost) States() *native.States                  { return &h.states }

func abortCode(t *testing.T, err error, module string) uint64 {
	t.Helper()
	var ab *movevm.Abort
	if !errors.As(err, &ab) || ab.Module.Name != module {
		t.Fatalf("error %v, want an abort of %s", err, module)
	}
	return ab.Code
}

// The executor's transfer and fee path: stores made on first use, a short
// balance refused with fungible_asset's EINSUFFICIENT_BALANCE and nothing
// moved, the fee burned from the store and the supply.
func TestTransferAndFee(t *testing.T) {
	h := newMapHost()
	a, b := ledgerapi.MustParseAddress("0xa11ce"), ledgerapi.MustParseAddress("0xb0b")
	if err := GenesisPrimaryStore(h, a, APTMetadata, 1000); err != nil {
		t.Fatal(err)
	}
	if err := GenesisAPTSupply(h, 1000); err != nil {
		t.Fatal(err)
	}
	if got := primaryStoreAddress(a, APTMetadata); got != crypto.PrimaryStoreAddress(a, APTMetadata) {
		t.Fatalf("cached store address %s", got)
	}
	if err := TransferFungible(h, a, b, APTMetadata, 400); err != nil {
		t.Fatal(err)
	}
	if len(h.events) != 2 || h.events[0].String() != "0x1::fungible_asset::Withdraw" || h.events[1].String() != "0x1::fungible_asset::Deposit" {
		t.Fatalf("events %v", h.events)
	}
	if code := abortCode(t, TransferFungible(h, a, b, APTMetadata, 601), "fungible_asset"); code != native.Code(native.InvalidArgument, eInsufficientBalance) {
		t.Fatalf("short balance: 0x%x", code)
	}
	for addr, want := range map[ledgerapi.Address]uint64{a: 600, b: 400} {
		if bal, err := PrimaryStoreBalance(h, addr, APTMetadata); err != nil || bal != want {
			t.Fatalf("balance of %s %d (%v), want %d", addr, bal, err, want)
		}
	}
	fee, err := PrepareFee(h, a)
	if err != nil || fee.Balance() != 600 {
		t.Fatalf("fee balance %d, %v", fee.Balance(), err)
	}
	if err := fee.Burn(h, 100); err != nil {
		t.Fatal(err)
	}
	var cs onchain.ConcurrentSupply
	if _, err := readResource(h, APTMetadata, concurrentSupplyTag, &cs); err != nil || cs.Value != 900 || cs.ValueHi != 0 {
		t.Fatalf("supply %+v %v", cs, err)
	}
	if bal, _ := PrimaryStoreBalance(h, a, APTMetadata); bal != 500 {
		t.Fatalf("payer balance %d after the fee", bal)
	}
}

// mintSupply stops at the supply's max_value with EMAX_SUPPLY_EXCEEDED and
// carries into the high half below it.
func TestMintSupply(t *testing.T) {
	h := newMapHost()
	meta := ledgerapi.MustParseAddress("0xfa")
	if err := putResource(h, meta, concurrentSupplyTag, &onchain.ConcurrentSupply{Value: maxU64, Max: 5, MaxHi: 1}); err != nil {
		t.Fatal(err)
	}
	if err := mintSupply(h, meta, 6); err != nil {
		t.Fatal(err)
	}
	var cs onchain.ConcurrentSupply
	if _, err := readResource(h, meta, concurrentSupplyTag, &cs); err != nil || cs.Value != 5 || cs.ValueHi != 1 {
		t.Fatalf("supply %+v %v", cs, err)
	}
	if code := abortCode(t, mintSupply(h, meta, 1), "fungible_asset"); code != native.Code(native.OutOfRange, eMaxSupplyExceeded) {
		t.Fatalf("above max_value: 0x%x", code)
	}
	var me *movevm.Error
	if err := mintSupply(h, ledgerapi.MustParseAddress("0xfb"), 1); !errors.As(err, &me) || me.Status != onchain.MISSING_DATA {
		t.Fatalf("no supply: %v", err)
	}
}
