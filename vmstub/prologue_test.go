package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestPrologueFailures checks every prologue rejection, with its status name
// and code, both at submission (Validate) and at execution (Execute
// discards: nothing is applied, the sequence number is unused).
func TestPrologueFailures(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	devs := c.vm.DevAccounts()
	a, b, payer := devs[0], devs[1], devs[2]
	poor := unfunded(2)
	nowSecs := c.nowUs / 1_000_000
	transfer := vmstub.TransferPayload(b.Address, 1)
	nonce := func(n uint64) txn.TransactionPayload {
		p := transfer
		p.Variant = txn.PayloadV1
		p.ReplayProtectionNonce = &n
		return p
	}
	// A nonce already used: execute one orderless transaction first.
	used := c.raw(a, nonce(7))
	used.SequenceNumber, used.ExpirationTimestampSecs = 0xdeadbeef, nowSecs+60
	if out := c.mustExec(a.Sign(used)); !out.Info.Success() {
		t.Fatalf("orderless transfer failed: %s", out.Info.Status.String())
	}
	c.mustExec(a.Sign(c.raw(a, transfer))) // uses sequence number 0
	big := make([]byte, 70_000)

	cases := []struct {
		name   string
		build  func() *txn.SignedTransaction
		status string
		code   uint64
	}{
		{"duplicate signers", func() *txn.SignedTransaction { return multiAgent(c.raw(a, transfer), a, a) }, "SIGNERS_CONTAIN_DUPLICATES", 28},
		{"secondary count", func() *txn.SignedTransaction {
			st := multiAgent(c.raw(a, transfer), a, b)
			st.Auth.SecondarySigners = nil
			return st
		}, "SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH", 27},
		{"size", func() *txn.SignedTransaction {
			return a.Sign(c.raw(a, vmstub.EntryPayload(ledgerapi.AddressOne, "account", "rotate_authentication_key_call", nil, vmstub.BytesValue(big))))
		}, "EXCEEDED_MAX_TRANSACTION_SIZE", 10},
		{"max gas above bound", func() *txn.SignedTransaction {
			r := c.raw(a, transfer)
			r.MaxGasAmount = 2_000_001
			return a.Sign(r)
		}, "MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND", 13},
		{"max gas below intrinsic", func() *txn.SignedTransaction {
			r := c.raw(a, transfer)
			r.MaxGasAmount = 5
			return a.Sign(r)
		}, "MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS", 14},
		{"price below min", func() *txn.SignedTransaction {
			r := c.raw(a, transfer)
			r.GasUnitPrice = 99
			return a.Sign(r)
		}, "GAS_UNIT_PRICE_BELOW_MIN_BOUND", 15},
		{"price above max", func() *txn.SignedTransaction {
			r := c.raw(a, transfer)
			r.GasUnitPrice = 10_000_000_001
			return a.Sign(r)
		}, "GAS_UNIT_PRICE_ABOVE_MAX_BOUND", 16},
		{"expired", func() *txn.SignedTransaction {
			r := c.raw(a, transfer)
			r.ExpirationTimestampSecs = nowSecs
			return a.Sign(r)
		}, "TRANSACTION_EXPIRED", 6},
		{"chain id", func() *txn.SignedTransaction {
			r := c.raw(a, transfer)
			r.ChainID = 2
			return a.Sign(r)
		}, "BAD_CHAIN_ID", 23},
		{"sender auth key", func() *txn.SignedTransaction { return b.Sign(c.raw(a, transfer)) }, "INVALID_AUTH_KEY", 2},
		{"orderless too far", func() *txn.SignedTransaction {
			r := c.raw(a, nonce(8))
			r.ExpirationTimestampSecs = nowSecs + 3600
			return a.Sign(r)
		}, "TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE", 44},
		{"nonce used", func() *txn.SignedTransaction { return a.Sign(used) }, "NONCE_ALREADY_USED", 42},
		{"sequence too big", func() *txn.SignedTransaction {
			r := c.raw(a, transfer)
			r.SequenceNumber = 1 << 63
			return a.Sign(r)
		}, "SEQUENCE_NUMBER_TOO_BIG", 24},
		{"sequence too old", func() *txn.SignedTransaction {
			r := c.raw(a, transfer)
			r.SequenceNumber = 0
			return a.Sign(r)
		}, "SEQUENCE_NUMBER_TOO_OLD", 3},
		{"balance below max gas × price", func() *txn.SignedTransaction {
			r := c.raw(a, transfer)
			r.MaxGasAmount, r.GasUnitPrice = 2_000_000, 10_000 // 2×10^10 > 10^10 octas
			return a.Sign(r)
		}, "INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE", 5},
		{"unfunded sender", func() *txn.SignedTransaction { return poor[0].Sign(c.raw(poor[0], transfer)) }, "INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE", 5},
		{"unfunded fee payer", func() *txn.SignedTransaction { return feePayer(c.raw(a, transfer), a, poor[0]) }, "INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE", 5},
		{"secondary auth key", func() *txn.SignedTransaction {
			st := multiAgent(c.raw(a, transfer), a, b)
			st.Auth.SecondarySigners[0] = payer.Authenticator([]byte("x"))
			return st
		}, "INVALID_AUTH_KEY", 2},
		{"fee payer auth key", func() *txn.SignedTransaction {
			st := feePayer(c.raw(a, transfer), a, payer)
			st.Auth.FeePayer = b.Authenticator([]byte("x"))
			return st
		}, "INVALID_AUTH_KEY", 2},
		{"sponsored account creation below min gas", func() *txn.SignedTransaction {
			r := c.raw(poor[1], transfer)
			r.MaxGasAmount = 20
			return feePayer(r, poor[1], payer)
		}, "MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS", 14},
		{"multisig", func() *txn.SignedTransaction {
			p := transfer
			p.Variant, p.Multisig = txn.PayloadMultisig, &b.Address
			return a.Sign(c.raw(a, p))
		}, "ACCOUNT_NOT_MULTISIG", 31},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.build()
			wantStatus(t, c.vm.Validate(c, st, c.nowUs), tc.status, tc.code)
			seq := c.seq(st.Raw.Sender)
			bal := c.balance(st.Raw.Sender)
			_, err := c.exec(st)
			wantStatus(t, err, tc.status, tc.code)
			if c.seq(st.Raw.Sender) != seq || c.balance(st.Raw.Sender) != bal {
				t.Fatal("a discarded transaction changed state")
			}
		})
	}
}

// TestFutureSequenceNumber: submission accepts a sequence number above the
// account's (the mempool parks it); execution discards it until the gap is
// filled.
func TestFutureSequenceNumber(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	r := c.raw(a, vmstub.TransferPayload(b.Address, 1))
	r.SequenceNumber = 1
	st := a.Sign(r)
	if err := c.vm.Validate(c, st, c.nowUs); err != nil {
		t.Fatalf("Validate rejected a future sequence number: %v", err)
	}
	_, err := c.exec(st)
	wantStatus(t, err, "SEQUENCE_NUMBER_TOO_NEW", 4)
	c.mustExec(a.Sign(c.raw(a, vmstub.TransferPayload(b.Address, 1))))
	if out := c.mustExec(st); !out.Info.Success() || c.seq(a.Address) != 2 {
		t.Fatalf("after the gap filled: %s, seq %d", out.Info.Status.String(), c.seq(a.Address))
	}
}

// TestOrderless: orderless transactions ignore the sequence number, do not
// bump it, and record their nonce in the nonce table.
func TestOrderless(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	p := vmstub.TransferPayload(b.Address, 20_000)
	n := uint64(13894781796064092640)
	p.Variant, p.ReplayProtectionNonce = txn.PayloadV1, &n
	r := c.raw(a, p)
	r.SequenceNumber, r.ExpirationTimestampSecs = 0xdeadbeef, c.nowUs/1_000_000+30
	before := c.balance(a.Address)
	out := c.mustExec(a.Sign(r))
	if !out.Info.Success() || c.seq(a.Address) != 0 {
		t.Fatalf("%s, seq %d", out.Info.Status.String(), c.seq(a.Address))
	}
	if got := before - c.balance(a.Address); got != 20_000+out.Info.GasUsed*100 {
		t.Fatalf("charged %d", got)
	}
	// The nonce slot is new: 40 units of storage on top of the 13 of a transfer.
	if out.Info.GasUsed != 53 {
		t.Fatalf("gas %d, want 53", out.Info.GasUsed)
	}
	found := false
	for _, w := range out.Changes {
		found = found || (w.Key.Kind == 3 && w.Key.Handle == vmstub.TableHandle(ledgerapi.AddressOne, "nonce_validation::NonceHistory"))
	}
	if !found {
		t.Fatal("nonce not recorded in the nonce table")
	}
}
