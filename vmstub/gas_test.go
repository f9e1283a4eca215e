package vmstub_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestGasSchedule pins the documented gas of transfers: 13 units between
// existing accounts, plus 40 per new slot at price 100 (storage is
// converted at the transaction's price, rounding up).
func TestGasSchedule(t *testing.T) {
	cases := []struct {
		name  string
		price uint64
		to    func(c *chain) ledgerapi.Address
		first bool // the sender's first transaction creates its Account resource
		want  [4]uint64
	}{
		{"existing accounts", 100, func(c *chain) ledgerapi.Address { return c.vm.DevAccounts()[1].Address }, false, [4]uint64{13, 5, 8, 0}},
		{"first transaction", 100, func(c *chain) ledgerapi.Address { return c.vm.DevAccounts()[1].Address }, true, [4]uint64{53, 5, 8, 4000}},
		{"new recipient", 100, func(*chain) ledgerapi.Address { return ledgerapi.MustParseAddress("0xbeef") }, false, [4]uint64{53, 5, 8, 4000}},
		{"both, price 150", 150, func(*chain) ledgerapi.Address { return ledgerapi.MustParseAddress("0xbeef") }, true, [4]uint64{13 + 54, 5, 8, 8000}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newChain(t, vmstub.Options{})
			a := c.vm.DevAccounts()[0]
			if !tc.first {
				c.mustExec(a.Sign(c.raw(a, vmstub.TransferPayload(a.Address, 0))))
			}
			r := c.raw(a, vmstub.TransferPayload(tc.to(c), 1))
			r.GasUnitPrice = tc.price
			before := c.balance(a.Address)
			out := c.mustExec(a.Sign(r))
			total, exec, io, storage, _ := feeStatement(t, eventTypes(out), out.Events[len(out.Events)-1].Data)
			if got := [4]uint64{total, exec, io, storage}; got != tc.want || out.Info.GasUsed != total {
				t.Fatalf("gas %v (gas_used %d), want %v", got, out.Info.GasUsed, tc.want)
			}
			if got := before - c.balance(a.Address); got != 1+total*tc.price {
				t.Fatalf("paid %d", got)
			}
		})
	}
	if vm := newChain(t, vmstub.Options{Gas: vmstub.GasSchedule{ExecutionBase: 10}}).vm; vm.Gas().ExecutionBase != 10 || vm.Gas().IOPerWrite != 1 {
		t.Fatalf("gas overrides: %+v", vm.Gas())
	}
	if d, e, p := newChain(t, vmstub.Options{}).vm.EstimateGasPrice(); d != 100 || e != 100 || p != 150 {
		t.Fatalf("estimates %d %d %d", d, e, p)
	}
}

// TestFeePayer: the fee payer pays the gas, the sender only the amount;
// a sponsored sender without funds or Account resource gets one.
func TestFeePayer(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	devs := c.vm.DevAccounts()
	a, b, p := devs[0], devs[1], devs[2]
	balA, balP := c.balance(a.Address), c.balance(p.Address)
	out := c.mustExec(feePayer(c.raw(a, vmstub.TransferPayload(b.Address, 500)), a, p))
	if !out.Info.Success() {
		t.Fatal(out.Info.Status.String())
	}
	if balA-c.balance(a.Address) != 500 || balP-c.balance(p.Address) != out.Info.GasUsed*100 {
		t.Fatalf("sender paid %d, fee payer %d (gas %d)", balA-c.balance(a.Address), balP-c.balance(p.Address), out.Info.GasUsed)
	}
	if c.seq(a.Address) != 1 || c.seq(p.Address) != 0 {
		t.Fatal("wrong sequence numbers")
	}

	// Sponsored account creation: a fresh, unfunded sender.
	fresh := unfunded(1)[0]
	r := c.raw(fresh, call("aptos_account", "create_account", nil, vmstub.AddressValue(ledgerapi.MustParseAddress("0x1234"))))
	out = c.mustExec(feePayer(r, fresh, p))
	if !out.Info.Success() || c.seq(fresh.Address) != 1 || c.balance(fresh.Address) != 0 {
		t.Fatalf("sponsored: %s seq %d", out.Info.Status.String(), c.seq(fresh.Address))
	}
	// An abort in a sponsored transaction is paid by the fee payer too.
	before := c.balance(p.Address)
	out = c.mustExec(feePayer(c.raw(fresh, vmstub.TransferPayload(b.Address, 1)), fresh, p))
	if out.Info.Success() || before-c.balance(p.Address) != out.Info.GasUsed*100 || c.seq(fresh.Address) != 2 {
		t.Fatalf("sponsored abort: %s", out.Info.Status.String())
	}
}

// zeroSig returns st with its signature zeroed, as the SDK simulates.
func zeroSig(st *txn.SignedTransaction) *txn.SignedTransaction {
	sim := *st
	sim.Auth.Sender.Signature = make([]byte, 64)
	return &sim
}

// TestSimulate: simulation gives the same output as execution, applies gas
// estimates, and accepts a NoAccount authenticator.
func TestSimulate(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	st := a.Sign(c.raw(a, vmstub.TransferPayload(b.Address, 42)))
	blk := c.block()
	sim, raw, err := c.vm.Simulate(c, blk, zeroSig(st), vmstub.SimulateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	real, err := c.vm.Execute(c, blk, st)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(sim.Info, real.Info) || !reflect.DeepEqual(sim.Events, real.Events) || !reflect.DeepEqual(sim.Changes, real.Changes) {
		t.Fatalf("simulation differs from execution:\n%+v\n%+v", sim.Info, real.Info)
	}
	if *raw != st.Raw || sim.Hash != txn.UserTransactionHash(sim.Payload) || *sim.Sender != a.Address || *sim.SequenceNumber != 0 {
		t.Fatal("simulation metadata")
	}
	if !bytes.Equal(sim.Payload, zeroSig(st).Bytes()) {
		t.Fatal("simulation payload is not the simulated transaction")
	}

	for _, tc := range []struct {
		opts      vmstub.SimulateOptions
		price     uint64
		maxGas    uint64
		noAccount bool
	}{
		{vmstub.SimulateOptions{EstimateGasUnitPrice: true}, 100, 200_000, false},
		{vmstub.SimulateOptions{EstimatePrioritizedGasUnitPrice: true, EstimateGasUnitPrice: true}, 150, 200_000, false},
		{vmstub.SimulateOptions{EstimateMaxGasAmount: true}, 1_000, 2_000_000, false},
		{vmstub.SimulateOptions{}, 100, 200_000, true},
	} {
		r := st.Raw
		r.GasUnitPrice = 1_000
		if tc.opts == (vmstub.SimulateOptions{}) {
			r.GasUnitPrice = 100
		}
		in := &txn.SignedTransaction{Raw: r, Auth: txn.TransactionAuthenticator{Variant: txn.AuthEd25519,
			Sender: txn.AccountAuthenticator{Variant: txn.AccountEd25519, PublicKey: a.PublicKey, Signature: make([]byte, 64)}}}
		if tc.noAccount {
			in.Auth = txn.TransactionAuthenticator{Variant: txn.AuthSingleSender, Sender: txn.AccountAuthenticator{Variant: txn.AccountNoAccount}}
		}
		out, raw, err := c.vm.Simulate(c, blk, in, tc.opts)
		if err != nil || !out.Info.Success() || raw.GasUnitPrice != tc.price || raw.MaxGasAmount != tc.maxGas {
			t.Fatalf("%+v: %v %s price %d max %d", tc.opts, err, out.Info.Status.String(), raw.GasUnitPrice, raw.MaxGasAmount)
		}
	}
	// Execution never accepts a NoAccount authenticator.
	noAcc := &txn.SignedTransaction{Raw: st.Raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthSingleSender,
		Sender: txn.AccountAuthenticator{Variant: txn.AccountNoAccount}}}
	_, err = c.vm.Execute(c, blk, noAcc)
	wantStatus(t, err, "INVALID_AUTH_KEY", 2)
	// A poor sponsored sender's max gas estimate is its intrinsic gas, too
	// little for sponsored account creation.
	poor := unfunded(1)[0]
	fp := feePayer(c.raw(poor, vmstub.TransferPayload(b.Address, 0)), poor, b)
	fp.Auth.FeePayerAddress = ledgerapi.AddressZero // sponsor not known yet: pays nothing
	out, raw, err := c.vm.Simulate(c, blk, fp, vmstub.SimulateOptions{EstimateMaxGasAmount: true})
	wantStatus(t, err, "MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS", 14)
	if raw.MaxGasAmount != 6 || out.Info.Success() || out.Info.Status.String() != "MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS" || out.Hash.IsZero() {
		t.Fatalf("poor simulation: max %d, %+v", raw.MaxGasAmount, out.Info)
	}
	// Without the estimate (the SDK's retry) the sponsored simulation succeeds.
	out, _, err = c.vm.Simulate(c, blk, fp, vmstub.SimulateOptions{})
	if err != nil || !out.Info.Success() {
		t.Fatalf("sponsored simulation: %v %s", err, out.Info.Status.String())
	}
}
