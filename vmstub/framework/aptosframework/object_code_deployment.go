package aptosframework

// 0x1::object_code_deployment: packages published to objects. publish
// creates a named object owned by the publisher, at an address derived
// from the publisher and its next sequence number (CodeObjectAddress), and
// requests the publication of the package there (the modules' address is
// the object's); upgrade requests a new version of it, by the object's
// owner; freeze_code_object makes its packages immutable. publish's check
// of the object_code_deployment flag always passes, as Aptos's
// features::is_object_code_deployment_enabled answers true whatever the
// bitset holds (EOBJECT_CODE_DEPLOYMENT_NOT_SUPPORTED is never raised).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::object_code_deployment.
const (
	eObjectCodeDeploymentNotSupported = 1
	eNotCodeObjectOwner               = 2
	eCodeObjectDoesNotExist           = 3
)

// codeObjectSeparator is the domain separator of code objects' seeds.
const codeObjectSeparator = "aptos_framework::object_code_deployment"

var (
	managingRefsTag   = tag1("object_code_deployment", "ManagingRefs")
	codePublishType   = ledgerapi.StructType(tag1("object_code_deployment", "Publish"))
	codeUpgradeType   = ledgerapi.StructType(tag1("object_code_deployment", "Upgrade"))
	codeFreezeType    = ledgerapi.StructType(tag1("object_code_deployment", "Freeze"))
	codeAccountTag    = tag1("account", "Account")
	codeRegistryParam = "0x1::object::Object<0x1::code::PackageRegistry>"
)

// ObjectCodeDeployment declares 0x1::object_code_deployment.
func ObjectCodeDeployment() native.Module {
	event := func(name string) native.Struct {
		return native.Struct{Name: name, Abilities: []string{native.AbilityDrop, native.AbilityStore}, IsEvent: true, Fields: []string{"object_address: address"}}
	}
	pkg := []string{"&signer", "vector<u8>", "vector<vector<u8>>"}
	return native.Module{Address: addr, Name: "object_code_deployment",
		Structs: []native.Struct{
			{Name: "ManagingRefs", Abilities: []string{native.AbilityKey}, ObjectGroup: true, Fields: []string{"extend_ref: 0x1::object::ExtendRef"}},
			event("Publish"), event("Upgrade"), event("Freeze"),
		},
		Functions: []native.Function{
			{Name: "publish", IsEntry: true, Params: pkg, Impl: publishToObject},
			{Name: "upgrade", IsEntry: true, Params: append(pkg, codeRegistryParam), Impl: upgradeCodeObject},
			{Name: "freeze_code_object", IsEntry: true, Params: []string{"&signer", codeRegistryParam}, Impl: freezeCodeObject},
		},
		Errors: []native.AbortReason{
			{Reason: eObjectCodeDeploymentNotSupported, Name: "EOBJECT_CODE_DEPLOYMENT_NOT_SUPPORTED", Description: "Object code deployment feature not supported."},
			{Reason: eNotCodeObjectOwner, Name: "ENOT_CODE_OBJECT_OWNER", Description: "Not the owner of the `code_object`"},
			{Reason: eCodeObjectDoesNotExist, Name: "ECODE_OBJECT_DOES_NOT_EXIST", Description: "`code_object` does not exist."},
		},
	}
}

// CodeObjectAddress returns the address object_code_deployment::publish
// gives the package publisher sends in the transaction with sequence
// number seq: the named object with seed bcs(b"aptos_framework::
// object_code_deployment") ‖ bcs(seq + 1).
func CodeObjectAddress(publisher ledgerapi.Address, seq uint64) ledgerapi.Address {
	e := bcs.NewEncoder(64)
	e.WriteBytes([]byte(codeObjectSeparator))
	e.U64(seq + 1)
	return crypto.ObjectAddressFromSeed(publisher, e.Bytes())
}

// publishToObject is object_code_deployment::publish(publisher: &signer,
// metadata_serialized: vector<u8>, code: vector<vector<u8>>): the code
// object is created (EOBJECT_EXISTS of 0x1::object when one is there),
// the publication requested at it, Publish emitted and ManagingRefs
// {ExtendRef {self: object}} kept at it.
func publishToObject(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h := c.Host()
	publisher := signerAddress(args[0])
	var acc onchain.Account
	if _, err := readResource(h, publisher, codeAccountTag, &acc); err != nil {
		return nil, err
	}
	obj := CodeObjectAddress(publisher, acc.SequenceNumber)
	if err := CreateObject(h, obj, publisher); err != nil {
		return nil, err
	}
	if err := requestPublish(c, obj, args[1], args[2]); err != nil {
		return nil, err
	}
	h.EmitBCS(codePublishType, obj[:])
	return nil, h.SetResource(obj, managingRefsTag, obj[:])
}

// checkCodeObject checks that publisher owns the code object obj (its
// ObjectCore's owner, not transitively, else ENOT_CODE_OBJECT_OWNER) and
// that this module deployed it (ECODE_OBJECT_DOES_NOT_EXIST).
func checkCodeObject(c *native.Context, publisher, obj ledgerapi.Address) error {
	owner, ok, err := ObjectOwner(c.Host(), obj)
	switch {
	case err != nil:
		return err
	case !ok || owner != publisher:
		return c.Abort(native.Code(native.PermissionDenied, eNotCodeObjectOwner))
	}
	if _, ok, err := c.Host().Resource(obj, managingRefsTag); err != nil {
		return err
	} else if !ok {
		return c.Abort(native.Code(native.NotFound, eCodeObjectDoesNotExist))
	}
	return nil
}

// upgradeCodeObject is object_code_deployment::upgrade(publisher,
// metadata_serialized, code, code_object): by the object's owner, the
// publication of the new version is requested and Upgrade emitted.
func upgradeCodeObject(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	obj := refAddress(args[3])
	if err := checkCodeObject(c, signerAddress(args[0]), obj); err != nil {
		return nil, err
	}
	if err := requestPublish(c, obj, args[1], args[2]); err != nil {
		return nil, err
	}
	c.Host().EmitBCS(codeUpgradeType, obj[:])
	return nil, nil
}

// freezeCodeObject is object_code_deployment::freeze_code_object
// (publisher, code_object), which calls code::freeze_code_object: the
// object must hold a PackageRegistry (ECODE_OBJECT_DOES_NOT_EXIST) and be
// the publisher's (ENOT_PACKAGE_OWNER), both aborts of 0x1::code; its
// packages become immutable and Freeze is emitted.
func freezeCodeObject(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if _, err := freezeRegistry(c, targs, args); err != nil {
		return nil, err
	}
	obj := refAddress(args[1])
	c.Host().EmitBCS(codeFreezeType, obj[:])
	return nil, nil
}

// freezeRegistry is code::freeze_code_object(publisher, code_object): the
// object's owner makes every package in its registry immutable
// (ECODE_OBJECT_DOES_NOT_EXIST without a registry, ENOT_PACKAGE_OWNER for
// anyone else; both in code).
func freezeRegistry(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	h := c.Host()
	obj := refAddress(args[1])
	b, ok, err := h.Resource(obj, PackageRegistryTag)
	if err != nil {
		return nil, err
	} else if !ok {
		return nil, abortIn("code", native.NotFound, eCodeCodeObjectDoesNotExist)
	}
	if owner, ok, err := ObjectOwner(h, obj); err != nil {
		return nil, err
	} else if !ok || owner != signerAddress(args[0]) {
		return nil, abortIn("code", native.PermissionDenied, eCodeNotPackageOwner)
	}
	reg, err := onchain.DecodePackageRegistry(b)
	if err != nil {
		return nil, err
	}
	for i := range reg.Packages {
		reg.Packages[i].UpgradePolicy = onchain.UpgradeImmutable
	}
	return nil, h.SetResource(obj, PackageRegistryTag, reg.Encode())
}
