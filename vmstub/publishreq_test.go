package vmstub_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

var deployAddr = ledgerapi.MustParseAddress("0xde9")

// deployModule is 0xde9::deploy, publishing as 0x1::code does through the
// native contract: publish(&signer, metadata, code) requests the
// publication at the signer's address and then emits Requested;
// publish_twice requests it twice.
func deployModule() native.Module {
	request := func(c *native.Context, args []movevm.Value) error {
		s, _ := args[0].Deref()
		meta, mods := args[1], args[2]
		code := make([][]byte, mods.Len())
		for i := range code {
			code[i] = mods.Elem(i).Bytes()
		}
		return c.Host().RequestPublish(native.PublishRequest{Publisher: s.AsAddress(), Metadata: meta.Bytes(), Code: code})
	}
	params := []string{"&signer", "vector<u8>", "vector<vector<u8>>"}
	return native.Module{Address: deployAddr, Name: "deploy",
		Structs: []native.Struct{{Name: "Requested", Abilities: []string{native.AbilityDrop, native.AbilityStore}, Fields: []string{"by: address"}, IsEvent: true}},
		Functions: []native.Function{
			{Name: "publish", IsEntry: true, Params: params, Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				if err := request(c, args); err != nil {
					return nil, err
				}
				s, _ := args[0].Deref()
				a := s.AsAddress()
				c.Host().EmitBCS(ledgerapi.StructType(ledgerapi.StructTag{Address: deployAddr, Module: "deploy", Name: "Requested"}), a[:])
				return nil, nil
			}},
			{Name: "publish_twice", IsEntry: true, Params: params, Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				if err := request(c, args); err != nil {
					return nil, err
				}
				return nil, request(c, args)
			}},
		},
	}
}

func (c *chain) deploy(fn string, from vmstub.DevAccount, meta []byte, code ...[]byte) storage.Transaction {
	c.t.Helper()
	args := publishArgs(meta, code...)
	return c.mustExec(from.Sign(c.raw(from, vmstub.EntryPayload(deployAddr, "deploy", fn, nil, args...))))
}

// TestRequestPublish publishes through Host.RequestPublish: the executor
// checks and stores the package after the call, emits PublishPackage where
// the request was made and runs init_module.
func TestRequestPublish(t *testing.T) {
	c := newChain(t, vmstub.Options{Natives: []native.Module{deployModule()}, InternalError: func(_ ledgerapi.HashValue, err error) { t.Log(err) }})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	flag := storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: a.Address, Module: "boot", Name: "Flag"})

	out := c.deploy("publish", a, packageMeta("Boot", onchain.UpgradeCompatible, []string{"boot"}, stdDeps...), bootModule(t, a.Address, false))
	if !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	if got := strings.Join(eventTypes(out), ","); got != "0x1::code::PublishPackage,0xde9::deploy::Requested,0x1::transaction_fee::FeeStatement" {
		t.Fatalf("events %s", got)
	}
	if want := append(a.Address[:], 0); !bytes.Equal(out.Events[0].Data, want) {
		t.Fatalf("PublishPackage %x, want %x", out.Events[0].Data, want)
	}
	if v, err := c.StateValue(flag); err != nil || string(v) != string(vmstub.U64Value(42)) {
		t.Fatalf("Flag after init_module: %x %v", v, err)
	}
	if reg := c.registry(a.Address); len(reg.Packages) != 1 || reg.Packages[0].Name != "Boot" {
		t.Fatalf("registry %+v", reg)
	}
	if _, err := c.StateValue(storage.ModuleKey(a.Address, "boot")); err != nil {
		t.Fatalf("module not stored: %v", err)
	}

	// An upgrade is flagged as one and does not run init_module again.
	c.putKey(flag, vmstub.U64Value(1))
	out = c.deploy("publish", a, packageMeta("Boot", onchain.UpgradeCompatible, []string{"boot"}, stdDeps...), bootModule(t, a.Address, false))
	if !out.Info.Status.Success() || out.Events[0].Data[32] != 1 {
		t.Fatalf("upgrade: %s %x", out.Info.Status.String(), out.Events[0].Data)
	}
	if v, _ := c.StateValue(flag); string(v) != string(vmstub.U64Value(1)) {
		t.Fatalf("init_module ran on an upgrade: %x", v)
	}

	// The checks run after the call: a refusal fails the transaction.
	out = c.deploy("publish", b, packageMeta("P", onchain.UpgradeCompatible, []string{"user"}, stdDeps...), userModule(t, b.Address))
	wantFailure(t, out, "LINKER_ERROR")
	out = c.deploy("publish", b, []byte{1, 2, 3}, tallyModule(t, b.Address, true, false))
	wantFailure(t, out, "Move abort in 0x1::util: 0x10001")

	// An init_module that aborts fails the transaction with its abort.
	out = c.deploy("publish", b, packageMeta("Boot", onchain.UpgradeCompatible, []string{"boot"}, stdDeps...), bootModule(t, b.Address, true))
	boot := ledgerapi.ModuleId{Address: b.Address, Name: "boot"}
	if got := out.Info.Status.String(); got != "Move abort in "+boot.String()+": 0x7" {
		t.Fatalf("aborting init_module: %s", got)
	}
	wantFailure(t, out, "Move abort")

	// One publication per transaction: the second request aborts in 0x1::code.
	out = c.deploy("publish_twice", b, packageMeta("Boot", onchain.UpgradeCompatible, []string{"boot"}, stdDeps...), bootModule(t, b.Address, false))
	if got := out.Info.Status.String(); !strings.HasPrefix(got, "Move abort in 0x1::code: 0x30000") {
		t.Fatalf("second request: %s", got)
	}
	wantFailure(t, out, "Move abort")
}

// TestRequestPublishChargesPackageBytes: the executor charges the
// per-byte publication gas of a requested package.
func TestRequestPublishChargesPackageBytes(t *testing.T) {
	small := newChain(t, vmstub.Options{Natives: []native.Module{deployModule()}})
	big := newChain(t, vmstub.Options{Natives: []native.Module{deployModule()}, Gas: vmstub.GasSchedule{ExecutionPerPublishedByte: 3}})
	meta := packageMeta("Boot", onchain.UpgradeCompatible, []string{"boot"}, stdDeps...)
	var gas [2]uint64
	var size uint64
	for i, c := range []*chain{small, big} {
		a := c.vm.DevAccounts()[0]
		mod := bootModule(t, a.Address, false)
		size = uint64(len(meta) + len(mod))
		out := c.deploy("publish", a, meta, mod)
		if !out.Info.Status.Success() {
			t.Fatalf("publish: %s", out.Info.Status.String())
		}
		gas[i] = out.Info.GasUsed
	}
	if gas[1]-gas[0] != 2*size {
		t.Fatalf("gas %d at 1/byte and %d at 3/byte for %d bytes", gas[0], gas[1], size)
	}
}
