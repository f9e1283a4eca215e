package aptostoken

// 0x3::token, mutators: mutate_collection_{description,uri,maximum},
// mutate_tokendata_{maximum,uri,royalty,description,property},
// mutate_one_token and the mutate_token_properties entry. Each checks the
// creator, the field's mutability and the limits in Aptos's order. The
// collection and token data mutators emit their token_event_store event
// (old and new values; the creator's TokenEventStoreV1 made on first use)
// as Aptos does; mutate_one_token emits token's MutatePropertyMap.

import (
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// mutateCollection is mutate_collection_description, _uri (field cmURI)
// and _maximum.
func mutateCollection(field int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		h := native.Metered(c)
		var text string
		if field != cmMaximum {
			s, err := str(c, args[2])
			if err != nil {
				return nil, err
			}
			text = s
		}
		if field == cmURI && len(text) > maxURILength {
			return nil, tokenAbort(native.InvalidArgument, eURITooLong)
		}
		name, err := str(c, args[1])
		if err != nil {
			return nil, err
		}
		cd, cs, err := readCollectionData(h, signerAddr(args[0]), name)
		if err != nil {
			return nil, err
		}
		var ev string
		var fields enc
		switch field {
		case cmMaximum:
			maximum := args[2].AsU64()
			if cd.Maximum == 0 || maximum == 0 || maximum < cd.Supply {
				return nil, tokenAbort(native.InvalidArgument, eInvalidMaximum)
			}
			ev, fields = "CollectionMaximumMutate", u64Pair(cd.Maximum, maximum)
			cd.Maximum = maximum
		case cmURI:
			ev, fields = "CollectionUriMutate", strPair(cd.URI, text)
			cd.URI = text
		default:
			ev, fields = "CollectionDescriptionMutate", strPair(cd.Description, text)
			cd.Description = text
		}
		if !cd.Mutability[field] {
			return nil, tokenAbort(native.PermissionDenied, eFieldNotMutable)
		}
		if err := storeEvent(c, signerAddr(args[0]), ev, inCollection(name, fields)); err != nil {
			return nil, err
		}
		return nil, tablePut(h, cs.CollectionData, bcsStr(name), cd)
	}
}

// creatorTokenData is assert_tokendata_exists: the signer must be the
// creator (ENO_MUTATE_CAPABILITY); the token data must exist.
func creatorTokenData(c *native.Context, signer, idArg movevm.Value) (*tokenDataID, *tokenData, *collections, error) {
	var id tokenDataID
	if err := fromValue(c, idArg, &id); err != nil {
		return nil, nil, nil, err
	}
	if signerAddr(signer) != id.Creator {
		return nil, nil, nil, tokenAbort(native.PermissionDenied, eNoMutateCapability)
	}
	td, cs, err := readTokenData(native.Metered(c), &id)
	return &id, td, cs, err
}

// mutateTokenData is mutate_tokendata_maximum, _uri, _royalty and
// _description (field: the mutability flag).
func mutateTokenData(field int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		var text string
		if field == tmURI || field == tmDescription {
			s, err := str(c, args[2])
			if err != nil {
				return nil, err
			}
			text = s
		}
		if field == tmURI && len(text) > maxURILength {
			return nil, tokenAbort(native.InvalidArgument, eURITooLong)
		}
		id, td, cs, err := creatorTokenData(c, args[0], args[1])
		if err != nil {
			return nil, err
		}
		var ev string
		var fields enc
		switch field {
		case tmMaximum:
			maximum := args[2].AsU64()
			if td.Maximum == 0 || maximum == 0 || maximum < td.Supply {
				return nil, tokenAbort(native.InvalidArgument, eInvalidMaximum)
			}
			ev, fields = "MaximumMutate", u64Pair(td.Maximum, maximum)
			td.Maximum = maximum
		case tmURI:
			ev, fields = "UriMutation", strPair(td.URI, text)
			td.URI = text
		case tmRoyalty:
			old := td.Royalty
			if err := fromValue(c, args[2], &td.Royalty); err != nil {
				return nil, err
			}
			ev, fields = "RoyaltyMutate", func(e *bcs.Encoder) { old.MarshalBCS(e); td.Royalty.MarshalBCS(e) }
		default:
			ev, fields = "DescriptionMutate", strPair(td.Description, text)
			td.Description = text
		}
		if !td.Mutability[field] {
			return nil, tokenAbort(native.PermissionDenied, eFieldNotMutable)
		}
		if err := storeEvent(c, signerAddr(args[0]), ev, inToken(id, fields)); err != nil {
			return nil, err
		}
		return nil, tablePut(native.Metered(c), cs.TokenData, id, td)
	}
}

// checkReserved is assert_non_standard_reserved_property: no key may
// start with "TOKEN_".
func checkReserved(keys []string) error {
	for _, k := range keys {
		if strings.HasPrefix(k, "TOKEN_") {
			return tokenAbort(native.PermissionDenied, ePropertyReservedByStandard)
		}
	}
	return nil
}

// upsert is the token module's update of m with the properties, in
// order: an existing key's value replaced, a new key added as
// property_map::add does (its name length and the map's size checked).
// Each key is compared with every element, charged before. It returns,
// for each key, the value it replaced (nil for a key added).
func (m *propMap) upsert(c *native.Context, keys []string, values [][]byte, types []string) ([]*propEntry, error) {
	if err := c.ChargeElems(len(keys) * (len(m.Entries) + len(keys))); err != nil {
		return nil, err
	}
	olds := make([]*propEntry, len(keys))
	for i, k := range keys {
		p := propEntry{Key: k, Value: values[i], Type: types[i]}
		if j := m.find(k); j >= 0 {
			old := m.Entries[j]
			olds[i] = &old
			m.Entries[j] = p
			continue
		}
		if len(k) > maxPropertyNameLength {
			return nil, pmAbort(native.Code(native.InvalidArgument, ePropertyMapNameTooLong))
		}
		if len(m.Entries) >= maxPropertyMapSize {
			return nil, pmAbort(native.Code(native.InvalidState, ePropertyNumberExceed))
		}
		m.Entries = append(m.Entries, p)
	}
	return olds, nil
}

// propArgs reads keys, values and types arguments.
func propArgs(c *native.Context, args []movevm.Value) ([]string, [][]byte, []string, error) {
	keys, err := stringsOf(c, args[0])
	if err != nil {
		return nil, nil, nil, err
	}
	values, err := bytesOf(c, args[1])
	if err != nil {
		return nil, nil, nil, err
	}
	types, err := stringsOf(c, args[2])
	if err != nil {
		return nil, nil, nil, err
	}
	return keys, values, types, c.ChargeElems(len(keys) * len(keys))
}

// mutateTokenDataProperty is mutate_tokendata_property.
func mutateTokenDataProperty(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id, td, cs, err := creatorTokenData(c, args[0], args[1])
	if err != nil {
		return nil, err
	}
	keys, values, types, err := propArgs(c, args[2:5])
	if err != nil {
		return nil, err
	}
	if len(keys) != len(values) || len(keys) != len(types) {
		return nil, tokenAbort(native.InvalidState, eTokenPropertiesCountNotMatch)
	}
	if !td.Mutability[tmProperties] {
		return nil, tokenAbort(native.PermissionDenied, eFieldNotMutable)
	}
	if err := checkReserved(keys); err != nil {
		return nil, err
	}
	olds, err := td.DefaultProperties.upsert(c, keys, values, types)
	if err != nil {
		return nil, err
	}
	if err := storeEvent(c, signerAddr(args[0]), "DefaultPropertyMutate", inToken(id, func(e *bcs.Encoder) {
		e.SeqLen(len(keys))
		for _, k := range keys {
			e.String(k)
		}
		e.SeqLen(len(olds))
		for _, p := range olds {
			if p == nil { // Option: a vector of 0 or 1 element
				e.SeqLen(0)
				continue
			}
			e.SeqLen(1)
			e.WriteBytes(p.Value)
			e.String(p.Type)
		}
		e.SeqLen(len(keys))
		for i := range keys {
			e.WriteBytes(values[i])
			e.String(types[i])
		}
	})); err != nil {
		return nil, err
	}
	return nil, tablePut(native.Metered(c), cs.TokenData, id, td)
}

// propChange is a property mutation: keys, values, types as given.
type propChange struct {
	keys, types []string
	values      [][]byte
}

// MarshalBCS writes the keys, values and types vectors.
func (ch *propChange) MarshalBCS(e *bcs.Encoder) {
	e.SeqLen(len(ch.keys))
	for _, k := range ch.keys {
		e.String(k)
	}
	e.SeqLen(len(ch.values))
	for _, v := range ch.values {
		e.WriteBytes(v)
	}
	e.SeqLen(len(ch.types))
	for _, t := range ch.types {
		e.String(t)
	}
}

// mutateOne is mutate_one_token: a token of version 0 becomes one of a
// new version (one unit withdrawn, the new token deposited with the
// default properties updated); a later version is updated where it is.
func mutateOne(c *native.Context, signer, owner ledgerapi.Address, id *tokenID, ch *propChange) (*tokenID, error) {
	h := native.Metered(c)
	if signer != id.Data.Creator {
		return nil, tokenAbort(native.PermissionDenied, eNoMutateCapability)
	}
	td, cs, err := readTokenData(h, &id.Data)
	if err != nil {
		return nil, err
	}
	if !td.Mutability[tmProperties] {
		if err := burnable(td, tokenPropertyMutable, eFieldNotMutable); err != nil {
			return nil, err
		}
	}
	newID := *id
	if id.PropertyVersion == 0 {
		if _, err := withdraw(c, owner, id, 1); err != nil {
			return nil, err
		}
		newID.PropertyVersion = td.LargestPropertyVersion + 1
		if err := deposit(c, owner, &token{ID: newID, Amount: 1, Properties: td.DefaultProperties}); err != nil {
			return nil, err
		}
	}
	if err := updateTokenProperties(c, owner, &newID, ch); err != nil {
		return nil, err
	}
	if err := emit(c, tag3("token", "MutatePropertyMap"), enc(func(e *bcs.Encoder) {
		e.Fixed(owner[:])
		id.MarshalBCS(e)
		newID.MarshalBCS(e)
		ch.MarshalBCS(e)
	})); err != nil {
		return nil, err
	}
	if id.PropertyVersion == 0 {
		td.LargestPropertyVersion = newID.PropertyVersion
		if err := tablePut(h, cs.TokenData, &id.Data, td); err != nil {
			return nil, err
		}
	}
	return &newID, nil
}

// updateTokenProperties is update_token_property_internal.
func updateTokenProperties(c *native.Context, owner ledgerapi.Address, id *tokenID, ch *propChange) error {
	h := native.Metered(c)
	s, ok, err := readStore(h, owner)
	if err != nil {
		return err
	}
	if !ok {
		return missing(tokenStoreTag, owner)
	}
	var t token
	if ok, err := tableGet(h, s.Tokens, id, &t); err != nil {
		return err
	} else if !ok {
		return tokenAbort(native.NotFound, eNoTokenInTokenStore)
	}
	if err := checkReserved(ch.keys); err != nil {
		return err
	}
	switch {
	case len(ch.keys) != len(ch.values):
		return pmAbort(native.Code(native.InvalidState, eKeyCountNotMatchValue))
	case len(ch.keys) != len(ch.types):
		return pmAbort(native.Code(native.InvalidState, eKeyCountNotMatchType))
	}
	if _, err := t.Properties.upsert(c, ch.keys, ch.values, ch.types); err != nil {
		return err
	}
	return tablePut(h, s.Tokens, id, &t)
}

func readChange(c *native.Context, args []movevm.Value) (*propChange, error) {
	keys, values, types, err := propArgs(c, args)
	return &propChange{keys: keys, values: values, types: types}, err
}

// mutateOneToken is mutate_one_token.
func mutateOneToken(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var id tokenID
	if err := fromValue(c, args[2], &id); err != nil {
		return nil, err
	}
	ch, err := readChange(c, args[3:6])
	if err != nil {
		return nil, err
	}
	newID, err := mutateOne(c, signerAddr(args[0]), args[1].AsAddress(), &id, ch)
	if err != nil {
		return nil, err
	}
	return ret1(structValue(c, tokenIDTag, newID))
}

// mutateTokenProperties is mutate_token_properties: the signer must be
// the creator (not_found ENO_MUTATE_CAPABILITY, as on Aptos); amount
// tokens are mutated one by one.
func mutateTokenProperties(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	signer, owner, creator := signerAddr(args[0]), args[1].AsAddress(), args[2].AsAddress()
	if signer != creator {
		return nil, tokenAbort(native.NotFound, eNoMutateCapability)
	}
	id, err := tokenIDArgs(c, []movevm.Value{args[2], args[3], args[4], args[5]})
	if err != nil {
		return nil, err
	}
	ch, err := readChange(c, args[7:10])
	if err != nil {
		return nil, err
	}
	for range args[6].AsU64() {
		if err := c.Charge(1); err != nil {
			return nil, err
		}
		if _, err := mutateOne(c, signer, owner, id, ch); err != nil {
			return nil, err
		}
	}
	return nil, nil
}
