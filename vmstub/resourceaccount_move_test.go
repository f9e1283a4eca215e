package vmstub_test

import (
	"bytes"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// vaultModule is <addr>::vault, a package published at a resource
// account:
//
//	struct Holder has key { cap: account::SignerCapability }
//	fun init_module(s: &signer) { grab(s, @origin) }
//	public entry fun grab(s: &signer, source: address) {
//	    let cap = resource_account::retrieve_resource_account_cap(s, source);
//	    move_to(s, Holder { cap })
//	}
func vaultModule(t testing.TB, addr, origin ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "vault")
	capT := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "account"), "SignerCapability", bytecode.AbilityDrop|bytecode.AbilityStore))
	holder := b.Struct("Holder", bytecode.AbilityKey, bytecode.Field("cap", capT))
	retrieve := b.ImportFunction(b.ModuleRef(one, "resource_account"), "retrieve_resource_account_cap", bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.Address}, Returns: []bytecode.SignatureToken{capT}})
	src := b.Constant(bytecode.Address, origin[:])
	I := bytecode.I
	body := []bytecode.Instruction{
		I(bytecode.OpCopyLoc, 0), I(bytecode.OpMoveLoc, 1), I(bytecode.OpCall, uint64(retrieve)), I(bytecode.OpStLoc, 2),
		I(bytecode.OpMoveLoc, 0), I(bytecode.OpMoveLoc, 2), I(bytecode.OpPack, uint64(holder)), I(bytecode.OpMoveTo, uint64(holder)), I(bytecode.OpRet),
	}
	grab := b.Function("grab", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.Address},
		Locals: []bytecode.SignatureToken{capT}, Code: body})
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)},
		Code: []bytecode.Instruction{I(bytecode.OpMoveLoc, 0), I(bytecode.OpLdConst, uint64(src)), I(bytecode.OpCall, uint64(grab)), I(bytecode.OpRet)}})
	return mustBytes(t, b)
}

var (
	containerTag = ledgerapi.StructTag{Address: one, Module: "resource_account", Name: "Container"}
	accountTag   = ledgerapi.StructTag{Address: one, Module: "account", Name: "Account"}
)

// containerOf is the Container's store at a: resource account → the
// capability's account; nil when there is none.
func containerOf(t *testing.T, c *chain, a ledgerapi.Address) [][2]ledgerapi.Address {
	t.Helper()
	b, err := c.StateValue(storage.ResourceKey(a, containerTag))
	if err != nil {
		return nil
	}
	d := bcs.NewDecoder(b)
	out := make([][2]ledgerapi.Address, d.SeqLen("store", 64))
	for i := range out {
		d.Fixed(out[i][0][:], "key")
		d.Fixed(out[i][1][:], "cap")
	}
	if err := d.Finish(); err != nil {
		t.Fatal(err)
	}
	return out
}

func accountOf(t *testing.T, c *chain, a ledgerapi.Address) *onchain.Account {
	t.Helper()
	b, err := c.StateValue(storage.ResourceKey(a, accountTag))
	if err != nil {
		t.Fatalf("Account at %s: %v", a, err)
	}
	var acc onchain.Account
	if err := bcs.Unmarshal(b, &acc); err != nil {
		t.Fatal(err)
	}
	return &acc
}

func wantOK(t *testing.T, out storage.Transaction) {
	t.Helper()
	if !out.Info.Success() {
		t.Fatalf("vm_status %s", out.Info.Status.String())
	}
}

func wantVMStatus(t *testing.T, out storage.Transaction, want string) {
	t.Helper()
	if out.Info.Success() || out.Info.Status.String() != want {
		t.Fatalf("vm_status %q, want %q", out.Info.Status.String(), want)
	}
}

// TestResourceAccountModule: create_resource_account keeps the capability
// in the origin's Container and gives the resource account the origin's
// key (or the one given); _and_fund moves APT; _and_publish_package
// publishes a package whose init_module retrieves the capability, which
// zeroes the key and removes the emptied Container.
func TestResourceAccountModule(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	k := unfunded(1)[0]
	ra := func(seed string) ledgerapi.Address { return crypto.ResourceAccountAddress(a.Address, []byte(seed)) }

	wantOK(t, c.mustExec(a.Sign(c.raw(a, call("resource_account", "create_resource_account", nil,
		vmstub.BytesValue([]byte("one")), vmstub.BytesValue(nil))))))
	r1 := ra("one")
	if got := containerOf(t, c, a.Address); len(got) != 1 || got[0] != [2]ledgerapi.Address{r1, r1} {
		t.Fatalf("Container %v", got)
	}
	if acc := accountOf(t, c, r1); !bytes.Equal(acc.AuthKey, a.Address[:]) || acc.SignerOffer == nil || *acc.SignerOffer != r1 {
		t.Fatalf("resource account %+v: the origin's key, its capability offered to itself", acc)
	}
	// The origin's key signs for the resource account.
	wantOK(t, c.mustExec(a.Sign(c.raw(a, vmstub.TransferPayload(r1, 100_000_000)))))
	wantOK(t, c.mustExec(as(a, r1).Sign(c.raw(as(a, r1), vmstub.TransferPayload(b.Address, 0)))))

	// With a key given and funds.
	before := c.balance(a.Address)
	wantOK(t, c.mustExec(a.Sign(c.raw(a, call("resource_account", "create_resource_account_and_fund", nil,
		vmstub.BytesValue([]byte("two")), vmstub.BytesValue(k.Address[:]), vmstub.U64Value(30_000_000))))))
	r2 := ra("two")
	if got := c.balance(r2); got != 30_000_000 {
		t.Fatalf("funded balance %d", got)
	}
	if spent := before - c.balance(a.Address); spent <= 30_000_000 {
		t.Fatalf("origin spent %d, want 30_000_000 and the fee", spent)
	}
	wantAuthKey(t, c, r2, k.Address)
	if got := containerOf(t, c, a.Address); len(got) != 2 || got[1][0] != r2 {
		t.Fatalf("Container %v", got)
	}

	// A package published at a third resource account retrieves its
	// capability in init_module.
	r3 := ra("three")
	meta := packageMeta("Vault", onchain.UpgradeCompatible, []string{"vault"}, stdDeps...)
	args := append([][]byte{vmstub.BytesValue([]byte("three"))}, publishArgs(meta, vaultModule(t, r3, a.Address))...)
	out := c.mustExec(a.Sign(c.raw(a, call("resource_account", "create_resource_account_and_publish_package", nil, args...))))
	wantOK(t, out)
	if _, err := c.StateValue(storage.ModuleKey(r3, "vault")); err != nil {
		t.Fatalf("vault not published at the resource account: %v", err)
	}
	holder, err := c.StateValue(storage.ResourceKey(r3, ledgerapi.StructTag{Address: r3, Module: "vault", Name: "Holder"}))
	if err != nil || !bytes.Equal(holder, r3[:]) {
		t.Fatalf("Holder %x %v", holder, err)
	}
	wantAuthKey(t, c, r3, ledgerapi.AddressZero)
	if got := containerOf(t, c, a.Address); len(got) != 2 {
		t.Fatalf("Container after retrieval %v", got)
	}

	// Retrieving the other two: the last one deletes the Container; the
	// second one takes the first's place.
	for _, r := range []ledgerapi.Address{r1, r2} {
		s := as(a, r)
		if r == r2 {
			s = as(k, r)
		}
		wantOK(t, c.mustExec(s.Sign(c.raw(s, vmstub.EntryPayload(r3, "vault", "grab", nil, vmstub.AddressValue(a.Address))))))
		wantAuthKey(t, c, r, ledgerapi.AddressZero)
		if r == r1 {
			if got := containerOf(t, c, a.Address); len(got) != 1 || got[0][0] != r2 {
				t.Fatalf("Container after one removal %v", got)
			}
		}
	}
	if _, err := c.StateValue(storage.ResourceKey(a.Address, containerTag)); err == nil {
		t.Fatal("the emptied Container was kept")
	}
}

// TestResourceAccountAborts covers each abort of resource_account and the
// aborts of account its functions reach.
func TestResourceAccountAborts(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	create := func(seed string, key []byte) storage.Transaction {
		return c.mustExec(a.Sign(c.raw(a, call("resource_account", "create_resource_account", nil, vmstub.BytesValue([]byte(seed)), vmstub.BytesValue(key)))))
	}
	wantVMStatus(t, create("x", []byte{1, 2, 3}),
		"Move abort in 0x1::account: EMALFORMED_AUTHENTICATION_KEY(0x10004): The provided authentication key has an invalid length")
	wantOK(t, create("x", nil))
	wantVMStatus(t, create("x", nil),
		"Move abort in 0x1::account: ERESOURCE_ACCCOUNT_EXISTS(0x8000f): An attempt to create a resource account on a claimed account")
	wantVMStatus(t, c.mustExec(a.Sign(c.raw(a, call("resource_account", "create_resource_account_and_fund", nil,
		vmstub.BytesValue([]byte("y")), vmstub.BytesValue(nil), vmstub.U64Value(1<<62))))),
		"Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction")

	// A package at a resource account whose init_module finds no Container
	// at the origin it names (b has none).
	r := crypto.ResourceAccountAddress(a.Address, []byte("v"))
	meta := packageMeta("Vault", onchain.UpgradeCompatible, []string{"vault"}, stdDeps...)
	args := append([][]byte{vmstub.BytesValue([]byte("v"))}, publishArgs(meta, vaultModule(t, r, b.Address))...)
	wantVMStatus(t, c.mustExec(a.Sign(c.raw(a, call("resource_account", "create_resource_account_and_publish_package", nil, args...)))),
		"Move abort in 0x1::resource_account: ECONTAINER_NOT_PUBLISHED(0x60001): Container resource not found in account")

	// Published properly, grab by an account the origin's Container does
	// not hold.
	args = append([][]byte{vmstub.BytesValue([]byte("v"))}, publishArgs(meta, vaultModule(t, r, a.Address))...)
	wantOK(t, c.mustExec(a.Sign(c.raw(a, call("resource_account", "create_resource_account_and_publish_package", nil, args...)))))
	wantOK(t, create("z", nil))
	wantVMStatus(t, c.mustExec(b.Sign(c.raw(b, vmstub.EntryPayload(r, "vault", "grab", nil, vmstub.AddressValue(a.Address))))),
		"Move abort in 0x1::resource_account: EUNAUTHORIZED_NOT_OWNER(0x10002): The resource account was not created by the specified source account")
}
