package aptosframework

// 0x1::aptos_coin's minting capabilities, as on Aptos: MintCapStore,
// DelegatedMintCapability and Delegations; has_mint_capability, mint
// (NOT_FOUND(ENO_CAPABILITIES) without a MintCapStore), and the
// test-network delegation through the core resources account (0xa550c18):
// delegate_mint_capability (its signer only: system_addresses'
// PERMISSION_DENIED(ENOT_CORE_RESOURCE_ADDRESS) otherwise;
// INVALID_ARGUMENT(EALREADY_DELEGATED)) and claim_mint_capability
// (EDELEGATION_NOT_FOUND). This node's genesis gives no account a
// MintCapStore and has no core resources account (its faucet mints in
// Go), so mint aborts with ENO_CAPABILITIES and the delegation functions
// fail as they do on a network without that account (MISSING_DATA for its
// Delegations).

import (
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::aptos_coin.
const (
	eAptNoCapabilities   = 1
	eAlreadyDelegated    = 2
	eDelegationNotFound  = 3
	eNotCoreResourceAddr = 1 // system_addresses' ENOT_CORE_RESOURCE_ADDRESS
)

var (
	mintCapStoreTag = tag1("aptos_coin", "MintCapStore")
	delegationsTag  = tag1("aptos_coin", "Delegations")
	// coreResources is @core_resources.
	coreResources = ledgerapi.MustParseAddress("0xa550c18")
)

// aptosCoinMintParts declares the capability structs and functions.
func aptosCoinMintParts() ([]native.Struct, []native.Function) {
	structs := []native.Struct{
		{Name: "MintCapStore", Abilities: []string{native.AbilityKey}, Fields: []string{"mint_cap: 0x1::coin::MintCapability<0x1::aptos_coin::AptosCoin>"}},
		{Name: "DelegatedMintCapability", Abilities: []string{native.AbilityStore}, Fields: []string{"to: address"}},
		{Name: "Delegations", Abilities: []string{native.AbilityKey}, Fields: []string{"inner: vector<0x1::aptos_coin::DelegatedMintCapability>"}},
	}
	fns := []native.Function{
		{Name: "has_mint_capability", Params: []string{"&signer"}, Return: []string{"bool"}, Impl: hasMintCapability},
		{Name: "mint", IsEntry: true, Params: []string{"&signer", "address", "u64"}, Impl: aptosCoinMint},
		{Name: "delegate_mint_capability", IsEntry: true, Params: []string{"signer", "address"}, Impl: delegateMintCapability},
		{Name: "claim_mint_capability", IsEntry: true, Params: []string{"&signer"}, Impl: claimMintCapability},
	}
	return structs, fns
}

// anySigner is the address of a signer or a reference to one.
func anySigner(v movevm.Value) ledgerapi.Address {
	if d, ok := v.Deref(); ok {
		v = d
	}
	return v.AsAddress()
}

func hasMintCapability(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, ok, err := hostOf(c).Resource(anySigner(args[0]), mintCapStoreTag)
	return []movevm.Value{movevm.Bool(ok)}, err
}

// aptosCoinMint is mint(account, dst_addr, amount): APT minted with the
// account's MintCapStore and deposited to dst_addr.
func aptosCoinMint(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h := hostOf(c)
	if _, ok, err := h.Resource(anySigner(args[0]), mintCapStoreTag); err != nil {
		return nil, err
	} else if !ok {
		return nil, c.Abort(native.Code(native.NotFound, eAptNoCapabilities))
	}
	apt, amount := ledgerapi.StructType(aptosCoinTag), args[2].AsU64()
	if err := mintCoinSupply(h, apt, amount); err != nil {
		return nil, err
	}
	return nil, DepositCoins(h, args[1].AsAddress(), apt, amount)
}

// readDelegations reads the addresses of the Delegations at
// @core_resources; MISSING_DATA without it, as borrow_global fails.
func readDelegations(h native.Host) ([]ledgerapi.Address, error) {
	b, ok, err := h.Resource(coreResources, delegationsTag)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::aptos_coin::Delegations does not exist at @core_resources"}
	}
	d := bcs.NewDecoder(b)
	out := make([]ledgerapi.Address, d.SeqLen("inner", 32))
	for i := range out {
		d.Fixed(out[i][:], "to")
	}
	if err := d.Finish(); err != nil {
		return nil, &movevm.Error{Status: onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, Message: "malformed 0x1::aptos_coin::Delegations"}
	}
	return out, nil
}

// writeDelegations writes the Delegations at @core_resources.
func writeDelegations(h native.Host, ds []ledgerapi.Address) error {
	e := bcs.NewEncoder(1 + 32*len(ds))
	e.SeqLen(len(ds))
	for _, a := range ds {
		e.Fixed(a[:])
	}
	return h.SetResource(coreResources, delegationsTag, e.Bytes())
}

// delegateMintCapability is delegate_mint_capability(account, to).
func delegateMintCapability(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if anySigner(args[0]) != coreResources {
		return nil, abortIn("system_addresses", native.PermissionDenied, eNotCoreResourceAddr)
	}
	h := hostOf(c)
	ds, err := readDelegations(h)
	if err != nil {
		return nil, err
	}
	to := args[1].AsAddress()
	if err := c.ChargeElems(len(ds)); err != nil {
		return nil, err
	}
	if slices.Contains(ds, to) {
		return nil, c.Abort(native.Code(native.InvalidArgument, eAlreadyDelegated))
	}
	return nil, writeDelegations(h, append(ds, to))
}

// claimMintCapability is claim_mint_capability(account): the delegation
// to the account removed (swap_remove) and a copy of @core_resources'
// MintCapStore moved to the account.
func claimMintCapability(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h := hostOf(c)
	ds, err := readDelegations(h)
	if err != nil {
		return nil, err
	}
	if err := c.ChargeElems(len(ds)); err != nil {
		return nil, err
	}
	me := anySigner(args[0])
	i := slices.Index(ds, me)
	if i < 0 {
		return nil, c.Abort(eDelegationNotFound)
	}
	ds[i] = ds[len(ds)-1]
	if err := writeDelegations(h, ds[:len(ds)-1]); err != nil {
		return nil, err
	}
	cap, ok, err := h.Resource(coreResources, mintCapStoreTag)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::aptos_coin::MintCapStore does not exist at @core_resources"}
	}
	if _, ok, err := h.Resource(me, mintCapStoreTag); err != nil {
		return nil, err
	} else if ok {
		return nil, &movevm.Error{Status: onchain.RESOURCE_ALREADY_EXISTS, Message: "0x1::aptos_coin::MintCapStore already exists"}
	}
	return nil, h.SetResource(me, mintCapStoreTag, cap)
}
