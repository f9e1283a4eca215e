package aptostokenobjects

// 0x4::aptos_token: the no-code digital asset the SDK's digital-asset API
// drives: AptosCollection (which mutations the creator allows) beside a
// fixed collection with a royalty to the creator (create_collection),
// AptosToken (the refs kept) beside each token minted into the creator's
// account (mint) or bound to a recipient (mint_soul_bound), with a
// PropertyMap from typed inputs. Burning, freezing, mutators and views
// are in aptos_token_mutate.go.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x4::aptos_token.
const (
	eATTokenDoesNotExist      = 1
	eATNotCreator             = 2
	eATFieldNotMutable        = 3
	eTokenNotBurnable         = 4
	ePropertiesNotMutable     = 5
	eATCollectionDoesNotExist = 6
)

var (
	aptosCollectionTag = tag4("aptos_token", "AptosCollection")
	aptosTokenTag      = tag4("aptos_token", "AptosToken")
)

// optAddr writes an Option of a one-address struct.
func optAddr(e *bcs.Encoder, a *ledgerapi.Address) {
	e.Option(a != nil)
	if a != nil {
		e.Fixed(a[:])
	}
}

func readOptAddr(d *bcs.Decoder, what string) *ledgerapi.Address {
	if !d.Option(what) {
		return nil
	}
	var a ledgerapi.Address
	d.Fixed(a[:], what)
	return &a
}

// aptosCollection is AptosCollection: the refs (by their address) and the
// eight flags in declaration order.
type aptosCollection struct {
	MutatorRef, RoyaltyMutatorRef *ledgerapi.Address
	// Flags: mutable_description, mutable_uri, mutable_token_description,
	// mutable_token_name, mutable_token_properties, mutable_token_uri,
	// tokens_burnable_by_creator, tokens_freezable_by_creator.
	Flags [8]bool
}

const (
	fDescription = iota
	fURI
	fTokenDescription
	fTokenName
	fTokenProperties
	fTokenURI
	fBurnable
	fFreezable
)

func (r *aptosCollection) MarshalBCS(e *bcs.Encoder) {
	optAddr(e, r.MutatorRef)
	optAddr(e, r.RoyaltyMutatorRef)
	for _, f := range r.Flags {
		e.Bool(f)
	}
}

func (r *aptosCollection) UnmarshalBCS(d *bcs.Decoder) {
	r.MutatorRef = readOptAddr(d, "AptosCollection.mutator_ref")
	r.RoyaltyMutatorRef = readOptAddr(d, "AptosCollection.royalty_mutator_ref")
	for i := range r.Flags {
		r.Flags[i] = d.Bool("AptosCollection flag")
	}
}

// aptosToken is AptosToken.
type aptosToken struct {
	BurnRef            *burnRef
	TransferRef        *ledgerapi.Address
	MutatorRef         *ledgerapi.Address
	PropertyMutatorRef ledgerapi.Address
}

func (r *aptosToken) MarshalBCS(e *bcs.Encoder) {
	e.Option(r.BurnRef != nil)
	if r.BurnRef != nil {
		r.BurnRef.MarshalBCS(e)
	}
	optAddr(e, r.TransferRef)
	optAddr(e, r.MutatorRef)
	e.Fixed(r.PropertyMutatorRef[:])
}

func (r *aptosToken) UnmarshalBCS(d *bcs.Decoder) {
	if d.Option("AptosToken.burn_ref") {
		r.BurnRef = &burnRef{}
		r.BurnRef.UnmarshalBCS(d)
	}
	r.TransferRef = readOptAddr(d, "AptosToken.transfer_ref")
	r.MutatorRef = readOptAddr(d, "AptosToken.mutator_ref")
	d.Fixed(r.PropertyMutatorRef[:], "AptosToken.property_mutator_ref")
}

// AptosToken declares 0x4::aptos_token.
func AptosToken() native.Module {
	s := tString
	collParams := []string{"&signer", s, "u64", s, s, "bool", "bool", "bool", "bool", "bool", "bool", "bool", "bool", "bool", "u64", "u64"}
	mintParams := []string{"&signer", s, s, s, s, "vector<" + s + ">", "vector<" + s + ">", "vector<vector<u8>>"}
	soulParams := append(append([]string{}, mintParams...), "address")
	tv := []native.TypeParam{keyParam, {Constraints: []string{native.AbilityDrop}}}
	g := func(name string, params []string, impl native.Func) native.Function {
		return entry(generic(fn(name, append([]string{"&signer", tObjT}, params...), nil, impl)))
	}
	gv := func(name string, params []string, impl native.Func) native.Function {
		return native.Function{Name: name, IsEntry: true, TypeParams: tv, Params: append([]string{"&signer", tObjT}, params...), Impl: impl}
	}
	flag := func(name string, f int, isView bool) native.Function {
		x := generic(fn(name, []string{tObjT}, []string{"bool"}, collectionFlag(f)))
		x.IsView = isView
		return x
	}
	return native.Module{Address: addr, Name: "aptos_token", Package: pkg,
		Structs: []native.Struct{
			group("AptosCollection", []string{native.AbilityKey},
				"mutator_ref: 0x1::option::Option<0x4::collection::MutatorRef>",
				"royalty_mutator_ref: 0x1::option::Option<0x4::royalty::MutatorRef>",
				"mutable_description: bool", "mutable_uri: bool", "mutable_token_description: bool", "mutable_token_name: bool",
				"mutable_token_properties: bool", "mutable_token_uri: bool", "tokens_burnable_by_creator: bool",
				"tokens_freezable_by_creator: bool"),
			group("AptosToken", []string{native.AbilityKey},
				"burn_ref: 0x1::option::Option<0x4::token::BurnRef>",
				"transfer_ref: 0x1::option::Option<0x1::object::TransferRef>",
				"mutator_ref: 0x1::option::Option<0x4::token::MutatorRef>",
				"property_mutator_ref: 0x4::property_map::MutatorRef"),
		},
		Functions: []native.Function{
			entry(fn("create_collection", collParams, nil, createAptosCollection(false))),
			fn("create_collection_object", collParams, []string{"0x1::object::Object<0x4::aptos_token::AptosCollection>"}, createAptosCollection(true)),
			entry(fn("mint", mintParams, nil, mintAptosToken(false, false))),
			fn("mint_token_object", mintParams, []string{"0x1::object::Object<0x4::aptos_token::AptosToken>"}, mintAptosToken(false, true)),
			entry(fn("mint_soul_bound", soulParams, nil, mintAptosToken(true, false))),
			fn("mint_soul_bound_token_object", soulParams, []string{"0x1::object::Object<0x4::aptos_token::AptosToken>"}, mintAptosToken(true, true)),
			view(generic(fn("are_properties_mutable", []string{tObjT}, []string{"bool"}, tokenFlag(fTokenProperties)))),
			view(generic(fn("is_burnable", []string{tObjT}, []string{"bool"}, isBurnable))),
			view(generic(fn("is_freezable_by_creator", []string{tObjT}, []string{"bool"}, tokenFlag(fFreezable)))),
			view(generic(fn("is_mutable_description", []string{tObjT}, []string{"bool"}, tokenFlag(fTokenDescription)))),
			view(generic(fn("is_mutable_name", []string{tObjT}, []string{"bool"}, tokenFlag(fTokenName)))),
			view(generic(fn("is_mutable_uri", []string{tObjT}, []string{"bool"}, tokenFlag(fTokenURI)))),
			g("burn", nil, atBurn),
			g("freeze_transfer", nil, atFreeze(false)),
			g("unfreeze_transfer", nil, atFreeze(true)),
			g("set_description", []string{s}, atSetField("description", fTokenDescription)),
			g("set_name", []string{s}, atSetField("name", fTokenName)),
			g("set_uri", []string{s}, atSetField("uri", fTokenURI)),
			g("add_property", []string{s, s, "vector<u8>"}, atProperty(propOpAdd)),
			gv("add_typed_property", []string{s, "T1"}, atTypedProperty(false)),
			g("remove_property", []string{s}, atProperty(propOpRemove)),
			g("update_property", []string{s, s, "vector<u8>"}, atProperty(propOpUpdate)),
			gv("update_typed_property", []string{s, "T1"}, atTypedProperty(true)),
			flag("is_mutable_collection_description", fDescription, false),
			generic(fn("is_mutable_collection_royalty", []string{tObjT}, []string{"bool"}, isMutableCollectionRoyalty)),
			flag("is_mutable_collection_uri", fURI, false),
			flag("is_mutable_collection_token_description", fTokenDescription, false),
			flag("is_mutable_collection_token_name", fTokenName, false),
			flag("is_mutable_collection_token_uri", fTokenURI, false),
			flag("is_mutable_collection_token_properties", fTokenProperties, false),
			flag("are_collection_tokens_burnable", fBurnable, false),
			flag("are_collection_tokens_freezable", fFreezable, false),
			g("set_collection_description", []string{s}, atSetCollection("description", fDescription)),
			generic(fn("set_collection_royalties", []string{"&signer", tObjT, "0x4::royalty::Royalty"}, nil, atSetRoyalties)),
			func() native.Function {
				f := g("set_collection_royalties_call", []string{"u64", "u64", "address"}, atSetRoyaltiesCall)
				f.Visibility = native.Private
				return f
			}(),
			g("set_collection_uri", []string{s}, atSetCollection("uri", fURI)),
		},
		Errors: []native.AbortReason{
			{Reason: eATTokenDoesNotExist, Name: "ETOKEN_DOES_NOT_EXIST", Description: ""},
			{Reason: eATNotCreator, Name: "ENOT_CREATOR", Description: "The provided signer is not the creator"},
			{Reason: eATFieldNotMutable, Name: "EFIELD_NOT_MUTABLE", Description: "Attempted to mutate an immutable field"},
			{Reason: eTokenNotBurnable, Name: "ETOKEN_NOT_BURNABLE", Description: "Attempted to burn a non-burnable token"},
			{Reason: ePropertiesNotMutable, Name: "EPROPERTIES_NOT_MUTABLE", Description: "Attempted to mutate a property map that is not mutable"},
			{Reason: eATCollectionDoesNotExist, Name: "ECOLLECTION_DOES_NOT_EXIST", Description: ""},
		},
	}
}

// createAptosCollection is create_collection (and create_collection_object,
// returning the Object<AptosCollection>).
func createAptosCollection(object bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		creator := signerAddr(args[0])
		r, err := newRoyalty(args[14].AsU64(), args[15].AsU64(), creator)
		if err != nil {
			return nil, err
		}
		if args[2].AsU64() == 0 {
			return nil, abortIn("collection", native.InvalidArgument, eMaxSupplyCannotBeZero)
		}
		ss, err := strings(c, args[1], args[3], args[4])
		if err != nil {
			return nil, err
		}
		_, a, err := createCollection(c, collectionSpec{creator: creator, description: ss[0], name: ss[1], uri: ss[2],
			maxSupply: args[2].AsU64(), royalty: r})
		if err != nil {
			return nil, err
		}
		mutDesc, mutRoyalty, mutURI := args[5].AsBool(), args[6].AsBool(), args[7].AsBool()
		ac := &aptosCollection{Flags: [8]bool{mutDesc, mutURI, args[8].AsBool(), args[9].AsBool(), args[10].AsBool(),
			args[11].AsBool(), args[12].AsBool(), args[13].AsBool()}}
		if mutDesc || mutURI {
			ac.MutatorRef = &a
		}
		if mutRoyalty {
			ac.RoyaltyMutatorRef = &a
		}
		if err := moveTo(aptosframework.HostOf(c), a, aptosCollectionTag, ac); err != nil {
			return nil, err
		}
		if !object {
			return nil, nil
		}
		return ret1(aptosframework.ObjectValueOf(c, ledgerapi.StructType(aptosCollectionTag), a))
	}
}

// readAptosCollection reads the AptosCollection at a
// (ECOLLECTION_DOES_NOT_EXIST of aptos_token).
func readAptosCollection(h native.Host, a ledgerapi.Address) (*aptosCollection, error) {
	var r aptosCollection
	ok, err := readRes(h, a, aptosCollectionTag, &r)
	if err == nil && !ok {
		err = abortIn("aptos_token", native.NotFound, eATCollectionDoesNotExist)
	}
	return &r, err
}

// mintAptosToken is mint and mint_soul_bound (soul bound: the token moves
// to the recipient with a linear transfer and its ungated transfers are
// turned off), and their _token_object forms returning Object<AptosToken>.
func mintAptosToken(soulBound, object bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		h := aptosframework.HostOf(c)
		creator := signerAddr(args[0])
		ss, err := strings(c, args[1], args[2], args[3], args[4])
		if err != nil {
			return nil, err
		}
		collName := ss[0]
		// token::create: an object at a transaction-unique address.
		a := aptosframework.NextAUID(h.States(), h.Txn().Hash)
		if _, err := aptosframework.NewObjectRef(c, a, creator, true); err != nil {
			return nil, err
		}
		coll, err := collectionAddress(creator, collName)
		if err != nil {
			return nil, err
		}
		if err := objectWith(c, coll, collectionTag); err != nil {
			return nil, err
		}
		if err := createTokenAt(c, a, tokenSpec{creator: creator, collection: coll, description: ss[1], name: ss[2], uri: ss[3]}); err != nil {
			return nil, err
		}
		if err := objectWith(c, coll, aptosCollectionTag); err != nil {
			return nil, err
		}
		ac, err := readAptosCollection(h, coll)
		if err != nil {
			return nil, err
		}
		at := &aptosToken{PropertyMutatorRef: a}
		if ac.Flags[fTokenDescription] || ac.Flags[fTokenName] || ac.Flags[fTokenURI] {
			at.MutatorRef = &a
		}
		if ac.Flags[fBurnable] {
			at.BurnRef = &burnRef{Deletable: true, Addr: a}
		}
		keys, types, values, err := propertyArgs(c, args[5], args[6], args[7])
		if err != nil {
			return nil, err
		}
		props, err := prepareInput(keys, types, values)
		if err != nil {
			return nil, err
		}
		if soulBound {
			if err := moveTo(h, a, aptosTokenTag, at); err != nil {
				return nil, err
			}
			if err := moveTo(h, a, propertyMapTag, props); err != nil {
				return nil, err
			}
			if err := aptosframework.TransferWithRef(h, a, creator, args[8].AsAddress()); err != nil {
				return nil, err
			}
			if err := aptosframework.SetUngatedTransfer(h, a, false); err != nil {
				return nil, err
			}
		} else {
			if ac.Flags[fFreezable] {
				if ok, err := aptosframework.IsUntransferable(h, a); err != nil {
					return nil, err
				} else if ok {
					return nil, &movevm.Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "object"}, Code: native.Code(native.PermissionDenied, 9)}
				}
				at.TransferRef = &a
			}
			if err := moveTo(h, a, aptosTokenTag, at); err != nil {
				return nil, err
			}
			if err := moveTo(h, a, propertyMapTag, props); err != nil {
				return nil, err
			}
		}
		if !object {
			return nil, nil
		}
		return ret1(aptosframework.ObjectValueOf(c, ledgerapi.StructType(aptosTokenTag), a))
	}
}
