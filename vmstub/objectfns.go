package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// The 0x1::object functions Move code calls to make and use objects, and
// 0x1::transaction_context. Objects are created as Aptos creates them: an
// ObjectCore owned by the creator at an address derived from a
// transaction-unique id (create_object, create_sticky_object) or from the
// creator and a seed (create_named_object); the refs are plain values
// holding the object's address.

const (
	eObjectExists = 1
	eCannotDelete = 5
)

const (
	tConstructorRef = "0x1::object::ConstructorRef"
	tObjectT0       = "0x1::object::Object<T0>"
)

// objectFunctions are the object module's functions for Move code.
func objectFunctions() []Function {
	ref := "&" + tConstructorRef
	return []Function{
		pub("create_object", []string{"address"}, []string{tConstructorRef}, nativeCreateObject(true)),
		pub("create_sticky_object", []string{"address"}, []string{tConstructorRef}, nativeCreateObject(false)),
		pub("create_named_object", []string{"&signer", "vector<u8>"}, []string{tConstructorRef}, nativeCreateNamedObject),
		pub("create_object_address", []string{"&address", "vector<u8>"}, []string{"address"}, func(c *Call) ([][]byte, error) {
			return one(AddressValue(crypto.ObjectAddressFromSeed(c.ArgAddress(0), c.ArgBytes(1))))
		}),
		{Name: "generate_signer", Params: []string{ref}, Return: []string{"signer"}, MoveNative: nativeSignerFromRef},
		{Name: "generate_signer_for_extending", Params: []string{"&0x1::object::ExtendRef"}, Return: []string{"signer"}, MoveNative: nativeSignerFromRef},
		pub("generate_extend_ref", []string{ref}, []string{"0x1::object::ExtendRef"}, refAddress),
		pub("generate_transfer_ref", []string{ref}, []string{"0x1::object::TransferRef"}, refAddress),
		pub("generate_delete_ref", []string{ref}, []string{"0x1::object::DeleteRef"}, func(c *Call) ([][]byte, error) {
			if c.Args[0][32] == 0 {
				return nil, objectAbort(CategoryPermissionDenied, eCannotDelete)
			}
			return refAddress(c)
		}),
		pub("can_generate_delete_ref", []string{ref}, []string{"bool"}, func(c *Call) ([][]byte, error) { return one(BoolValue(c.Args[0][32] == 1)) }),
		pub("address_from_constructor_ref", []string{ref}, []string{"address"}, refAddress),
		pub("address_from_extend_ref", []string{"&0x1::object::ExtendRef"}, []string{"address"}, refAddress),
		pub("address_from_delete_ref", []string{"&0x1::object::DeleteRef"}, []string{"address"}, refAddress),
		generic(Function{Name: "object_from_constructor_ref", Params: []string{ref}, Return: []string{tObjectT0}, MoveNative: nativeObjectAt}, keyParam),
		generic(Function{Name: "address_to_object", Params: []string{"address"}, Return: []string{tObjectT0}, MoveNative: nativeObjectAt}, keyParam),
		generic(pub("object_address", []string{"&" + tObjectT0}, []string{"address"}, refAddress), keyParam),
		pub("is_object", []string{"address"}, []string{"bool"}, func(c *Call) ([][]byte, error) {
			_, ok, err := c.Resource(c.ArgAddress(0), objectCoreTag)
			return [][]byte{BoolValue(ok)}, err
		}),
		generic(pub("owner", []string{tObjectT0}, []string{"address"}, func(c *Call) ([][]byte, error) {
			core, ok, err := c.object(c.ArgAddress(0))
			if err != nil || !ok {
				return nil, firstErr(err, objectAbort(CategoryNotFound, eObjectDoesNotExist))
			}
			return one(AddressValue(core.Owner))
		}), keyParam),
		generic(pub("is_owner", []string{tObjectT0, "address"}, []string{"bool"}, func(c *Call) ([][]byte, error) {
			core, ok, err := c.object(c.ArgAddress(0))
			if err != nil || !ok {
				return nil, firstErr(err, objectAbort(CategoryNotFound, eObjectDoesNotExist))
			}
			return one(BoolValue(core.Owner == c.ArgAddress(1)))
		}), keyParam),
		pub("disable_ungated_transfer", []string{"&0x1::object::TransferRef"}, nil, setUngated(false)),
		pub("enable_ungated_transfer", []string{"&0x1::object::TransferRef"}, nil, setUngated(true)),
		pub("delete", []string{"0x1::object::DeleteRef"}, nil, func(c *Call) ([][]byte, error) {
			return nil, c.DeleteResource(c.ArgAddress(0), objectCoreTag)
		}),
	}
}

// objectRefStructs are the refs objects are handled by.
func objectRefStructs() []Struct {
	return []Struct{
		sPlain("ConstructorRef", []string{AbilityDrop}, "self: address", "can_delete: bool"),
		sPlain("DeleteRef", abDropStore, "self: address"),
		sPlain("ExtendRef", abDropStore, "self: address"),
		sPlain("TransferRef", abDropStore, "self: address"),
		sPlain("LinearTransferRef", []string{AbilityDrop}, "self: address", "owner: address"),
	}
}

// refAddress returns the address a ref (or Object) starts with.
func refAddress(c *Call) ([][]byte, error) { return one(append([]byte(nil), c.Args[0][:32]...)) }

// nativeCreateObject is object::create_object (deletable) or
// object::create_sticky_object: a new object at a transaction-unique
// address, owned by the given address.
func nativeCreateObject(canDelete bool) func(*Call) ([][]byte, error) {
	return func(c *Call) ([][]byte, error) {
		addr := c.newAUID()
		return c.createObject(addr, c.ArgAddress(0), canDelete)
	}
}

// nativeCreateNamedObject is object::create_named_object(creator, seed).
func nativeCreateNamedObject(c *Call) ([][]byte, error) {
	return c.createObject(crypto.ObjectAddressFromSeed(c.Signers[0], c.ArgBytes(0)), c.Signers[0], false)
}

// createObject writes a new ObjectCore at addr and returns its
// ConstructorRef.
func (s *Session) createObject(addr, owner ledgerapi.Address, canDelete bool) ([][]byte, error) {
	if _, exists, err := s.object(addr); err != nil || exists {
		return nil, firstErr(err, objectAbort(CategoryAlreadyExists, eObjectExists))
	}
	if err := s.putResource(addr, objectCoreTag, newObjectCore(addr, owner, true)); err != nil {
		return nil, err
	}
	return one(append(AddressValue(addr), BoolValue(canDelete)...))
}

// setUngated is object::enable/disable_ungated_transfer.
func setUngated(allow bool) func(*Call) ([][]byte, error) {
	return func(c *Call) ([][]byte, error) {
		addr := c.ArgAddress(0)
		core, ok, err := c.object(addr)
		if err != nil || !ok {
			return nil, firstErr(err, objectAbort(CategoryNotFound, eObjectDoesNotExist))
		}
		core.AllowUngatedTransfer = allow
		return nil, c.putResource(addr, objectCoreTag, core)
	}
}

// nativeSignerFromRef is generate_signer and
// generate_signer_for_extending: the signer of the ref's object.
func nativeSignerFromRef(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, _ := args[0].Deref()
	return []movevm.Value{movevm.Signer(r.Elem(0).AsAddress())}, nil
}

// nativeObjectAt is object_from_constructor_ref<T> and address_to_object<T>:
// an Object<T> for an object that exists and holds a T.
func nativeObjectAt(ctx *movevm.NativeContext, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	host := ctx.Host().(*moveHost)
	addr := args[0].AsAddress()                // address_to_object
	if args[0].Type().Kind == movevm.KindRef { // object_from_constructor_ref
		r, _ := args[0].Deref()
		addr = r.Elem(0).AsAddress()
	}
	if _, ok, err := host.s.object(addr); err != nil {
		return nil, host.fromNative(err)
	} else if !ok {
		return nil, &movevm.NativeAbort{Code: AbortCode(CategoryNotFound, eObjectDoesNotExist)}
	}
	if ok, err := ctx.Exists(addr, targs[0]); err != nil || !ok {
		return nil, firstErr(err, &movevm.NativeAbort{Code: AbortCode(CategoryNotFound, eResourceDoesNotExist)})
	}
	tag, err := typeTagCharged(ctx, targs[0])
	if err != nil {
		return nil, err
	}
	t, err := ctx.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "object", Name: "Object", TypeArgs: []ledgerapi.TypeTag{tag}}))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{movevm.Address(addr)})}, nil
}

// newAUID returns the next transaction-unique address, numbered by
// 0x1::transaction_context's per-session counter.
func (s *Session) newAUID() ledgerapi.Address {
	return aptosframework.NextAUID(&s.states, s.txnHash())
}
