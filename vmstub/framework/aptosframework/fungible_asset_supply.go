package aptosframework

// 0x1::fungible_asset's assets: add_fungibility (Metadata with Aptos's
// length limits and a ConcurrentSupply aggregator, bounded by the maximum
// or unbounded), the refs generated from the constructor ref, mint and
// burn (the supply moves; EMAX_SUPPLY_EXCEEDED, ESUPPLY_UNDERFLOW),
// mutate_metadata, set_untransferable, upgrade_to_concurrent (a Supply
// becomes a ConcurrentSupply) and the permission functions (see the
// module's comment in fungible_asset.go).

import (
	"math/big"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// faSupplyFunctions are fungible_asset's functions on assets.
func faSupplyFunctions() []native.Function {
	const (
		mintRef = "&0x1::fungible_asset::MintRef"
		burnRef = "&0x1::fungible_asset::BurnRef"
		optStr  = "0x1::option::Option<0x1::string::String>"
	)
	fn := func(name string, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, Params: params, Return: ret, Impl: impl}
	}
	generic := func(f native.Function) native.Function { f.TypeParams = keyParam; return f }
	friend := func(f native.Function) native.Function { f.Visibility = native.Friend; return f }
	fa := []string{tFungibleAsset}
	return []native.Function{
		fn("add_fungibility", []string{tCtorRef, "0x1::option::Option<u128>", tString, tString, "u8", tString, tString},
			[]string{tObjectMetadata}, addFungibility),
		fn("set_untransferable", []string{tCtorRef}, nil, setFAUntransferable),
		fn("generate_mint_ref", []string{tCtorRef}, []string{"0x1::fungible_asset::MintRef"}, generateFARef("MintRef")),
		fn("generate_burn_ref", []string{tCtorRef}, []string{"0x1::fungible_asset::BurnRef"}, generateFARef("BurnRef")),
		fn("generate_transfer_ref", []string{tCtorRef}, []string{"0x1::fungible_asset::TransferRef"}, generateFARef("TransferRef")),
		fn("generate_mutate_metadata_ref", []string{tCtorRef}, []string{"0x1::fungible_asset::MutateMetadataRef"}, generateFARef("MutateMetadataRef")),
		fn("mint", []string{mintRef, "u64"}, fa, faMint),
		friend(fn("mint_internal", []string{tObjectMetadata, "u64"}, fa, faMint)),
		generic(fn("mint_to", []string{mintRef, tObjT, "u64"}, nil, faMintTo)),
		fn("burn", []string{burnRef, tFungibleAsset}, nil, faBurn),
		friend(fn("burn_internal", []string{tFungibleAsset}, []string{"u64"}, faBurnInternal)),
		generic(fn("burn_from", []string{burnRef, tObjT, "u64"}, nil, faBurnFrom)),
		friend(fn("address_burn_from", []string{burnRef, "address", "u64"}, nil, faBurnFrom)),
		fn("mutate_metadata", []string{"&0x1::fungible_asset::MutateMetadataRef", optStr, optStr, "0x1::option::Option<u8>", optStr, optStr},
			nil, mutateMetadata),
		fn("upgrade_to_concurrent", []string{"&0x1::object::ExtendRef"}, nil, upgradeToConcurrent),
		fn("grant_permission", []string{"&signer", "&signer", tObjectMetadata, "u64"}, nil, signerDisabled),
		fn("grant_apt_permission", []string{"&signer", "&signer", "u64"}, nil, signerDisabled),
		fn("revoke_permission", []string{"&signer", tObjectMetadata}, nil, revokePermission),
	}
}

// u128Big is the u128 of (lo, hi) 64-bit halves; u128Parts its inverse.
func u128Big(lo, hi uint64) *big.Int {
	return new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64), new(big.Int).SetUint64(lo))
}

func u128Parts(x *big.Int) (lo, hi uint64) {
	return new(big.Int).And(x, new(big.Int).SetUint64(maxU64)).Uint64(), new(big.Int).Rsh(x, 64).Uint64()
}

// checkMetadata aborts as add_fungibility and mutate_metadata do on a
// Metadata beyond Aptos's limits (out of range): ENAME_TOO_LONG,
// ESYMBOL_TOO_LONG, EDECIMALS_TOO_LARGE, EURI_TOO_LONG.
func checkMetadata(m *onchain.FungibleAssetMetadata) error {
	switch {
	case len(m.Name) > maxNameLength:
		return faAbort(native.OutOfRange, eNameTooLong)
	case len(m.Symbol) > maxSymbolLength:
		return faAbort(native.OutOfRange, eSymbolTooLong)
	case m.Decimals > maxDecimals:
		return faAbort(native.OutOfRange, eDecimalsTooLarge)
	case len(m.IconURI) > maxURILength, len(m.ProjectURI) > maxURILength:
		return faAbort(native.OutOfRange, eURITooLong)
	}
	return nil
}

// AddFungibility is fungible_asset::add_fungibility on the object at a
// (which must not be deletable: the caller checks): Metadata m (checked
// against Aptos's limits) and a ConcurrentSupply whose maximum is maximum,
// unbounded (u128::MAX) when nil. Either resource existing fails with
// RESOURCE_ALREADY_EXISTS.
func AddFungibility(h native.Host, a ledgerapi.Address, maximum *big.Int, m *onchain.FungibleAssetMetadata) error {
	if err := checkMetadata(m); err != nil {
		return err
	}
	if err := moveTo(h, a, metadataTag, m); err != nil {
		return err
	}
	cs := onchain.ConcurrentSupply{Max: maxU64, MaxHi: maxU64}
	if maximum != nil {
		cs.Max, cs.MaxHi = u128Parts(maximum)
	}
	return moveTo(h, a, concurrentSupplyTag, &cs)
}

// addFungibility is add_fungibility(constructor_ref, maximum_supply, name,
// symbol, decimals, icon_uri, project_uri): EOBJECT_IS_DELETABLE for a
// deletable object, then AddFungibility; the Object<Metadata>.
func addFungibility(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ref := derefValue(args[0])
	if ref.Elem(1).AsBool() {
		return nil, faAbort(native.InvalidArgument, eObjectIsDeletable)
	}
	a := ref.Elem(0).AsAddress()
	var maximum *big.Int
	if v, ok := movestdlib.OptionElem(args[1]); ok {
		maximum = v.AsBig()
	}
	strs := make([]string, 4)
	for i, v := range []movevm.Value{args[2], args[3], args[5], args[6]} {
		b := movestdlib.StringBytes(v)
		if err := native.ChargeRead(c.NativeContext, len(b)); err != nil {
			return nil, err
		}
		strs[i] = string(b)
	}
	m := &onchain.FungibleAssetMetadata{Name: strs[0], Symbol: strs[1], Decimals: uint8(args[4].AsU64()), IconURI: strs[2], ProjectURI: strs[3]}
	if err := AddFungibility(hostOf(c), a, maximum, m); err != nil {
		return nil, err
	}
	return metadataObjectAt(c, a)
}

// metadataObjectAt is object_from_constructor_ref<Metadata>: the
// Object<Metadata> of the object at a, which must hold Metadata.
func metadataObjectAt(c *native.Context, a ledgerapi.Address) ([]movevm.Value, error) {
	if err := addressToObject(hostOf(c), a, metadataTag); err != nil {
		return nil, err
	}
	return metadataObject(c, a)
}

// generateFARef is generate_<name>(constructor_ref): the ref of the
// object's asset (an object holding Metadata).
func generateFARef(name string) native.Func {
	tag := tag1("fungible_asset", name)
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		obj, err := metadataObjectAt(c, refAddress(args[0]))
		if err != nil {
			return nil, err
		}
		t, err := typeOf(c, tag)
		if err != nil {
			return nil, err
		}
		return []movevm.Value{movevm.NewStruct(t, obj)}, nil
	}
}

// setFAUntransferable is set_untransferable(constructor_ref): the asset
// (EFUNGIBLE_METADATA_EXISTENCE unless fungible) gets Untransferable: its
// stores are created untransferable.
func setFAUntransferable(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a, h := refAddress(args[0]), hostOf(c)
	if _, ok, err := h.Resource(a, metadataTag); err != nil {
		return nil, err
	} else if !ok {
		return nil, faAbort(native.NotFound, eFungibleMetadataExistence)
	}
	return nil, moveTo(h, a, untransferableTag, boolResource(false))
}

// boolResource is a resource of one bool field (Untransferable's
// dummy_field).
type boolResource bool

func (b boolResource) MarshalBCS(e *bcs.Encoder) { e.Bool(bool(b)) }

// supplyRes is Supply {current, maximum}.
type supplyRes struct {
	current *big.Int
	maximum *big.Int // nil: none
}

func (s *supplyRes) MarshalBCS(e *bcs.Encoder) {
	e.U128(u128Parts(s.current))
	e.Option(s.maximum != nil)
	if s.maximum != nil {
		e.U128(u128Parts(s.maximum))
	}
}

func (s *supplyRes) UnmarshalBCS(d *bcs.Decoder) {
	s.current = u128Big(d.U128("Supply.current"))
	s.maximum = nil
	if d.Option("Supply.maximum") {
		s.maximum = u128Big(d.U128("Supply.maximum"))
	}
}

// changeSupply is increase_supply (plus) and decrease_supply of the asset
// at a by amount: its ConcurrentSupply aggregator (EMAX_SUPPLY_EXCEEDED,
// ESUPPLY_UNDERFLOW out of range) or its Supply (EMAX_SUPPLY_EXCEEDED out
// of range, ESUPPLY_UNDERFLOW invalid state); ESUPPLY_NOT_FOUND without
// either. A zero amount changes nothing.
func changeSupply(h native.Host, a ledgerapi.Address, amount uint64, plus bool) error {
	if amount == 0 {
		return nil
	}
	x := new(big.Int).SetUint64(amount)
	var cs onchain.ConcurrentSupply
	if ok, err := readResource(h, a, concurrentSupplyTag, &cs); err != nil {
		return err
	} else if ok {
		v := u128Big(cs.Value, cs.ValueHi)
		if plus {
			if v.Add(v, x).Cmp(u128Big(cs.Max, cs.MaxHi)) > 0 {
				return faAbort(native.OutOfRange, eMaxSupplyExceeded)
			}
		} else if v.Sub(v, x).Sign() < 0 {
			return faAbort(native.OutOfRange, eSupplyUnderflow)
		}
		cs.Value, cs.ValueHi = u128Parts(v)
		return putResource(h, a, concurrentSupplyTag, &cs)
	}
	var s supplyRes
	if ok, err := readResource(h, a, supplyTag, &s); err != nil {
		return err
	} else if !ok {
		return faAbort(native.NotFound, eSupplyNotFound)
	}
	if plus {
		if s.maximum != nil && new(big.Int).Sub(s.maximum, s.current).Cmp(x) < 0 {
			return faAbort(native.OutOfRange, eMaxSupplyExceeded)
		}
		if s.current.Add(s.current, x).Cmp(maxU128) > 0 {
			return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "fungible_asset supply overflows u128"}
		}
	} else {
		if s.current.Cmp(x) < 0 {
			return faAbort(native.InvalidState, eSupplyUnderflow)
		}
		s.current.Sub(s.current, x)
	}
	return putResource(h, a, supplyTag, &s)
}

// faMint is mint(mint_ref, amount) and mint_internal(metadata, amount): the
// supply grows, the FungibleAsset is returned.
func faMint(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m := refAddress(args[0])
	if k := derefValue(args[0]).Elem(0).Type().Kind; k == movevm.KindStruct {
		m = refMetadata(args[0])
	}
	if err := changeSupply(hostOf(c), m, args[1].AsU64(), true); err != nil {
		return nil, err
	}
	fa, err := newFA(c, movevm.Address(m), args[1].AsU64())
	return []movevm.Value{fa}, err
}

// faMintTo is mint_to<T>(mint_ref, store, amount): the deposit checks (the
// store exists and is not frozen; hooks are not run), then the minted
// asset is deposited.
func faMintTo(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	store := refAddress(args[1])
	if err := storeSanity(c, store, false, hookDeposit); err != nil {
		return nil, err
	}
	fa, err := faMint(c, nil, []movevm.Value{args[0], args[2]})
	if err != nil {
		return nil, err
	}
	return nil, depositInternal(c, store, fa[0])
}

// faBurn is burn(burn_ref, fa): the ref must be fa's asset's
// (EBURN_REF_AND_FUNGIBLE_ASSET_MISMATCH); the supply shrinks.
func faBurn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if refMetadata(args[0]) != refMetadata(args[1]) {
		return nil, faAbort(native.InvalidArgument, eBurnRefAndFAMismatch)
	}
	_, err := faBurnInternal(c, nil, args[1:])
	return nil, err
}

// faBurnInternal is burn_internal(fa): fa taken apart, the supply shrunk
// by its amount, which is returned.
func faBurnInternal(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	m, amount := faFields(args[0])
	movevm.Unpack(args[0])
	return []movevm.Value{movevm.U64(amount)}, changeSupply(hostOf(c), m.AsAddress(), amount, false)
}

// faBurnFrom is burn_from<T>(burn_ref, store, amount) and
// address_burn_from(burn_ref, store_address, amount): withdrawn (frozen
// or not), then burnt.
func faBurnFrom(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	store := refAddress(args[1])
	if args[1].Type().Kind == movevm.KindAddress {
		store = args[1].AsAddress()
	}
	fa, err := withdrawInternal(c, store, args[2].AsU64())
	if err != nil {
		return nil, err
	}
	return faBurn(c, nil, []movevm.Value{args[0], fa})
}
