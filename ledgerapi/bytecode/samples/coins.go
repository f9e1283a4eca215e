package samples

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// Payments is <addr>::payments, moving APT as Coin values:
//
//	public entry fun transfer(sender: &signer, amount: u64, receiver: address) {
//	    coin::deposit(receiver, coin::withdraw<AptosCoin>(sender, amount))
//	}
//	public entry fun two_by_two(first: &signer, second: &signer, amount_first: u64, amount_second: u64,
//	        dst_first: address, dst_second: address, deposit_first: u64) {
//	    let coin_first = coin::withdraw<AptosCoin>(first, amount_first);
//	    coin::merge(&mut coin_first, coin::withdraw<AptosCoin>(second, amount_second));
//	    let coin_second = coin::extract(&mut coin_first, amount_first + amount_second - deposit_first);
//	    coin::deposit(dst_first, coin_first);
//	    coin::deposit(dst_second, coin_second)
//	}
func Payments(addr ledgerapi.Address) ([]byte, error) {
	b := bytecode.NewModuleBuilder(addr, "payments")
	coinMod := b.ModuleRef(one, "coin")
	coin := b.ImportStruct(coinMod, "Coin", bytecode.AbilityStore, bytecode.StructTypeParameter{IsPhantom: true})
	apt := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "aptos_coin"), "AptosCoin", bytecode.AbilityKey))
	aptCoin := bytecode.StructOf(coin, apt)
	tp := bytecode.StructOf(coin, bytecode.TypeParameter(0))
	any1 := []bytecode.AbilitySet{0}
	inst := func(name string, params, rets []bytecode.SignatureToken) uint64 {
		h := b.ImportFunction(coinMod, name, bytecode.Fn{TypeParams: any1, Params: params, Returns: rets})
		return uint64(b.FunctionInst(h, apt))
	}
	withdraw := inst("withdraw", []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.U64}, []bytecode.SignatureToken{tp})
	deposit := inst("deposit", []bytecode.SignatureToken{bytecode.Address, tp}, nil)
	merge := inst("merge", []bytecode.SignatureToken{bytecode.MutRef(tp), tp}, nil)
	extract := inst("extract", []bytecode.SignatureToken{bytecode.MutRef(tp), bytecode.U64}, []bytecode.SignatureToken{tp})
	signer := bytecode.Ref(bytecode.Signer)
	b.Function("transfer", bytecode.Public|bytecode.Entry, bytecode.Fn{
		Params: []bytecode.SignatureToken{signer, bytecode.U64, bytecode.Address}, Locals: []bytecode.SignatureToken{aptCoin},
		Code: []bytecode.Instruction{i(bytecode.OpMoveLoc, 0), i(bytecode.OpMoveLoc, 1), i(bytecode.OpCallGeneric, withdraw), i(bytecode.OpStLoc, 3),
			i(bytecode.OpMoveLoc, 2), i(bytecode.OpMoveLoc, 3), i(bytecode.OpCallGeneric, deposit), i(bytecode.OpRet)}})
	b.Function("two_by_two", bytecode.Public|bytecode.Entry, bytecode.Fn{
		Params: []bytecode.SignatureToken{signer, signer, bytecode.U64, bytecode.U64, bytecode.Address, bytecode.Address, bytecode.U64},
		Locals: []bytecode.SignatureToken{aptCoin, aptCoin},
		Code: []bytecode.Instruction{
			i(bytecode.OpMoveLoc, 0), i(bytecode.OpCopyLoc, 2), i(bytecode.OpCallGeneric, withdraw), i(bytecode.OpStLoc, 7),
			i(bytecode.OpMoveLoc, 1), i(bytecode.OpCopyLoc, 3), i(bytecode.OpCallGeneric, withdraw), i(bytecode.OpStLoc, 8),
			i(bytecode.OpMutBorrowLoc, 7), i(bytecode.OpMoveLoc, 8), i(bytecode.OpCallGeneric, merge),
			i(bytecode.OpMutBorrowLoc, 7), i(bytecode.OpMoveLoc, 2), i(bytecode.OpMoveLoc, 3), i(bytecode.OpAdd), i(bytecode.OpMoveLoc, 6),
			i(bytecode.OpSub), i(bytecode.OpCallGeneric, extract), i(bytecode.OpStLoc, 8),
			i(bytecode.OpMoveLoc, 4), i(bytecode.OpMoveLoc, 7), i(bytecode.OpCallGeneric, deposit),
			i(bytecode.OpMoveLoc, 5), i(bytecode.OpMoveLoc, 8), i(bytecode.OpCallGeneric, deposit), i(bytecode.OpRet),
		}})
	return b.Bytes()
}

// MoonCoin is <addr>::moon_coin, the coin type of Aptos's first-coin
// tutorial, which 0x1::managed_coin initializes, mints and registers:
//
//	struct MoonCoin {}
func MoonCoin(addr ledgerapi.Address) ([]byte, error) {
	b := bytecode.NewModuleBuilder(addr, "moon_coin")
	b.Struct("MoonCoin", 0, bytecode.Field("dummy_field", bytecode.Bool))
	return b.Bytes()
}
