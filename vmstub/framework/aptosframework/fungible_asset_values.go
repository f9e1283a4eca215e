package aptosframework

// 0x1::fungible_asset's functions on FungibleAsset values (a value with no
// abilities: it must end deposited, merged or destroyed at zero): amount,
// metadata_from_asset, asset_metadata, zero, destroy_zero, merge and
// extract; and the metadata objects of the refs. A FungibleAsset holds its
// metadata object and an amount.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// faValueFunctions are fungible_asset's functions on FungibleAsset values.
func faValueFunctions() []native.Function {
	ref := "&" + tFungibleAsset
	return []native.Function{
		{Name: "amount", Params: []string{ref}, Return: []string{"u64"}, Impl: faAmount},
		{Name: "metadata_from_asset", Params: []string{ref}, Return: []string{tObjectMetadata}, Impl: faMetadata},
		{Name: "asset_metadata", Params: []string{ref}, Return: []string{tObjectMetadata}, Impl: faMetadata},
		{Name: "mint_ref_metadata", Params: []string{"&0x1::fungible_asset::MintRef"}, Return: []string{tObjectMetadata}, Impl: faMetadata},
		{Name: "transfer_ref_metadata", Params: []string{"&0x1::fungible_asset::TransferRef"}, Return: []string{tObjectMetadata}, Impl: faMetadata},
		{Name: "burn_ref_metadata", Params: []string{"&0x1::fungible_asset::BurnRef"}, Return: []string{tObjectMetadata}, Impl: faMetadata},
		{Name: "object_from_metadata_ref", Params: []string{"&0x1::fungible_asset::MutateMetadataRef"}, Return: []string{tObjectMetadata}, Impl: faMetadata},
		{Name: "zero", TypeParams: keyParam, Params: []string{"0x1::object::Object<T0>"}, Return: []string{tFungibleAsset}, Impl: faZero},
		{Name: "destroy_zero", Params: []string{tFungibleAsset}, Impl: faDestroyZero},
		{Name: "merge", Params: []string{"&mut " + tFungibleAsset, tFungibleAsset}, Impl: faMerge},
		{Name: "extract", Params: []string{"&mut " + tFungibleAsset, "u64"}, Return: []string{tFungibleAsset}, Impl: faExtract},
	}
}

// newFA is a FungibleAsset of metadata object a holding amount.
func newFA(c *native.Context, a movevm.Value, amount uint64) (movevm.Value, error) {
	obj, err := metadataObject(c, a.AsAddress())
	if err != nil {
		return movevm.Value{}, err
	}
	t, err := typeOf(c, fungibleAssetTag)
	if err != nil {
		return movevm.Value{}, err
	}
	return movevm.NewStruct(t, []movevm.Value{obj[0], movevm.U64(amount)}), nil
}

// faFields are the metadata address and the amount of the FungibleAsset v
// (through a reference or not).
func faFields(v movevm.Value) (movevm.Value, uint64) {
	if k := v.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		v, _ = v.Deref()
	}
	return v.Elem(0).Elem(0), v.Elem(1).AsU64()
}

func faAmount(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, n := faFields(args[0])
	return []movevm.Value{movevm.U64(n)}, nil
}

// faMetadata is the Object<Metadata> a FungibleAsset or a ref holds (a
// copy of its first field).
func faMetadata(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return metadataObject(c, refMetadata(args[0]))
}

// faZero is zero<T>(metadata): an empty FungibleAsset of the metadata
// object, which must hold Metadata (object::convert's checks).
func faZero(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := addressToObject(hostOf(c), refAddress(args[0]), metadataTag); err != nil {
		return nil, err
	}
	fa, err := newFA(c, args[0].Elem(0), 0)
	return []movevm.Value{fa}, err
}

// faDestroyZero is destroy_zero(fa): only an empty one
// (EAMOUNT_IS_NOT_ZERO).
func faDestroyZero(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, n := faFields(args[0]); n != 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, eAmountIsNotZero))
	}
	movevm.Unpack(args[0])
	return nil, nil
}

// faMerge is merge(dst, src): same metadata (EFUNGIBLE_ASSET_MISMATCH
// otherwise), amounts added; src is taken apart, dst's amount written in
// place.
func faMerge(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	dm, a := faFields(args[0])
	sm, b := faFields(args[1])
	if dm.AsAddress() != sm.AsAddress() {
		return nil, c.Abort(native.Code(native.InvalidArgument, eAssetMismatch))
	}
	if a+b < a {
		return nil, &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "fungible_asset::merge overflows u64"}
	}
	if f := movevm.Unpack(args[1]); len(f) != 2 {
		return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "fungible_asset::merge of a malformed FungibleAsset"}
	}
	return nil, setU64Field(c, args[0], 1, a+b)
}

// faExtract is extract(fa, amount): a new FungibleAsset taken out of fa
// (EINSUFFICIENT_BALANCE beyond its amount), whose amount is written in
// place.
func faExtract(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, have := faFields(args[0])
	amount := args[1].AsU64()
	if amount > have {
		return nil, c.Abort(native.Code(native.InvalidArgument, eInsufficientBalance))
	}
	if err := setU64Field(c, args[0], 1, have-amount); err != nil {
		return nil, err
	}
	fa, err := newFA(c, m, amount)
	return []movevm.Value{fa}, err
}

// setU64Field writes u64 field i of the struct ref points at, in place, so
// that every reference to the struct or into it sees the new value.
func setU64Field(c *native.Context, ref movevm.Value, i int, x uint64) error {
	r, err := c.InnerRef(ref, true, i)
	if err != nil {
		return err
	}
	_, err = c.WriteThrough(r, movevm.U64(x))
	return err
}
