package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// treasuryModule is <addr>::treasury:
//
//	struct Treasury has key { cap: SignerCapability }
//	struct Note has key { n: u64 }
//	fun init_module(s: &signer) {
//	    let (rs, cap) = account::create_resource_account(s, b"treasury");
//	    move_to(s, Treasury { cap }); move_to(&rs, Note { n: 1 })
//	}
//	public entry fun bump(_caller: &signer) acquires Treasury, Note {
//	    let rs = account::create_signer_with_capability(&borrow_global<Treasury>(@addr).cap);
//	    let note = borrow_global_mut<Note>(signer::address_of(&rs)); note.n = note.n + 1
//	}
func treasuryModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "treasury")
	acct := b.ModuleRef(one, "account")
	capT := bytecode.StructOf(b.ImportStruct(acct, "SignerCapability", bytecode.AbilityDrop|bytecode.AbilityStore))
	treasury := b.Struct("Treasury", bytecode.AbilityKey, bytecode.Field("cap", capT))
	note := b.Struct("Note", bytecode.AbilityKey, bytecode.Field("n", bytecode.U64))
	create := b.ImportFunction(acct, "create_resource_account", bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.Vector(bytecode.U8)}, Returns: []bytecode.SignatureToken{bytecode.Signer, capT}})
	withCap := b.ImportFunction(acct, "create_signer_with_capability", bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(capT)}, Returns: []bytecode.SignatureToken{bytecode.Signer}})
	addressOf := b.ImportFunction(b.ModuleRef(one, "signer"), "address_of", bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}, Returns: []bytecode.SignatureToken{bytecode.Address}})
	seed := b.ConstantBytes([]byte("treasury"))
	self := b.Constant(bytecode.Address, addr[:])
	capField, n := b.FieldHandle(treasury, "cap"), b.FieldHandle(note, "n")
	I := bytecode.I
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)},
		Locals: []bytecode.SignatureToken{bytecode.Signer, capT},
		Code: []bytecode.Instruction{
			I(bytecode.OpCopyLoc, 0), I(bytecode.OpLdConst, uint64(seed)), I(bytecode.OpCall, uint64(create)), I(bytecode.OpStLoc, 2), I(bytecode.OpStLoc, 1),
			I(bytecode.OpMoveLoc, 0), I(bytecode.OpMoveLoc, 2), I(bytecode.OpPack, uint64(treasury)), I(bytecode.OpMoveTo, uint64(treasury)),
			I(bytecode.OpImmBorrowLoc, 1), I(bytecode.OpLdU64, 1), I(bytecode.OpPack, uint64(note)), I(bytecode.OpMoveTo, uint64(note)), I(bytecode.OpRet),
		}})
	b.Function("bump", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)},
		Acquires: []bytecode.StructDefIndex{treasury, note},
		Locals:   []bytecode.SignatureToken{bytecode.Signer, bytecode.MutRef(b.StructType(note))},
		Code: []bytecode.Instruction{
			I(bytecode.OpLdConst, uint64(self)), I(bytecode.OpImmBorrowGlobal, uint64(treasury)), I(bytecode.OpImmBorrowField, uint64(capField)),
			I(bytecode.OpCall, uint64(withCap)), I(bytecode.OpStLoc, 1), I(bytecode.OpImmBorrowLoc, 1), I(bytecode.OpCall, uint64(addressOf)),
			I(bytecode.OpMutBorrowGlobal, uint64(note)), I(bytecode.OpStLoc, 2),
			I(bytecode.OpCopyLoc, 2), I(bytecode.OpMutBorrowField, uint64(n)), I(bytecode.OpReadRef), I(bytecode.OpLdU64, 1), I(bytecode.OpAdd),
			I(bytecode.OpMoveLoc, 2), I(bytecode.OpMutBorrowField, uint64(n)), I(bytecode.OpWriteRef), I(bytecode.OpRet),
		}})
	return mustBytes(t, b)
}

func TestResourceAccounts(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	if out := c.publish(a, packageMeta("Treasury", onchain.UpgradeCompatible, []string{"treasury"}, stdDeps...), treasuryModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	ra := crypto.ResourceAccountAddress(a.Address, []byte("treasury"))
	acc, err := c.StateValue(storage.ResourceKey(ra, ledgerapi.StructTag{Address: one, Module: "account", Name: "Account"}))
	if err != nil {
		t.Fatalf("resource account: %v", err)
	}
	decoded := &onchain.Account{}
	err = bcs.Unmarshal(acc, decoded)
	if err != nil || string(decoded.AuthKey) != string(make([]byte, 32)) || decoded.SignerOffer == nil || *decoded.SignerOffer != ra {
		t.Fatalf("resource account %+v %v: auth key zero, signer capability offered to itself", decoded, err)
	}
	note := storage.ResourceKey(ra, ledgerapi.StructTag{Address: a.Address, Module: "treasury", Name: "Note"})
	for i := range 2 {
		if out := c.mustExec(b.Sign(c.raw(b, vmstub.EntryPayload(a.Address, "treasury", "bump", nil)))); !out.Info.Status.Success() {
			t.Fatalf("bump: %s", out.Info.Status.String())
		}
		if v, _ := c.StateValue(note); string(v) != string(vmstub.U64Value(uint64(i+2))) {
			t.Fatalf("Note after %d bumps: %x", i+1, v)
		}
	}
}
