package vmstub_test

import (
	"encoding/binary"
	"sort"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// frameworkFunction is an entry or view function of a framework module.
type frameworkFunction struct {
	id      ledgerapi.EntryFunctionId
	entry   bool
	view    bool
	signers int
	params  int // after the signers
	targs   int
}

// frameworkFunctions lists the entry and view functions of every module
// the VM declares at 0x1, 0x3 and 0x4, in a stable order.
func frameworkFunctions(vm *vmstub.VM) []frameworkFunction {
	var out []frameworkFunction
	for _, m := range vm.Modules() {
		if m.Address != ledgerapi.AddressOne && m.Address != ledgerapi.MustParseAddress("0x3") && m.Address != ledgerapi.MustParseAddress("0x4") {
			continue
		}
		for _, f := range m.ExposedFunctions {
			if !f.IsEntry && !f.IsView {
				continue
			}
			ff := frameworkFunction{id: ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: m.Address, Name: m.Name}, Name: f.Name},
				entry: f.IsEntry, view: f.IsView, targs: len(f.GenericTypeParams)}
			for _, p := range f.Params {
				if p == "&signer" || p == "signer" {
					ff.signers++
				} else {
					ff.params++
				}
			}
			out = append(out, ff)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id.String() < out[j].id.String() })
	return out
}

// fuzzTypeArgs are the type arguments the fuzzer picks from: real coin and
// object types, a primitive, and a struct no module declares.
var fuzzTypeArgs = []string{"0x1::aptos_coin::AptosCoin", "0x1::object::ObjectCore", "0x1::fungible_asset::Metadata",
	"u64", "0xcafe::fake::Coin", "vector<u8>"}

// FuzzFrameworkCall calls any entry or view function of the framework
// (0x1, 0x3, 0x4) with random type arguments and random argument bytes,
// as any account may over HTTP. Whatever it calls, the executor meets no
// internal error and does not panic; a failed transaction writes nothing
// but its sender's sequence number and fee; and no APT is created or
// destroyed. The seeds call every function once with an address and an
// amount, so `go test` alone walks the whole declared surface.
func FuzzFrameworkCall(f *testing.F) {
	rec := &internalErrors{}
	base := newChain(f, vmstub.Options{Gas: vmstub.GasSchedule{MaxViewGas: 20_000}, InternalError: rec.record})
	fns := frameworkFunctions(base.vm)
	if len(fns) < 100 {
		f.Fatalf("only %d framework entry and view functions", len(fns))
	}
	a := base.vm.DevAccounts()[0]
	b := base.vm.DevAccounts()[1]
	amount := binary.LittleEndian.AppendUint64(nil, 1000)
	for i := range fns {
		f.Add(uint16(i), uint8(i), b.Address[:], amount)
	}
	f.Fuzz(func(t *testing.T, idx uint16, pick uint8, arg1, arg2 []byte) {
		fn := fns[int(idx)%len(fns)]
		if fn.signers > 1 {
			return // multi-agent calls need more than one signature
		}
		var targs []ledgerapi.TypeTag
		for j := 0; j < fn.targs; j++ {
			tt, err := ledgerapi.ParseTypeTag(fuzzTypeArgs[(int(pick)+j)%len(fuzzTypeArgs)])
			if err != nil {
				t.Fatal(err)
			}
			targs = append(targs, tt)
		}
		args := make([][]byte, fn.params)
		for j := range args {
			args[j] = arg1
			if j%2 == 1 {
				args[j] = arg2
			}
		}
		c := base.fork(t)
		if fn.view && fn.signers == 0 {
			if _, _, _, err := c.vm.View(c, fn.id, targs, args); len(rec.take()) > 0 {
				t.Fatalf("view %s: internal error %v", fn.id, err)
			}
		}
		if !fn.entry {
			return
		}
		r := c.raw(a, vmstub.EntryPayload(fn.id.Module.Address, fn.id.Module.Name, fn.id.Name, targs, args...))
		r.MaxGasAmount = 20_000
		out, err := c.exec(a.Sign(r))
		if err != nil || len(rec.take()) > 0 {
			t.Fatalf("%s: internal error %v (%s)", fn.id, err, out.Info.Status.String())
		}
		c.checkSupply(fn.id.String())
		if out.Info.Status.Success() {
			return
		}
		for _, w := range out.Changes {
			if w.Key.Kind != storage.StateResource || (w.Key.Resource.Module != "account" && w.Key.Resource.Module != "fungible_asset") {
				t.Fatalf("%s failed (%s) but wrote %s", fn.id, out.Info.Status.String(), w.Key)
			}
		}
	})
}
