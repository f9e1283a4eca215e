package samples

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// Badges is <addr>::badges, which makes objects:
//
//	struct Badge has key { level: u64 }
//	#[event] struct Minted has drop, store { object: address, level: u64 }
//	public entry fun mint(creator: &signer, level: u64) {
//	    let cref = object::create_object(signer::address_of(creator));
//	    move_to(&object::generate_signer(&cref), Badge { level });
//	    let badge = object::object_from_constructor_ref<Badge>(&cref);
//	    event::emit(Minted { object: object::object_address(&badge), level })
//	}
//	#[view] public fun level(badge: Object<Badge>): u64 acquires Badge
func Badges(addr ledgerapi.Address) ([]byte, error) {
	b := bytecode.NewModuleBuilder(addr, "badges")
	objMod := b.ModuleRef(one, "object")
	object := b.ImportStruct(objMod, "Object", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.StructTypeParameter{IsPhantom: true})
	cref := b.ImportStruct(objMod, "ConstructorRef", bytecode.AbilityDrop)
	badge := b.Struct("Badge", bytecode.AbilityKey, bytecode.Field("level", bytecode.U64))
	minted := b.Struct("Minted", bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.Field("object", bytecode.Address), bytecode.Field("level", bytecode.U64))
	objectOfBadge := bytecode.StructOf(object, b.StructType(badge))
	key := []bytecode.AbilitySet{bytecode.AbilityKey}
	addressOf := b.ImportFunction(b.ModuleRef(one, "signer"), "address_of", bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}, Returns: []bytecode.SignatureToken{bytecode.Address}})
	create := b.ImportFunction(objMod, "create_object", bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Address},
		Returns: []bytecode.SignatureToken{bytecode.StructOf(cref)}})
	genSigner := b.ImportFunction(objMod, "generate_signer", bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.StructOf(cref))},
		Returns: []bytecode.SignatureToken{bytecode.Signer}})
	fromRef := b.ImportFunction(objMod, "object_from_constructor_ref", bytecode.Fn{TypeParams: key,
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.StructOf(cref))}, Returns: []bytecode.SignatureToken{bytecode.StructOf(object, bytecode.TypeParameter(0))}})
	objAddress := b.ImportFunction(objMod, "object_address", bytecode.Fn{TypeParams: key,
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.StructOf(object, bytecode.TypeParameter(0)))}, Returns: []bytecode.SignatureToken{bytecode.Address}})
	emit := b.ImportFunction(b.ModuleRef(one, "event"), "emit", bytecode.Fn{
		TypeParams: []bytecode.AbilitySet{bytecode.AbilityStore | bytecode.AbilityDrop}, Params: []bytecode.SignatureToken{bytecode.TypeParameter(0)}})
	fromRefBadge := b.FunctionInst(fromRef, b.StructType(badge))
	addressOfBadge := b.FunctionInst(objAddress, b.StructType(badge))
	emitMinted := b.FunctionInst(emit, b.StructType(minted))
	level := b.FieldHandle(badge, "level")
	b.Function("mint", bytecode.Public|bytecode.Entry, bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.U64},
		Locals: []bytecode.SignatureToken{bytecode.StructOf(cref), bytecode.Signer, objectOfBadge},
		Code: []bytecode.Instruction{
			i(bytecode.OpCopyLoc, 0), i(bytecode.OpCall, uint64(addressOf)), i(bytecode.OpCall, uint64(create)), i(bytecode.OpStLoc, 2),
			i(bytecode.OpImmBorrowLoc, 2), i(bytecode.OpCall, uint64(genSigner)), i(bytecode.OpStLoc, 3),
			i(bytecode.OpImmBorrowLoc, 3), i(bytecode.OpCopyLoc, 1), i(bytecode.OpPack, uint64(badge)), i(bytecode.OpMoveTo, uint64(badge)),
			i(bytecode.OpImmBorrowLoc, 2), i(bytecode.OpCallGeneric, uint64(fromRefBadge)), i(bytecode.OpStLoc, 4),
			i(bytecode.OpImmBorrowLoc, 4), i(bytecode.OpCallGeneric, uint64(addressOfBadge)), i(bytecode.OpMoveLoc, 1),
			i(bytecode.OpPack, uint64(minted)), i(bytecode.OpCallGeneric, uint64(emitMinted)), i(bytecode.OpRet),
		}})
	b.Function("level", bytecode.Public, bytecode.Fn{
		Acquires: []bytecode.StructDefIndex{badge},
		Params:   []bytecode.SignatureToken{objectOfBadge}, Returns: u64s,
		Code: []bytecode.Instruction{
			i(bytecode.OpImmBorrowLoc, 0), i(bytecode.OpCallGeneric, uint64(addressOfBadge)), i(bytecode.OpImmBorrowGlobal, uint64(badge)),
			i(bytecode.OpImmBorrowField, uint64(level)), i(bytecode.OpReadRef), i(bytecode.OpRet),
		}})
	b.MetadataV1(&bytecode.MetadataV1{
		StructAttributes: map[string][]bytecode.KnownAttribute{"Minted": {{Kind: bytecode.AttributeEvent}}},
		FunAttributes:    map[string][]bytecode.KnownAttribute{"level": {{Kind: bytecode.AttributeView}}},
	})
	return b.Bytes()
}
