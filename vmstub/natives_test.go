package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

const (
	evWithdraw = "0x1::fungible_asset::Withdraw"
	evDeposit  = "0x1::fungible_asset::Deposit"
	evFee      = "0x1::transaction_fee::FeeStatement"
	evRotPK    = "0x1::account::KeyRotationToPublicKey"

	faShort = "Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004): Insufficient balance to withdraw or transfer."
	coShort = "Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction"
)

func call(module, fn string, tyArgs []ledgerapi.TypeTag, args ...[]byte) txn.TransactionPayload {
	return vmstub.EntryPayload(ledgerapi.AddressOne, module, fn, tyArgs, args...)
}

func structType(s string) ledgerapi.TypeTag {
	t, err := ledgerapi.ParseTypeTag(s)
	if err != nil {
		panic(err)
	}
	return t
}

// feeStatement decodes the FeeStatement event (the last one).
func feeStatement(t *testing.T, events []string, data []byte) (total, exec, io, storage, refund uint64) {
	t.Helper()
	if len(events) == 0 || events[len(events)-1] != evFee {
		t.Fatalf("last event is not the FeeStatement: %v", events)
	}
	d := bcs.NewDecoder(data)
	total, exec, io, storage, refund = d.U64("t"), d.U64("e"), d.U64("i"), d.U64("s"), d.U64("r")
	if err := d.Finish(); err != nil {
		t.Fatal(err)
	}
	return
}

// TestNatives runs every native entry function to success and to each of
// its aborts, checking the status, the events, the sequence bump and the
// fee arithmetic: the sender's balance falls by exactly amount + gas_used ×
// gas_unit_price (the amount only on success).
func TestNatives(t *testing.T) {
	apt := []ledgerapi.TypeTag{aptType}
	meta := []ledgerapi.TypeTag{structType("0x1::fungible_asset::Metadata")}
	fresh := ledgerapi.MustParseAddress("0xf00d")
	other := unfunded(1)[0]
	addr := vmstub.AddressValue
	u64 := vmstub.U64Value
	A := vmstub.AddressValue(ledgerapi.AddressA)
	cases := []struct {
		name    string
		payload func(b ledgerapi.Address) txn.TransactionPayload
		raw     func(r *txn.RawTransaction)
		status  string // "" = success
		amount  uint64
		events  []string
		gas     uint64 // checked when non-zero
		check   func(t *testing.T, c *chain, b ledgerapi.Address)
	}{
		{name: "transfer", payload: func(b ledgerapi.Address) txn.TransactionPayload { return vmstub.TransferPayload(b, 1000) },
			amount: 1000, events: []string{evWithdraw, evDeposit, evFee}, gas: 53, // 13 + a new Account resource
			check: func(t *testing.T, c *chain, b ledgerapi.Address) { wantBalance(t, c, b, vmstub.DefaultDevBalance+1000) }},
		{name: "transfer to a new account", payload: func(ledgerapi.Address) txn.TransactionPayload { return vmstub.TransferPayload(fresh, 5) },
			amount: 5, events: []string{evWithdraw, evDeposit, evFee}, gas: 93,
			check: func(t *testing.T, c *chain, _ ledgerapi.Address) { wantBalance(t, c, fresh, 5) }},
		{name: "transfer insufficient", payload: func(b ledgerapi.Address) txn.TransactionPayload { return vmstub.TransferPayload(b, 1e12) },
			status: faShort, events: []string{evFee}, gas: 50,
			check: func(t *testing.T, c *chain, b ledgerapi.Address) { wantBalance(t, c, b, vmstub.DefaultDevBalance) }},
		{name: "transfer_coins", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "transfer_coins", apt, addr(b), u64(77))
		}, amount: 77, events: []string{evWithdraw, evDeposit, evFee}},
		{name: "transfer_coins insufficient", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "transfer_coins", apt, addr(b), u64(1e12))
		}, status: coShort, events: []string{evFee}},
		{name: "transfer_coins unknown coin", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "transfer_coins", []ledgerapi.TypeTag{structType("0xcafe::fake::Coin")}, addr(b), u64(0))
		}, status: "Move abort in 0x1::coin: ECOIN_INFO_NOT_PUBLISHED(0x10003): `CoinType` hasn't been initialized as a coin", events: []string{evFee}}, // deposit_coins asks is_account_registered
		{name: "coin::transfer unknown coin", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("coin", "transfer", []ledgerapi.TypeTag{structType("0xcafe::fake::Coin")}, addr(b), u64(0))
		}, status: "Move abort in 0x1::coin: ECOIN_STORE_NOT_PUBLISHED(0x60005): Account hasn't registered `CoinStore` for `CoinType`", events: []string{evFee}},
		{name: "coin::transfer", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("coin", "transfer", apt, addr(b), u64(3))
		}, amount: 3, events: []string{evWithdraw, evDeposit, evFee}},
		{name: "coin::transfer insufficient", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("coin", "transfer", apt, addr(b), u64(1e12))
		}, status: coShort, events: []string{evFee}},
		{name: "batch_transfer", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "batch_transfer", nil, vmstub.AddressesValue(b, ledgerapi.AddressA), vmstub.U64sValue(10, 20))
		}, amount: 30, events: []string{evWithdraw, evDeposit, evWithdraw, evDeposit, evFee},
			check: func(t *testing.T, c *chain, b ledgerapi.Address) { wantBalance(t, c, b, vmstub.DefaultDevBalance+10) }},
		{name: "batch_transfer lengths", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "batch_transfer", nil, vmstub.AddressesValue(b), vmstub.U64sValue(10, 20))
		}, status: "Move abort in 0x1::aptos_account: EMISMATCHING_RECIPIENTS_AND_AMOUNTS_LENGTH(0x10005): The lengths of the recipients and amounts lists don't match.", events: []string{evFee}},
		{name: "batch_transfer insufficient rolls back", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "batch_transfer", nil, vmstub.AddressesValue(b, b), vmstub.U64sValue(10, 1e12))
		}, status: faShort, events: []string{evFee},
			check: func(t *testing.T, c *chain, b ledgerapi.Address) { wantBalance(t, c, b, vmstub.DefaultDevBalance) }},
		{name: "create_account", payload: func(ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "create_account", nil, addr(fresh))
		}, events: []string{evFee}},
		{name: "create_account exists", payload: func(ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "create_account", nil, addr(ledgerapi.AddressOne))
		}, status: "Move abort in 0x1::account: EACCOUNT_ALREADY_EXISTS(0x80001): Account already exists", events: []string{evFee}},
		{name: "create_account reserved", payload: func(ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "create_account", nil, addr(ledgerapi.AddressThree))
		}, status: "Move abort in 0x1::account: ECANNOT_RESERVED_ADDRESS(0x10005): Cannot create account because address is reserved", events: []string{evFee}},
		{name: "transfer_fungible_assets", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "transfer_fungible_assets", nil, A, addr(b), u64(7))
		}, amount: 7, events: []string{evWithdraw, evDeposit, evFee}},
		{name: "transfer_fungible_assets insufficient", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "transfer_fungible_assets", nil, A, addr(b), u64(1e12))
		}, status: faShort, events: []string{evFee}},
		{name: "transfer_fungible_assets no object", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "transfer_fungible_assets", nil, addr(fresh), addr(b), u64(7))
		}, status: "Move abort in 0x1::object: EOBJECT_DOES_NOT_EXIST(0x60002): An object does not exist at this address", events: []string{evFee}},
		{name: "primary_fungible_store::transfer", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("primary_fungible_store", "transfer", meta, A, addr(b), u64(9))
		}, amount: 9, events: []string{evWithdraw, evDeposit, evFee}},
		{name: "primary_fungible_store::transfer insufficient", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("primary_fungible_store", "transfer", meta, A, addr(b), u64(1e12))
		}, status: faShort, events: []string{evFee}},
		{name: "primary_fungible_store::transfer wrong T", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("primary_fungible_store", "transfer", []ledgerapi.TypeTag{structType("0x1::fungible_asset::FungibleStore")}, A, addr(b), u64(9))
		}, status: "Move abort in 0x1::object: ERESOURCE_DOES_NOT_EXIST(0x60007): The resource is not stored at the specified address.", events: []string{evFee}},
		{name: "rotate_authentication_key_call", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("account", "rotate_authentication_key_call", nil, vmstub.BytesValue(other.Address[:]))
		}, events: []string{evFee}, check: func(t *testing.T, c *chain, _ ledgerapi.Address) {
			wantAuthKey(t, c, c.vm.DevAccounts()[0].Address, other.Address)
		}},
		{name: "rotate_authentication_key_call malformed", payload: func(ledgerapi.Address) txn.TransactionPayload {
			return call("account", "rotate_authentication_key_call", nil, vmstub.BytesValue(make([]byte, 31)))
		}, status: "Move abort in 0x1::account: EMALFORMED_AUTHENTICATION_KEY(0x10004): The provided authentication key has an invalid length", events: []string{evFee}},
		{name: "rotate_authentication_key_from_public_key", payload: func(ledgerapi.Address) txn.TransactionPayload {
			return call("account", "rotate_authentication_key_from_public_key", nil, vmstub.U8Value(0), vmstub.BytesValue(other.PublicKey))
		}, events: []string{evRotPK, evFee}, check: func(t *testing.T, c *chain, _ ledgerapi.Address) {
			wantAuthKey(t, c, c.vm.DevAccounts()[0].Address, other.Address)
		}},
		{name: "rotate_authentication_key_from_public_key scheme", payload: func(ledgerapi.Address) txn.TransactionPayload {
			return call("account", "rotate_authentication_key_from_public_key", nil, vmstub.U8Value(9), vmstub.BytesValue(other.PublicKey))
		}, status: "Move abort in 0x1::account: EUNRECOGNIZED_SCHEME(0x10018): Specified scheme is not recognized. Should be ED25519_SCHEME(0), MULTI_ED25519_SCHEME(1), SINGLE_KEY_SCHEME(2), or MULTI_KEY_SCHEME(3).", events: []string{evFee}},
		{name: "unknown function", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "nope", nil, addr(b))
		}, status: "FUNCTION_RESOLUTION_FAILURE", events: []string{evFee}},
		{name: "unknown module", payload: func(b ledgerapi.Address) txn.TransactionPayload { return call("nope", "f", nil) },
			status: "FUNCTION_RESOLUTION_FAILURE", events: []string{evFee}},
		{name: "not an entry function", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("coin", "balance", apt, addr(b))
		}, status: "EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION", events: []string{evFee}},
		{name: "argument count", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "transfer", nil, addr(b))
		}, status: "NUMBER_OF_ARGUMENTS_MISMATCH", events: []string{evFee}},
		{name: "argument bytes", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "transfer", nil, addr(b), []byte{1, 2, 3})
		}, status: "FAILED_TO_DESERIALIZE_ARGUMENT", events: []string{evFee}},
		{name: "type argument count", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return call("aptos_account", "transfer", apt, addr(b), u64(1))
		}, status: "NUMBER_OF_TYPE_ARGUMENTS_MISMATCH", events: []string{evFee}},
		{name: "fee unpayable after the transfer", payload: func(b ledgerapi.Address) txn.TransactionPayload {
			return vmstub.TransferPayload(b, vmstub.DefaultDevBalance-100)
		}, status: "Move abort in 0x1::transaction_validation: PROLOGUE_ECANT_PAY_GAS_DEPOSIT(0x203ed): Transaction fee cannot be paid: the gas payer's balance is below the fee.",
			events: []string{evFee}, check: func(t *testing.T, c *chain, b ledgerapi.Address) { wantBalance(t, c, b, vmstub.DefaultDevBalance) }},
		{name: "out of gas", payload: func(b ledgerapi.Address) txn.TransactionPayload { return vmstub.TransferPayload(b, 1) },
			raw: func(r *txn.RawTransaction) { r.MaxGasAmount = 30 }, status: "Out of gas", events: []string{evFee}, gas: 30,
			check: func(t *testing.T, c *chain, b ledgerapi.Address) { wantBalance(t, c, b, vmstub.DefaultDevBalance) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newChain(t, vmstub.Options{})
			a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
			r := c.raw(a, tc.payload(b.Address))
			if tc.raw != nil {
				tc.raw(&r)
			}
			before, supply := c.balance(a.Address), c.supply()
			out := c.mustExec(a.Sign(r))
			renderOutput(t, c.vm, out) // every resource and event matches its layout
			if out.Info.Success() != (tc.status == "") {
				t.Fatalf("success %v, vm_status %q", out.Info.Success(), out.Info.Status.String())
			}
			if want := tc.status; want == "" && out.Info.Status.String() != "Executed successfully" || want != "" && out.Info.Status.String() != want {
				t.Fatalf("vm_status %q, want %q", out.Info.Status.String(), tc.status)
			}
			if got := eventTypes(out); !equalStrings(got, tc.events) {
				t.Fatalf("events %v, want %v", got, tc.events)
			}
			total, exec, io, storage, refund := feeStatement(t, tc.events, out.Events[len(out.Events)-1].Data)
			if total != out.Info.GasUsed || refund != 0 || total != exec+io+(storage+99)/100 {
				t.Fatalf("FeeStatement %d = %d + %d + %d octas, refund %d; gas_used %d", total, exec, io, storage, refund, out.Info.GasUsed)
			}
			if tc.gas != 0 && out.Info.GasUsed != tc.gas {
				t.Fatalf("gas_used %d, want %d", out.Info.GasUsed, tc.gas)
			}
			amount := tc.amount
			if tc.status != "" {
				amount = 0
			}
			fee := out.Info.GasUsed * r.GasUnitPrice
			if got := before - c.balance(a.Address); got != amount+fee {
				t.Fatalf("sender paid %d, want %d + %d", got, amount, fee)
			}
			if got := supply - c.supply(); got != fee {
				t.Fatalf("supply fell by %d, want the fee %d", got, fee)
			}
			if c.seq(a.Address) != 1 {
				t.Fatalf("sequence number %d, want 1", c.seq(a.Address))
			}
			if tc.check != nil {
				tc.check(t, c, b.Address)
			}
		})
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func wantBalance(t *testing.T, c *chain, a ledgerapi.Address, want uint64) {
	t.Helper()
	if got := c.balance(a); got != want {
		t.Fatalf("balance of %s: %d, want %d", a, got, want)
	}
}

func wantAuthKey(t *testing.T, c *chain, a, want ledgerapi.Address) {
	t.Helper()
	vals, _, _, err := c.vm.View(c, fnID("0x1::account::get_authentication_key"), nil, [][]byte{vmstub.AddressValue(a)})
	if err != nil {
		t.Fatal(err)
	}
	if got := vals[0]; string(got) != string(vmstub.BytesValue(want[:])) {
		t.Fatalf("auth key of %s: %x, want %s", a, got, want)
	}
}
