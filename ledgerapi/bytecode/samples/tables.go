package samples

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// Scores is <addr>::scores, a table of points by player:
//
//	struct Board has key { scores: Table<address, u64>, count: u64 }
//	#[event] struct Scored has drop, store { player: address, total: u64 }
//	fun init_module(s: &signer) { move_to(s, Board { scores: table::new(), count: 0 }) }
//	public entry fun score(player: &signer, points: u64) acquires Board {
//	    let p = signer::address_of(player);
//	    let board = borrow_global_mut<Board>(@addr);
//	    if (table::contains(&board.scores, p)) { let v = table::borrow_mut(&mut board.scores, p); *v = *v + points }
//	    else { table::add(&mut board.scores, p, points); board.count = board.count + 1 };
//	    event::emit(Scored { player: p, total: *table::borrow(&board.scores, p) })
//	}
//	#[view] public fun score_of(player: address): u64 acquires Board {
//	    *table::borrow_with_default(&borrow_global<Board>(@addr).scores, player, &0)
//	}
func Scores(addr ledgerapi.Address) ([]byte, error) {
	b := bytecode.NewModuleBuilder(addr, "scores")
	tableMod := b.ModuleRef(one, "table")
	table := b.ImportStruct(tableMod, "Table", bytecode.AbilityStore,
		bytecode.StructTypeParameter{Constraints: bytecode.AbilityCopy | bytecode.AbilityDrop, IsPhantom: true}, bytecode.StructTypeParameter{IsPhantom: true})
	tAddrU64 := bytecode.StructOf(table, bytecode.Address, bytecode.U64)
	board := b.Struct("Board", bytecode.AbilityKey, bytecode.Field("scores", tAddrU64), bytecode.Field("count", bytecode.U64))
	scored := b.Struct("Scored", bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.Field("player", bytecode.Address), bytecode.Field("total", bytecode.U64))
	kv := []bytecode.AbilitySet{bytecode.AbilityCopy | bytecode.AbilityDrop, 0}
	tk := bytecode.StructOf(table, bytecode.TypeParameter(0), bytecode.TypeParameter(1))
	k, v := bytecode.TypeParameter(0), bytecode.TypeParameter(1)
	fn := func(name string, tps []bytecode.AbilitySet, params, rets []bytecode.SignatureToken) bytecode.FunctionInstIndex {
		h := b.ImportFunction(tableMod, name, bytecode.Fn{TypeParams: tps, Params: params, Returns: rets})
		return b.FunctionInst(h, bytecode.Address, bytecode.U64)
	}
	newT := fn("new", []bytecode.AbilitySet{bytecode.AbilityCopy | bytecode.AbilityDrop, bytecode.AbilityStore}, nil, []bytecode.SignatureToken{tk})
	contains := fn("contains", kv, []bytecode.SignatureToken{bytecode.Ref(tk), k}, []bytecode.SignatureToken{bytecode.Bool})
	borrowMut := fn("borrow_mut", kv, []bytecode.SignatureToken{bytecode.MutRef(tk), k}, []bytecode.SignatureToken{bytecode.MutRef(v)})
	borrow := fn("borrow", kv, []bytecode.SignatureToken{bytecode.Ref(tk), k}, []bytecode.SignatureToken{bytecode.Ref(v)})
	add := fn("add", kv, []bytecode.SignatureToken{bytecode.MutRef(tk), k, v}, nil)
	withDefault := fn("borrow_with_default", kv, []bytecode.SignatureToken{bytecode.Ref(tk), k, bytecode.Ref(v)}, []bytecode.SignatureToken{bytecode.Ref(v)})
	addressOf := b.ImportFunction(b.ModuleRef(one, "signer"), "address_of", bytecode.Fn{
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)}, Returns: []bytecode.SignatureToken{bytecode.Address}})
	emit := b.ImportFunction(b.ModuleRef(one, "event"), "emit", bytecode.Fn{
		TypeParams: []bytecode.AbilitySet{bytecode.AbilityStore | bytecode.AbilityDrop}, Params: []bytecode.SignatureToken{bytecode.TypeParameter(0)}})
	emitScored := b.FunctionInst(emit, b.StructType(scored))
	self := b.Constant(bytecode.Address, addr[:])
	scores, count := b.FieldHandle(board, "scores"), b.FieldHandle(board, "count")
	op := func(o bytecode.Opcode, x ...uint64) bytecode.Instruction { return i(o, x...) }
	b.Function("init_module", bytecode.Private, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer)},
		Code: []bytecode.Instruction{op(bytecode.OpMoveLoc, 0), op(bytecode.OpCallGeneric, uint64(newT)), op(bytecode.OpLdU64, 0),
			op(bytecode.OpPack, uint64(board)), op(bytecode.OpMoveTo, uint64(board)), op(bytecode.OpRet)}})
	b.Function("score", bytecode.Public|bytecode.Entry, bytecode.Fn{Acquires: []bytecode.StructDefIndex{board},
		Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.U64},
		Locals: []bytecode.SignatureToken{bytecode.Address, bytecode.MutRef(b.StructType(board)), bytecode.MutRef(bytecode.U64)},
		Code: []bytecode.Instruction{
			op(bytecode.OpMoveLoc, 0), op(bytecode.OpCall, uint64(addressOf)), op(bytecode.OpStLoc, 2), // 0-2
			op(bytecode.OpLdConst, uint64(self)), op(bytecode.OpMutBorrowGlobal, uint64(board)), op(bytecode.OpStLoc, 3), // 3-5
			op(bytecode.OpCopyLoc, 3), op(bytecode.OpMutBorrowField, uint64(scores)), op(bytecode.OpFreezeRef), // 6-8
			op(bytecode.OpCopyLoc, 2), op(bytecode.OpCallGeneric, uint64(contains)), op(bytecode.OpBrFalse, 24), // 9-11
			op(bytecode.OpCopyLoc, 3), op(bytecode.OpMutBorrowField, uint64(scores)), op(bytecode.OpCopyLoc, 2), // 12-14
			op(bytecode.OpCallGeneric, uint64(borrowMut)), op(bytecode.OpStLoc, 4), // 15-16
			op(bytecode.OpCopyLoc, 4), op(bytecode.OpReadRef), op(bytecode.OpCopyLoc, 1), op(bytecode.OpAdd), // 17-20
			op(bytecode.OpMoveLoc, 4), op(bytecode.OpWriteRef), op(bytecode.OpBranch, 37), // 21-23
			op(bytecode.OpCopyLoc, 3), op(bytecode.OpMutBorrowField, uint64(scores)), op(bytecode.OpCopyLoc, 2), // 24-26
			op(bytecode.OpCopyLoc, 1), op(bytecode.OpCallGeneric, uint64(add)), // 27-28
			op(bytecode.OpCopyLoc, 3), op(bytecode.OpMutBorrowField, uint64(count)), op(bytecode.OpReadRef), // 29-31
			op(bytecode.OpLdU64, 1), op(bytecode.OpAdd), op(bytecode.OpCopyLoc, 3), op(bytecode.OpMutBorrowField, uint64(count)), // 32-35
			op(bytecode.OpWriteRef),                                                                                                       // 36
			op(bytecode.OpCopyLoc, 2), op(bytecode.OpMoveLoc, 3), op(bytecode.OpMutBorrowField, uint64(scores)), op(bytecode.OpFreezeRef), // 37-40
			op(bytecode.OpCopyLoc, 2), op(bytecode.OpCallGeneric, uint64(borrow)), op(bytecode.OpReadRef), // 41-43
			op(bytecode.OpPack, uint64(scored)), op(bytecode.OpCallGeneric, uint64(emitScored)), op(bytecode.OpRet), // 44-46
		}})
	b.Function("score_of", bytecode.Public, bytecode.Fn{Acquires: []bytecode.StructDefIndex{board}, Params: []bytecode.SignatureToken{bytecode.Address}, Returns: u64s,
		Locals: []bytecode.SignatureToken{bytecode.U64},
		Code: []bytecode.Instruction{
			op(bytecode.OpLdU64, 0), op(bytecode.OpStLoc, 1), op(bytecode.OpLdConst, uint64(self)), op(bytecode.OpImmBorrowGlobal, uint64(board)),
			op(bytecode.OpImmBorrowField, uint64(scores)), op(bytecode.OpMoveLoc, 0), op(bytecode.OpImmBorrowLoc, 1),
			op(bytecode.OpCallGeneric, uint64(withDefault)), op(bytecode.OpReadRef), op(bytecode.OpRet),
		}})
	b.MetadataV1(&bytecode.MetadataV1{
		StructAttributes: map[string][]bytecode.KnownAttribute{"Scored": {{Kind: bytecode.AttributeEvent}}},
		FunAttributes:    map[string][]bytecode.KnownAttribute{"score_of": {{Kind: bytecode.AttributeView}}},
	})
	return b.Bytes()
}
