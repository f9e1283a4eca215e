package aptostokenobjects

// 0x4::token: the Token of a digital asset (its collection, description,
// uri and mutation event handle) with its TokenIdentifiers (index in the
// collection and name), created by the collection's creator at a
// transaction-unique address (create, create_token, the numbered tokens)
// or at a named object sha3(creator ‖ collection ‖ "::" ‖ name [‖ seed] ‖
// 0xFE) (create_named_token*); token addresses and seeds; BurnRef and
// MutatorRef. Views, burning and mutators are in token_access.go.

import (
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x4::token.
const (
	eTokenDoesNotExist           = 1
	eTokNotCreator               = 2
	eTokFieldNotMutable          = 3
	eTokenNameTooLong            = 4
	eTokURITooLong               = 5
	eTokDescriptionTooLong       = 6
	eSeedTooLong                 = 7
	eTokNotOwner                 = 8
	eCollectionOwnerNotSupported = 9
	maxTokenNameLength           = 128
	maxTokenSeedLength           = 128
)

var (
	tokenTag            = tag4("token", "Token")
	tokenIdentifiersTag = tag4("token", "TokenIdentifiers")
)

// tokenRes is 0x4::token::Token.
type tokenRes struct {
	Collection             ledgerapi.Address
	Index                  uint64
	Description, Name, URI string
	MutationEvents         onchain.EventHandle
}

func (r *tokenRes) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(r.Collection[:])
	e.U64(r.Index)
	e.String(r.Description)
	e.String(r.Name)
	e.String(r.URI)
	r.MutationEvents.MarshalBCS(e)
}

func (r *tokenRes) UnmarshalBCS(d *bcs.Decoder) {
	d.Fixed(r.Collection[:], "Token.collection")
	r.Index = d.U64("Token.index")
	r.Description = d.String("Token.description")
	r.Name = d.String("Token.name")
	r.URI = d.String("Token.uri")
	r.MutationEvents.UnmarshalBCS(d)
}

// tokenIdentifiers is TokenIdentifiers: the index snapshot and the name's
// DerivedStringSnapshot (value and padding).
type tokenIdentifiers struct {
	Index   uint64
	Name    string
	Padding []byte
}

func (r *tokenIdentifiers) MarshalBCS(e *bcs.Encoder) {
	e.U64(r.Index)
	e.String(r.Name)
	e.WriteBytes(r.Padding)
}

func (r *tokenIdentifiers) UnmarshalBCS(d *bcs.Decoder) {
	r.Index = d.U64("TokenIdentifiers.index")
	r.Name = d.String("TokenIdentifiers.name.value")
	r.Padding = d.ReadBytes("TokenIdentifiers.name.padding")
}

// Token declares 0x4::token.
func Token() native.Module {
	const (
		tColl    = "0x1::object::Object<0x4::collection::Collection>"
		tOpt     = "0x1::option::Option<0x4::royalty::Royalty>"
		tCtorV   = "0x1::object::ConstructorRef"
		tBurn    = "0x4::token::BurnRef"
		tMutator = "0x4::token::MutatorRef"
	)
	s := tString
	return native.Module{Address: addr, Name: "token", Package: pkg,
		Structs: []native.Struct{
			group("Token", []string{native.AbilityKey}, "collection: "+tColl, "index: u64", "description: "+s, "name: "+s,
				"uri: "+s, "mutation_events: 0x1::event::EventHandle<0x4::token::MutationEvent>"),
			group("TokenIdentifiers", []string{native.AbilityKey}, "index: 0x1::aggregator_v2::AggregatorSnapshot<u64>",
				"name: 0x1::aggregator_v2::DerivedStringSnapshot"),
			group("ConcurrentTokenIdentifiers", []string{native.AbilityKey}, "index: 0x1::aggregator_v2::AggregatorSnapshot<u64>",
				"name: 0x1::aggregator_v2::AggregatorSnapshot<0x1::string::String>"),
			plain("BurnRef", dropStore, "inner: 0x1::option::Option<0x1::object::DeleteRef>", "self: 0x1::option::Option<address>"),
			plain("MutatorRef", dropStore, "self: address"),
			plain("MutationEvent", dropStore, "mutated_field_name: "+s, "old_value: "+s, "new_value: "+s),
			event("Mutation", "token_address: address", "mutated_field_name: "+s, "old_value: "+s, "new_value: "+s),
		},
		Functions: []native.Function{
			fn("create_token", []string{"&signer", tColl, s, s, tOpt, s}, []string{tCtorV}, createToken(byObject, unique)),
			fn("create", []string{"&signer", s, s, s, tOpt, s}, []string{tCtorV}, createToken(byName, unique)),
			fn("create_token_as_collection_owner", []string{"&signer", tColl, s, s, tOpt, s}, []string{tCtorV}, createTokenAs(byObject, unique, true)),
			fn("create_numbered_token_object", []string{"&signer", tColl, s, s, s, tOpt, s}, []string{tCtorV}, createToken(byObject, numbered)),
			fn("create_numbered_token", []string{"&signer", s, s, s, s, tOpt, s}, []string{tCtorV}, createToken(byName, numbered)),
			fn("create_numbered_token_as_collection_owner", []string{"&signer", tColl, s, s, s, tOpt, s}, []string{tCtorV}, createTokenAs(byObject, numbered, true)),
			fn("create_named_token_object", []string{"&signer", tColl, s, s, tOpt, s}, []string{tCtorV}, createToken(byObject, named)),
			fn("create_named_token", []string{"&signer", s, s, s, tOpt, s}, []string{tCtorV}, createToken(byName, named)),
			fn("create_named_token_as_collection_owner", []string{"&signer", tColl, s, s, tOpt, s}, []string{tCtorV}, createTokenAs(byObject, named, true)),
			fn("create_named_token_from_seed", []string{"&signer", tColl, s, s, s, tOpt, s}, []string{tCtorV}, createToken(byObject, seeded)),
			fn("create_named_token_from_seed_as_collection_owner", []string{"&signer", tColl, s, s, s, tOpt, s}, []string{tCtorV}, createTokenAs(byObject, seeded, true)),
			fn("create_from_account", []string{"&signer", s, s, s, tOpt, s}, []string{tCtorV}, createToken(byName, fromAccount)),
			fn("create_token_address", []string{"&address", "&" + s, "&" + s}, []string{"address"}, createTokenAddress),
			view(fn("create_token_address_with_seed", []string{"address", s, s, s}, []string{"address"}, createTokenAddressWithSeed)),
			fn("create_token_seed", []string{"&" + s, "&" + s}, []string{"vector<u8>"}, createTokenSeed),
			fn("create_token_name_with_seed", []string{"&" + s, "&" + s, "&" + s}, []string{"vector<u8>"}, createTokenNameWithSeed),
			fn("generate_mutator_ref", []string{tCtor}, []string{tMutator}, tokGenerateMutatorRef),
			fn("generate_burn_ref", []string{tCtor}, []string{tBurn}, generateBurnRef),
			fn("address_from_burn_ref", []string{"&" + tBurn}, []string{"address"}, addressFromBurnRef),
			view(generic(fn("creator", []string{tObjT}, []string{"address"}, tokCreator))),
			view(generic(fn("collection_name", []string{tObjT}, []string{s}, tokCollectionName))),
			view(generic(fn("collection_object", []string{tObjT}, []string{tColl}, tokCollectionObject))),
			view(generic(fn("description", []string{tObjT}, []string{s}, tokField(func(t *tokenRes) string { return t.Description })))),
			view(generic(fn("name", []string{tObjT}, []string{s}, tokName))),
			view(generic(fn("uri", []string{tObjT}, []string{s}, tokField(func(t *tokenRes) string { return t.URI })))),
			view(generic(fn("royalty", []string{tObjT}, []string{tOpt}, tokRoyalty))),
			view(generic(fn("index", []string{tObjT}, []string{"u64"}, tokIndex))),
			fn("burn", []string{tBurn}, nil, tokBurn),
			fn("set_description", []string{"&" + tMutator, s}, nil, tokSet("description")),
			fn("set_name", []string{"&" + tMutator, s}, nil, tokSet("name")),
			fn("set_uri", []string{"&" + tMutator, s}, nil, tokSet("uri")),
		},
		Errors: []native.AbortReason{
			{Reason: eTokenDoesNotExist, Name: "ETOKEN_DOES_NOT_EXIST", Description: "The token does not exist"},
			{Reason: eTokNotCreator, Name: "ENOT_CREATOR", Description: "The provided signer is not the creator"},
			{Reason: eTokFieldNotMutable, Name: "EFIELD_NOT_MUTABLE", Description: "The field being changed is not mutable"},
			{Reason: eTokenNameTooLong, Name: "ETOKEN_NAME_TOO_LONG", Description: "The token name is over the maximum length"},
			{Reason: eTokURITooLong, Name: "EURI_TOO_LONG", Description: "The URI is over the maximum length"},
			{Reason: eTokDescriptionTooLong, Name: "EDESCRIPTION_TOO_LONG", Description: "The description is over the maximum length"},
			{Reason: eSeedTooLong, Name: "ESEED_TOO_LONG", Description: "The seed is over the maximum length"},
			{Reason: eTokNotOwner, Name: "ENOT_OWNER", Description: "The calling signer is not the owner"},
			{Reason: eCollectionOwnerNotSupported, Name: "ECOLLECTION_OWNER_NOT_SUPPORTED", Description: "The collection owner feature is not supported"},
		},
	}
}

// tokenSeed is create_token_seed: collection ‖ "::" ‖ name
// (ETOKEN_NAME_TOO_LONG).
func tokenSeed(collection, name string) ([]byte, error) {
	if charLen(name) > maxTokenNameLength {
		return nil, abortIn("token", native.OutOfRange, eTokenNameTooLong)
	}
	return []byte(collection + "::" + name), nil
}

// tokenSeedWith is create_token_name_with_seed (ESEED_TOO_LONG first).
func tokenSeedWith(collection, name, seed string) ([]byte, error) {
	if charLen(seed) > maxTokenSeedLength {
		return nil, abortIn("token", native.OutOfRange, eSeedTooLong)
	}
	b, err := tokenSeed(collection, name)
	return append(b, seed...), err
}

// tokenSpec is a token to create.
type tokenSpec struct {
	creator, collection ledgerapi.Address
	description, name   string
	suffix              *string // numbered tokens: name ‖ index ‖ suffix
	royalty             *royaltyRes
	uri                 string
	asOwner             bool // *_as_collection_owner: the signer owns the collection
}

// createTokenAt is create_common_with_collection_internal for the object
// at a made for the token: the creator check (ENOT_CREATOR), the lengths,
// the supply incremented (its index, 0 when untracked), TokenIdentifiers,
// Token, the royalty.
func createTokenAt(c *native.Context, a ledgerapi.Address, s tokenSpec) error {
	h := native.Metered(c)
	if s.asOwner {
		// As on Aptos, the collection-owner flag of 0x1::features first.
		if on, err := movestdlib.FeatureEnabled(c, movestdlib.FeatureCollectionOwner); err != nil {
			return err
		} else if !on {
			return abortIn("token", native.Unavailable, eCollectionOwnerNotSupported)
		}
	}
	coll, err := readCollection(h, s.collection)
	if err != nil {
		return err
	}
	if s.asOwner {
		owner, ok, err := aptosframework.ObjectOwner(h, s.collection)
		if err != nil {
			return err
		}
		if !ok {
			return &movevm.Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "object"}, Code: native.Code(native.NotFound, 2)}
		}
		if owner != s.creator {
			return abortIn("token", native.Unauthenticated, eTokNotOwner)
		}
	} else if coll.Creator != s.creator {
		return abortIn("token", native.Unauthenticated, eTokNotCreator)
	}
	nameLen := charLen(s.name)
	if s.suffix != nil {
		nameLen += 20 + charLen(*s.suffix)
	}
	switch {
	case nameLen > maxTokenNameLength:
		return abortIn("token", native.OutOfRange, eTokenNameTooLong)
	case charLen(s.description) > maxDescriptionLength:
		return abortIn("token", native.OutOfRange, eTokDescriptionTooLong)
	case charLen(s.uri) > maxURILength:
		return abortIn("token", native.OutOfRange, eTokURITooLong)
	}
	index, _, err := incrementSupply(h, s.collection, a)
	if err != nil {
		return err
	}
	// The name is a derived string stored at Aptos's width: a constant
	// one, or one with room for the widest u64 index.
	name, width := s.name, aptosframework.ConstantStringWidth(len(s.name))
	if s.suffix != nil {
		name += strconv.FormatUint(index, 10) + *s.suffix
		width = aptosframework.IntegerStringWidth(len(s.name)+len(*s.suffix), u64MaxDigits)
	}
	if err := moveTo(h, a, tokenIdentifiersTag, &tokenIdentifiers{Index: index, Name: name, Padding: aptosframework.DerivedPadding(len(name), width)}); err != nil {
		return err
	}
	num, err := aptosframework.NextObjectGUID(h, a)
	if err != nil {
		return err
	}
	tok := &tokenRes{Collection: s.collection, Description: s.description, URI: s.uri,
		MutationEvents: onchain.EventHandle{CreationNum: num, Addr: a}}
	if err := moveTo(h, a, tokenTag, tok); err != nil {
		return err
	}
	if s.royalty != nil {
		return moveTo(h, a, royaltyTag, s.royalty)
	}
	return nil
}

// How a token creation names its collection and its object.
const (
	byName   = false // collection_name: String
	byObject = true  // collection: Object<Collection>
)

type tokenKind int

const (
	unique      tokenKind = iota // create_object
	numbered                     // create_object, name ‖ index ‖ suffix
	named                        // create_named_object(collection ‖ "::" ‖ name)
	seeded                       // create_named_object(collection ‖ "::" ‖ name ‖ seed)
	fromAccount                  // create_object_from_account (deprecated)
)

// collectionOf resolves a token creation's collection argument: an
// Object<Collection>, or a name under the creator
// (create_collection_address then address_to_object<Collection>).
func collectionOf(c *native.Context, creator ledgerapi.Address, v movevm.Value, isObject bool) (ledgerapi.Address, string, error) {
	if isObject {
		a := inner(v)
		coll, err := readCollection(native.Metered(c), a)
		return a, coll.Name, err
	}
	name, err := str(c, v)
	if err != nil {
		return ledgerapi.Address{}, "", err
	}
	a, err := collectionAddress(creator, name)
	if err == nil {
		err = objectWith(c, a, collectionTag)
	}
	return a, name, err
}

// createToken implements the token creations: arguments are (creator,
// collection, description, name[, suffix | seed], royalty, uri).
func createToken(isObject bool, kind tokenKind) native.Func {
	return createTokenAs(isObject, kind, false)
}

// createTokenAs is createToken, by the collection's owner when asOwner.
func createTokenAs(isObject bool, kind tokenKind, asOwner bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		s := tokenSpec{creator: signerAddr(args[0]), asOwner: asOwner}
		rest := args[2:]
		ss, err := strings(c, rest[0], rest[1], rest[len(rest)-1])
		if err != nil {
			return nil, err
		}
		s.description, s.name, s.uri = ss[0], ss[1], ss[2]
		var extra string
		if kind == numbered || kind == seeded {
			if extra, err = str(c, rest[2]); err != nil {
				return nil, err
			}
			if kind == numbered {
				s.suffix = &extra
			}
		}
		if s.royalty, err = royaltyOf(c, rest[len(rest)-2]); err != nil {
			return nil, err
		}
		h := native.Metered(c)
		var a ledgerapi.Address
		var collName string
		canDelete := kind == unique || kind == numbered || kind == fromAccount
		switch {
		case kind == fromAccount: // the account's next GUID, below
		case canDelete:
			a = aptosframework.NextAUID(h.States(), h.Txn().Hash)
		default:
			// The seed is made from the collection's name before the object.
			if s.collection, collName, err = collectionOf(c, s.creator, args[1], isObject); err != nil && isObject {
				return nil, err
			}
			var seed []byte
			if kind == seeded {
				seed, err = tokenSeedWith(collName, s.name, extra)
			} else {
				seed, err = tokenSeed(collName, s.name)
			}
			if err != nil {
				return nil, err
			}
			a = crypto.ObjectAddressFromSeed(s.creator, seed)
		}
		var ref movevm.Value
		if kind == fromAccount {
			ref, err = aptosframework.ObjectFromAccount(c, s.creator)
			a = inner(ref)
		} else {
			ref, err = aptosframework.NewObjectRef(c, a, s.creator, canDelete)
		}
		if err != nil {
			return nil, err
		}
		if s.collection, _, err = collectionOf(c, s.creator, args[1], isObject); err != nil {
			return nil, err
		}
		return ret1(ref, createTokenAt(c, a, s))
	}
}

// u64MaxDigits is the decimal digits of the widest u64 index.
const u64MaxDigits = 20
