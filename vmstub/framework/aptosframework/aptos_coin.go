package aptosframework

// 0x1::aptos_coin: the AptosCoin type APT is (its CoinInfo is written at
// genesis; its balances are in primary fungible stores of the asset at
// 0xa), and APT's initialization at genesis; the minting capabilities
// (MintCapStore, delegations, mint) are in aptos_coin_mint.go.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// AptosCoin declares 0x1::aptos_coin.
func AptosCoin() native.Module {
	structs, fns := aptosCoinMintParts()
	return native.Module{Address: addr, Name: "aptos_coin", Friends: []string{"0x1::genesis"},
		Structs:   append([]native.Struct{{Name: "AptosCoin", Abilities: []string{native.AbilityKey}, Fields: []string{"dummy_field: bool"}}}, structs...),
		Functions: fns,
		Errors: []native.AbortReason{
			{Reason: eAptNoCapabilities, Name: "ENO_CAPABILITIES", Description: "Account does not have mint capability"},
			{Reason: eAlreadyDelegated, Name: "EALREADY_DELEGATED", Description: "Mint capability has already been delegated to this specified address"},
			{Reason: eDelegationNotFound, Name: "EDELEGATION_NOT_FOUND", Description: "Cannot find delegation of mint capability to this account"},
		}}
}

// GenesisAPT initializes APT as genesis does (aptos_coin::initialize and
// coin's pairing with a fungible asset): CoinInfo<AptosCoin> at 0x1, its
// supply tracked in an optional aggregator's integer (0: all APT is in
// fungible stores); the metadata object at 0xa, owned by 0x1, with its
// Metadata, PairedCoinType, PairedFungibleAssetRefs and DeriveRefPod; the
// PairCreation event; and coin's CoinConversionMap at 0x1 holding
// AptosCoin → 0xa.
func GenesisAPT(h native.Host) error {
	var coinInfo bcs.Encoder
	coinInfo.String("Aptos Coin")
	coinInfo.String("APT")
	coinInfo.U8(8)
	coinInfo.Fixed([]byte{1, 0, 1}) // Some(OptionalAggregator{aggregator: None, integer: Some(Integer{
	coinInfo.U128(0, 0)             //   value: 0,
	coinInfo.U128(maxU64, maxU64)   //   limit: u128::MAX})})
	var paired bcs.Encoder
	onchain.TypeInfo{Tag: aptosCoinTag}.MarshalBCS(&paired)
	var refs bcs.Encoder // Some(MintRef{0xa}), Some(TransferRef{0xa}), Some(BurnRef{0xa})
	for range 3 {
		refs.U8(1)
		refs.Fixed(APTMetadata[:])
	}
	apt := ledgerapi.StructType(aptosCoinTag)
	writes := []struct {
		addr  ledgerapi.Address
		tag   ledgerapi.StructTag
		value []byte
	}{
		{addr, coinInfoTag(apt), coinInfo.Bytes()},
		{APTMetadata, ObjectCoreTag, encode(newObjectCore(APTMetadata, addr, true))},
		{APTMetadata, metadataTag, encode(&onchain.FungibleAssetMetadata{Name: "Aptos Coin", Symbol: "APT", Decimals: 8})},
		{APTMetadata, tag1("coin", "PairedCoinType"), paired.Bytes()},
		{APTMetadata, tag1("coin", "PairedFungibleAssetRefs"), refs.Bytes()},
		{APTMetadata, tag1("primary_fungible_store", "DeriveRefPod"), append([]byte(nil), APTMetadata[:]...)},
	}
	for _, w := range writes {
		if err := h.SetResource(w.addr, w.tag, w.value); err != nil {
			return err
		}
	}
	var pair bcs.Encoder
	onchain.TypeInfo{Tag: aptosCoinTag}.MarshalBCS(&pair)
	pair.Fixed(APTMetadata[:])
	h.EmitBCS(ledgerapi.StructType(tag1("coin", "PairCreation")), pair.Bytes())
	return genesisCoinConversionMap(h)
}

// GenesisAPTSupply writes APT's ConcurrentSupply: supply, the APT genesis
// funded accounts with, unlimited.
func GenesisAPTSupply(h native.Host, supply uint64) error {
	return putResource(h, APTMetadata, concurrentSupplyTag, &onchain.ConcurrentSupply{Value: supply, Max: maxU64, MaxHi: maxU64})
}
