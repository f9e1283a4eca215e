package aptosframework

// 0x1::object: the ObjectCore every object has and the refs objects are
// handled by (plain values holding the object's address); creating objects
// at a transaction-unique address (create_object, create_sticky_object) or
// at one derived from the creator and a seed (create_named_object);
// Object<T> handles; ownership; ungated transfers, announced with the
// Transfer module event; deletion.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::object.
const (
	eObjectExists         = 1
	eObjectDoesNotExist   = 2
	eNoUngatedTransfers   = 3
	eNotObjectOwner       = 4
	eCannotDelete         = 5
	eMaximumNesting       = 6
	eResourceDoesNotExist = 7
)

// maxObjectNesting is MAXIMUM_OBJECT_NESTING: a transfer walks at most this
// many owners (the object's own owner excluded) up to the signer.
const maxObjectNesting = 8

// objectInitGUID is INIT_GUID_CREATION_NUM, the first GUID creation number
// of an object; its transfer_events handle takes it.
const objectInitGUID = 0x4000000000000

// ObjectCoreTag is the type of 0x1::object::ObjectCore.
var ObjectCoreTag = tag1("object", "ObjectCore")

var (
	transferEventType = ledgerapi.StructType(tag1("object", "Transfer"))
	constructorRefTag = tag1("object", "ConstructorRef")
)

// Object declares 0x1::object.
func Object() native.Module {
	drop, dropStore := []string{native.AbilityDrop}, []string{native.AbilityDrop, native.AbilityStore}
	key := []native.TypeParam{{Constraints: []string{native.AbilityKey}}}
	plain := func(name string, abilities []string, fields ...string) native.Struct {
		return native.Struct{Name: name, Abilities: abilities, Fields: fields}
	}
	const (
		ctor   = "&0x1::object::ConstructorRef"
		objT   = "0x1::object::Object<T0>"
		extend = "&0x1::object::ExtendRef"
	)
	fn := func(name string, params, ret []string, impl native.Func) native.Function {
		return native.Function{Name: name, Params: params, Return: ret, Impl: impl}
	}
	generic := func(f native.Function) native.Function { f.TypeParams = key; return f }
	view := func(f native.Function) native.Function { f.IsView = true; return f }
	entry := func(f native.Function) native.Function { f.IsEntry = true; return f }
	private := func(f native.Function) native.Function { f.Visibility = native.Private; return f }
	friend := func(f native.Function) native.Function { f.Visibility = native.Friend; return f }
	return native.Module{Address: addr, Name: "object", Friends: []string{"0x1::coin", "0x1::primary_fungible_store"},
		Structs: []native.Struct{
			{Name: "ObjectCore", Abilities: []string{native.AbilityKey}, ObjectGroup: true, Fields: []string{"guid_creation_num: u64",
				"owner: address", "allow_ungated_transfer: bool", "transfer_events: 0x1::event::EventHandle<0x1::object::TransferEvent>"}},
			plain("ObjectGroup", nil, "dummy_field: bool"),
			{Name: "Object", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
				TypeParams: []native.TypeParam{{Phantom: true}}, Fields: []string{"inner: address"}},
			plain("TransferEvent", dropStore, "object: address", "from: address", "to: address"),
			{Name: "Transfer", Abilities: dropStore, IsEvent: true, Fields: []string{"object: address", "from: address", "to: address"}},
			plain("DeriveRef", dropStore, "self: address"),
			plain("ConstructorRef", drop, "self: address", "can_delete: bool"),
			plain("DeleteRef", dropStore, "self: address"),
			plain("ExtendRef", dropStore, "self: address"),
			plain("TransferRef", dropStore, "self: address"),
			plain("LinearTransferRef", drop, "self: address", "owner: address"),
			{Name: "TombStone", Abilities: []string{native.AbilityKey}, ObjectGroup: true, Fields: []string{"original_owner: address"}},
			{Name: "Untransferable", Abilities: []string{native.AbilityKey}, ObjectGroup: true, Fields: []string{"dummy_field: bool"}},
			plain("TransferPermission", []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}, "object: address"),
		},
		Functions: []native.Function{
			{Name: "transfer_call", IsEntry: true, Params: []string{"&signer", "address", "address"}, Impl: transferCall},
			generic(native.Function{Name: "transfer", IsEntry: true, Params: []string{"&signer", objT, "address"}, Impl: transfer}),
			fn("create_object", []string{"address"}, []string{ctor[1:]}, createObject(true)),
			fn("create_sticky_object", []string{"address"}, []string{ctor[1:]}, createObject(false)),
			fn("create_named_object", []string{"&signer", "vector<u8>"}, []string{ctor[1:]}, createNamedObject),
			fn("create_object_address", []string{"&address", "vector<u8>"}, []string{"address"}, createObjectAddress),
			fn("generate_signer", []string{ctor}, []string{"signer"}, signerOfRef),
			fn("generate_signer_for_extending", []string{extend}, []string{"signer"}, signerOfRef),
			fn("generate_extend_ref", []string{ctor}, []string{extend[1:]}, refOf("ExtendRef", false)),
			fn("generate_transfer_ref", []string{ctor}, []string{"0x1::object::TransferRef"}, generateTransferRef),
			fn("generate_delete_ref", []string{ctor}, []string{"0x1::object::DeleteRef"}, refOf("DeleteRef", true)),
			fn("can_generate_delete_ref", []string{ctor}, []string{"bool"}, canGenerateDeleteRef),
			fn("address_from_constructor_ref", []string{ctor}, []string{"address"}, addressOfRef),
			fn("address_from_extend_ref", []string{extend}, []string{"address"}, addressOfRef),
			fn("address_from_delete_ref", []string{"&0x1::object::DeleteRef"}, []string{"address"}, addressOfRef),
			generic(fn("object_from_constructor_ref", []string{ctor}, []string{objT}, objectAt)),
			generic(fn("address_to_object", []string{"address"}, []string{objT}, objectAt)),
			generic(fn("object_address", []string{"&" + objT}, []string{"address"}, addressOfRef)),
			fn("is_object", []string{"address"}, []string{"bool"}, isObject),
			view(generic(fn("owner", []string{objT}, []string{"address"}, owner))),
			view(generic(fn("is_owner", []string{objT, "address"}, []string{"bool"}, isOwner))),
			fn("disable_ungated_transfer", []string{"&0x1::object::TransferRef"}, nil, setUngatedRef(false)),
			fn("enable_ungated_transfer", []string{"&0x1::object::TransferRef"}, nil, setUngatedRef(true)),
			fn("delete", []string{"0x1::object::DeleteRef"}, nil, deleteObjectRef),
			view(generic(fn("is_untransferable", []string{objT}, []string{"bool"}, isUntransferable))),
			view(generic(fn("is_burnt", []string{objT}, []string{"bool"}, isBurnt))),
			generic(fn("object_exists", []string{"address"}, []string{"bool"}, objectExists)),
			private(fn("create_user_derived_object_address_impl", []string{"address", "address"}, []string{"address"}, createUserDerivedObjectAddress)),
			fn("create_user_derived_object_address", []string{"address", "address"}, []string{"address"}, createUserDerivedObjectAddress),
			fn("create_guid_object_address", []string{"address", "u64"}, []string{"address"}, createGUIDObjectAddress),
			private(generic(fn("exists_at", []string{"address"}, []string{"bool"}, objExistsAt))),
			{Name: "convert", TypeParams: []native.TypeParam{key[0], key[0]}, Params: []string{"0x1::object::Object<T0>"},
				Return: []string{"0x1::object::Object<T1>"}, Impl: convert},
			friend(fn("create_user_derived_object", []string{"address", "&0x1::object::DeriveRef"}, []string{ctor[1:]}, createUserDerivedObject)),
			friend(fn("create_sticky_object_at_address", []string{"address", "address"}, []string{ctor[1:]}, createStickyObjectAtAddress)),
			fn("create_object_from_account", []string{"&signer"}, []string{ctor[1:]}, createObjectFromAccount),
			fn("create_object_from_object", []string{"&signer"}, []string{ctor[1:]}, createObjectFromObject),
			fn("create_unique_onchain_signer", nil, []string{extend[1:]}, createUniqueOnchainSigner),
			fn("create_named_onchain_signer", []string{"&signer", "vector<u8>", "bool"}, []string{extend[1:]}, createNamedOnchainSigner),
			fn("generate_derive_ref", []string{ctor}, []string{"0x1::object::DeriveRef"}, generateDeriveRef),
			fn("transfer_with_constructor_ref", []string{ctor, "address"}, nil, transferWithConstructorRef),
			fn("create_guid", []string{"&signer"}, []string{"0x1::guid::GUID"}, createGUID),
			{Name: "new_event_handle", TypeParams: []native.TypeParam{{Constraints: []string{native.AbilityDrop, native.AbilityStore}}},
				Params: []string{"&signer"}, Return: []string{"0x1::event::EventHandle<T0>"}, Impl: objNewEventHandle},
			generic(fn("object_from_delete_ref", []string{"&0x1::object::DeleteRef"}, []string{objT}, objectFromDeleteRef)),
			fn("set_untransferable", []string{ctor}, nil, setUntransferable),
			fn("generate_linear_transfer_ref", []string{"&0x1::object::TransferRef"}, []string{"0x1::object::LinearTransferRef"}, generateLinearTransferRef),
			fn("transfer_with_ref", []string{"0x1::object::LinearTransferRef", "address"}, nil, transferWithRef),
			fn("transfer_raw", []string{"&signer", "address", "address"}, nil, transferCall),
			{Name: "transfer_to_object", IsEntry: true, TypeParams: []native.TypeParam{key[0], key[0]},
				Params: []string{"&signer", "0x1::object::Object<T0>", "0x1::object::Object<T1>"}, Impl: transferToObject},
			entry(generic(fn("burn", []string{"&signer", objT}, nil, burn))),
			entry(generic(fn("unburn", []string{"&signer", objT}, nil, unburn))),
			generic(fn("ungated_transfer_allowed", []string{objT}, []string{"bool"}, ungatedTransferAllowed)),
			view(generic(fn("owns", []string{objT, "address"}, []string{"bool"}, owns))),
			view(generic(fn("root_owner", []string{objT}, []string{"address"}, rootOwner))),
			{Name: "grant_permission", TypeParams: []native.TypeParam{{}}, Params: []string{"&signer", "&signer", objT},
				Impl: signerDisabled},
			fn("grant_permission_with_transfer_ref", []string{"&signer", "&0x1::object::TransferRef"}, nil, grantPermissionWithTransferRef),
		},
		Errors: []native.AbortReason{
			{Reason: eObjectExists, Name: "EOBJECT_EXISTS", Description: "An object already exists at this address"},
			{Reason: eObjectDoesNotExist, Name: "EOBJECT_DOES_NOT_EXIST", Description: "An object does not exist at this address"},
			{Reason: eNoUngatedTransfers, Name: "ENO_UNGATED_TRANSFERS", Description: "The object does not have ungated transfers enabled"},
			{Reason: eNotObjectOwner, Name: "ENOT_OBJECT_OWNER", Description: "The caller does not have ownership permissions"},
			{Reason: eCannotDelete, Name: "ECANNOT_DELETE", Description: "The object does not allow for deletion"},
			{Reason: eMaximumNesting, Name: "EMAXIMUM_NESTING", Description: "Exceeds maximum nesting for an object transfer."},
			{Reason: eResourceDoesNotExist, Name: "ERESOURCE_DOES_NOT_EXIST", Description: "The resource is not stored at the specified address."},
			{Reason: eObjectNotBurnt, Name: "EOBJECT_NOT_BURNT", Description: "Cannot reclaim objects that weren't burnt."},
			{Reason: eObjectNotTransferrable, Name: "EOBJECT_NOT_TRANSFERRABLE", Description: "Object is untransferable any operations that might result in a transfer are disallowed."},
			{Reason: eObjectAlreadyBurnt, Name: "EOBJECT_ALREADY_BURNT", Description: "Cannot burn an object that is already burnt."},
		},
	}
}

// newObjectCore is the ObjectCore of a freshly created object at a.
func newObjectCore(a, owner ledgerapi.Address, ungated bool) *onchain.ObjectCore {
	return &onchain.ObjectCore{GUIDCreationNum: objectInitGUID + 1, Owner: owner, AllowUngatedTransfer: ungated,
		TransferEvents: onchain.EventHandle{CreationNum: objectInitGUID, Addr: a}}
}

// readObject reads the ObjectCore at a.
func readObject(h native.Host, a ledgerapi.Address) (*onchain.ObjectCore, bool, error) {
	var o onchain.ObjectCore
	ok, err := readResource(h, a, ObjectCoreTag, &o)
	return &o, ok, err
}

// ObjectOwner is object::owner: the owner of the object at a, and false
// when no object is there.
func ObjectOwner(h native.Host, a ledgerapi.Address) (ledgerapi.Address, bool, error) {
	o, ok, err := readObject(h, a)
	return o.Owner, ok, err
}

// CreateObject is object::create_object_internal: it writes a new
// ObjectCore owned by owner (ungated transfers allowed) at a, aborting
// with EOBJECT_EXISTS when an object is there already.
func CreateObject(h native.Host, a, owner ledgerapi.Address) error {
	if _, exists, err := h.Resource(a, ObjectCoreTag); err != nil {
		return err
	} else if exists {
		return abortIn("object", native.AlreadyExists, eObjectExists)
	}
	return putResource(h, a, ObjectCoreTag, newObjectCore(a, owner, true))
}

// signerAddress is the address of the &signer argument v.
func signerAddress(v movevm.Value) ledgerapi.Address {
	s, _ := v.Deref()
	return s.AsAddress()
}

// refAddress is the address a ref's (or an Object's) first field holds,
// through a reference or not.
func refAddress(v movevm.Value) ledgerapi.Address {
	if k := v.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		v, _ = v.Deref()
	}
	return v.Elem(0).AsAddress()
}

// transferCall is object::transfer_call(owner, object, to).
func transferCall(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, transferObject(c, signerAddress(args[0]), args[1].AsAddress(), args[2].AsAddress())
}

// transfer is object::transfer<T>(owner, object, to).
func transfer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, transferObject(c, signerAddress(args[0]), refAddress(args[1]), args[2].AsAddress())
}

// transferObject is object::transfer_raw: signer moves the object at obj to
// to. As Aptos checks, in order: an ObjectCore exists at obj
// (EOBJECT_DOES_NOT_EXIST) and allows ungated transfers
// (ENO_UNGATED_TRANSFERS); then its owners are walked up to signer, each of
// them an object (else ENOT_OBJECT_OWNER) allowing ungated transfers, at
// most 7 of them (EMAXIMUM_NESTING on the 8th). A new owner is written and
// announced with the module event Transfer {object, from, to} (the
// transfer_events handle is left as it is); a transfer to the current
// owner changes nothing and emits nothing.
func transferObject(c *native.Context, signer, obj, to ledgerapi.Address) error {
	h := hostOf(c)
	core, ok, err := readObject(h, obj)
	switch {
	case err != nil:
		return err
	case !ok:
		return c.Abort(native.Code(native.NotFound, eObjectDoesNotExist))
	case !core.AllowUngatedTransfer:
		return c.Abort(native.Code(native.PermissionDenied, eNoUngatedTransfers))
	}
	current := core.Owner
	for count := 0; current != signer; {
		count++
		if count >= maxObjectNesting {
			return c.Abort(native.Code(native.OutOfRange, eMaximumNesting))
		}
		parent, ok, err := readObject(h, current)
		switch {
		case err != nil:
			return err
		case !ok:
			return c.Abort(native.Code(native.PermissionDenied, eNotObjectOwner))
		case !parent.AllowUngatedTransfer:
			return c.Abort(native.Code(native.PermissionDenied, eNoUngatedTransfers))
		}
		current = parent.Owner
	}
	if core.Owner == to {
		return nil
	}
	e := bcs.NewEncoder(96)
	e.Fixed(obj[:])
	e.Fixed(core.Owner[:])
	e.Fixed(to[:])
	h.EmitBCS(transferEventType, e.Bytes())
	core.Owner = to
	return putResource(h, obj, ObjectCoreTag, core)
}

// createObject is object::create_object (deletable) or
// create_sticky_object: a new object owned by the given address at a
// transaction-unique address (numbered by transaction_context's counter).
func createObject(canDelete bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		a := NextAUID(c.Host().States(), c.Host().Txn().Hash)
		return newObject(c, a, args[0].AsAddress(), canDelete)
	}
}

// createNamedObject is object::create_named_object(creator, seed).
func createNamedObject(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	creator, seed := signerAddress(args[0]), args[1].Bytes()
	if err := native.ChargeRead(c.NativeContext, len(seed)); err != nil {
		return nil, err
	}
	return newObject(c, crypto.ObjectAddressFromSeed(creator, seed), creator, false)
}

// createObjectAddress is object::create_object_address(&source, seed).
func createObjectAddress(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	seed := args[1].Bytes()
	if err := native.ChargeRead(c.NativeContext, len(seed)); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Address(crypto.ObjectAddressFromSeed(derefAddress(args[0]), seed))}, nil
}

// derefAddress is the address a &address points at.
func derefAddress(v movevm.Value) ledgerapi.Address {
	a, _ := v.Deref()
	return a.AsAddress()
}

// newObject creates the object at a owned by owner and returns its
// ConstructorRef.
func newObject(c *native.Context, a, owner ledgerapi.Address, canDelete bool) ([]movevm.Value, error) {
	if err := CreateObject(hostOf(c), a, owner); err != nil {
		return nil, err
	}
	t, err := typeOf(c, constructorRefTag)
	if err != nil {
		return nil, err
	}
	ref, err := c.Struct(t, movevm.Address(a), movevm.Bool(canDelete))
	return []movevm.Value{ref}, err
}

// signerOfRef is generate_signer and generate_signer_for_extending: the
// signer of the ref's object.
func signerOfRef(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Signer(refAddress(args[0]))}, nil
}

// addressOfRef is the address_from_*_ref functions and object_address.
func addressOfRef(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Address(refAddress(args[0]))}, nil
}

// refOf is generate_<name> from a &ConstructorRef: the ref of its object;
// a DeleteRef (deletable) only of an object made deletable
// (ECANNOT_DELETE).
func refOf(name string, deletable bool) native.Func {
	tag := tag1("object", name)
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		ctor, _ := args[0].Deref()
		if deletable && !ctor.Elem(1).AsBool() {
			return nil, c.Abort(native.Code(native.PermissionDenied, eCannotDelete))
		}
		t, err := typeOf(c, tag)
		if err != nil {
			return nil, err
		}
		ref, err := c.Struct(t, ctor.Elem(0))
		return []movevm.Value{ref}, err
	}
}

// canGenerateDeleteRef is can_generate_delete_ref(&ConstructorRef).
func canGenerateDeleteRef(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ctor, _ := args[0].Deref()
	return []movevm.Value{ctor.Elem(1)}, nil
}

// objectAt is object_from_constructor_ref<T> and address_to_object<T>: an
// Object<T> for an object that exists (EOBJECT_DOES_NOT_EXIST) and holds a
// T (ERESOURCE_DOES_NOT_EXIST).
func objectAt(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var a ledgerapi.Address
	if args[0].Type().Kind == movevm.KindAddress {
		a = args[0].AsAddress() // address_to_object
	} else {
		a = refAddress(args[0]) // object_from_constructor_ref
	}
	if _, ok, err := hostOf(c).Resource(a, ObjectCoreTag); err != nil {
		return nil, err
	} else if !ok {
		return nil, c.Abort(native.Code(native.NotFound, eObjectDoesNotExist))
	}
	if ok, err := c.Exists(a, targs[0]); err != nil {
		return nil, err
	} else if !ok {
		return nil, c.Abort(native.Code(native.NotFound, eResourceDoesNotExist))
	}
	return objectValue(c, targs[0], a)
}

// addressToObject is object::address_to_object's checks for other
// modules' Funcs: an ObjectCore at a (EOBJECT_DOES_NOT_EXIST) holding res
// (ERESOURCE_DOES_NOT_EXIST), both aborts located in 0x1::object.
func addressToObject(h native.Host, a ledgerapi.Address, res ledgerapi.StructTag) error {
	if _, err := mustReadObject(h, a); err != nil {
		return err
	}
	if _, ok, err := h.Resource(a, res); err != nil {
		return err
	} else if !ok {
		return abortIn("object", native.NotFound, eResourceDoesNotExist)
	}
	return nil
}

// objectValue is the Object<T> of the object at a.
func objectValue(c *native.Context, t *movevm.Type, a ledgerapi.Address) ([]movevm.Value, error) {
	tag, err := native.TypeTagCharged(c.NativeContext, t)
	if err != nil {
		return nil, err
	}
	ot, err := typeOf(c, ledgerapi.StructTag{Address: addr, Module: "object", Name: "Object", TypeArgs: []ledgerapi.TypeTag{tag}})
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(ot, []movevm.Value{movevm.Address(a)})}, nil
}

// isObject is object::is_object(address).
func isObject(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, ok, err := hostOf(c).Resource(args[0].AsAddress(), ObjectCoreTag)
	return []movevm.Value{movevm.Bool(ok)}, err
}

// ownerOf reads the owner of the object v (an Object<T>): without an
// ObjectCore, EOBJECT_DOES_NOT_EXIST.
func ownerOf(c *native.Context, v movevm.Value) (ledgerapi.Address, error) {
	o, ok, err := ObjectOwner(hostOf(c), refAddress(v))
	if err == nil && !ok {
		err = c.Abort(native.Code(native.NotFound, eObjectDoesNotExist))
	}
	return o, err
}

// owner is object::owner<T>(object).
func owner(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	o, err := ownerOf(c, args[0])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Address(o)}, nil
}

// isOwner is object::is_owner<T>(object, owner).
func isOwner(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	o, err := ownerOf(c, args[0])
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(o == args[1].AsAddress())}, nil
}
