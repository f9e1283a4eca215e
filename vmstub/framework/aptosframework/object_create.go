package aptosframework

// 0x1::object, creation and addressing beyond object.go: addresses derived
// from an object (0xFC) and from a GUID (0xFD), objects created at them
// (create_user_derived_object, create_object_from_account/object,
// create_sticky_object_at_address), onchain signers (ExtendRefs without or
// with an object), DeriveRefs, GUIDs and event handles of objects,
// object_exists, exists_at, convert and object_from_delete_ref.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// accountTag is 0x1::account::Account, whose GUID counter
// create_object_from_account takes a number from.
var accountTag = tag1("account", "Account")

// createUserDerivedObjectAddress is create_user_derived_object_address
// (and its native _impl): sha3_256(source ‖ derive_from ‖ 0xFC).
func createUserDerivedObjectAddress(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Address(crypto.ObjectAddressFromObject(args[0].AsAddress(), args[1].AsAddress()))}, nil
}

// createGUIDObjectAddress is create_guid_object_address(source, creation_num).
func createGUIDObjectAddress(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Address(crypto.ObjectAddressFromGUID(args[0].AsAddress(), args[1].AsU64()))}, nil
}

// createUserDerivedObject is create_user_derived_object(creator, &DeriveRef):
// an undeletable object at the address derived from the creator and the
// ref's object.
func createUserDerivedObject(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	creator := args[0].AsAddress()
	return newObject(c, crypto.ObjectAddressFromObject(creator, refAddress(args[1])), creator, false)
}

// createStickyObjectAtAddress is create_sticky_object_at_address(owner, at).
func createStickyObjectAtAddress(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return newObject(c, args[1].AsAddress(), args[0].AsAddress(), false)
}

// createObjectFromAccount is create_object_from_account(creator).
func createObjectFromAccount(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ref, err := ObjectFromAccount(c, signerAddress(args[0]))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{ref}, nil
}

// ObjectFromAccount is object::create_object_from_account: a deletable
// object at the address of the creator's next account GUID (the account's
// counter moves on); it returns the ConstructorRef.
func ObjectFromAccount(c *native.Context, creator ledgerapi.Address) (movevm.Value, error) {
	var acc onchain.Account
	ok, err := readResource(hostOf(c), creator, accountTag, &acc)
	if err != nil {
		return movevm.Value{}, err
	}
	if !ok {
		acc = *onchain.NewAccount(creator)
	}
	num := acc.GUIDCreationNum
	acc.GUIDCreationNum++
	if err := putResource(hostOf(c), creator, accountTag, &acc); err != nil {
		return movevm.Value{}, err
	}
	return NewObjectRef(c, crypto.ObjectAddressFromGUID(creator, num), creator, true)
}

// createObjectFromObject is create_object_from_object(creator): a deletable
// object at the address of the creator object's next GUID.
func createObjectFromObject(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	creator := signerAddress(args[0])
	num, err := nextObjectGUID(c, creator)
	if err != nil {
		return nil, err
	}
	return newObject(c, crypto.ObjectAddressFromGUID(creator, num), creator, true)
}

// NextObjectGUID is object::create_guid for the object at a: the object's
// next GUID creation number, taken from its ObjectCore (which must exist:
// without it the error aborts in 0x1::object with EOBJECT_DOES_NOT_EXIST,
// as borrow_global_mut would fail). Modules making event handles of an
// object (object::new_event_handle) use it.
func NextObjectGUID(h native.Host, a ledgerapi.Address) (uint64, error) {
	core, ok, err := readObject(h, a)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, abortIn("object", native.NotFound, eObjectDoesNotExist)
	}
	num := core.GUIDCreationNum
	core.GUIDCreationNum++
	return num, putResource(h, a, ObjectCoreTag, core)
}

func nextObjectGUID(c *native.Context, a ledgerapi.Address) (uint64, error) {
	return NextObjectGUID(hostOf(c), a)
}

// guidValue is the 0x1::guid::GUID {id: ID {creation_num, addr}}.
func guidValue(c *native.Context, num uint64, a ledgerapi.Address) (movevm.Value, error) {
	idt, err := typeOf(c, tag1("guid", "ID"))
	if err != nil {
		return movevm.Value{}, err
	}
	gt, err := typeOf(c, tag1("guid", "GUID"))
	if err != nil {
		return movevm.Value{}, err
	}
	id, err := c.Struct(idt, movevm.U64(num), movevm.Address(a))
	if err != nil {
		return movevm.Value{}, err
	}
	return c.Struct(gt, id)
}

// createGUID is object::create_guid(&signer of an object).
func createGUID(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := signerAddress(args[0])
	num, err := nextObjectGUID(c, a)
	if err != nil {
		return nil, err
	}
	g, err := guidValue(c, num, a)
	return []movevm.Value{g}, err
}

// objNewEventHandle is object::new_event_handle<T>(&signer of an object): an
// EventHandle<T> with counter 0 on the object's next GUID.
func objNewEventHandle(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := signerAddress(args[0])
	num, err := nextObjectGUID(c, a)
	if err != nil {
		return nil, err
	}
	g, err := guidValue(c, num, a)
	if err != nil {
		return nil, err
	}
	tag, err := native.TypeTagCharged(c.NativeContext, targs[0])
	if err != nil {
		return nil, err
	}
	ht, err := typeOf(c, ledgerapi.StructTag{Address: addr, Module: "event", Name: "EventHandle", TypeArgs: []ledgerapi.TypeTag{tag}})
	if err != nil {
		return nil, err
	}
	h, err := c.Struct(ht, movevm.U64(0), g)
	return []movevm.Value{h}, err
}

// extendRefValue is the ExtendRef of a.
func extendRefValue(c *native.Context, a ledgerapi.Address) ([]movevm.Value, error) {
	t, err := typeOf(c, tag1("object", "ExtendRef"))
	if err != nil {
		return nil, err
	}
	v, err := c.Struct(t, movevm.Address(a))
	return []movevm.Value{v}, err
}

// createUniqueOnchainSigner is create_unique_onchain_signer(): an
// ExtendRef of a fresh transaction-unique address, with no object there.
func createUniqueOnchainSigner(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	return extendRefValue(c, NextAUID(c.Host().States(), c.Host().Txn().Hash))
}

// createNamedOnchainSigner is create_named_onchain_signer(creator, name,
// owned_by_creator): a named object whose ExtendRef is returned; unless
// owned_by_creator, the object is made its own owner (a transfer to
// itself, announced with Transfer).
func createNamedOnchainSigner(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	creator, seed := signerAddress(args[0]), args[1].Bytes()
	if err := native.ChargeRead(c.NativeContext, len(seed)); err != nil {
		return nil, err
	}
	a := crypto.ObjectAddressFromSeed(creator, seed)
	if err := CreateObject(hostOf(c), a, creator); err != nil {
		return nil, err
	}
	if !args[2].AsBool() {
		if err := TransferWithRef(hostOf(c), a, creator, a); err != nil {
			return nil, err
		}
	}
	return extendRefValue(c, a)
}

// generateDeriveRef is generate_derive_ref(&ConstructorRef).
var generateDeriveRef = refOf("DeriveRef", false)

// objExistsAt is the native exists_at<T>(address).
func objExistsAt(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := c.Exists(args[0].AsAddress(), targs[0])
	return []movevm.Value{movevm.Bool(ok)}, err
}

// objectExists is object_exists<T>(address): an ObjectCore and a T there.
func objectExists(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := args[0].AsAddress()
	_, ok, err := hostOf(c).Resource(a, ObjectCoreTag)
	if err == nil && ok {
		ok, err = c.Exists(a, targs[0])
	}
	return []movevm.Value{movevm.Bool(ok)}, err
}

// convert is convert<X, Y>(Object<X>): address_to_object<Y> of its address.
func convert(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return objectAt(c, targs[1:], []movevm.Value{movevm.Address(refAddress(args[0]))})
}

// objectFromDeleteRef is object_from_delete_ref<T>(&DeleteRef).
func objectFromDeleteRef(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return objectAt(c, targs, []movevm.Value{movevm.Address(refAddress(args[0]))})
}

// NewObjectRef is object::create_object_internal for other modules: it
// creates the object at a owned by owner (EOBJECT_EXISTS when one is
// there) and returns its ConstructorRef, deletable when canDelete.
func NewObjectRef(c *native.Context, a, owner ledgerapi.Address, canDelete bool) (movevm.Value, error) {
	v, err := newObject(c, a, owner, canDelete)
	if err != nil {
		return movevm.Value{}, err
	}
	return v[0], nil
}

// ObjectValueOf is the Object<T> of the object at a, for the type tag of T.
func ObjectValueOf(c *native.Context, t ledgerapi.TypeTag, a ledgerapi.Address) (movevm.Value, error) {
	ot, err := typeOf(c, ledgerapi.StructTag{Address: addr, Module: "object", Name: "Object", TypeArgs: []ledgerapi.TypeTag{t}})
	if err != nil {
		return movevm.Value{}, err
	}
	return movevm.NewStruct(ot, []movevm.Value{movevm.Address(a)}), nil
}
