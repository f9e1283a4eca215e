package samples

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// FACoin is <addr>::fa_coin, a fungible asset made as Aptos's
// fungible-asset tutorial makes one, on a named object "FACOIN":
//
//	struct Refs has key { mint: MintRef, transfer: TransferRef, burn: BurnRef }
//	fun init_module(admin: &signer) {
//	    let ctor = object::create_named_object(admin, b"FACOIN");
//	    primary_fungible_store::create_primary_store_enabled_fungible_asset(&ctor, option::some(1000000000000),
//	        utf8(b"FA Coin"), utf8(b"FAC"), 8, utf8(b"https://fa.coin/icon.png"), utf8(b"https://fa.coin"));
//	    move_to(admin, Refs { mint: generate_mint_ref(&ctor), transfer: …, burn: … });
//	}
//	public entry fun mint(admin: &signer, to: address, amount: u64) acquires Refs   // primary_fungible_store::mint
//	public entry fun freeze_account(admin: &signer, account: address) acquires Refs // set_frozen_flag(…, true)
//	public entry fun burn(admin: &signer, from: address, amount: u64) acquires Refs // primary_fungible_store::burn
//
// (The refs' holder is not checked: a sample.)
func FACoin(addr ledgerapi.Address) ([]byte, error) {
	b := bytecode.NewModuleBuilder(addr, "fa_coin")
	objMod, faMod, pfsMod := b.ModuleRef(one, "object"), b.ModuleRef(one, "fungible_asset"), b.ModuleRef(one, "primary_fungible_store")
	ds := bytecode.AbilityDrop | bytecode.AbilityStore
	str := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "string"), "String", stringAbil))
	option := b.ImportStruct(b.ModuleRef(one, "option"), "Option", stringAbil, bytecode.StructTypeParameter{})
	ctor := bytecode.StructOf(b.ImportStruct(objMod, "ConstructorRef", bytecode.AbilityDrop))
	refT := map[string]bytecode.SignatureToken{}
	for _, r := range []string{"MintRef", "TransferRef", "BurnRef"} {
		refT[r] = bytecode.StructOf(b.ImportStruct(faMod, r, ds))
	}
	refs := b.Struct("Refs", bytecode.AbilityKey, bytecode.Field("mint", refT["MintRef"]), bytecode.Field("transfer", refT["TransferRef"]),
		bytecode.Field("burn", refT["BurnRef"]))
	signer := bytecode.Ref(bytecode.Signer)
	tok := func(ts ...bytecode.SignatureToken) []bytecode.SignatureToken { return ts }
	u128 := bytecode.U128
	some := b.FunctionInst(b.ImportFunction(b.ModuleRef(one, "option"), "some", bytecode.Fn{TypeParams: []bytecode.AbilitySet{0},
		Params: tok(bytecode.TypeParameter(0)), Returns: tok(bytecode.StructOf(option, bytecode.TypeParameter(0)))}), u128)
	utf8 := b.ImportFunction(b.ModuleRef(one, "string"), "utf8", bytecode.Fn{Params: tok(bytecode.Vector(bytecode.U8)), Returns: tok(str)})
	named := b.ImportFunction(objMod, "create_named_object", bytecode.Fn{Params: tok(signer, bytecode.Vector(bytecode.U8)), Returns: tok(ctor)})
	create := b.ImportFunction(pfsMod, "create_primary_store_enabled_fungible_asset", bytecode.Fn{
		Params: tok(bytecode.Ref(ctor), bytecode.StructOf(option, u128), str, str, bytecode.U8, str, str)})
	bytes := func(s string) bytecode.Instruction { return i(bytecode.OpLdConst, uint64(b.ConstantBytes([]byte(s)))) }
	text := func(s string) []bytecode.Instruction {
		return []bytecode.Instruction{bytes(s), i(bytecode.OpCall, uint64(utf8))}
	}
	max := make([]byte, 16)
	for n, x := 0, uint64(1000000000000); n < 8; n, x = n+1, x>>8 {
		max[n] = byte(x)
	}
	code := []bytecode.Instruction{i(bytecode.OpCopyLoc, 0), bytes("FACOIN"), i(bytecode.OpCall, uint64(named)), i(bytecode.OpStLoc, 1),
		i(bytecode.OpImmBorrowLoc, 1), i(bytecode.OpLdConst, uint64(b.Constant(u128, max))), i(bytecode.OpCallGeneric, uint64(some))}
	code = append(code, text("FA Coin")...)
	code = append(code, text("FAC")...)
	code = append(code, i(bytecode.OpLdU8, 8))
	code = append(code, text("https://fa.coin/icon.png")...)
	code = append(code, text("https://fa.coin")...)
	code = append(code, i(bytecode.OpCall, uint64(create)), i(bytecode.OpMoveLoc, 0))
	for _, g := range []struct{ fn, ref string }{{"generate_mint_ref", "MintRef"}, {"generate_transfer_ref", "TransferRef"}, {"generate_burn_ref", "BurnRef"}} {
		h := b.ImportFunction(faMod, g.fn, bytecode.Fn{Params: tok(bytecode.Ref(ctor)), Returns: tok(refT[g.ref])})
		code = append(code, i(bytecode.OpImmBorrowLoc, 1), i(bytecode.OpCall, uint64(h)))
	}
	code = append(code, i(bytecode.OpPack, uint64(refs)), i(bytecode.OpMoveTo, uint64(refs)), i(bytecode.OpRet))
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: tok(signer), Locals: tok(ctor), Code: code})

	self := uint64(b.Constant(bytecode.Address, addr[:]))
	entry := func(name, field, ref, fn string, extra []bytecode.Instruction, params ...bytecode.SignatureToken) {
		h := b.ImportFunction(pfsMod, fn, bytecode.Fn{Params: append(tok(bytecode.Ref(refT[ref]), bytecode.Address), params[1:]...)})
		body := []bytecode.Instruction{i(bytecode.OpLdConst, self), i(bytecode.OpImmBorrowGlobal, uint64(refs)),
			i(bytecode.OpImmBorrowField, uint64(b.FieldHandle(refs, field))), i(bytecode.OpMoveLoc, 1)}
		for n := 2; n <= len(params); n++ {
			body = append(body, i(bytecode.OpMoveLoc, uint64(n)))
		}
		body = append(append(body, extra...), i(bytecode.OpCall, uint64(h)), i(bytecode.OpRet))
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: append(tok(signer), params...), Acquires: []bytecode.StructDefIndex{refs}, Code: body})
	}
	entry("mint", "mint", "MintRef", "mint", nil, bytecode.Address, bytecode.U64)
	entry("burn", "burn", "BurnRef", "burn", nil, bytecode.Address, bytecode.U64)
	h := b.ImportFunction(pfsMod, "set_frozen_flag", bytecode.Fn{Params: tok(bytecode.Ref(refT["TransferRef"]), bytecode.Address, bytecode.Bool)})
	b.Function("freeze_account", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: tok(signer, bytecode.Address), Acquires: []bytecode.StructDefIndex{refs},
		Code: []bytecode.Instruction{i(bytecode.OpLdConst, self), i(bytecode.OpImmBorrowGlobal, uint64(refs)),
			i(bytecode.OpImmBorrowField, uint64(b.FieldHandle(refs, "transfer"))), i(bytecode.OpMoveLoc, 1), i(bytecode.OpLdTrue),
			i(bytecode.OpCall, uint64(h)), i(bytecode.OpRet)}})
	return b.Bytes()
}
