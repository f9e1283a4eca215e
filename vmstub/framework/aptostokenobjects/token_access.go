package aptostokenobjects

// 0x4::token, after creation: token and seed addresses, the refs
// (MutatorRef, BurnRef), the views (creator, collection_name,
// collection_object, description, name, uri, royalty, index), burn and the
// mutators with their Mutation module event.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

func createTokenAddress(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ss, err := strings(c, args[1], args[2])
	if err != nil {
		return nil, err
	}
	seed, err := tokenSeed(ss[0], ss[1])
	if err != nil {
		return nil, err
	}
	return ret1(movevm.Address(crypto.ObjectAddressFromSeed(deref(args[0]).AsAddress(), seed)), nil)
}

func createTokenAddressWithSeed(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ss, err := strings(c, args[1], args[2], args[3])
	if err != nil {
		return nil, err
	}
	seed, err := tokenSeedWith(ss[0], ss[1], ss[2])
	if err != nil {
		return nil, err
	}
	return ret1(movevm.Address(crypto.ObjectAddressFromSeed(args[0].AsAddress(), seed)), nil)
}

func createTokenSeed(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ss, err := strings(c, args[0], args[1])
	if err != nil {
		return nil, err
	}
	seed, err := tokenSeed(ss[0], ss[1])
	if err != nil {
		return nil, err
	}
	return ret1(c.Bytes(seed))
}

func createTokenNameWithSeed(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ss, err := strings(c, args[0], args[1], args[2])
	if err != nil {
		return nil, err
	}
	seed, err := tokenSeedWith(ss[0], ss[1], ss[2])
	if err != nil {
		return nil, err
	}
	return ret1(c.Bytes(seed))
}

// addrRef makes the one-address struct tag t (a MutatorRef).
func addrRef(c *native.Context, t ledgerapi.StructTag, a ledgerapi.Address) (movevm.Value, error) {
	ty, err := c.TypeOf(ledgerapi.StructType(t))
	if err != nil {
		return movevm.Value{}, err
	}
	return c.Struct(ty, movevm.Address(a))
}

func tokGenerateMutatorRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := inner(args[0])
	if err := objectWith(c, a, tokenTag); err != nil {
		return nil, err
	}
	return ret1(addrRef(c, tag4("token", "MutatorRef"), a))
}

// burnRef is BurnRef: the DeleteRef's address for a deletable token
// (inner), or the token's address (self).
type burnRef struct {
	Deletable bool
	Addr      ledgerapi.Address
}

func (r *burnRef) MarshalBCS(e *bcs.Encoder) {
	e.Option(r.Deletable)
	if r.Deletable {
		e.Fixed(r.Addr[:])
	}
	e.Option(!r.Deletable)
	if !r.Deletable {
		e.Fixed(r.Addr[:])
	}
}

func (r *burnRef) UnmarshalBCS(d *bcs.Decoder) {
	if d.Option("BurnRef.inner") {
		r.Deletable = true
		d.Fixed(r.Addr[:], "DeleteRef.self")
	}
	if d.Option("BurnRef.self") {
		d.Fixed(r.Addr[:], "BurnRef.self")
	}
}

func generateBurnRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ctor := deref(args[0])
	r := &burnRef{Addr: ctor.Elem(0).AsAddress(), Deletable: ctor.Elem(1).AsBool()}
	return ret1(toValue(c, tag4("token", "BurnRef"), r))
}

func addressFromBurnRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var r burnRef
	if err := fromValue(c, args[0], &r); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Address(r.Addr)}, nil
}

// readToken reads the Token at a (ETOKEN_DOES_NOT_EXIST).
func readToken(h native.Host, a ledgerapi.Address) (*tokenRes, error) {
	var t tokenRes
	ok, err := readRes(h, a, tokenTag, &t)
	if err == nil && !ok {
		err = abortIn("token", native.NotFound, eTokenDoesNotExist)
	}
	return &t, err
}

// tokenCollection is the token's collection (ETOKEN_DOES_NOT_EXIST,
// ECOLLECTION_DOES_NOT_EXIST).
func tokenCollection(h native.Host, a ledgerapi.Address) (*tokenRes, *collectionRes, error) {
	t, err := readToken(h, a)
	if err != nil {
		return nil, nil, err
	}
	coll, err := readCollection(h, t.Collection)
	return t, coll, err
}

func tokCreator(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, coll, err := tokenCollection(native.Metered(c), inner(args[0]))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Address(coll.Creator)}, nil
}

func tokCollectionName(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, coll, err := tokenCollection(native.Metered(c), inner(args[0]))
	if err != nil {
		return nil, err
	}
	return ret1(newString(c, coll.Name))
}

func tokCollectionObject(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := readToken(native.Metered(c), inner(args[0]))
	if err != nil {
		return nil, err
	}
	return ret1(aptosframework.ObjectValueOf(c, ledgerapi.StructType(collectionTag), t.Collection))
}

func tokField(f func(*tokenRes) string) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		t, err := readToken(native.Metered(c), inner(args[0]))
		if err != nil {
			return nil, err
		}
		return ret1(newString(c, f(t)))
	}
}

// tokenName is token::name: the TokenIdentifiers' name, else the Token's.
func tokenName(h native.Host, a ledgerapi.Address) (string, error) {
	var ids tokenIdentifiers
	if ok, err := readRes(h, a, tokenIdentifiersTag, &ids); err != nil || ok {
		return ids.Name, err
	}
	t, err := readToken(h, a)
	return t.Name, err
}

func tokName(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	n, err := tokenName(native.Metered(c), inner(args[0]))
	if err != nil {
		return nil, err
	}
	return ret1(newString(c, n))
}

func tokIndex(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := inner(args[0])
	var ids tokenIdentifiers
	if ok, err := readRes(native.Metered(c), a, tokenIdentifiersTag, &ids); err != nil {
		return nil, err
	} else if ok {
		return []movevm.Value{movevm.U64(ids.Index)}, nil
	}
	t, err := readToken(native.Metered(c), a)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.U64(t.Index)}, nil
}

// tokRoyalty is token::royalty: the token's royalty, else its collection's
// (at the address derived from the creator and the collection's name).
func tokRoyalty(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h, a := native.Metered(c), inner(args[0])
	if _, err := readToken(h, a); err != nil {
		return nil, err
	}
	r, ok, err := readRoyalty(h, a)
	if err != nil {
		return nil, err
	}
	if !ok {
		_, coll, err := tokenCollection(h, a)
		if err != nil {
			return nil, err
		}
		ca, err := collectionAddress(coll.Creator, coll.Name)
		if err == nil {
			err = objectWith(c, ca, collectionTag)
		}
		if err != nil {
			return nil, err
		}
		if r, ok, err = readRoyalty(h, ca); err != nil {
			return nil, err
		}
	}
	if !ok {
		r = nil
	}
	return ret1(royaltyOption(c, r))
}

// burnToken is token::burn with a BurnRef: the previous owner read, the
// object deleted when deletable, the royalty, Token and TokenIdentifiers
// removed, the supply decremented (Burn event).
func burnToken(c *native.Context, r burnRef) error {
	h := native.Metered(c)
	if err := objectWith(c, r.Addr, tokenTag); err != nil {
		return err
	}
	owner, _, err := aptosframework.ObjectOwner(h, r.Addr)
	if err != nil {
		return err
	}
	if r.Deletable {
		if err := aptosframework.DeleteObject(h, r.Addr); err != nil {
			return err
		}
	}
	if ok, err := has(h, r.Addr, royaltyTag); err != nil {
		return err
	} else if ok {
		if err := deleteRoyalty(h, r.Addr); err != nil {
			return err
		}
	}
	t, err := readToken(h, r.Addr)
	if err != nil {
		return err
	}
	if err := h.DeleteResource(r.Addr, tokenTag); err != nil {
		return err
	}
	index := t.Index
	var ids tokenIdentifiers
	if ok, err := readRes(h, r.Addr, tokenIdentifiersTag, &ids); err != nil {
		return err
	} else if ok {
		index = ids.Index
		if err := h.DeleteResource(r.Addr, tokenIdentifiersTag); err != nil {
			return err
		}
	}
	return decrementSupply(h, t.Collection, r.Addr, index, owner)
}

func tokBurn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var r burnRef
	if err := fromValue(c, args[0], &r); err != nil {
		return nil, err
	}
	return nil, burnToken(c, r)
}

// tokMutation is the token's Mutation module event.
type tokMutation struct {
	token           ledgerapi.Address
	field, old, new string
}

func (m *tokMutation) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(m.token[:])
	e.String(m.field)
	e.String(m.old)
	e.String(m.new)
}

// setTokenField is token::set_description, set_name and set_uri on the
// token at a: the length check, the token (ETOKEN_DOES_NOT_EXIST), the
// Mutation event, the new value (a name in TokenIdentifiers when there).
func setTokenField(h native.Host, a ledgerapi.Address, field, value string) error {
	limit, reason := uint64(maxURILength), uint64(eTokURITooLong)
	switch field {
	case "name":
		limit, reason = maxTokenNameLength, eTokenNameTooLong
	case "description":
		limit, reason = maxDescriptionLength, eTokDescriptionTooLong
	}
	if charLen(value) > limit {
		return abortIn("token", native.OutOfRange, reason)
	}
	t, err := readToken(h, a)
	if err != nil {
		return err
	}
	ev := &tokMutation{token: a, field: field, new: value}
	switch field {
	case "description":
		ev.old, t.Description = t.Description, value
	case "uri":
		ev.old, t.URI = t.URI, value
	default:
		var ids tokenIdentifiers
		ok, err := readRes(h, a, tokenIdentifiersTag, &ids)
		if err != nil {
			return err
		}
		if ok {
			ev.old, ids.Name, ids.Padding = ids.Name, value, aptosframework.DerivedPadding(len(value), aptosframework.ConstantStringWidth(len(value)))
			if err := putRes(h, a, tokenIdentifiersTag, &ids); err != nil {
				return err
			}
		} else {
			ev.old, t.Name = t.Name, value
		}
	}
	emitEvent(h, tag4("token", "Mutation"), ev)
	return putRes(h, a, tokenTag, t)
}

func tokSet(field string) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		v, err := str(c, args[1])
		if err != nil {
			return nil, err
		}
		return nil, setTokenField(native.Metered(c), inner(args[0]), field, v)
	}
}
