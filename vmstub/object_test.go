package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

const (
	evTransfer = "0x1::object::Transfer"

	objNoUngated = "Move abort in 0x1::object: ENO_UNGATED_TRANSFERS(0x50003): The object does not have ungated transfers enabled"
	objNotOwner  = "Move abort in 0x1::object: ENOT_OBJECT_OWNER(0x50004): The caller does not have ownership permissions"
	objNesting   = "Move abort in 0x1::object: EMAXIMUM_NESTING(0x20006): Exceeds maximum nesting for an object transfer."
	objMissing   = "Move abort in 0x1::object: EOBJECT_DOES_NOT_EXIST(0x60002): An object does not exist at this address"
	objNoRes     = "Move abort in 0x1::object: ERESOURCE_DOES_NOT_EXIST(0x60007): The resource is not stored at the specified address."
)

// rawSize is the raw transaction's BCS size, the size io gas is charged on.
func rawSize(r *txn.RawTransaction) uint64 {
	e := bcs.NewEncoder(256)
	r.MarshalBCS(e)
	return uint64(e.Len())
}

func objTransfer(obj, to ledgerapi.Address, tyArg string) txn.TransactionPayload {
	return call("object", "transfer", []ledgerapi.TypeTag{structType(tyArg)}, vmstub.AddressValue(obj), vmstub.AddressValue(to))
}

func objTransferCall(obj, to ledgerapi.Address) txn.TransactionPayload {
	return call("object", "transfer_call", nil, vmstub.AddressValue(obj), vmstub.AddressValue(to))
}

// chainOf returns objects addrs[0] ← addrs[1] ← … where addrs[0] is owned
// by owner and each next one by the previous object.
func (c *chain) chainOf(owner ledgerapi.Address, addrs ...ledgerapi.Address) {
	for _, a := range addrs {
		c.putObject(a, owner, true)
		owner = a
	}
}

func objAddrs(base uint64, n int) []ledgerapi.Address {
	out := make([]ledgerapi.Address, n)
	for i := range out {
		out[i][30], out[i][31] = byte(base), byte(i+1)
	}
	return out
}

// TestObjectTransfer runs object::transfer and transfer_call to success
// and to each abort, in the order Aptos checks them, and checks the owner
// change, the Transfer module event and the gas.
func TestObjectTransfer(t *testing.T) {
	obj := ledgerapi.MustParseAddress("0x0b1")
	core := "0x1::object::ObjectCore"
	cases := []struct {
		name    string
		setup   func(c *chain, a, b ledgerapi.Address)
		payload func(a, b ledgerapi.Address) txn.TransactionPayload
		status  string // "" = success
		events  []string
		owner   func(a, b ledgerapi.Address) ledgerapi.Address // obj's owner afterwards
		from    ledgerapi.Address                              // the direct owner before, when not the sender
	}{
		{name: "transfer<ObjectCore>", setup: func(c *chain, a, _ ledgerapi.Address) { c.putObject(obj, a, true) },
			payload: func(_, b ledgerapi.Address) txn.TransactionPayload { return objTransfer(obj, b, core) },
			events:  []string{evTransfer, evFee}, owner: func(_, b ledgerapi.Address) ledgerapi.Address { return b }},
		{name: "transfer_call", setup: func(c *chain, a, _ ledgerapi.Address) { c.putObject(obj, a, true) },
			payload: func(_, b ledgerapi.Address) txn.TransactionPayload { return objTransferCall(obj, b) },
			events:  []string{evTransfer, evFee}, owner: func(_, b ledgerapi.Address) ledgerapi.Address { return b }},
		{name: "to the current owner changes nothing", setup: func(c *chain, a, _ ledgerapi.Address) { c.putObject(obj, a, true) },
			payload: func(a, _ ledgerapi.Address) txn.TransactionPayload { return objTransferCall(obj, a) },
			events:  []string{evFee}, owner: func(a, _ ledgerapi.Address) ledgerapi.Address { return a }},
		{name: "nested: owned through 7 objects", setup: func(c *chain, a, _ ledgerapi.Address) {
			parents := objAddrs(0xc0, 7)
			c.chainOf(a, parents...)
			c.putObject(obj, parents[6], true)
		}, payload: func(_, b ledgerapi.Address) txn.TransactionPayload { return objTransferCall(obj, b) },
			events: []string{evTransfer, evFee}, owner: func(_, b ledgerapi.Address) ledgerapi.Address { return b }, from: objAddrs(0xc0, 7)[6]},
		{name: "nested: 8 objects exceed the nesting", setup: func(c *chain, a, _ ledgerapi.Address) {
			parents := objAddrs(0xc0, 8)
			c.chainOf(a, parents...)
			c.putObject(obj, parents[7], true)
		}, payload: func(_, b ledgerapi.Address) txn.TransactionPayload { return objTransferCall(obj, b) },
			status: objNesting, events: []string{evFee}},
		{name: "nested: a cycle hits the nesting limit", setup: func(c *chain, _, _ ledgerapi.Address) { c.putObject(obj, obj, true) },
			payload: func(_, b ledgerapi.Address) txn.TransactionPayload { return objTransferCall(obj, b) },
			status:  objNesting, events: []string{evFee}},
		{name: "nested: a gated parent", setup: func(c *chain, a, _ ledgerapi.Address) {
			parent := objAddrs(0xd0, 1)[0]
			c.putObject(parent, a, false)
			c.putObject(obj, parent, true)
		}, payload: func(_, b ledgerapi.Address) txn.TransactionPayload { return objTransferCall(obj, b) },
			status: objNoUngated, events: []string{evFee}},
		{name: "gated object", setup: func(c *chain, a, _ ledgerapi.Address) { c.putObject(obj, a, false) },
			payload: func(_, b ledgerapi.Address) txn.TransactionPayload { return objTransferCall(obj, b) },
			status:  objNoUngated, events: []string{evFee}},
		{name: "gated object not owned: ungated is checked first", setup: func(c *chain, _, b ledgerapi.Address) { c.putObject(obj, b, false) },
			payload: func(_, b ledgerapi.Address) txn.TransactionPayload { return objTransferCall(obj, b) },
			status:  objNoUngated, events: []string{evFee}},
		{name: "someone else's object", setup: func(c *chain, _, b ledgerapi.Address) { c.putObject(obj, b, true) },
			payload: func(a, _ ledgerapi.Address) txn.TransactionPayload { return objTransferCall(obj, a) },
			status:  objNotOwner, events: []string{evFee}},
		{name: "the APT metadata object (owned by 0x1)",
			payload: func(_, b ledgerapi.Address) txn.TransactionPayload {
				return objTransfer(ledgerapi.AddressA, b, "0x1::fungible_asset::Metadata")
			}, status: objNotOwner, events: []string{evFee}},
		{name: "the sender's primary store (ungated transfers disabled)",
			payload: func(a, b ledgerapi.Address) txn.TransactionPayload {
				return objTransfer(crypto.PrimaryStoreAddress(a, ledgerapi.AddressA), b, "0x1::fungible_asset::FungibleStore")
			}, status: objNoUngated, events: []string{evFee}},
		{name: "transfer_call: no object",
			payload: func(_, b ledgerapi.Address) txn.TransactionPayload { return objTransferCall(obj, b) },
			status:  objMissing, events: []string{evFee}},
		{name: "transfer: no object to build the argument",
			payload: func(_, b ledgerapi.Address) txn.TransactionPayload { return objTransfer(obj, b, core) },
			status:  objMissing, events: []string{evFee}},
		{name: "transfer: the object lacks T", setup: func(c *chain, a, _ ledgerapi.Address) { c.putObject(obj, a, true) },
			payload: func(_, b ledgerapi.Address) txn.TransactionPayload {
				return objTransfer(obj, b, "0x1::fungible_asset::FungibleStore")
			}, status: objNoRes, events: []string{evFee}},
	}
	execOf := map[string]uint64{} // execution gas of the successful transfers
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newChain(t, vmstub.Options{})
			a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
			if tc.setup != nil {
				tc.setup(c, a.Address, b.Address)
			}
			before := c.get(obj, core)
			r := c.raw(a, tc.payload(a.Address, b.Address))
			out := c.mustExec(a.Sign(r))
			js := renderOutput(t, c.vm, out)
			if want := tc.status; want == "" && out.Info.Status.String() != "Executed successfully" || want != "" && out.Info.Status.String() != want {
				t.Fatalf("vm_status %q, want %q", out.Info.Status.String(), tc.status)
			}
			if got := eventTypes(out); !equalStrings(got, tc.events) {
				t.Fatalf("events %v, want %v", got, tc.events)
			}
			wrote := false
			for _, w := range out.Changes {
				wrote = wrote || w.Key.Address == obj && w.Key.Kind == storage.StateResource
			}
			moved := tc.owner != nil && tc.owner(a.Address, b.Address) != a.Address
			if wrote != moved {
				t.Fatalf("object written %v, want %v", wrote, moved)
			}
			if tc.owner == nil {
				if string(c.get(obj, core)) != string(before) {
					t.Fatal("a failed transfer changed the object")
				}
				return
			}
			to := tc.owner(a.Address, b.Address)
			want := `{"allow_ungated_transfer":true,"guid_creation_num":"1125899906842625","owner":"` + to.String() +
				`","transfer_events":{"counter":"0","guid":{"id":{"addr":"` + obj.String() + `","creation_num":"1125899906842624"}}}}`
			if got := c.json(obj, core); got != want {
				t.Fatalf("ObjectCore\n got  %s\n want %s", got, want)
			}
			if !moved {
				return
			}
			from := a.Address
			if tc.from != (ledgerapi.Address{}) {
				from = tc.from
			}
			wantEv := `{"from":"` + from.String() + `","object":"` + obj.String() + `","to":"` + to.String() + `"}`
			if got := js["event 0x1::object::Transfer#0"]; got != wantEv {
				t.Fatalf("Transfer event %s, want %s", got, wantEv)
			}
			if e := out.Events[0]; !e.IsV2() {
				t.Fatalf("Transfer is not a module event: %+v", e.Key)
			}
			// Execution: base + one call and what the call touched (a direct
			// call of a framework function is billed by its meter); io: the
			// object, the sender's new Account, its store and 0xa's supply,
			// one event, the size; storage: the Account.
			_, exec, io, storageFee, _ := feeStatement(t, tc.events, out.Events[len(out.Events)-1].Data)
			size := rawSize(&r)
			execOf[tc.name] = exec
			if exec <= 5 || io != 4+1+(size+99)/100 || storageFee != 4000 {
				t.Fatalf("gas: execution %d, io %d, storage %d octas (raw size %d)", exec, io, storageFee, size)
			}
			// The new owner holds it now: the old one is refused, the new one can send it back.
			out = c.mustExec(a.Sign(c.raw(a, objTransferCall(obj, a.Address))))
			if out.Info.Status.String() != objNotOwner {
				t.Fatalf("previous owner: %s", out.Info.Status.String())
			}
			out = c.mustExec(b.Sign(c.raw(b, objTransferCall(obj, a.Address))))
			if !out.Info.Success() || !strings.Contains(c.json(obj, core), `"owner":"`+a.Address.String()+`"`) {
				t.Fatalf("new owner's transfer back: %s %s", out.Info.Status.String(), c.json(obj, core))
			}
		})
	}
	// The walk up a chain of owners is billed by its length.
	if plain, nested := execOf["transfer_call"], execOf["nested: owned through 7 objects"]; plain == 0 || nested <= plain {
		t.Errorf("execution gas: a transfer through 7 owners %d, a plain transfer %d; want more for the walk", nested, plain)
	}
}
