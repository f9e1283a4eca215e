package aptostokenobjects

// 0x4::collection: the Collection every digital asset belongs to, a named
// object at sha3(creator ‖ name ‖ 0xFE) whose ungated transfers are off;
// the supply it tracks (ConcurrentSupply for the collections created now,
// FixedSupply and UnlimitedSupply read as Aptos left them); its views and
// mutators with their Mutation events. Supply changes are in
// collection_supply.go.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x4::collection.
const (
	eCollectionDoesNotExist          = 1
	eCollectionSupplyExceeded        = 2
	eCollectionNameTooLong           = 3
	eCollURITooLong                  = 4
	eCollDescriptionTooLong          = 5
	eMaxSupplyCannotBeZero           = 6
	eConcurrentNotEnabled            = 7
	eAlreadyConcurrent               = 8
	eInvalidMaxSupply                = 9
	eNoMaxSupplyInCollection         = 10
	eCollCollectionOwnerNotSupported = 11
	maxCollectionNameLength          = 128
	maxURILength                     = 512
	maxDescriptionLength             = 2048
	maxU64                           = ^uint64(0)
)

var (
	collectionTag       = tag4("collection", "Collection")
	concurrentSupplyTag = tag4("collection", "ConcurrentSupply")
	fixedSupplyTag      = tag4("collection", "FixedSupply")
	unlimitedSupplyTag  = tag4("collection", "UnlimitedSupply")
	collMutationTag     = tag4("collection", "Mutation")
	collMutationEvTag   = tag4("collection", "MutationEvent")
)

// collectionRes is 0x4::collection::Collection.
type collectionRes struct {
	Creator                ledgerapi.Address
	Description, Name, URI string
	MutationEvents         onchain.EventHandle
}

func (r *collectionRes) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(r.Creator[:])
	e.String(r.Description)
	e.String(r.Name)
	e.String(r.URI)
	r.MutationEvents.MarshalBCS(e)
}

func (r *collectionRes) UnmarshalBCS(d *bcs.Decoder) {
	d.Fixed(r.Creator[:], "Collection.creator")
	r.Description = d.String("Collection.description")
	r.Name = d.String("Collection.name")
	r.URI = d.String("Collection.uri")
	r.MutationEvents.UnmarshalBCS(d)
}

// Collection declares 0x4::collection.
func Collection() native.Module {
	const (
		tMutator = "&0x4::collection::MutatorRef"
		tOpt     = "0x1::option::Option<0x4::royalty::Royalty>"
		tColl    = "0x1::object::Object<0x4::collection::Collection>"
		tCtorV   = "0x1::object::ConstructorRef"
	)
	eh := func(t string) string { return "0x1::event::EventHandle<0x4::collection::" + t + ">" }
	return native.Module{Address: addr, Name: "collection", Package: pkg, Friends: []string{"0x4::token"},
		Structs: []native.Struct{
			group("Collection", []string{native.AbilityKey}, "creator: address", "description: "+tString, "name: "+tString,
				"uri: "+tString, "mutation_events: "+eh("MutationEvent")),
			plain("MutatorRef", dropStore, "self: address"),
			plain("MutationEvent", dropStore, "mutated_field_name: "+tString),
			event("Mutation", "mutated_field_name: "+tString, "collection: "+tColl, "old_value: "+tString, "new_value: "+tString),
			group("FixedSupply", []string{native.AbilityKey}, "current_supply: u64", "max_supply: u64", "total_minted: u64",
				"burn_events: "+eh("BurnEvent"), "mint_events: "+eh("MintEvent")),
			group("UnlimitedSupply", []string{native.AbilityKey}, "current_supply: u64", "total_minted: u64",
				"burn_events: "+eh("BurnEvent"), "mint_events: "+eh("MintEvent")),
			group("ConcurrentSupply", []string{native.AbilityKey}, "current_supply: 0x1::aggregator_v2::Aggregator<u64>",
				"total_minted: 0x1::aggregator_v2::Aggregator<u64>"),
			plain("BurnEvent", dropStore, "index: u64", "token: address"),
			plain("MintEvent", dropStore, "index: u64", "token: address"),
			event("Burn", "collection: address", "index: u64", "token: address", "previous_owner: address"),
			event("Mint", "collection: address", "index: 0x1::aggregator_v2::AggregatorSnapshot<u64>", "token: address"),
			event("ConcurrentBurnEvent", "collection_addr: address", "index: u64", "token: address"),
			event("ConcurrentMintEvent", "collection_addr: address", "index: 0x1::aggregator_v2::AggregatorSnapshot<u64>", "token: address"),
			event("SetMaxSupply", "collection: "+tColl, "old_max_supply: u64", "new_max_supply: u64"),
		},
		Functions: []native.Function{
			fn("create_fixed_collection", []string{"&signer", tString, "u64", tString, tOpt, tString}, []string{tCtorV}, createFixedCollection),
			fn("create_fixed_collection_as_owner", []string{"&signer", tString, "u64", tString, tOpt, tString}, []string{tCtorV}, asOwner(createFixedCollection)),
			fn("create_unlimited_collection", []string{"&signer", tString, tString, tOpt, tString}, []string{tCtorV}, createUnlimitedCollection),
			fn("create_unlimited_collection_as_owner", []string{"&signer", tString, tString, tOpt, tString}, []string{tCtorV}, asOwner(createUnlimitedCollection)),
			fn("create_collection_address", []string{"&address", "&" + tString}, []string{"address"}, createCollectionAddress),
			fn("create_collection_seed", []string{"&" + tString}, []string{"vector<u8>"}, createCollectionSeed),
			friend(fn("increment_supply", []string{"&" + tColl, "address"},
				[]string{"0x1::option::Option<0x1::aggregator_v2::AggregatorSnapshot<u64>>"}, incrementSupplyFn)),
			friend(fn("decrement_supply", []string{"&" + tColl, "address", "0x1::option::Option<u64>", "address"}, nil, decrementSupplyFn)),
			fn("generate_mutator_ref", []string{tCtor}, []string{tMutator[1:]}, collGenerateMutatorRef),
			fn("upgrade_to_concurrent", []string{"&0x1::object::ExtendRef"}, nil, upgradeToConcurrent),
			view(generic(fn("count", []string{tObjT}, []string{"0x1::option::Option<u64>"}, collCount))),
			view(generic(fn("creator", []string{tObjT}, []string{"address"}, collCreator))),
			view(generic(fn("description", []string{tObjT}, []string{tString}, collField(func(r *collectionRes) string { return r.Description })))),
			view(generic(fn("name", []string{tObjT}, []string{tString}, collField(func(r *collectionRes) string { return r.Name })))),
			view(generic(fn("uri", []string{tObjT}, []string{tString}, collField(func(r *collectionRes) string { return r.URI })))),
			fn("set_name", []string{tMutator, tString}, nil, collSet("name")),
			fn("set_description", []string{tMutator, tString}, nil, collSet("description")),
			fn("set_uri", []string{tMutator, tString}, nil, collSet("uri")),
			fn("set_max_supply", []string{tMutator, "u64"}, nil, setMaxSupply),
		},
		Errors: []native.AbortReason{
			{Reason: eCollectionDoesNotExist, Name: "ECOLLECTION_DOES_NOT_EXIST", Description: "The collection does not exist"},
			{Reason: eCollectionSupplyExceeded, Name: "ECOLLECTION_SUPPLY_EXCEEDED", Description: "The collection has reached its supply and no more tokens can be minted, unless some are burned"},
			{Reason: eCollectionNameTooLong, Name: "ECOLLECTION_NAME_TOO_LONG", Description: "The collection name is over the maximum length"},
			{Reason: eCollURITooLong, Name: "EURI_TOO_LONG", Description: "The URI is over the maximum length"},
			{Reason: eCollDescriptionTooLong, Name: "EDESCRIPTION_TOO_LONG", Description: "The description is over the maximum length"},
			{Reason: eMaxSupplyCannotBeZero, Name: "EMAX_SUPPLY_CANNOT_BE_ZERO", Description: "The max supply must be positive"},
			{Reason: eConcurrentNotEnabled, Name: "ECONCURRENT_NOT_ENABLED", Description: "Concurrent feature flag is not yet enabled, so the function cannot be performed"},
			{Reason: eAlreadyConcurrent, Name: "EALREADY_CONCURRENT", Description: "Tried upgrading collection to concurrent, but collection is already concurrent"},
			{Reason: eInvalidMaxSupply, Name: "EINVALID_MAX_SUPPLY", Description: "The new max supply cannot be less than the current supply"},
			{Reason: eNoMaxSupplyInCollection, Name: "ENO_MAX_SUPPLY_IN_COLLECTION", Description: "The collection does not have a max supply"},
			{Reason: eCollCollectionOwnerNotSupported, Name: "ECOLLECTION_OWNER_NOT_SUPPORTED", Description: "The collection owner feature is not supported"},
		},
	}
}

// collectionAddress is create_collection_address: the named object of the
// creator with the collection's name as seed (ECOLLECTION_NAME_TOO_LONG).
func collectionAddress(creator ledgerapi.Address, name string) (ledgerapi.Address, error) {
	if charLen(name) > maxCollectionNameLength {
		return ledgerapi.Address{}, abortIn("collection", native.OutOfRange, eCollectionNameTooLong)
	}
	return crypto.ObjectAddressFromSeed(creator, []byte(name)), nil
}

// collectionSpec is what a new collection is made of.
type collectionSpec struct {
	creator                ledgerapi.Address
	description, name, uri string
	maxSupply              uint64 // maxU64 for an unlimited collection
	royalty                *royaltyRes
}

// createCollection is create_fixed_collection (maxSupply set) and
// create_unlimited_collection: the named object, its Collection, a
// ConcurrentSupply, the royalty, ungated transfers off; it returns the
// ConstructorRef.
func createCollection(c *native.Context, s collectionSpec) (movevm.Value, ledgerapi.Address, error) {
	a, err := collectionAddress(s.creator, s.name)
	if err != nil {
		return movevm.Value{}, a, err
	}
	ref, err := aptosframework.NewObjectRef(c, a, s.creator, false)
	if err != nil {
		return movevm.Value{}, a, err
	}
	switch {
	case charLen(s.name) > maxCollectionNameLength:
		return movevm.Value{}, a, abortIn("collection", native.OutOfRange, eCollectionNameTooLong)
	case charLen(s.uri) > maxURILength:
		return movevm.Value{}, a, abortIn("collection", native.OutOfRange, eCollURITooLong)
	case charLen(s.description) > maxDescriptionLength:
		return movevm.Value{}, a, abortIn("collection", native.OutOfRange, eCollDescriptionTooLong)
	}
	h := native.Metered(c)
	num, err := aptosframework.NextObjectGUID(h, a)
	if err != nil {
		return movevm.Value{}, a, err
	}
	coll := &collectionRes{Creator: s.creator, Description: s.description, Name: s.name, URI: s.uri,
		MutationEvents: onchain.EventHandle{CreationNum: num, Addr: a}}
	if err := moveTo(h, a, collectionTag, coll); err != nil {
		return movevm.Value{}, a, err
	}
	if err := moveTo(h, a, concurrentSupplyTag, &concurrentSupply{CurrentMax: s.maxSupply, TotalMax: maxU64}); err != nil {
		return movevm.Value{}, a, err
	}
	if s.royalty != nil {
		if err := moveTo(h, a, royaltyTag, s.royalty); err != nil {
			return movevm.Value{}, a, err
		}
	}
	return ref, a, aptosframework.SetUngatedTransfer(h, a, false)
}

// collectionArgs reads the String arguments at is and the Option<Royalty>
// at ri of a collection creation.
func collectionArgs(c *native.Context, args []movevm.Value, desc, name, royalty, uri int) (collectionSpec, error) {
	ss, err := strings(c, args[desc], args[name], args[uri])
	if err != nil {
		return collectionSpec{}, err
	}
	r, err := royaltyOf(c, args[royalty])
	return collectionSpec{creator: signerAddr(args[0]), description: ss[0], name: ss[1], uri: ss[2], royalty: r, maxSupply: maxU64}, err
}

func createFixedCollection(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if args[2].AsU64() == 0 {
		return nil, abortIn("collection", native.InvalidArgument, eMaxSupplyCannotBeZero)
	}
	s, err := collectionArgs(c, args, 1, 3, 4, 5)
	if err != nil {
		return nil, err
	}
	s.maxSupply = args[2].AsU64()
	ref, _, err := createCollection(c, s)
	return ret1(ref, err)
}

func createUnlimitedCollection(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, err := collectionArgs(c, args, 1, 2, 3, 4)
	if err != nil {
		return nil, err
	}
	ref, _, err := createCollection(c, s)
	return ret1(ref, err)
}

func createCollectionAddress(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	name, err := str(c, args[1])
	if err != nil {
		return nil, err
	}
	a, err := collectionAddress(deref(args[0]).AsAddress(), name)
	return ret1(movevm.Address(a), err)
}

func createCollectionSeed(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	name, err := str(c, args[0])
	if err != nil {
		return nil, err
	}
	if charLen(name) > maxCollectionNameLength {
		return nil, abortIn("collection", native.OutOfRange, eCollectionNameTooLong)
	}
	return ret1(c.Bytes([]byte(name)))
}

// readCollection reads the Collection at a (ECOLLECTION_DOES_NOT_EXIST).
func readCollection(h native.Host, a ledgerapi.Address) (*collectionRes, error) {
	var r collectionRes
	ok, err := readRes(h, a, collectionTag, &r)
	if err == nil && !ok {
		err = abortIn("collection", native.NotFound, eCollectionDoesNotExist)
	}
	return &r, err
}

func collGenerateMutatorRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := inner(args[0])
	if err := objectWith(c, a, collectionTag); err != nil {
		return nil, err
	}
	t, err := c.TypeOf(ledgerapi.StructType(tag4("collection", "MutatorRef")))
	if err != nil {
		return nil, err
	}
	return ret1(c.Struct(t, movevm.Address(a)))
}

// objectWith is object::address_to_object<T>'s check that an object with
// resource tag is at a (EOBJECT_DOES_NOT_EXIST, ERESOURCE_DOES_NOT_EXIST,
// in 0x1::object).
func objectWith(c *native.Context, a ledgerapi.Address, tag ledgerapi.StructTag) error {
	h := native.Metered(c)
	if ok, err := has(h, a, aptosframework.ObjectCoreTag); err != nil {
		return err
	} else if !ok {
		return &movevm.Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "object"}, Code: native.Code(native.NotFound, 2)}
	}
	if ok, err := has(h, a, tag); err != nil {
		return err
	} else if !ok {
		return &movevm.Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "object"}, Code: native.Code(native.NotFound, 7)}
	}
	return nil
}

func collCreator(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, err := readCollection(native.Metered(c), inner(args[0]))
	return ret1(movevm.Address(r.Creator), err)
}

func collField(f func(*collectionRes) string) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		r, err := readCollection(native.Metered(c), inner(args[0]))
		if err != nil {
			return nil, err
		}
		return ret1(newString(c, f(r)))
	}
}

// collMutation is the Mutation module event.
type collMutation struct {
	field      string
	collection ledgerapi.Address
	old, new   string
}

func (m *collMutation) MarshalBCS(e *bcs.Encoder) {
	e.String(m.field)
	e.Fixed(m.collection[:])
	e.String(m.old)
	e.String(m.new)
}

// bcsString is a lone String (MutationEvent).
type bcsString string

func (s bcsString) MarshalBCS(e *bcs.Encoder) { e.String(string(s)) }

// emitOnHandle records a v1 event of struct tag t on handle and moves its
// counter.
func emitOnHandle(h native.Host, handle *onchain.EventHandle, t ledgerapi.StructTag, v bcs.Marshaler) {
	e := bcs.NewEncoder(64)
	v.MarshalBCS(e)
	h.EmitOnHandle(handle.Key(), handle.Counter, ledgerapi.StructType(t), append([]byte(nil), e.Bytes()...))
	handle.Counter++
}

// setCollectionField is collection::set_name, set_description and
// set_uri through a MutatorRef of the collection at a: the length check,
// the Mutation module event, and for description and uri the v1
// MutationEvent on the collection's handle.
func setCollectionField(h native.Host, a ledgerapi.Address, field, value string) error {
	limit, reason := uint64(maxURILength), uint64(eCollURITooLong)
	switch field {
	case "name":
		limit, reason = maxCollectionNameLength, eCollectionNameTooLong
	case "description":
		limit, reason = maxDescriptionLength, eCollDescriptionTooLong
	}
	if charLen(value) > limit {
		return abortIn("collection", native.OutOfRange, reason)
	}
	r, err := readCollection(h, a)
	if err != nil {
		return err
	}
	ev := &collMutation{field: field, collection: a, new: value}
	switch field {
	case "name":
		ev.old, r.Name = r.Name, value
	case "description":
		ev.old, r.Description = r.Description, value
	default:
		ev.old, r.URI = r.URI, value
	}
	emitEvent(h, collMutationTag, ev)
	if field != "name" {
		emitOnHandle(h, &r.MutationEvents, collMutationEvTag, bcsString(field))
	}
	return putRes(h, a, collectionTag, r)
}

func collSet(field string) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		v, err := str(c, args[1])
		if err != nil {
			return nil, err
		}
		return nil, setCollectionField(native.Metered(c), inner(args[0]), field, v)
	}
}

// asOwner is create_*_collection_as_owner: the collection made by create,
// its ungated transfers turned back on, so that its owner may transfer it;
// UNAVAILABLE(ECOLLECTION_OWNER_NOT_SUPPORTED) first when the
// collection-owner flag of 0x1::features is off, as on Aptos.
func asOwner(create native.Func) native.Func {
	return movestdlib.Gated(movestdlib.FeatureCollectionOwner, native.Code(native.Unavailable, eCollCollectionOwnerNotSupported), func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		ret, err := create(c, targs, args)
		if err != nil {
			return nil, err
		}
		return ret, aptosframework.SetUngatedTransfer(native.Metered(c), inner(ret[0]), true)
	})
}
