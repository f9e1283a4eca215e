package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// Fungible assets as values of Move code: primary_fungible_store::withdraw
// takes an amount out of the owner's primary store as a FungibleAsset (a
// value with no abilities: it must end deposited, merged or destroyed at
// zero), deposit puts one into an account's primary store, and
// fungible_asset's amount, metadata_from_asset, zero, destroy_zero, merge
// and extract work on the value. Its BCS: the metadata object's address,
// then the amount.

// Abort reasons of fungible_asset for values.
const (
	eFAAssetMismatch   = 6
	eFAAmountIsNotZero = 12
)

const tFungibleAsset = "0x1::fungible_asset::FungibleAsset"

// faValueStruct is fungible_asset::FungibleAsset.
func faValueStruct() Struct {
	return sPlain("FungibleAsset", nil, "metadata: "+tObjectMetadata, "amount: u64")
}

// faValueFunctions are fungible_asset's functions on FungibleAsset values.
func faValueFunctions() []Function {
	ref := "&" + tFungibleAsset
	return []Function{
		pub("amount", []string{ref}, []string{"u64"}, func(c *Call) ([][]byte, error) { return one(c.Args[0][32:40]) }),
		pub("metadata_from_asset", []string{ref}, []string{tObjectMetadata}, refAddress),
		generic(pub("zero", []string{"0x1::object::Object<T0>"}, []string{tFungibleAsset}, func(c *Call) ([][]byte, error) {
			return one(append(append([]byte(nil), c.Args[0][:32]...), U64Value(0)...))
		}), keyParam),
		pub("destroy_zero", []string{tFungibleAsset}, nil, func(c *Call) ([][]byte, error) {
			if string(c.Args[0][32:40]) != string(U64Value(0)) {
				return nil, &Abort{Module: faModuleID, Code: AbortCode(CategoryInvalidArgument, eFAAmountIsNotZero)}
			}
			return nil, nil
		}),
		{Name: "merge", Params: []string{"&mut " + tFungibleAsset, tFungibleAsset}, MoveNative: nativeFAMerge},
		{Name: "extract", Params: []string{"&mut " + tFungibleAsset, "u64"}, Return: []string{tFungibleAsset}, MoveNative: nativeFAExtract},
	}
}

// primaryStoreValueFunctions are primary_fungible_store's withdraw and
// deposit of FungibleAsset values.
func primaryStoreValueFunctions() []Function {
	return []Function{
		generic(pub("withdraw", []string{"&signer", "0x1::object::Object<T0>", "u64"}, []string{tFungibleAsset}, nativePrimaryWithdraw), keyParam),
		pub("deposit", []string{"address", tFungibleAsset}, nil, nativePrimaryDeposit),
	}
}

// nativePrimaryWithdraw is primary_fungible_store::withdraw(owner,
// metadata, amount): a short balance aborts with fungible_asset's
// EINSUFFICIENT_BALANCE.
func nativePrimaryWithdraw(c *Call) ([][]byte, error) {
	metadata, amount := c.ArgAddress(0), c.ArgU64(1)
	store, err := c.ensurePrimaryStore(c.Signers[0], metadata)
	if err != nil {
		return nil, err
	}
	ok, err := c.withdrawFrom(store, amount)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &Abort{Module: faModuleID, Code: AbortCode(CategoryInvalidArgument, eFAInsufficientBalance)}
	}
	return one(append(AddressValue(metadata), U64Value(amount)...))
}

// nativePrimaryDeposit is primary_fungible_store::deposit(owner, fa).
func nativePrimaryDeposit(c *Call) ([][]byte, error) {
	d := c.Arg(1)
	var metadata [32]byte
	d.Fixed(metadata[:], "metadata")
	amount := d.U64("amount")
	store, err := c.ensurePrimaryStore(c.ArgAddress(0), metadata)
	if err != nil {
		return nil, err
	}
	return nil, c.depositTo(store, amount)
}

// faWith is a FungibleAsset of fa's type and metadata holding n.
func faWith(fa movevm.Value, n uint64) movevm.Value {
	return movevm.NewStruct(fa.Type(), []movevm.Value{fa.Elem(0), movevm.U64(n)})
}

// nativeFAMerge is fungible_asset::merge(dst, src): same metadata
// (EFUNGIBLE_ASSET_MISMATCH otherwise), amounts added.
func nativeFAMerge(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	dst, _ := args[0].Deref()
	src := args[1]
	if dst.Elem(0).Elem(0).AsAddress() != src.Elem(0).Elem(0).AsAddress() {
		return nil, &movevm.NativeAbort{Code: AbortCode(CategoryInvalidArgument, eFAAssetMismatch)}
	}
	a, b := dst.Elem(1).AsU64(), src.Elem(1).AsU64()
	if a+b < a {
		return nil, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "fungible_asset::merge overflows u64"}
	}
	if _, err := unpackN(src, 2); err != nil {
		return nil, err
	}
	return nil, setU64Field(ctx, args[0], 1, a+b)
}

// nativeFAExtract is fungible_asset::extract(fa, amount).
func nativeFAExtract(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	src, _ := args[0].Deref()
	have, amount := src.Elem(1).AsU64(), args[1].AsU64()
	if amount > have {
		return nil, &movevm.NativeAbort{Code: AbortCode(CategoryInvalidArgument, eFAInsufficientBalance)}
	}
	if err := setU64Field(ctx, args[0], 1, have-amount); err != nil {
		return nil, err
	}
	return []movevm.Value{faWith(src, amount)}, nil
}
