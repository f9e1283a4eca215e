// Package samples assembles small Move modules with the bytecode builder:
// the packages the examples publish and the tests run, since no Move
// compiler runs here. Each module is described in Move-like terms next to
// its constructor; the bytecode is what a compiler would emit for it.
package samples

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

var (
	one        = ledgerapi.AddressOne
	stringAbil = bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
	u64s       = []bytecode.SignatureToken{bytecode.U64}
	i          = bytecode.I
)

// Message is <addr>::message, the classic first package:
//
//	struct MessageHolder has key { message: String }
//	#[event] struct MessageChange has drop, store { account: address, from_message: String, to_message: String }
//	public entry fun set_message(account: signer, message: String) acquires MessageHolder
//	    // creates the holder, or emits MessageChange and replaces the message
//	#[view] public fun get_message(addr: address): String acquires MessageHolder
//	    // aborts with ENO_MESSAGE (1) when there is no holder
func Message(addr ledgerapi.Address) ([]byte, error) {
	b := bytecode.NewModuleBuilder(addr, "message")
	str := b.ImportStruct(b.ModuleRef(one, "string"), "String", stringAbil)
	holder := b.Struct("MessageHolder", bytecode.AbilityKey, bytecode.Field("message", bytecode.StructOf(str)))
	change := b.Struct("MessageChange", bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.Field("account", bytecode.Address),
		bytecode.Field("from_message", bytecode.StructOf(str)), bytecode.Field("to_message", bytecode.StructOf(str)))
	addressOf := b.ImportFunction(b.ModuleRef(one, "signer"), "address_of", bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}, Returns: []bytecode.SignatureToken{bytecode.Address}})
	emit := b.ImportFunction(b.ModuleRef(one, "event"), "emit", bytecode.Fn{
		TypeParams: []bytecode.AbilitySet{bytecode.AbilityStore | bytecode.AbilityDrop}, Params: []bytecode.SignatureToken{bytecode.TypeParameter(0)}})
	emitChange := b.FunctionInst(emit, b.StructType(change))
	field := b.FieldHandle(holder, "message")
	b.Function("set_message", bytecode.Public|bytecode.Entry, bytecode.Fn{
		Acquires: []bytecode.StructDefIndex{holder},
		Params:   []bytecode.SignatureToken{bytecode.Signer, bytecode.StructOf(str)},
		Locals:   []bytecode.SignatureToken{bytecode.Address, bytecode.MutRef(b.StructType(holder)), bytecode.StructOf(str)},
		Code: []bytecode.Instruction{
			i(bytecode.OpImmBorrowLoc, 0), i(bytecode.OpCall, uint64(addressOf)), i(bytecode.OpStLoc, 2), // 0-2: addr
			i(bytecode.OpCopyLoc, 2), i(bytecode.OpExists, uint64(holder)), i(bytecode.OpBrTrue, 11), // 3-5
			i(bytecode.OpImmBorrowLoc, 0), i(bytecode.OpMoveLoc, 1), i(bytecode.OpPack, uint64(holder)), // 6-8: first message
			i(bytecode.OpMoveTo, uint64(holder)), i(bytecode.OpRet), // 9-10
			i(bytecode.OpCopyLoc, 2), i(bytecode.OpMutBorrowGlobal, uint64(holder)), i(bytecode.OpStLoc, 3), // 11-13: holder
			i(bytecode.OpCopyLoc, 3), i(bytecode.OpMutBorrowField, uint64(field)), i(bytecode.OpReadRef), i(bytecode.OpStLoc, 4), // 14-17: from
			i(bytecode.OpCopyLoc, 2), i(bytecode.OpMoveLoc, 4), i(bytecode.OpCopyLoc, 1), i(bytecode.OpPack, uint64(change)), // 18-21
			i(bytecode.OpCallGeneric, uint64(emitChange)),                                                                           // 22: event::emit
			i(bytecode.OpMoveLoc, 1), i(bytecode.OpMoveLoc, 3), i(bytecode.OpMutBorrowField, uint64(field)), i(bytecode.OpWriteRef), // 23-26
			i(bytecode.OpRet), // 27
		}})
	b.Function("get_message", bytecode.Public, bytecode.Fn{
		Acquires: []bytecode.StructDefIndex{holder},
		Params:   []bytecode.SignatureToken{bytecode.Address}, Returns: []bytecode.SignatureToken{bytecode.StructOf(str)},
		Code: []bytecode.Instruction{
			i(bytecode.OpCopyLoc, 0), i(bytecode.OpExists, uint64(holder)), i(bytecode.OpBrTrue, 5), i(bytecode.OpLdU64, 1), i(bytecode.OpAbort),
			i(bytecode.OpMoveLoc, 0), i(bytecode.OpImmBorrowGlobal, uint64(holder)), i(bytecode.OpImmBorrowField, uint64(field)),
			i(bytecode.OpReadRef), i(bytecode.OpRet),
		}})
	b.MetadataV1(&bytecode.MetadataV1{
		StructAttributes: map[string][]bytecode.KnownAttribute{"MessageChange": {{Kind: bytecode.AttributeEvent}}},
		FunAttributes:    map[string][]bytecode.KnownAttribute{"get_message": {{Kind: bytecode.AttributeView}}},
		ErrorMap:         map[uint64]bytecode.ErrorDescription{1: {CodeName: "ENO_MESSAGE", CodeDescription: "There is no message present"}},
	})
	return b.Bytes()
}

// Math is <addr>::math:
//
//	struct Pair<T: copy + drop> has copy, drop, store { a: T, b: T }
//	public fun add(a: u64, b: u64): u64 { a + b }   // unless !withAdd
//	public fun double(a: u64): u64 { a + a }        // when withDouble
//
// Without add it is an incompatible upgrade of the version with it.
func Math(addr ledgerapi.Address, withAdd, withDouble bool) ([]byte, error) {
	b := bytecode.NewModuleBuilder(addr, "math")
	b.GenericStruct("Pair", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore,
		[]bytecode.StructTypeParameter{{Constraints: bytecode.AbilityCopy | bytecode.AbilityDrop}},
		bytecode.Field("a", bytecode.TypeParameter(0)), bytecode.Field("b", bytecode.TypeParameter(0)))
	if withAdd {
		b.Function("add", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.U64, bytecode.U64}, Returns: u64s,
			Code: []bytecode.Instruction{i(bytecode.OpMoveLoc, 0), i(bytecode.OpMoveLoc, 1), i(bytecode.OpAdd), i(bytecode.OpRet)}})
	}
	if withDouble {
		b.Function("double", bytecode.Public, bytecode.Fn{Params: u64s, Returns: u64s,
			Code: []bytecode.Instruction{i(bytecode.OpCopyLoc, 0), i(bytecode.OpMoveLoc, 0), i(bytecode.OpAdd), i(bytecode.OpRet)}})
	}
	return b.Bytes()
}

// Broken is <addr>::broken, whose g calls <addr>::nowhere::f, which no one
// published: it does not link.
func Broken(addr ledgerapi.Address) ([]byte, error) {
	b := bytecode.NewModuleBuilder(addr, "broken")
	f := b.ImportFunction(b.ModuleRef(addr, "nowhere"), "f", bytecode.Fn{})
	b.Function("g", bytecode.Public, bytecode.Fn{Code: []bytecode.Instruction{i(bytecode.OpCall, uint64(f)), i(bytecode.OpRet)}})
	return b.Bytes()
}

// TransferScript is a script paying from the sender:
//
//	script { fun main(sender: &signer, to: address, amount: u64) { 0x1::aptos_account::transfer(sender, to, amount) } }
func TransferScript() ([]byte, error) {
	b := bytecode.NewScriptBuilder()
	transfer := b.ImportFunction(b.ModuleRef(one, "aptos_account"), "transfer", bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.Address, bytecode.U64}})
	b.Main(bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.Address, bytecode.U64},
		Code: []bytecode.Instruction{i(bytecode.OpMoveLoc, 0), i(bytecode.OpMoveLoc, 1), i(bytecode.OpMoveLoc, 2),
			i(bytecode.OpCall, uint64(transfer)), i(bytecode.OpRet)}})
	return b.Bytes()
}

// PayEachOtherScript is a script with two signers, each paying the other:
//
//	script { fun main(a: &signer, b: &signer, amount: u64) {
//	    0x1::aptos_account::transfer(a, 0x1::signer::address_of(b), amount);
//	    0x1::aptos_account::transfer(b, 0x1::signer::address_of(a), amount + 1) } }
func PayEachOtherScript() ([]byte, error) {
	b := bytecode.NewScriptBuilder()
	transfer := b.ImportFunction(b.ModuleRef(one, "aptos_account"), "transfer", bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.Address, bytecode.U64}})
	addressOf := b.ImportFunction(b.ModuleRef(one, "signer"), "address_of", bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}, Returns: []bytecode.SignatureToken{bytecode.Address}})
	b.Main(bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.Ref(bytecode.Signer), bytecode.U64},
		Code: []bytecode.Instruction{
			i(bytecode.OpCopyLoc, 0), i(bytecode.OpCopyLoc, 1), i(bytecode.OpCall, uint64(addressOf)), i(bytecode.OpCopyLoc, 2),
			i(bytecode.OpCall, uint64(transfer)),
			i(bytecode.OpMoveLoc, 1), i(bytecode.OpMoveLoc, 0), i(bytecode.OpCall, uint64(addressOf)), i(bytecode.OpMoveLoc, 2),
			i(bytecode.OpLdU64, 1), i(bytecode.OpAdd), i(bytecode.OpCall, uint64(transfer)), i(bytecode.OpRet)}})
	return b.Bytes()
}

// Args is <addr>::args, whose entry function takes an argument of every
// type a transaction can pass and keeps them:
//
//	struct Received has key { b: bool, n8: u8, n16: u16, n32: u32, n64: u64, n128: u128, n256: u256,
//	    a: address, s: String, bytes: vector<u8>, addrs: vector<address>, opt: Option<u64>, obj: Object<ObjectCore> }
//	public entry fun receive(account: &signer, b: bool, …, obj: Object<ObjectCore>) {
//	    move_to(account, Received { b, …, obj })
//	}
func Args(addr ledgerapi.Address) ([]byte, error) {
	b := bytecode.NewModuleBuilder(addr, "args")
	str := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "string"), "String", stringAbil))
	option := b.ImportStruct(b.ModuleRef(one, "option"), "Option", stringAbil, bytecode.StructTypeParameter{})
	objMod := b.ModuleRef(one, "object")
	object := b.ImportStruct(objMod, "Object", stringAbil, bytecode.StructTypeParameter{IsPhantom: true})
	core := bytecode.StructOf(b.ImportStruct(objMod, "ObjectCore", bytecode.AbilityKey))
	types := []bytecode.SignatureToken{bytecode.Bool, bytecode.U8, bytecode.U16, bytecode.U32, bytecode.U64, bytecode.U128, bytecode.U256,
		bytecode.Address, str, bytecode.Vector(bytecode.U8), bytecode.Vector(bytecode.Address), bytecode.StructOf(option, bytecode.U64),
		bytecode.StructOf(object, core)}
	names := []string{"b", "n8", "n16", "n32", "n64", "n128", "n256", "a", "s", "bytes", "addrs", "opt", "obj"}
	fields := make([]bytecode.FieldSpec, len(types))
	code := []bytecode.Instruction{i(bytecode.OpMoveLoc, 0)}
	for k, t := range types {
		fields[k] = bytecode.Field(names[k], t)
		code = append(code, i(bytecode.OpMoveLoc, uint64(k+1)))
	}
	received := b.Struct("Received", bytecode.AbilityKey, fields...)
	code = append(code, i(bytecode.OpPack, uint64(received)), i(bytecode.OpMoveTo, uint64(received)), i(bytecode.OpRet))
	b.Function("receive", bytecode.Public|bytecode.Entry, bytecode.Fn{
		Params: append([]bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}, types...), Code: code})
	return b.Bytes()
}
