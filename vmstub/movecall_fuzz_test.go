package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// FuzzMoveCall publishes a module made from random bytes (seeded with the
// sample modules, so that mutations keep most of them valid) and calls
// every entry function it defines, and every view, with random arguments.
// Whatever the code does, the executor never meets an internal error (a
// transaction would be kept failed for it, a view fail: Options.InternalError
// hears of it) and never panics; a failed call writes nothing but the fee;
// views answer a value or an error; and no value is created or destroyed:
// after every transaction the APT the state holds equals the supply.
func FuzzMoveCall(f *testing.F) {
	a0 := func(c *chain) vmstub.DevAccount { return c.vm.DevAccounts()[0] }
	// Small budgets: random code loops, and a loop runs until its gas is
	// spent (20,000 gas units are a million interpreter units).
	rec := &internalErrors{}
	base := newChain(f, vmstub.Options{Gas: vmstub.GasSchedule{MaxViewGas: 20_000}, InternalError: rec.record})
	raw := func(c *chain, p txn.TransactionPayload) txn.RawTransaction {
		r := c.raw(a0(c), p)
		r.MaxGasAmount = 20_000
		return r
	}
	a := base.vm.DevAccounts()[0]
	for _, mk := range []func(ledgerapi.Address) ([]byte, error){samples.Message, samples.Scores, samples.Badges, samples.Payments} {
		code, err := mk(a.Address)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(code, []byte{5, 'h', 'e', 'l', 'l', 'o'}, []byte{7, 0, 0, 0, 0, 0, 0, 0})
	}
	f.Fuzz(func(t *testing.T, code, arg1, arg2 []byte) {
		m, err := bytecode.Config{AllowTrailingBytes: true}.DeserializeModule(code)
		if err != nil {
			return
		}
		h := m.ModuleHandles[m.SelfHandle]
		if int(h.Name) >= len(m.Identifiers) {
			return
		}
		name := m.Identifiers[h.Name]
		c := base.fork(t)
		out, err := c.exec(a.Sign(raw(c, vmstub.EntryPayload(one, "code", "publish_package_txn", nil,
			publishArgs(packageMeta("Fuzz", onchain.UpgradeCompatible, []string{name}, stdDeps...), code)...))))
		if err != nil || len(rec.take()) > 0 {
			t.Fatalf("publish: internal error %v (%s)", err, out.Info.Status.String())
		}
		c.checkSupply("publish")
		if !out.Info.Status.Success() {
			return
		}
		id := ledgerapi.ModuleId{Address: a.Address, Name: name}
		mod, err := c.vm.ModulesAt(c).Module(id)
		if err != nil {
			t.Fatalf("published module does not read: %v", err)
		}
		for _, fn := range mod.ABI.ExposedFunctions {
			var args [][]byte
			for i := range fn.Params {
				switch {
				case i == 0 && (fn.Params[0] == "&signer" || fn.Params[0] == "signer"):
					continue
				case len(args)%2 == 0:
					args = append(args, arg1)
				default:
					args = append(args, arg2)
				}
			}
			if fn.IsView {
				// Any answer will do but an internal error.
				if _, _, _, err := c.vm.View(c, ledgerapi.EntryFunctionId{Module: id, Name: fn.Name}, nil, args); len(rec.take()) > 0 {
					t.Fatalf("%s: internal error in the view: %v", fn.Name, err)
				}
			}
			if !fn.IsEntry || len(fn.GenericTypeParams) > 0 {
				continue
			}
			out, err := c.exec(a.Sign(raw(c, vmstub.EntryPayload(a.Address, name, fn.Name, nil, args...))))
			if err != nil || len(rec.take()) > 0 {
				t.Fatalf("%s: internal error %v (%s)", fn.Name, err, out.Info.Status.String())
			}
			c.checkSupply(fn.Name)
			if !out.Info.Status.Success() {
				for _, w := range out.Changes {
					if w.Key.Kind != storage.StateResource || (w.Key.Resource.Module != "account" && w.Key.Resource.Module != "fungible_asset") {
						t.Fatalf("%s failed (%s) but wrote %s", fn.Name, out.Info.Status.String(), w.Key)
					}
				}
			}
		}
	})
}
