package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// FuzzAbstractionAndMultisig sends transactions whose authentication or
// payload comes from the fuzzer: abstraction authenticators naming any
// function with any authenticator bytes (for an account that registered a
// published authentication function), and multisig payloads naming any
// 0x1 function with any argument, with or without the stored payload, from
// an owner or not. Whatever they hold, validation refuses cleanly or the
// transaction is kept: no internal error, no panic; a refused transaction
// changes nothing, and a failed one writes only its sender's sequence
// number, its fee and the multisig account's own state.
func FuzzAbstractionAndMultisig(f *testing.F) {
	rec := &internalErrors{}
	base := newChain(f, vmstub.Options{InternalError: rec.record})
	devs := base.vm.DevAccounts()
	a, b, d := devs[0], devs[1], devs[2]
	code, err := samples.Authenticator(b.Address)
	if err != nil {
		f.Fatal(err)
	}
	if out := base.publish(b, packageMeta("AA", onchain.UpgradeCompatible, []string{"aa"}, stdDeps...), code); !out.Info.Success() {
		f.Fatalf("publish: %s", out.Info.Status.String())
	}
	auth := txn.FunctionInfo{ModuleAddress: b.Address, ModuleName: "aa", FunctionName: "authenticate"}
	base.do(a, call("account_abstraction", "add_authentication_function", nil, aaNames(auth)...))
	vals, _, _, err := base.vm.View(base, fnID("0x1::multisig_account::get_next_multisig_account_address"), nil, [][]byte{vmstub.AddressValue(d.Address)})
	if err != nil {
		f.Fatal(err)
	}
	var ms ledgerapi.Address
	copy(ms[:], vals[0])
	for _, p := range []txn.TransactionPayload{
		msPayload("create_with_owners", addrsBCS(b.Address), vmstub.U64Value(1), stringsBCS(), []byte{0}),
		vmstub.TransferPayload(ms, 1_000_000),
		msPayload("create_transaction", vmstub.AddressValue(ms), vmstub.BytesValue(innerPayload(vmstub.TransferPayload(a.Address, 5)))),
	} {
		if out := base.do(d, p); !out.Info.Success() {
			f.Fatalf("%s: %s", p.EntryFunction.FunctionId(), out.Info.Status.String())
		}
	}

	f.Add(uint8(0), []byte("aa"), []byte("authenticate"), []byte(samples.AuthenticatorPassword))
	f.Add(uint8(0), []byte("aa"), []byte("spin"), []byte{})
	f.Add(uint8(1), []byte("aptos_account"), []byte("transfer"), vmstub.AddressValue(a.Address))
	f.Add(uint8(3), []byte("coin"), []byte("transfer"), vmstub.U64Value(7))
	f.Add(uint8(5), []byte("multisig_account"), []byte("add_owner"), vmstub.AddressValue(a.Address))
	f.Fuzz(func(t *testing.T, kind uint8, module, function, data []byte) {
		c := base.fork(t)
		var st *txn.SignedTransaction
		if kind%2 == 0 {
			fi := txn.FunctionInfo{ModuleAddress: b.Address, ModuleName: string(module), FunctionName: string(function)}
			if kind&4 != 0 {
				fi.ModuleAddress = ledgerapi.AddressOne
			}
			st = abstracted(c.raw(a, vmstub.TransferPayload(d.Address, 5)), fi, data)
		} else {
			p := txn.TransactionPayload{Variant: txn.PayloadMultisig, Multisig: &ms}
			if kind&2 != 0 { // a payload of its own, else the stored one
				inner := vmstub.EntryPayload(ledgerapi.AddressOne, string(module), string(function), nil, data)
				p.EntryFunction = inner.EntryFunction
			}
			from := b // an owner
			if kind&4 != 0 {
				from = a // not an owner
			}
			st = from.Sign(c.raw(from, p))
		}
		before := len(c.state)
		if err := c.vm.Validate(c, st, c.nowUs); err != nil {
			if len(rec.take()) > 0 {
				t.Fatalf("validation: internal error %v", err)
			}
			if _, ok := err.(*ledgerapi.VMStatus); !ok {
				t.Fatalf("validation refused with %T %v, not a VM status", err, err)
			}
			if len(c.state) != before {
				t.Fatal("a refused transaction changed the state")
			}
			return
		}
		out, err := c.exec(st)
		if err != nil || len(rec.take()) > 0 {
			t.Fatalf("internal error %v (%s)", err, out.Info.Status.String())
		}
		c.checkSupply("after the transaction")
		if out.Info.Status.Success() {
			return
		}
		for _, w := range out.Changes {
			if w.Key.Kind != storage.StateResource || (w.Key.Resource.Module != "account" && w.Key.Resource.Module != "fungible_asset" &&
				w.Key.Resource.Module != "multisig_account") {
				t.Fatalf("failed (%s) but wrote %s", out.Info.Status.String(), w.Key)
			}
		}
	})
}
