package aptosframework

// 0x1::object, transfers beyond object.go: untransferable objects
// (set_untransferable, is_untransferable, the Untransferable marker that
// every TransferRef path checks), one-time transfers with a
// LinearTransferRef (generate_linear_transfer_ref, transfer_with_ref,
// transfer_with_constructor_ref), transfer_raw and transfer_to_object, and
// the ownership accessors ungated_transfer_allowed, owns and root_owner.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::object added with burning and untransferable
// objects.
const (
	eObjectNotBurnt         = 8
	eObjectNotTransferrable = 9
	eObjectAlreadyBurnt     = 10
)

var (
	objUntransferableTag = tag1("object", "Untransferable")
	tombStoneTag         = tag1("object", "TombStone")
)

// emitTransfer records the Transfer module event {object, from, to}.
func emitTransfer(h native.Host, obj, from, to ledgerapi.Address) {
	e := bcs.NewEncoder(96)
	e.Fixed(obj[:])
	e.Fixed(from[:])
	e.Fixed(to[:])
	h.EmitBCS(transferEventType, e.Bytes())
}

// IsUntransferable reports whether the object at a carries Untransferable.
func IsUntransferable(h native.Host, a ledgerapi.Address) (bool, error) {
	_, ok, err := h.Resource(a, objUntransferableTag)
	return ok, err
}

// checkTransferable aborts with EOBJECT_NOT_TRANSFERRABLE (in 0x1::object)
// when the object at a is untransferable.
func checkTransferable(h native.Host, a ledgerapi.Address) error {
	if ok, err := IsUntransferable(h, a); err != nil {
		return err
	} else if ok {
		return abortIn("object", native.PermissionDenied, eObjectNotTransferrable)
	}
	return nil
}

// mustReadObject reads the ObjectCore at a, aborting in 0x1::object with
// EOBJECT_DOES_NOT_EXIST when there is none.
func mustReadObject(h native.Host, a ledgerapi.Address) (*onchain.ObjectCore, error) {
	core, ok, err := readObject(h, a)
	if err == nil && !ok {
		err = abortIn("object", native.NotFound, eObjectDoesNotExist)
	}
	return core, err
}

// SetUngatedTransfer is object::enable_ungated_transfer (allow, aborting
// with EOBJECT_NOT_TRANSFERRABLE for an untransferable object) and
// disable_ungated_transfer on the object at a.
func SetUngatedTransfer(h native.Host, a ledgerapi.Address, allow bool) error {
	if allow {
		if err := checkTransferable(h, a); err != nil {
			return err
		}
	}
	core, err := mustReadObject(h, a)
	if err != nil {
		return err
	}
	core.AllowUngatedTransfer = allow
	return putResource(h, a, ObjectCoreTag, core)
}

// SetUntransferable is object::set_untransferable: ungated transfers off
// and the Untransferable marker moved to the object at a.
func SetUntransferable(h native.Host, a ledgerapi.Address) error {
	if err := SetUngatedTransfer(h, a, false); err != nil {
		return err
	}
	if _, ok, err := h.Resource(a, objUntransferableTag); err != nil {
		return err
	} else if ok {
		return &movevm.Error{Status: onchain.RESOURCE_ALREADY_EXISTS, Message: "Untransferable already exists"}
	}
	return h.SetResource(a, objUntransferableTag, []byte{0})
}

// DeleteObject is object::delete: the ObjectCore at a goes, and its
// Untransferable marker with it.
func DeleteObject(h native.Host, a ledgerapi.Address) error {
	if err := h.DeleteResource(a, ObjectCoreTag); err != nil {
		return err
	}
	if ok, err := IsUntransferable(h, a); err != nil || !ok {
		return err
	}
	return h.DeleteResource(a, objUntransferableTag)
}

// TransferWithRef is object::transfer_with_ref with a LinearTransferRef of
// the object at obj generated when its owner was owner: the object must be
// transferable (EOBJECT_NOT_TRANSFERRABLE); a TombStone goes; the owner
// must not have changed (ENOT_OBJECT_OWNER); the transfer is announced
// with Transfer, even to the same owner.
func TransferWithRef(h native.Host, obj, owner, to ledgerapi.Address) error {
	if err := checkTransferable(h, obj); err != nil {
		return err
	}
	if _, ok, err := h.Resource(obj, tombStoneTag); err != nil {
		return err
	} else if ok {
		if err := h.DeleteResource(obj, tombStoneTag); err != nil {
			return err
		}
	}
	core, err := mustReadObject(h, obj)
	if err != nil {
		return err
	}
	if core.Owner != owner {
		return abortIn("object", native.PermissionDenied, eNotObjectOwner)
	}
	emitTransfer(h, obj, core.Owner, to)
	core.Owner = to
	return putResource(h, obj, ObjectCoreTag, core)
}

// generateTransferRef is generate_transfer_ref(&ConstructorRef), refused
// for an untransferable object.
func generateTransferRef(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := checkTransferable(hostOf(c), refAddress(args[0])); err != nil {
		return nil, err
	}
	return refOf("TransferRef", false)(c, targs, args)
}

// setUngatedRef is enable/disable_ungated_transfer(&TransferRef).
func setUngatedRef(allow bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		return nil, SetUngatedTransfer(hostOf(c), refAddress(args[0]), allow)
	}
}

// deleteObjectRef is delete(DeleteRef).
func deleteObjectRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, DeleteObject(hostOf(c), refAddress(args[0]))
}

// setUntransferable is set_untransferable(&ConstructorRef).
func setUntransferable(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, SetUntransferable(hostOf(c), refAddress(args[0]))
}

// isUntransferable is the view is_untransferable<T>(Object<T>).
func isUntransferable(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := IsUntransferable(hostOf(c), refAddress(args[0]))
	return []movevm.Value{movevm.Bool(ok)}, err
}

// generateLinearTransferRef is generate_linear_transfer_ref(&TransferRef):
// bound to the object's owner now.
func generateLinearTransferRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := refAddress(args[0])
	if err := checkTransferable(hostOf(c), a); err != nil {
		return nil, err
	}
	core, err := mustReadObject(hostOf(c), a)
	if err != nil {
		return nil, err
	}
	t, err := typeOf(c, tag1("object", "LinearTransferRef"))
	if err != nil {
		return nil, err
	}
	v, err := c.Struct(t, movevm.Address(a), movevm.Address(core.Owner))
	return []movevm.Value{v}, err
}

// transferWithRef is transfer_with_ref(LinearTransferRef, to).
func transferWithRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ref := args[0]
	return nil, TransferWithRef(hostOf(c), ref.Elem(0).AsAddress(), ref.Elem(1).AsAddress(), args[1].AsAddress())
}

// transferWithConstructorRef is transfer_with_constructor_ref(&ConstructorRef,
// to): a TransferRef, a LinearTransferRef and the transfer at once.
func transferWithConstructorRef(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := refAddress(args[0])
	if err := checkTransferable(hostOf(c), a); err != nil {
		return nil, err
	}
	core, err := mustReadObject(hostOf(c), a)
	if err != nil {
		return nil, err
	}
	return nil, TransferWithRef(hostOf(c), a, core.Owner, args[1].AsAddress())
}

// transferToObject is the entry transfer_to_object<O, T>(owner, object, to).
func transferToObject(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, transferObject(c, signerAddress(args[0]), refAddress(args[1]), refAddress(args[2]))
}

// ungatedTransferAllowed is ungated_transfer_allowed<T>(Object<T>).
func ungatedTransferAllowed(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	core, ok, err := readObject(hostOf(c), refAddress(args[0]))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, c.Abort(native.Code(native.NotFound, eObjectDoesNotExist))
	}
	return []movevm.Value{movevm.Bool(core.AllowUngatedTransfer)}, nil
}

// owns is the view owns<T>(object, owner): whether owner owns the object
// directly or through at most 7 objects (EMAXIMUM_NESTING beyond); an
// object owns itself (before its existence is checked, as on Aptos).
func owns(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := objectOwns(c, refAddress(args[0]), args[1].AsAddress())
	return []movevm.Value{movevm.Bool(ok)}, err
}

// objectOwns is object::owns(object at a, want), aborting in 0x1::object
// (whoever calls it) with EOBJECT_DOES_NOT_EXIST when a is no object and
// with EMAXIMUM_NESTING past the nesting limit.
func objectOwns(c *native.Context, a, want ledgerapi.Address) (bool, error) {
	if a == want {
		return true, nil
	}
	core, err := mustReadObject(hostOf(c), a)
	if err != nil {
		return false, err
	}
	current := core.Owner
	for count := 0; current != want; {
		count++
		if count >= maxObjectNesting {
			return false, abortIn("object", native.OutOfRange, eMaximumNesting)
		}
		if err := c.ChargeElems(native.SerializeCost); err != nil {
			return false, err
		}
		parent, ok, err := readObject(hostOf(c), current)
		if err != nil || !ok {
			return false, err
		}
		current = parent.Owner
	}
	return true, nil
}

// rootOwner is the view root_owner<T>(object): the first owner up the
// chain that is not an object. The walk is bounded by gas, as Aptos's
// loop is.
func rootOwner(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	core, err := mustReadObjectIn(c, refAddress(args[0]))
	if err != nil {
		return nil, err
	}
	current := core.Owner
	for {
		if err := c.ChargeElems(native.SerializeCost); err != nil {
			return nil, err
		}
		parent, ok, err := readObject(hostOf(c), current)
		if err != nil {
			return nil, err
		}
		if !ok {
			return []movevm.Value{movevm.Address(current)}, nil
		}
		current = parent.Owner
	}
}

// mustReadObjectIn is mustReadObject aborting in the calling Func's module.
func mustReadObjectIn(c *native.Context, a ledgerapi.Address) (*onchain.ObjectCore, error) {
	core, ok, err := readObject(hostOf(c), a)
	if err == nil && !ok {
		err = c.Abort(native.Code(native.NotFound, eObjectDoesNotExist))
	}
	return core, err
}
