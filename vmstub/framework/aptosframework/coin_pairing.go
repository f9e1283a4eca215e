package aptosframework

// 0x1::coin's pairing of coins with fungible assets, as on Aptos with the
// coin-to-fungible-asset migration on: the CoinConversionMap at 0x1 (a
// table from a coin's TypeInfo to its metadata object, APT → 0xa written
// at genesis), the paired metadata object created for a coin when first
// needed (create_and_return_paired_metadata_if_not_exist: a named object
// of 0xa seeded with the coin's type name, made a primary-store-enabled
// fungible asset with the coin's name, symbol and decimals, unlimited
// concurrent supply, PairedCoinType, PairedFungibleAssetRefs and a
// PairCreation event), and the conversions between a coin amount and its
// paired asset (coin_to_fungible_asset, fungible_asset_to_coin), which
// move the amount between CoinInfo's supply and the asset's.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

var (
	coinConversionMapTag = tag1("coin", "CoinConversionMap")
	pairedCoinTypeTag    = tag1("coin", "PairedCoinType")
	pairedRefsTag        = tag1("coin", "PairedFungibleAssetRefs")
	pairCreationType     = ledgerapi.StructType(tag1("coin", "PairCreation"))
)

// CoinConversionTable is the handle of the CoinConversionMap's table,
// created at genesis: sha3-256("ledgernode::table" ‖ 0x1 ‖
// "coin::CoinConversionMap").
var CoinConversionTable = ledgerapi.Address(crypto.SHA3_256([]byte("ledgernode::table"), addr[:], []byte("coin::CoinConversionMap")))

// coinTypeInfo is the BCS of type_info::type_of<T>() for the coin type t
// (the CoinConversionMap's key); a type that is not a struct aborts in
// type_info as type_of does.
func coinTypeInfo(t ledgerapi.TypeTag) ([]byte, error) {
	if t.Kind != ledgerapi.KindStruct {
		return nil, &movevm.Abort{Module: module1("type_info"), Code: aptosstdlib.ETypeNotStruct}
	}
	e := bcs.NewEncoder(64)
	e.Fixed(t.Struct.Address[:])
	e.String(t.Struct.Module)
	e.String(aptosstdlib.StructName(*t.Struct))
	return e.Bytes(), nil
}

// genesisCoinConversionMap writes the CoinConversionMap at 0x1 with APT's
// pairing with 0xa as its one item.
func genesisCoinConversionMap(h native.Host) error {
	if err := h.SetResource(addr, coinConversionMapTag, append([]byte(nil), CoinConversionTable[:]...)); err != nil {
		return err
	}
	key, _ := coinTypeInfo(ledgerapi.StructType(aptosCoinTag))
	return h.SetTableItem(CoinConversionTable, key, append([]byte(nil), APTMetadata[:]...))
}

// conversionTable is the handle of the CoinConversionMap's table, false
// when there is no map.
func conversionTable(h native.Host) (ledgerapi.Address, bool, error) {
	var handle ledgerapi.Address
	b, ok, err := h.Resource(addr, coinConversionMapTag)
	if err != nil || !ok {
		return handle, false, err
	}
	if len(b) != len(handle) {
		return handle, false, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "malformed 0x1::coin::CoinConversionMap"}
	}
	copy(handle[:], b)
	return handle, true, nil
}

// PairedMetadata is coin::paired_metadata<T>: the address of the coin's
// paired fungible asset's metadata object, false when it has none.
func PairedMetadata(h native.Host, coin ledgerapi.TypeTag) (ledgerapi.Address, bool, error) {
	var meta ledgerapi.Address
	handle, ok, err := conversionTable(h)
	if err != nil || !ok {
		return meta, false, err
	}
	key, err := coinTypeInfo(coin)
	if err != nil {
		return meta, false, err
	}
	b, ok, err := h.TableItem(handle, key)
	if err != nil || !ok {
		return meta, false, err
	}
	if len(b) != len(meta) {
		return meta, false, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "malformed CoinConversionMap item"}
	}
	copy(meta[:], b)
	return meta, true, nil
}

// PairedMetadataAddress is the address of the metadata object paired with
// a coin other than APT: the object 0xa names with the coin's type name.
func PairedMetadataAddress(coin ledgerapi.TypeTag) ledgerapi.Address {
	return crypto.ObjectAddressFromSeed(APTMetadata, []byte(aptosstdlib.TypeName(coin)))
}

// ensurePairedMetadata is ensure_paired_metadata<T> (allowAPT false) and
// create_pairing<T> (allowAPT true): the paired metadata object, created
// when the coin has none. Without a CoinConversionMap it aborts with
// ECOIN_CONVERSION_MAP_NOT_FOUND; APT without a pairing with
// EAPT_PAIRING_IS_NOT_ENABLED unless allowed; a coin without CoinInfo
// fails with MISSING_DATA (name<T>() borrows it).
func ensurePairedMetadata(h native.Host, coin ledgerapi.TypeTag, allowAPT bool) (ledgerapi.Address, error) {
	handle, ok, err := conversionTable(h)
	if err != nil {
		return ledgerapi.Address{}, err
	}
	if !ok {
		return ledgerapi.Address{}, coinAbort(native.NotFound, eCoinConversionMapNotFound)
	}
	if meta, ok, err := PairedMetadata(h, coin); err != nil || ok {
		return meta, err
	}
	apt := IsAPT(coin)
	if apt && !allowAPT {
		return ledgerapi.Address{}, coinAbort(native.InvalidState, eAPTPairingNotEnabled)
	}
	meta := PairedMetadataAddress(coin)
	owner := APTMetadata
	if apt {
		meta, owner = APTMetadata, addr
	}
	if err := CreateObject(h, meta, owner); err != nil {
		return meta, err
	}
	name, symbol, decimals, err := CoinInfo(h, coin)
	if err != nil {
		if _, ok := err.(*movevm.Abort); ok {
			err = &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::coin::CoinInfo does not exist"}
		}
		return meta, err
	}
	if err := addPrimaryFungibility(h, meta, name, symbol, decimals); err != nil {
		return meta, err
	}
	key, _ := coinTypeInfo(coin)
	if err := h.SetResource(meta, pairedCoinTypeTag, key); err != nil {
		return meta, err
	}
	if err := h.SetTableItem(handle, key, append([]byte(nil), meta[:]...)); err != nil {
		return meta, err
	}
	h.EmitBCS(pairCreationType, append(append([]byte(nil), key...), meta[:]...))
	var refs bcs.Encoder // Some(MintRef), Some(TransferRef), Some(BurnRef)
	for range 3 {
		refs.U8(1)
		refs.Fixed(meta[:])
	}
	return meta, h.SetResource(meta, pairedRefsTag, refs.Bytes())
}

// addPrimaryFungibility makes the object at meta a fungible asset as
// primary_fungible_store::create_primary_store_enabled_fungible_asset does
// with an unlimited supply and empty URIs: fungible_asset's
// AddFungibility, then the DeriveRefPod. The coin's CoinInfo already
// bounds the name, symbol and decimals within fungible_asset's limits.
func addPrimaryFungibility(h native.Host, meta ledgerapi.Address, name, symbol string, decimals uint8) error {
	if err := AddFungibility(h, meta, nil, &onchain.FungibleAssetMetadata{Name: name, Symbol: symbol, Decimals: decimals}); err != nil {
		return err
	}
	return h.SetResource(meta, deriveRefPodTag, append([]byte(nil), meta[:]...))
}

// coinToFungible is coin_to_fungible_asset for an amount: the paired
// metadata (created if needed), the amount burnt from CoinInfo's supply
// and minted in the asset's. APT, whose coins in flight the asset's supply
// still counts, moves no supply.
func coinToFungible(h native.Host, coin ledgerapi.TypeTag, amount uint64) (ledgerapi.Address, error) {
	meta, err := ensurePairedMetadata(h, coin, false)
	if err != nil || IsAPT(coin) || amount == 0 {
		return meta, err
	}
	if err := burnCoinSupply(h, coin, amount); err != nil {
		return meta, err
	}
	return meta, changeSupply(h, meta, amount, true)
}

// fungibleToCoin is fungible_asset_to_coin for an amount of the asset at
// meta: the asset must be paired with the coin (EPAIRED_COIN,
// ECOIN_TYPE_MISMATCH); the amount leaves the asset's supply and enters
// CoinInfo's. APT moves no supply.
func fungibleToCoin(h native.Host, coin ledgerapi.TypeTag, meta ledgerapi.Address, amount uint64) error {
	b, ok, err := h.Resource(meta, pairedCoinTypeTag)
	if err != nil {
		return err
	}
	if !ok {
		return coinAbort(native.NotFound, ePairedCoin)
	}
	key, err := coinTypeInfo(coin)
	if err != nil {
		return err
	}
	if string(b) != string(key) {
		return coinAbort(native.InvalidArgument, eCoinTypeMismatch)
	}
	if IsAPT(coin) || amount == 0 {
		return nil
	}
	if err := changeSupply(h, meta, amount, false); err != nil {
		return err
	}
	return mintCoinSupply(h, coin, amount)
}

// coinPairingFunctions are coin's functions on pairings and migration.
func coinPairingFunctions() []native.Function {
	return []native.Function{
		{Name: "create_coin_conversion_map", IsEntry: true, Params: []string{"&signer"}, Impl: createCoinConversionMap},
		{Name: "create_pairing", IsEntry: true, TypeParams: generic, Params: []string{"&signer"}, Impl: createPairing},
		{Name: "ensure_paired_metadata", Visibility: native.Friend, TypeParams: generic, Return: []string{tObjectMetadata}, Impl: ensurePairedMetadataFunc},
		{Name: "coin_to_fungible_asset", TypeParams: generic, Params: []string{tCoinT0}, Return: []string{tFungibleAsset}, Impl: coinToFungibleAsset},
		{Name: "migrate_to_fungible_store", IsEntry: true, TypeParams: generic, Params: []string{"&signer"}, Impl: migrateToFungibleStore},
		{Name: "migrate_coin_store_to_fungible_store", IsEntry: true, TypeParams: generic, Params: []string{"vector<address>"}, Impl: migrateCoinStores},
	}
}

// createCoinConversionMap is create_coin_conversion_map(aptos_framework):
// 0x1 only; the map exists from genesis, so it does nothing more.
func createCoinConversionMap(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, assertFramework(signerAddress(args[0]))
}

// createPairing is create_pairing<T>(aptos_framework): 0x1 only, the
// pairing created if the coin has none (APT allowed).
func createPairing(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := assertFramework(signerAddress(args[0])); err != nil {
		return nil, err
	}
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	_, err = ensurePairedMetadata(hostOf(c), t, true)
	return nil, err
}

func ensurePairedMetadataFunc(c *native.Context, targs []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	meta, err := ensurePairedMetadata(hostOf(c), t, false)
	if err != nil {
		return nil, err
	}
	return metadataObject(c, meta)
}

// coinToFungibleAsset is coin_to_fungible_asset<T>(coin): a FungibleAsset
// of the paired asset (created if needed) holding the coin's value.
func coinToFungibleAsset(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := coinType(targs[0])
	if err != nil {
		return nil, err
	}
	amount := coinAmount(args[0])
	movevm.Unpack(args[0])
	meta, err := coinToFungible(hostOf(c), t, amount)
	if err != nil {
		return nil, err
	}
	fa, err := newFA(c, movevm.Address(meta), amount)
	return []movevm.Value{fa}, err
}
