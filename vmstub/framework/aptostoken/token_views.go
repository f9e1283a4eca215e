package aptostoken

// 0x3::token, getters: the collection getters (get_collection_*), the
// token data getters (get_token_supply, get_tokendata_*), balance_of,
// has_token_store, get_direct_transfer, get_property_map, get_royalty,
// check_collection_exists, check_tokendata_exists, and the accessors of
// ids, tokens, royalties and mutability configs (copies of a field).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// optU64 is Some(v) when tracked, None otherwise.
func optU64(c *native.Context, v uint64, tracked bool) (movevm.Value, error) {
	if tracked {
		return movestdlib.Some(c, movevm.U64(v))
	}
	return movestdlib.None(c, movevm.TypeU64)
}

// collectionGetter is get_collection_<field>(creator, name)
// (ECOLLECTIONS_NOT_PUBLISHED, ECOLLECTION_NOT_PUBLISHED).
func collectionGetter(field string) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		name, err := str(c, args[1])
		if err != nil {
			return nil, err
		}
		cd, _, err := readCollectionData(native.Metered(c), args[0].AsAddress(), name)
		if err != nil {
			return nil, err
		}
		switch field {
		case "supply":
			return ret1(optU64(c, cd.Supply, cd.Maximum > 0))
		case "description":
			return ret1(newString(c, cd.Description))
		case "uri":
			return ret1(newString(c, cd.URI))
		case "maximum":
			return []movevm.Value{movevm.U64(cd.Maximum)}, nil
		}
		return ret1(toValue(c, ledgerapi.StructType(tag3("token", "CollectionMutabilityConfig")), cd.Mutability))
	}
}

// tokenDataGetter is a getter of a token data field: idArg is the index
// of the TokenDataId argument; with idArg 1 the token data is looked up
// in the Collections of the address argument 0, as Aptos does.
func tokenDataGetter(field string, idArg int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		var id tokenDataID
		if err := fromValue(c, args[idArg], &id); err != nil {
			return nil, err
		}
		at := id.Creator
		if idArg == 1 {
			at = args[0].AsAddress()
		}
		h := native.Metered(c)
		cs, err := readCollections(h, at)
		if err != nil {
			return nil, err
		}
		var td tokenData
		if ok, err := tableGet(h, cs.TokenData, &id, &td); err != nil {
			return nil, err
		} else if !ok {
			return nil, tokenAbort(native.NotFound, eTokenDataNotPublished)
		}
		switch field {
		case "supply":
			return ret1(optU64(c, td.Supply, td.Maximum > 0))
		case "largest_property_version":
			return []movevm.Value{movevm.U64(td.LargestPropertyVersion)}, nil
		case "maximum":
			return []movevm.Value{movevm.U64(td.Maximum)}, nil
		case "uri":
			return ret1(newString(c, td.URI))
		case "description":
			return ret1(newString(c, td.Description))
		case "royalty":
			return ret1(structValue(c, royaltyTag, &td.Royalty))
		}
		return ret1(toValue(c, ledgerapi.StructType(tag3("token", "TokenMutabilityConfig")), td.Mutability))
	}
}

// fieldCopy returns a copy of field i of the struct its argument is or
// points at.
func fieldCopy(i int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		f := deref(args[0]).Elem(i)
		if f.Type().Kind != movevm.KindStruct {
			return []movevm.Value{f}, nil
		}
		b, err := native.SerializeCharged(c.NativeContext, f)
		if err != nil {
			return nil, err
		}
		if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
			return nil, err
		}
		return ret1(c.Deserialize(f.Type(), b))
	}
}

func getDirectTransfer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, ok, err := readStore(native.Metered(c), args[0].AsAddress())
	return []movevm.Value{movevm.Bool(ok && s.DirectTransfer)}, err
}

func hasTokenStore(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, ok, err := readStore(native.Metered(c), args[0].AsAddress())
	return []movevm.Value{movevm.Bool(ok)}, err
}

func balanceOf(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var id tokenID
	if err := fromValue(c, args[1], &id); err != nil {
		return nil, err
	}
	n, err := balance(native.Metered(c), args[0].AsAddress(), &id)
	return []movevm.Value{movevm.U64(n)}, err
}

// getRoyalty is get_royalty: the royalty of the token's data.
func getRoyalty(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var id tokenID
	if err := fromValue(c, args[0], &id); err != nil {
		return nil, err
	}
	td, _, err := readTokenData(native.Metered(c), &id.Data)
	if err != nil {
		return nil, err
	}
	return ret1(structValue(c, royaltyTag, &td.Royalty))
}

// idFields returns the creator, collection and name of a TokenDataId
// value, then extra.
func idFields(c *native.Context, id movevm.Value, extra ...movevm.Value) ([]movevm.Value, error) {
	coll, err := newString(c, string(id.Elem(1).Elem(0).Bytes()))
	if err != nil {
		return nil, err
	}
	name, err := newString(c, string(id.Elem(2).Elem(0).Bytes()))
	if err != nil {
		return nil, err
	}
	return append([]movevm.Value{id.Elem(0), coll, name}, extra...), nil
}

func tokenIDFields(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id := deref(args[0])
	return idFields(c, id.Elem(0), id.Elem(1))
}

func tokenDataIDFields(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return idFields(c, deref(args[0]))
}

// getPropertyMap is get_property_map: the token data's default
// properties for version 0, the owner's token's own otherwise
// (EINSUFFICIENT_BALANCE when the owner holds none).
func getPropertyMap(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var id tokenID
	if err := fromValue(c, args[1], &id); err != nil {
		return nil, err
	}
	h, owner := native.Metered(c), args[0].AsAddress()
	n, err := balance(h, owner, &id)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, tokenAbort(native.NotFound, eInsufficientBalance)
	}
	var props *propMap
	if id.PropertyVersion == 0 {
		var cs collections
		if ok, err := readRes(h, id.Data.Creator, collectionsTag, &cs); err != nil {
			return nil, err
		} else if !ok {
			return nil, missing(collectionsTag, id.Data.Creator)
		}
		var td tokenData
		if ok, err := tableGet(h, cs.TokenData, &id.Data, &td); err != nil {
			return nil, err
		} else if !ok {
			return nil, tokenAbort(native.NotFound, eTokenDataNotPublished)
		}
		props = &td.DefaultProperties
	} else {
		s, _, err := readStore(h, owner)
		if err != nil {
			return nil, err
		}
		var t token
		if _, err := tableGet(h, s.Tokens, &id, &t); err != nil {
			return nil, err
		}
		props = &t.Properties
	}
	return ret1(structValue(c, propertyMapTag, props))
}

// checkCollectionExists is check_collection_exists
// (ECOLLECTIONS_NOT_PUBLISHED without Collections).
func checkCollectionExists(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	name, err := str(c, args[1])
	if err != nil {
		return nil, err
	}
	return containsIn(c, args[0].AsAddress(), true, bcsStr(name))
}

// checkTokenDataExists is check_tokendata_exists.
func checkTokenDataExists(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	creator := args[0].AsAddress()
	if _, err := readCollections(native.Metered(c), creator); err != nil {
		return nil, err
	}
	id, err := tokenDataIDArgs(c, args)
	if err != nil {
		return nil, err
	}
	return containsIn(c, creator, false, id)
}

// containsIn reports whether the Collections of creator holds key in its
// collection table (coll) or its token data table.
func containsIn(c *native.Context, creator ledgerapi.Address, coll bool, key bcs.Marshaler) ([]movevm.Value, error) {
	h := native.Metered(c)
	cs, err := readCollections(h, creator)
	if err != nil {
		return nil, err
	}
	handle := cs.TokenData
	if coll {
		handle = cs.CollectionData
	}
	ok, err := tableHas(h, handle, key)
	return []movevm.Value{movevm.Bool(ok)}, err
}
