package vmstub_test

import (
	"bytes"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
)

// abstracted signs raw for its sender with an abstraction authenticator
// naming f and carrying authenticator, and the digest Aptos expects.
func abstracted(raw txn.RawTransaction, f txn.FunctionInfo, authenticator []byte) *txn.SignedTransaction {
	d := txn.AASigningDigest(raw.SigningMessage(), f)
	return &txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthSingleSender,
		Sender: txn.AccountAuthenticator{Variant: txn.AccountAbstraction, Abstraction: &txn.AbstractionAuthenticator{
			FunctionInfo: f, Digest: d[:], Authenticator: authenticator}}}}
}

func aaNames(f txn.FunctionInfo) [][]byte {
	return [][]byte{vmstub.AddressValue(f.ModuleAddress), vmstub.BytesValue([]byte(f.ModuleName)), vmstub.BytesValue([]byte(f.FunctionName))}
}

// TestAccountAbstraction: an account registers a published function and
// then sends transactions authenticated by it; the node refuses them with
// Aptos's statuses when no function is registered, the function aborts or
// it runs out of its gas budget.
func TestAccountAbstraction(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b, d := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1], c.vm.DevAccounts()[2]
	wantOK(t, c.publish(b, packageMeta("AA", onchain.UpgradeCompatible, []string{"aa"}, stdDeps...), mustSample(t, samples.Authenticator, b.Address)))
	fn := func(name string) txn.FunctionInfo {
		return txn.FunctionInfo{ModuleAddress: b.Address, ModuleName: "aa", FunctionName: name}
	}
	auth, spin := fn("authenticate"), fn("spin")
	add := func(f txn.FunctionInfo) storage.Transaction {
		return c.do(a, call("account_abstraction", "add_authentication_function", nil, aaNames(f)...))
	}
	const abortAA = "Move abort in 0x1::account_abstraction: "
	wantVMStatus(t, add(fn("wrong")), abortAA+"EAUTH_FUNCTION_SIGNATURE_MISMATCH(0x10003): ")
	wantVMStatus(t, add(fn("missing")), "Move abort in 0x1::function_info: EINVALID_FUNCTION(0x2): Function specified in the FunctionInfo doesn't exist on chain.")
	out := add(auth)
	wantOK(t, out)
	if got := eventTypes(out); len(got) != 2 || got[0] != "0x1::account_abstraction::UpdateDispatchableAuthenticator" {
		t.Fatalf("events %v", got)
	}
	e := bcs.NewEncoder(96)
	e.Fixed(a.Address[:])
	e.WriteBytes([]byte("add"))
	auth.MarshalBCS(e)
	if !bytes.Equal(out.Events[0].Data, e.Bytes()) {
		t.Fatalf("UpdateDispatchableAuthenticator %x", out.Events[0].Data)
	}
	wantVMStatus(t, add(auth), abortAA+"EFUNCTION_INFO_EXISTENCE(0x80002): ")
	vals, _, _, err := c.vm.View(c, fnID("0x1::account_abstraction::dispatchable_authenticator"), nil, [][]byte{vmstub.AddressValue(a.Address)})
	fe := bcs.NewEncoder(64)
	fe.Bool(true)
	fe.SeqLen(1)
	auth.MarshalBCS(fe)
	if err != nil || !bytes.Equal(vals[0], fe.Bytes()) {
		t.Fatalf("dispatchable_authenticator %x %v", vals, err)
	}

	// A transaction the registered function authenticates.
	seq := c.seq(a.Address)
	st := abstracted(c.raw(a, vmstub.TransferPayload(d.Address, 5)), auth, []byte(samples.AuthenticatorPassword))
	if err := st.Verify(); err != nil {
		t.Fatalf("the digest does not verify: %v", err)
	}
	aaOut := c.mustExec(st)
	wantOK(t, aaOut)
	if c.seq(a.Address) != seq+1 {
		t.Fatal("sequence number did not advance")
	}
	// The authentication function's gas is part of the transaction's.
	plain := c.mustExec(a.Sign(c.raw(a, vmstub.TransferPayload(d.Address, 5))))
	if aaOut.Info.GasUsed <= plain.Info.GasUsed {
		t.Fatalf("gas %d with the authentication function, %d without", aaOut.Info.GasUsed, plain.Info.GasUsed)
	}

	// The digest must be the transaction's AASigningData.
	bad := abstracted(c.raw(a, vmstub.TransferPayload(d.Address, 5)), auth, []byte(samples.AuthenticatorPassword))
	bad.Auth.Sender.Abstraction.Digest[0] ^= 1
	if bad.Verify() == nil {
		t.Fatal("a wrong digest verified")
	}
	// The function aborts on a wrong password.
	wantStatus(t, c.vm.Validate(c, abstracted(c.raw(a, vmstub.TransferPayload(d.Address, 5)), auth, []byte("guess")), c.nowUs), "ABORTED", 4016)
	// A function the account did not register; an account without any.
	wantStatus(t, c.vm.Validate(c, abstracted(c.raw(a, vmstub.TransferPayload(d.Address, 5)), spin, nil), c.nowUs), "ABORTED", 4016)
	wantStatus(t, c.vm.Validate(c, abstracted(c.raw(d, vmstub.TransferPayload(a.Address, 5)), auth, []byte(samples.AuthenticatorPassword)), c.nowUs), "ABORTED", 4016)
	if _, err := c.exec(abstracted(c.raw(d, vmstub.TransferPayload(a.Address, 5)), auth, []byte(samples.AuthenticatorPassword))); err == nil {
		t.Fatal("an unauthenticated transaction executed")
	}
	// A function that never returns exhausts the authentication budget.
	wantOK(t, c.do(a, call("account_abstraction", "add_authentication_function", nil, aaNames(spin)...)))
	wantStatus(t, c.vm.Validate(c, abstracted(c.raw(a, vmstub.TransferPayload(d.Address, 5)), spin, nil), c.nowUs),
		"ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED", 41)

	// auth_data's accessors: V1 data is not derivable; asking it for a
	// derivable key aborts (in auth_data), refusing the transaction.
	probe, derivablePK := fn("probe"), fn("derivable_pk")
	wantOK(t, add(probe))
	wantOK(t, add(derivablePK))
	wantOK(t, c.mustExec(abstracted(c.raw(a, vmstub.TransferPayload(d.Address, 5)), probe, nil)))
	wantStatus(t, c.vm.Validate(c, abstracted(c.raw(a, vmstub.TransferPayload(d.Address, 5)), derivablePK, nil), c.nowUs), "ABORTED", 4016)
	wantOK(t, c.do(a, call("account_abstraction", "remove_authentication_function", nil, aaNames(probe)...)))
	wantOK(t, c.do(a, call("account_abstraction", "remove_authentication_function", nil, aaNames(derivablePK)...)))

	// Removing: a function not registered; the last function takes the
	// authenticator with it.
	wantVMStatus(t, c.do(d, call("account_abstraction", "remove_authentication_function", nil, aaNames(auth)...)), abortAA+"EFUNCTION_INFO_EXISTENCE(0x60002): ")
	wantOK(t, c.do(a, call("account_abstraction", "remove_authentication_function", nil, aaNames(spin)...)))
	out = c.do(a, call("account_abstraction", "remove_authentication_function", nil, aaNames(auth)...))
	wantOK(t, out)
	if got := eventTypes(out); len(got) != 3 || got[1] != "0x1::account_abstraction::RemoveDispatchableAuthenticator" {
		t.Fatalf("events %v", got)
	}
	if v, _, _, err := c.vm.View(c, fnID("0x1::account_abstraction::using_dispatchable_authenticator"), nil, [][]byte{vmstub.AddressValue(a.Address)}); err != nil || !bytes.Equal(v[0], []byte{0}) {
		t.Fatalf("using_dispatchable_authenticator after removal %x %v", v, err)
	}
	wantStatus(t, c.vm.Validate(c, abstracted(c.raw(a, vmstub.TransferPayload(d.Address, 5)), auth, []byte(samples.AuthenticatorPassword)), c.nowUs), "ABORTED", 4016)
	wantOK(t, add(auth))
	wantOK(t, c.do(a, call("account_abstraction", "remove_authenticator", nil)))
	wantVMStatus(t, c.do(a, call("account_abstraction", "add_dispatchable_authentication_function", nil, aaNames(auth)...)), abortAA+"EDEPRECATED_FUNCTION(0xd0006): ")
	wantVMStatus(t, c.do(a, call("account_abstraction", "register_derivable_authentication_function", nil, aaNames(auth)...)), "Move abort in 0x1::system_addresses: ENOT_APTOS_FRAMEWORK_ADDRESS(0x50003): The address/account did not correspond to the core framework address")

	// derive_account_address_view derives as Aptos does.
	pk := []byte{1, 2, 3}
	v, _, _, err := c.vm.View(c, fnID("0x1::account_abstraction::derive_account_address_view"), nil, append(aaNames(auth), vmstub.BytesValue(pk)))
	want := aptosframework.DeriveAccountAddress(auth, pk)
	if err != nil || !bytes.Equal(v[0], want[:]) {
		t.Fatalf("derive_account_address_view %x %v", v, err)
	}
}

func mustSample(t testing.TB, f func(ledgerapi.Address) ([]byte, error), addr ledgerapi.Address) []byte {
	t.Helper()
	code, err := f(addr)
	if err != nil {
		t.Fatal(err)
	}
	return code
}
