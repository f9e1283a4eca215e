package aptosframework

// 0x1::object, burning: an owner marks an object it owns directly as burnt
// with a TombStone keeping the original owner (burn), which the owner, or
// the original owner of an object the old burn moved to BURN_ADDRESS,
// removes again (unburn); is_burnt.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// burnAddress is BURN_ADDRESS (0xff…ff), where the old burn moved objects.
var burnAddress = func() (a ledgerapi.Address) {
	for i := range a {
		a[i] = 0xff
	}
	return a
}()

// isBurnt is the view is_burnt<T>(Object<T>).
func isBurnt(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, ok, err := hostOf(c).Resource(refAddress(args[0]), tombStoneTag)
	return []movevm.Value{movevm.Bool(ok)}, err
}

// burn is the entry burn<T>(owner, object): the signer must own the object
// directly (ENOT_OBJECT_OWNER; EOBJECT_DOES_NOT_EXIST without an object);
// an object burnt already aborts with the bare code EOBJECT_ALREADY_BURNT,
// as Aptos raises it without a category.
func burn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	signer, a := signerAddress(args[0]), refAddress(args[1])
	core, err := mustReadObjectIn(c, a)
	if err != nil {
		return nil, err
	}
	if core.Owner != signer {
		return nil, c.Abort(native.Code(native.PermissionDenied, eNotObjectOwner))
	}
	if _, ok, err := hostOf(c).Resource(a, tombStoneTag); err != nil {
		return nil, err
	} else if ok {
		return nil, c.Abort(eObjectAlreadyBurnt)
	}
	return nil, hostOf(c).SetResource(a, tombStoneTag, signer[:])
}

// unburn is the entry unburn<T>(original_owner, object): the object must
// be burnt (EOBJECT_NOT_BURNT); its owner removes the TombStone; an object
// at BURN_ADDRESS goes back to the original owner recorded in it (a
// Transfer); anyone else aborts with ENOT_OBJECT_OWNER.
func unburn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, unburnObject(hostOf(c), signerAddress(args[0]), refAddress(args[1]))
}

// unburnObject is unburn for any caller: its aborts are located in
// 0x1::object.
func unburnObject(h native.Host, signer, a ledgerapi.Address) error {
	tomb, ok, err := h.Resource(a, tombStoneTag)
	if err != nil {
		return err
	}
	if !ok {
		return abortIn("object", native.InvalidArgument, eObjectNotBurnt)
	}
	core, err := mustReadObject(h, a)
	if err != nil {
		return err
	}
	switch {
	case core.Owner == signer:
		return h.DeleteResource(a, tombStoneTag)
	case core.Owner == burnAddress:
		var original ledgerapi.Address
		copy(original[:], tomb)
		if original != signer {
			return abortIn("object", native.PermissionDenied, eNotObjectOwner)
		}
		if err := h.DeleteResource(a, tombStoneTag); err != nil {
			return err
		}
		emitTransfer(h, a, core.Owner, original)
		core.Owner = original
		return putResource(h, a, ObjectCoreTag, core)
	default:
		return abortIn("object", native.PermissionDenied, eNotObjectOwner)
	}
}
