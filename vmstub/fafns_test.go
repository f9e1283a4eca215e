package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// faFlowModule is <addr>::faflow, moving APT as a FungibleAsset value:
//
//	public entry fun pay(sender: &signer, to: address, amount: u64) {
//	    let fa = primary_fungible_store::withdraw(sender, object::address_to_object<Metadata>(@0xa), amount);
//	    let half = fungible_asset::extract(&mut fa, amount / 2);
//	    fungible_asset::merge(&mut fa, half);
//	    primary_fungible_store::deposit(to, fa)
//	}
func faFlowModule(t testing.TB, addr ledgerapi.Address) []byte {
	b := bytecode.NewModuleBuilder(addr, "faflow")
	faMod, objMod := b.ModuleRef(one, "fungible_asset"), b.ModuleRef(one, "object")
	object := b.ImportStruct(objMod, "Object", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.StructTypeParameter{IsPhantom: true})
	metadata := bytecode.StructOf(b.ImportStruct(faMod, "Metadata", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityKey))
	fa := bytecode.StructOf(b.ImportStruct(faMod, "FungibleAsset", 0))
	key := []bytecode.AbilitySet{bytecode.AbilityKey}
	toObject := b.ImportFunction(objMod, "address_to_object", bytecode.Fn{TypeParams: key, Params: []bytecode.SignatureToken{bytecode.Address},
		Returns: []bytecode.SignatureToken{bytecode.StructOf(object, bytecode.TypeParameter(0))}})
	storeMod := b.ModuleRef(one, "primary_fungible_store")
	withdraw := b.ImportFunction(storeMod, "withdraw", bytecode.Fn{TypeParams: key,
		Params:  []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.StructOf(object, bytecode.TypeParameter(0)), bytecode.U64},
		Returns: []bytecode.SignatureToken{fa}})
	deposit := b.ImportFunction(storeMod, "deposit", bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Address, fa}})
	extract := b.ImportFunction(faMod, "extract", bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.MutRef(fa), bytecode.U64},
		Returns: []bytecode.SignatureToken{fa}})
	merge := b.ImportFunction(faMod, "merge", bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.MutRef(fa), fa}})
	apt := ledgerapi.AddressA
	aptConst := uint64(b.Constant(bytecode.Address, apt[:]))
	I := bytecode.I
	b.Function("pay", bytecode.Public|bytecode.Entry, bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.Address, bytecode.U64}, Locals: []bytecode.SignatureToken{fa, fa},
		Code: []bytecode.Instruction{
			I(bytecode.OpMoveLoc, 0), I(bytecode.OpLdConst, aptConst), I(bytecode.OpCallGeneric, uint64(b.FunctionInst(toObject, metadata))),
			I(bytecode.OpCopyLoc, 2), I(bytecode.OpCallGeneric, uint64(b.FunctionInst(withdraw, metadata))), I(bytecode.OpStLoc, 3),
			I(bytecode.OpMutBorrowLoc, 3), I(bytecode.OpCopyLoc, 2), I(bytecode.OpLdU64, 2), I(bytecode.OpDiv), I(bytecode.OpCall, uint64(extract)), I(bytecode.OpStLoc, 4),
			I(bytecode.OpMutBorrowLoc, 3), I(bytecode.OpMoveLoc, 4), I(bytecode.OpCall, uint64(merge)),
			I(bytecode.OpMoveLoc, 1), I(bytecode.OpMoveLoc, 3), I(bytecode.OpCall, uint64(deposit)), I(bytecode.OpRet),
		}})
	return mustBytes(t, b)
}

func TestFungibleAssetValues(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	if out := c.publish(a, packageMeta("FA", onchain.UpgradeCompatible, []string{"faflow"}, stdDeps...), faFlowModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	supply, ba, bb := c.supply(), c.balance(a.Address), c.balance(b.Address)
	out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "faflow", "pay", nil, vmstub.AddressValue(b.Address), vmstub.U64Value(1001)))))
	fee := out.Info.GasUsed * 100
	if !out.Info.Status.Success() || c.balance(a.Address) != ba-1001-fee || c.balance(b.Address) != bb+1001 || c.supply() != supply-fee {
		t.Fatalf("pay: %s", out.Info.Status.String())
	}
	// More than the balance: fungible_asset's EINSUFFICIENT_BALANCE, nothing moves.
	bb = c.balance(b.Address)
	out = c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "faflow", "pay", nil, vmstub.AddressValue(b.Address), vmstub.U64Value(1<<62)))))
	if got := out.Info.Status.String(); got != "Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004): Insufficient balance to withdraw or transfer." || c.balance(b.Address) != bb {
		t.Fatalf("overdraw: %s", got)
	}
}
