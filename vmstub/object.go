package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// 0x1::object: the ObjectCore layout and ungated ownership transfers.

// Abort reasons of 0x1::object raised by transfers.
const (
	eNoUngatedTransfers = 3
	eNotObjectOwner     = 4
	eMaximumNesting     = 6
)

// maxObjectNesting is MAXIMUM_OBJECT_NESTING: a transfer walks at most this
// many owners (the object's own owner excluded) up to the signer.
const maxObjectNesting = 8

var transferEventType = ledgerapi.StructType(tag1("object", "Transfer"))

func objectModuleDef() Module {
	return mod1("object", append([]Struct{
		sGroup("ObjectCore", "guid_creation_num: u64", "owner: address", "allow_ungated_transfer: bool",
			"transfer_events: "+tEventHandle+"0x1::object::TransferEvent>"),
		sPlain("ObjectGroup", nil, "dummy_field: bool"),
		sGeneric(sPlain("Object", abAll3, "inner: address"), phantom),
		sPlain("TransferEvent", abDropStore, "object: address", "from: address", "to: address"),
		sEvent("Transfer", "object: address", "from: address", "to: address"),
		sPlain("DeriveRef", abDropStore, "self: address"),
	}, objectRefStructs()...), append([]Function{
		entry("transfer_call", []string{"&signer", "address", "address"}, nativeObjectTransferCall),
		generic(entry("transfer", []string{"&signer", "0x1::object::Object<T0>", "address"}, nativeObjectTransfer), keyParam),
	}, objectFunctions()...),
		AbortReason{Reason: 1, Name: "EOBJECT_EXISTS", Description: "An object already exists at this address"},
		AbortReason{Reason: eObjectDoesNotExist, Name: "EOBJECT_DOES_NOT_EXIST", Description: "An object does not exist at this address"},
		AbortReason{Reason: eNoUngatedTransfers, Name: "ENO_UNGATED_TRANSFERS", Description: "The object does not have ungated transfers enabled"},
		AbortReason{Reason: eNotObjectOwner, Name: "ENOT_OBJECT_OWNER", Description: "The caller does not have ownership permissions"},
		AbortReason{Reason: 5, Name: "ECANNOT_DELETE", Description: "The object does not allow for deletion"},
		AbortReason{Reason: eMaximumNesting, Name: "EMAXIMUM_NESTING", Description: "Exceeds maximum nesting for an object transfer."},
		AbortReason{Reason: eResourceDoesNotExist, Name: "ERESOURCE_DOES_NOT_EXIST", Description: "The resource is not stored at the specified address."},
	)
}

func objectAbort(category, reason uint64) error {
	return &Abort{Module: objectModule, Code: AbortCode(category, reason)}
}

// nativeObjectTransferCall is object::transfer_call(owner, object, to).
func nativeObjectTransferCall(c *Call) ([][]byte, error) {
	return nil, c.TransferObject(c.Signers[0], c.ArgAddress(0), c.ArgAddress(1))
}

// nativeObjectTransfer is object::transfer<T>(owner, object, to); the
// Object<T> argument was checked to name an object holding T.
func nativeObjectTransfer(c *Call) ([][]byte, error) {
	return nil, c.TransferObject(c.Signers[0], c.ArgAddress(0), c.ArgAddress(1))
}

// object reads the ObjectCore at addr.
func (s *Session) object(addr ledgerapi.Address) (*objectCore, bool, error) {
	var o objectCore
	ok, err := readResource(s, addr, objectCoreTag, &o)
	return &o, ok, err
}

// TransferObject is object::transfer_raw: signer moves the object at obj
// to the address to. As Aptos checks, in order: an ObjectCore exists at obj
// (EOBJECT_DOES_NOT_EXIST) and allows ungated transfers
// (ENO_UNGATED_TRANSFERS); then its owners are walked up to signer, each of
// them an object (else ENOT_OBJECT_OWNER) allowing ungated transfers, at
// most 7 of them (EMAXIMUM_NESTING on the 8th). A new owner is written
// and announced with the module event 0x1::object::Transfer {object, from,
// to} (the transfer_events handle is left as it is); a transfer to the
// current owner changes nothing and emits nothing.
func (s *Session) TransferObject(signer, obj, to ledgerapi.Address) error {
	core, ok, err := s.object(obj)
	if err != nil {
		return err
	}
	if !ok {
		return objectAbort(CategoryNotFound, eObjectDoesNotExist)
	}
	if !core.AllowUngatedTransfer {
		return objectAbort(CategoryPermissionDenied, eNoUngatedTransfers)
	}
	current := core.Owner
	for count := 0; current != signer; {
		count++
		if count >= maxObjectNesting {
			return objectAbort(CategoryOutOfRange, eMaximumNesting)
		}
		parent, ok, err := s.object(current)
		if err != nil {
			return err
		}
		if !ok {
			return objectAbort(CategoryPermissionDenied, eNotObjectOwner)
		}
		if !parent.AllowUngatedTransfer {
			return objectAbort(CategoryPermissionDenied, eNoUngatedTransfers)
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
	s.Emit(transferEventType, e.Bytes())
	core.Owner = to
	return s.putResource(obj, objectCoreTag, core)
}
