package vmstub_test

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Tests of the interpreter's own run-time defences run code the bytecode
// verifier refuses. They show both paths: through a transaction the code
// is refused (publication or script), charged and without effect; written
// straight into the state of a VM told to run unverified code
// (vmstub.RunUnverifiedCode), it runs and the run-time checks must hold.

// install writes module code as addr::name straight into the chain's
// state, as no transaction could: no publication, no verifier.
func (c *chain) install(addr ledgerapi.Address, name string, code []byte) {
	c.t.Helper()
	c.putKey(storage.ModuleKey(addr, name), code)
}

// checkRefused checks that the transaction raw (signed by its sender,
// whose balance was before) was kept as failed with verifier status want,
// charged its gas and created no value.
func (c *chain) checkRefused(out storage.Transaction, raw txn.RawTransaction, before uint64, want string) {
	c.t.Helper()
	st := out.Info.Status
	if st.Kind != onchain.KindMiscellaneousError || !st.HasStatusCode || st.StatusCode.String() != want {
		c.t.Fatalf("status %s, want %s", st.String(), want)
	}
	if st.StatusCode < 1000 || st.StatusCode >= 2000 {
		c.t.Fatalf("status %s (%d) is not a verification status", st.String(), st.StatusCode)
	}
	fee := out.Info.GasUsed * raw.GasUnitPrice
	if out.Info.GasUsed == 0 {
		c.t.Fatal("the refused transaction was not charged")
	}
	if after := c.balance(raw.Sender); after != before-fee {
		c.t.Fatalf("balance %d → %d with a fee of %d: %d created", before, after, fee, int64(after)-int64(before-fee))
	}
	c.checkSupply("after a refused transaction")
}

// publishRefused publishes code as module name, alone in a package of a,
// and checks that the verifier refuses it with status want: the
// transaction is kept as failed, charged, creates no value and stores no
// module.
func (c *chain) publishRefused(a vmstub.DevAccount, name string, code []byte, want string) {
	c.t.Helper()
	before := c.balance(a.Address)
	meta := packageMeta("Refused"+name, onchain.UpgradeCompatible, []string{name}, stdDeps...)
	raw := c.raw(a, vmstub.EntryPayload(one, "code", "publish_package_txn", nil, publishArgs(meta, code)...))
	out := c.mustExec(a.Sign(raw))
	c.checkRefused(out, raw, before, want)
	if _, err := c.StateValue(storage.ModuleKey(a.Address, name)); !errors.Is(err, storage.ErrNotFound) {
		c.t.Fatalf("module %s stored after a refused publication (%v)", name, err)
	}
}

// TestInstallRunsUnverifiedCode: a module the verifier refuses, installed
// straight into the state, runs only on a VM told to run unverified code.
func TestInstallRunsUnverifiedCode(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	k := newKit(t, a.Address, "hostile")
	// let v = vector[1]; let r = &mut v; vector::length(&v): a mutable
	// borrow kept while the local is borrowed again.
	k.view("two_borrows", []tok{u64T}, []tok{vecU64T, bytecode.MutRef(vecU64T)}, []bytecode.Instruction{
		k.u64s(1), in(bytecode.OpStLoc, 0), in(bytecode.OpMutBorrowLoc, 0), in(bytecode.OpStLoc, 1),
		in(bytecode.OpImmBorrowLoc, 0), in(bytecode.OpVecLen, k.u64Sig()), in(bytecode.OpMoveLoc, 1), in(bytecode.OpPop), in(bytecode.OpRet)})
	code := k.code()
	c.publishRefused(a, "hostile", code, "BORROWLOC_EXISTS_BORROW_ERROR")
	c.install(a.Address, "hostile", code)
	fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "hostile"}, Name: "two_borrows"}
	if vals, _, _, err := c.vm.View(c, fn, nil, nil); !isStatus(err, "VERIFICATION_ERROR") {
		t.Fatalf("a verifying VM ran an installed module the verifier refuses: %x %v, want VERIFICATION_ERROR", vals, err)
	}
	vmstub.RunUnverifiedCode(c.vm)
	if vals, _, _, err := c.vm.View(c, fn, nil, nil); err != nil || string(vals[0]) != string(le64(1)) {
		t.Fatalf("unverified: %x %v, want 1", vals, err)
	}
}
