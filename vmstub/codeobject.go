package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/native"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

// 0x1::object_code_deployment publishes packages to objects: publish
// creates a named object owned by the publisher, at an address derived
// from the publisher and its next sequence number, and publishes the
// package there (the modules' address is the object's); upgrade publishes
// a new version of it, by the object's owner; freeze_code_object makes its
// packages immutable.

var (
	objectCodeModule = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "object_code_deployment"}
	managingRefsTag  = tag1("object_code_deployment", "ManagingRefs")
	codePublishType  = ledgerapi.StructType(tag1("object_code_deployment", "Publish"))
	codeUpgradeType  = ledgerapi.StructType(tag1("object_code_deployment", "Upgrade"))
	codeFreezeType   = ledgerapi.StructType(tag1("object_code_deployment", "Freeze"))
)

// Abort reasons of 0x1::object_code_deployment.
const (
	eNotCodeObjectOwner      = 2
	eCodeObjectDoesNotExist  = 3
	objectCodeDomainSeparate = "aptos_framework::object_code_deployment"
)

func objectCodeModuleDef() Module {
	registryObject := "0x1::object::Object<0x1::code::PackageRegistry>"
	return mod1("object_code_deployment", []Struct{
		sGroup("ManagingRefs", "extend_ref: 0x1::object::ExtendRef"),
		sEvent("Publish", "object_address: address"),
		sEvent("Upgrade", "object_address: address"),
		sEvent("Freeze", "object_address: address"),
	}, []Function{
		entry("publish", []string{"&signer", "vector<u8>", "vector<vector<u8>>"}, nativeObjectCodePublish),
		entry("upgrade", []string{"&signer", "vector<u8>", "vector<vector<u8>>", registryObject}, nativeObjectCodeUpgrade),
		entry("freeze_code_object", []string{"&signer", registryObject}, nativeFreezeCodeObject),
	},
		AbortReason{Reason: 1, Name: "EOBJECT_CODE_DEPLOYMENT_NOT_SUPPORTED", Description: "Object code deployment feature not supported."},
		AbortReason{Reason: eNotCodeObjectOwner, Name: "ENOT_CODE_OBJECT_OWNER", Description: "Not the owner of the `code_object`"},
		AbortReason{Reason: eCodeObjectDoesNotExist, Name: "ECODE_OBJECT_DOES_NOT_EXIST", Description: "`code_object` does not exist."},
	)
}

// CodeObjectAddress returns the address object_code_deployment::publish
// gives the package publisher sends in the transaction with sequence
// number seq: the named object with seed bcs(b"aptos_framework::
// object_code_deployment") ‖ bcs(seq + 1).
func CodeObjectAddress(publisher ledgerapi.Address, seq uint64) ledgerapi.Address {
	e := bcs.NewEncoder(64)
	e.WriteBytes([]byte(objectCodeDomainSeparate))
	e.U64(seq + 1)
	return crypto.ObjectAddressFromSeed(publisher, e.Bytes())
}

// publishPackageArgs reads the metadata and code arguments at i and i+1.
func publishPackageArgs(c *Call, i int) ([]byte, [][]byte, error) {
	d := c.Arg(i + 1)
	n := d.SeqLen("code", 1)
	code := make([][]byte, 0, n)
	for range n {
		code = append(code, d.ReadBytes("module"))
	}
	if err := d.Finish(); err != nil {
		return nil, nil, fail(onchain.FAILED_TO_DESERIALIZE_ARGUMENT)
	}
	return c.ArgBytes(i), code, nil
}

// nativeObjectCodePublish is object_code_deployment::publish(publisher:
// &signer, metadata_serialized: vector<u8>, code: vector<vector<u8>>).
func nativeObjectCodePublish(c *Call) ([][]byte, error) {
	meta, code, err := publishPackageArgs(c, 0)
	if err != nil {
		return nil, err
	}
	publisher := c.Signers[0]
	var seq uint64
	if acc, ok, err := c.account(publisher); err != nil {
		return nil, err
	} else if ok {
		seq = acc.SequenceNumber
	}
	obj := CodeObjectAddress(publisher, seq)
	if _, exists, err := c.object(obj); err != nil {
		return nil, err
	} else if exists {
		return nil, objectAbort(CategoryAlreadyExists, 1)
	}
	if err := c.putResource(obj, objectCoreTag, newObjectCore(obj, publisher, true)); err != nil {
		return nil, err
	}
	if err := c.requestPublish(native.PublishRequest{Publisher: obj, Metadata: meta, Code: code}); err != nil {
		return nil, err
	}
	c.Emit(codePublishType, AddressValue(obj))
	return nil, c.SetResource(obj, managingRefsTag, AddressValue(obj)) // ManagingRefs{ExtendRef{self: obj}}
}

// codeObject checks that publisher owns the code object obj (ObjectCore
// owner, not transitively) and that it was deployed by this module.
func (c *Call) codeObject(publisher, obj ledgerapi.Address) error {
	core, ok, err := c.object(obj)
	if err != nil {
		return err
	}
	if !ok || core.Owner != publisher {
		return &Abort{Module: objectCodeModule, Code: AbortCode(CategoryPermissionDenied, eNotCodeObjectOwner)}
	}
	if _, ok, err := c.Resource(obj, managingRefsTag); err != nil || !ok {
		return firstErr(err, &Abort{Module: objectCodeModule, Code: AbortCode(CategoryNotFound, eCodeObjectDoesNotExist)})
	}
	return nil
}

// nativeObjectCodeUpgrade is object_code_deployment::upgrade(publisher,
// metadata_serialized, code, code_object).
func nativeObjectCodeUpgrade(c *Call) ([][]byte, error) {
	meta, code, err := publishPackageArgs(c, 0)
	if err != nil {
		return nil, err
	}
	obj := c.ArgAddress(2)
	if err := c.codeObject(c.Signers[0], obj); err != nil {
		return nil, err
	}
	if err := c.requestPublish(native.PublishRequest{Publisher: obj, Metadata: meta, Code: code}); err != nil {
		return nil, err
	}
	c.Emit(codeUpgradeType, AddressValue(obj))
	return nil, nil
}

// nativeFreezeCodeObject is object_code_deployment::freeze_code_object
// (publisher, code_object), which calls code::freeze_code_object: the
// object must hold a PackageRegistry (ECODE_OBJECT_DOES_NOT_EXIST) and be
// the publisher's (ENOT_PACKAGE_OWNER), both aborts of 0x1::code; its
// packages become immutable and Freeze is emitted.
func nativeFreezeCodeObject(c *Call) ([][]byte, error) {
	obj := c.ArgAddress(0)
	b, ok, err := c.Resource(obj, packageRegistryTag)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &Abort{Module: publish.CodeModule, Code: AbortCode(CategoryNotFound, publish.ECodeObjectDoesNotExist)}
	}
	if core, ok, err := c.object(obj); err != nil {
		return nil, err
	} else if !ok || core.Owner != c.Signers[0] {
		return nil, &Abort{Module: publish.CodeModule, Code: AbortCode(CategoryPermissionDenied, publish.ENotPackageOwner)}
	}
	reg, err := onchain.DecodePackageRegistry(b)
	if err != nil {
		return nil, err
	}
	for i := range reg.Packages {
		reg.Packages[i].UpgradePolicy = onchain.UpgradeImmutable
	}
	if err := c.SetResource(obj, packageRegistryTag, reg.Encode()); err != nil {
		return nil, err
	}
	c.Emit(codeFreezeType, AddressValue(obj))
	return nil, nil
}
