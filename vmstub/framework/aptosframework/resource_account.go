package aptosframework

// 0x1::resource_account: resource accounts created by an origin account,
// whose SignerCapability waits in the origin's Container until the
// resource account (typically its package's init_module) retrieves it:
// create_resource_account, create_resource_account_and_fund,
// create_resource_account_and_publish_package (the publication is a
// request the executor carries out once the call has returned, so
// init_module finds the Container written) and
// retrieve_resource_account_cap.

import (
	"bytes"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::resource_account.
const (
	eContainerNotPublished = 1
	eUnauthorizedNotOwner  = 2
)

var containerTag = tag1("resource_account", "Container")

// ResourceAccount declares 0x1::resource_account.
func ResourceAccount() native.Module {
	return native.Module{Address: addr, Name: "resource_account",
		Structs: []native.Struct{
			{Name: "Container", Abilities: []string{native.AbilityKey},
				Fields: []string{"store: 0x1::simple_map::SimpleMap<address, 0x1::account::SignerCapability>"}},
		},
		Functions: []native.Function{
			{Name: "create_resource_account", IsEntry: true, Params: []string{"&signer", "vector<u8>", "vector<u8>"}, Impl: raCreate},
			{Name: "create_resource_account_and_fund", IsEntry: true, Params: []string{"&signer", "vector<u8>", "vector<u8>", "u64"}, Impl: raCreateAndFund},
			{Name: "create_resource_account_and_publish_package", IsEntry: true,
				Params: []string{"&signer", "vector<u8>", "vector<u8>", "vector<vector<u8>>"}, Impl: raCreateAndPublish},
			{Name: "retrieve_resource_account_cap", Params: []string{"&signer", "address"},
				Return: []string{"0x1::account::SignerCapability"}, Impl: raRetrieveCap},
		},
		Errors: []native.AbortReason{
			{Reason: eContainerNotPublished, Name: "ECONTAINER_NOT_PUBLISHED", Description: "Container resource not found in account"},
			{Reason: eUnauthorizedNotOwner, Name: "EUNAUTHORIZED_NOT_OWNER", Description: "The resource account was not created by the specified source account"},
		},
	}
}

// container is a Container's store: the resource accounts, in the
// SimpleMap's order, each mapped to its SignerCapability (whose one field
// is the same address).
type container struct{ keys, caps []ledgerapi.Address }

func (ct *container) MarshalBCS(e *bcs.Encoder) {
	e.SeqLen(len(ct.keys))
	for i := range ct.keys {
		e.Fixed(ct.keys[i][:])
		e.Fixed(ct.caps[i][:])
	}
}

func (ct *container) UnmarshalBCS(d *bcs.Decoder) {
	n := d.SeqLen("Container.store", 64)
	ct.keys, ct.caps = make([]ledgerapi.Address, n), make([]ledgerapi.Address, n)
	for i := 0; i < n && !d.Failed(); i++ {
		d.Fixed(ct.keys[i][:], "Element.key")
		d.Fixed(ct.caps[i][:], "SignerCapability.account")
	}
}

func (ct *container) find(a ledgerapi.Address) int {
	for i := range ct.keys {
		if ct.keys[i] == a {
			return i
		}
	}
	return -1
}

// raStart is account::create_resource_account(origin, seed) as
// resource_account's entry functions begin: the resource account's
// address.
func raStart(c *native.Context, args []movevm.Value) (ledgerapi.Address, error) {
	seed := args[1].Bytes()
	if err := native.ChargeRead(c.NativeContext, len(seed)); err != nil {
		return ledgerapi.Address{}, err
	}
	return newResourceAccount(hostOf(c), signerAddress(args[0]), seed)
}

// raStore is rotate_account_authentication_key_and_store_capability: the
// capability goes into the origin's Container (created if needed) and the
// resource account's key becomes authKey, or the origin's own key when it
// is empty (EMALFORMED_AUTHENTICATION_KEY of account unless 32 bytes).
func raStore(c *native.Context, origin, res ledgerapi.Address, authKey []byte) error {
	h := hostOf(c)
	var ct container
	if _, err := readResource(h, origin, containerTag, &ct); err != nil {
		return err
	}
	if err := c.ChargeElems(len(ct.keys)); err != nil {
		return err
	}
	if ct.find(res) >= 0 {
		return aptosstdlib.SimpleMapAbort(aptosstdlib.EKeyAlreadyExists)
	}
	ct.keys, ct.caps = append(ct.keys, res), append(ct.caps, res)
	if err := putResource(h, origin, containerTag, &ct); err != nil {
		return err
	}
	if len(authKey) == 0 {
		acc, err := accountOrDefault(h, origin)
		if err != nil {
			return err
		}
		authKey = acc.AuthKey
	}
	_, err := rotateAuthKeyInternal(h, res, authKey)
	return err
}

// raCreate is create_resource_account(origin, seed, optional_auth_key).
func raCreate(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	res, err := raStart(c, args)
	if err != nil {
		return nil, err
	}
	return nil, raStore(c, signerAddress(args[0]), res, args[2].Bytes())
}

// raCreateAndFund is create_resource_account_and_fund(origin, seed,
// optional_auth_key, fund_amount): coin::register<AptosCoin> (nothing to
// do: APT's primary stores need no registration), then
// coin::transfer<AptosCoin> of fund_amount from the origin.
func raCreateAndFund(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	res, err := raStart(c, args)
	if err != nil {
		return nil, err
	}
	origin := signerAddress(args[0])
	if err := TransferCoins(hostOf(c), origin, res, ledgerapi.StructType(aptosCoinTag), args[3].AsU64()); err != nil {
		return nil, err
	}
	return nil, raStore(c, origin, res, args[2].Bytes())
}

// raCreateAndPublish is create_resource_account_and_publish_package(origin,
// seed, metadata_serialized, code): code::publish_package_txn as the
// resource account, then the capability stored and the key zeroed.
func raCreateAndPublish(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	res, err := raStart(c, args)
	if err != nil {
		return nil, err
	}
	if err := requestPublish(c, res, args[2], args[3]); err != nil {
		return nil, err
	}
	return nil, raStore(c, signerAddress(args[0]), res, zeroAuthKey)
}

// zeroAuthKey is ZERO_AUTH_KEY: no key signs for the account.
var zeroAuthKey = make([]byte, 32)

// raRetrieveCap is retrieve_resource_account_cap(resource, source_addr):
// the capability leaves source_addr's Container (as simple_map::remove
// does, the last entry taking its place; the Container goes with its last
// entry) and the resource account's key becomes zero.
func raRetrieveCap(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, res, source := hostOf(c), signerAddress(args[0]), args[1].AsAddress()
	var ct container
	ok, err := readResource(h, source, containerTag, &ct)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, c.Abort(native.Code(native.NotFound, eContainerNotPublished))
	}
	if err := c.ChargeElems(len(ct.keys)); err != nil {
		return nil, err
	}
	i := ct.find(res)
	if i < 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, eUnauthorizedNotOwner))
	}
	capAddr := ct.caps[i]
	last := len(ct.keys) - 1
	ct.keys[i], ct.caps[i] = ct.keys[last], ct.caps[last]
	ct.keys, ct.caps = ct.keys[:last], ct.caps[:last]
	if last == 0 {
		err = h.DeleteResource(source, containerTag)
	} else {
		err = putResource(h, source, containerTag, &ct)
	}
	if err != nil {
		return nil, err
	}
	if _, err := rotateAuthKeyInternal(h, res, zeroAuthKey); err != nil {
		return nil, err
	}
	v, err := signerCapValue(c, capAddr)
	return []movevm.Value{v}, err
}

// signerCapValue is the SignerCapability { account: a }.
func signerCapValue(c *native.Context, a ledgerapi.Address) (movevm.Value, error) {
	t, err := typeOf(c, signerCapabilityTag)
	if err != nil {
		return movevm.Value{}, err
	}
	return movevm.NewStruct(t, []movevm.Value{movevm.Address(a)}), nil
}

// rotateAuthKeyInternal is account::rotate_authentication_key_internal:
// a's Account (created if a is stateless) takes key as its authentication
// key, EMALFORMED_AUTHENTICATION_KEY unless it is 32 bytes. No event, no
// OriginatingAddress update.
func rotateAuthKeyInternal(h native.Host, a ledgerapi.Address, key []byte) (*onchain.Account, error) {
	acc, err := ensureAccount(h, a)
	if err != nil {
		return nil, err
	}
	if len(key) != 32 {
		return nil, accountAbort(native.InvalidArgument, eMalformedAuthKey)
	}
	if !bytes.Equal(acc.AuthKey, key) {
		acc.AuthKey = append([]byte(nil), key...)
	}
	return acc, putResource(h, a, AccountTag, acc)
}
