package aptostokenobjects

// 0x4::aptos_token, after minting: the creator burns (when burnable),
// freezes and unfreezes transfers (when freezable), sets a token's
// description, name and uri and its properties (when mutable), and a
// collection's description, uri and royalty; the views of what is
// mutable.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// readAptosToken reads the AptosToken at a (ETOKEN_DOES_NOT_EXIST of
// aptos_token).
func readAptosToken(h native.Host, a ledgerapi.Address) (*aptosToken, error) {
	var r aptosToken
	ok, err := readRes(h, a, aptosTokenTag, &r)
	if err == nil && !ok {
		err = abortIn("aptos_token", native.NotFound, eATTokenDoesNotExist)
	}
	return &r, err
}

// authorizedToken is authorized_borrow: the AptosToken at a, whose
// token's creator must be signer (ENOT_CREATOR).
func authorizedToken(h native.Host, a, signer ledgerapi.Address) (*aptosToken, error) {
	at, err := readAptosToken(h, a)
	if err != nil {
		return nil, err
	}
	_, coll, err := tokenCollection(h, a)
	if err != nil {
		return nil, err
	}
	if coll.Creator != signer {
		return nil, abortIn("aptos_token", native.PermissionDenied, eATNotCreator)
	}
	return at, nil
}

// tokenCollectionFlags is the AptosCollection of the token at a's
// collection (token::collection_object, then borrow_collection).
func tokenCollectionFlags(h native.Host, a ledgerapi.Address) (*aptosCollection, error) {
	t, err := readToken(h, a)
	if err != nil {
		return nil, err
	}
	return readAptosCollection(h, t.Collection)
}

func tokenFlag(f int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		ac, err := tokenCollectionFlags(aptosframework.HostOf(c), inner(args[0]))
		if err != nil {
			return nil, err
		}
		return []movevm.Value{movevm.Bool(ac.Flags[f])}, nil
	}
}

func collectionFlag(f int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		ac, err := readAptosCollection(aptosframework.HostOf(c), inner(args[0]))
		if err != nil {
			return nil, err
		}
		return []movevm.Value{movevm.Bool(ac.Flags[f])}, nil
	}
}

func isMutableCollectionRoyalty(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ac, err := readAptosCollection(aptosframework.HostOf(c), inner(args[0]))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(ac.RoyaltyMutatorRef != nil)}, nil
}

func isBurnable(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	at, err := readAptosToken(aptosframework.HostOf(c), inner(args[0]))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(at.BurnRef != nil)}, nil
}

func atBurn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, a := aptosframework.HostOf(c), inner(args[1])
	at, err := authorizedToken(h, a, signerAddr(args[0]))
	if err != nil {
		return nil, err
	}
	if at.BurnRef == nil {
		return nil, abortIn("aptos_token", native.PermissionDenied, eTokenNotBurnable)
	}
	if err := h.DeleteResource(a, aptosTokenTag); err != nil {
		return nil, err
	}
	if ok, err := has(h, at.PropertyMutatorRef, propertyMapTag); err != nil {
		return nil, err
	} else if !ok {
		return nil, missingData(propertyMapTag, at.PropertyMutatorRef)
	}
	if err := h.DeleteResource(at.PropertyMutatorRef, propertyMapTag); err != nil {
		return nil, err
	}
	return nil, burnToken(c, *at.BurnRef)
}

// atFreeze is freeze_transfer (allow false) and unfreeze_transfer: the
// collection's tokens must be freezable and the token hold its
// TransferRef (EFIELD_NOT_MUTABLE).
func atFreeze(allow bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		h, a := aptosframework.HostOf(c), inner(args[1])
		at, err := authorizedToken(h, a, signerAddr(args[0]))
		if err != nil {
			return nil, err
		}
		ac, err := tokenCollectionFlags(h, a)
		if err != nil {
			return nil, err
		}
		if !ac.Flags[fFreezable] || at.TransferRef == nil {
			return nil, abortIn("aptos_token", native.PermissionDenied, eATFieldNotMutable)
		}
		return nil, aptosframework.SetUngatedTransfer(h, *at.TransferRef, allow)
	}
}

// optionNotSet is option::borrow of none.
func optionNotSet() error {
	return &movevm.Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "option"}, Code: movestdlib.EOptionNotSet}
}

// atSetField is set_description, set_name and set_uri: mutable in the
// collection (EFIELD_NOT_MUTABLE), then the creator's token.
func atSetField(field string, f int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		h, a := aptosframework.HostOf(c), inner(args[1])
		ac, err := tokenCollectionFlags(h, a)
		if err != nil {
			return nil, err
		}
		if !ac.Flags[f] {
			return nil, abortIn("aptos_token", native.PermissionDenied, eATFieldNotMutable)
		}
		at, err := authorizedToken(h, a, signerAddr(args[0]))
		if err != nil {
			return nil, err
		}
		if at.MutatorRef == nil {
			return nil, optionNotSet()
		}
		v, err := str(c, args[2])
		if err != nil {
			return nil, err
		}
		return nil, setTokenField(h, *at.MutatorRef, field, v)
	}
}

// authorizedProperties is the creator's AptosToken at a whose properties
// are mutable (EPROPERTIES_NOT_MUTABLE).
func authorizedProperties(h native.Host, a, signer ledgerapi.Address) (*aptosToken, error) {
	at, err := authorizedToken(h, a, signer)
	if err != nil {
		return nil, err
	}
	ac, err := tokenCollectionFlags(h, a)
	if err != nil {
		return nil, err
	}
	if !ac.Flags[fTokenProperties] {
		return nil, abortIn("aptos_token", native.PermissionDenied, ePropertiesNotMutable)
	}
	return at, nil
}

type propOp int

const (
	propOpAdd propOp = iota
	propOpUpdate
	propOpRemove
)

// atProperty is add_property, update_property (key, type, value) and
// remove_property (key).
func atProperty(op propOp) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		h := aptosframework.HostOf(c)
		at, err := authorizedProperties(h, inner(args[1]), signerAddr(args[0]))
		if err != nil {
			return nil, err
		}
		key, err := str(c, args[2])
		if err != nil {
			return nil, err
		}
		if op == propOpRemove {
			return nil, removeProperty(h, at.PropertyMutatorRef, key)
		}
		typ, err := str(c, args[3])
		if err != nil {
			return nil, err
		}
		p, err := checkedProperty(key, typ, args[4].Bytes())
		if err != nil {
			return nil, err
		}
		if op == propOpAdd {
			return nil, addProperty(h, at.PropertyMutatorRef, p)
		}
		return nil, updateProperty(h, at.PropertyMutatorRef, p)
	}
}

// atTypedProperty is add_typed_property and update_typed_property<T, V>.
func atTypedProperty(update bool) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		h := aptosframework.HostOf(c)
		at, err := authorizedProperties(h, inner(args[1]), signerAddr(args[0]))
		if err != nil {
			return nil, err
		}
		key, err := str(c, args[2])
		if err != nil {
			return nil, err
		}
		t, b, err := typedValue(c, targs[1], args[3])
		if err != nil {
			return nil, err
		}
		p := propEntry{Key: key, Type: t, Value: b}
		if update {
			return nil, updateProperty(h, at.PropertyMutatorRef, p)
		}
		return nil, addProperty(h, at.PropertyMutatorRef, p)
	}
}

// authorizedCollection is authorized_borrow_collection: the AptosCollection
// at a (ECOLLECTION_DOES_NOT_EXIST), its creator the signer (ENOT_CREATOR).
func authorizedCollection(h native.Host, a, signer ledgerapi.Address) (*aptosCollection, error) {
	ac, err := readAptosCollection(h, a)
	if err != nil {
		return nil, err
	}
	coll, err := readCollection(h, a)
	if err != nil {
		return nil, err
	}
	if coll.Creator != signer {
		return nil, abortIn("aptos_token", native.PermissionDenied, eATNotCreator)
	}
	return ac, nil
}

func atSetCollection(field string, f int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		h, a := aptosframework.HostOf(c), inner(args[1])
		ac, err := authorizedCollection(h, a, signerAddr(args[0]))
		if err != nil {
			return nil, err
		}
		if !ac.Flags[f] {
			return nil, abortIn("aptos_token", native.PermissionDenied, eATFieldNotMutable)
		}
		if ac.MutatorRef == nil {
			return nil, optionNotSet()
		}
		v, err := str(c, args[2])
		if err != nil {
			return nil, err
		}
		return nil, setCollectionField(h, *ac.MutatorRef, field, v)
	}
}

// setRoyalties is set_collection_royalties: the royalty replaced when the
// collection kept its royalty MutatorRef (EFIELD_NOT_MUTABLE).
func setRoyalties(h native.Host, a, signer ledgerapi.Address, r *royaltyRes) error {
	ac, err := authorizedCollection(h, a, signer)
	if err != nil {
		return err
	}
	if ac.RoyaltyMutatorRef == nil {
		return abortIn("aptos_token", native.PermissionDenied, eATFieldNotMutable)
	}
	return putRes(h, *ac.RoyaltyMutatorRef, royaltyTag, r)
}

func atSetRoyalties(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var r royaltyRes
	if err := fromValue(c, args[2], &r); err != nil {
		return nil, err
	}
	return nil, setRoyalties(aptosframework.HostOf(c), inner(args[1]), signerAddr(args[0]), &r)
}

func atSetRoyaltiesCall(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, err := newRoyalty(args[2].AsU64(), args[3].AsU64(), args[4].AsAddress())
	if err != nil {
		return nil, err
	}
	return nil, setRoyalties(aptosframework.HostOf(c), inner(args[1]), signerAddr(args[0]), r)
}
