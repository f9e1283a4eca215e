package aptosframework

// 0x1::code: the PackageRegistry an address's packages are listed in, the
// package metadata, and publish_package_txn, which asks the executor to
// publish a package at the signer's address once the transaction's payload
// has returned (Host.RequestPublish): the executor runs the checks of
// package publish, stores the modules, writes the registry, emits
// PublishPackage and runs the new modules' init_module, as Aptos does after
// the call. publish_package does the same for a PackageMetadata value;
// freeze_code_object makes a code object's packages immutable;
// can_change_upgrade_policy_to compares policies. Permissioned signers
// were never enabled: grant_permission aborts in permissioned_signer and
// check_code_publishing_permission always passes.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Types of 0x1::code the executor writes: the PackageRegistry resource and
// the PublishPackage event.
var (
	PackageRegistryTag = tag1("code", "PackageRegistry")
	PublishPackageTag  = tag1("code", "PublishPackage")
)

// Abort reasons of 0x1::code that object_code_deployment raises.
const (
	eCodeNotPackageOwner        = 0x9
	eCodeCodeObjectDoesNotExist = 0xA
)

// CodeErrors are 0x1::code's abort reasons in reason order, as its error
// map names them (the checks of package publish abort with them).
var CodeErrors = []native.AbortReason{
	{Reason: 0x1, Name: "EMODULE_NAME_CLASH", Description: "Package contains duplicate module names with existing modules publised in other packages on this address"},
	{Reason: 0x2, Name: "EUPGRADE_IMMUTABLE", Description: "Cannot upgrade an immutable package"},
	{Reason: 0x3, Name: "EUPGRADE_WEAKER_POLICY", Description: "Cannot downgrade a package's upgradability policy"},
	{Reason: 0x4, Name: "EMODULE_MISSING", Description: "Cannot delete a module that was published in the same package"},
	{Reason: 0x5, Name: "EPACKAGE_DEP_MISSING", Description: "Dependency could not be resolved to any published package."},
	{Reason: 0x6, Name: "EDEP_WEAKER_POLICY", Description: "A dependency cannot have a weaker upgrade policy."},
	{Reason: 0x7, Name: "EDEP_ARBITRARY_NOT_SAME_ADDRESS", Description: "A dependency to an `arbitrary` package must be on the same address."},
	{Reason: 0x8, Name: "EINCOMPATIBLE_POLICY_DISABLED", Description: "Creating a package with incompatible upgrade policy is disabled."},
	{Reason: 0x9, Name: "ENOT_PACKAGE_OWNER", Description: "Not the owner of the package registry."},
	{Reason: 0xA, Name: "ECODE_OBJECT_DOES_NOT_EXIST", Description: "`code_object` does not exist."},
}

// Code declares 0x1::code.
func Code() native.Module {
	all3 := []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore}
	optAny := "0x1::option::Option<0x1::copyable_any::Any>"
	policy := "0x1::code::UpgradePolicy"
	return native.Module{Address: addr, Name: "code", Friends: []string{"0x1::object_code_deployment"},
		Structs: []native.Struct{
			{Name: "PackageRegistry", Abilities: []string{native.AbilityDrop, native.AbilityKey, native.AbilityStore},
				Fields: []string{"packages: vector<0x1::code::PackageMetadata>"}},
			{Name: "PackageMetadata", Abilities: all3, Fields: []string{"name: 0x1::string::String", "upgrade_policy: " + policy,
				"upgrade_number: u64", "source_digest: 0x1::string::String", "manifest: vector<u8>",
				"modules: vector<0x1::code::ModuleMetadata>", "deps: vector<0x1::code::PackageDep>", "extension: " + optAny}},
			{Name: "PackageDep", Abilities: all3, Fields: []string{"account: address", "package_name: 0x1::string::String"}},
			{Name: "ModuleMetadata", Abilities: all3, Fields: []string{"name: 0x1::string::String", "source: vector<u8>",
				"source_map: vector<u8>", "extension: " + optAny}},
			{Name: "UpgradePolicy", Abilities: all3, Fields: []string{"policy: u8"}},
			{Name: "PublishPackage", Abilities: []string{native.AbilityDrop, native.AbilityStore}, IsEvent: true,
				Fields: []string{"code_address: address", "is_upgrade: bool"}},
			{Name: "AllowedDep", Abilities: []string{native.AbilityDrop}, Fields: []string{"account: address", "module_name: 0x1::string::String"}},
			{Name: "CodePublishingPermission", Abilities: all3, Fields: []string{"dummy_field: bool"}},
		},
		Functions: []native.Function{
			{Name: "publish_package_txn", IsEntry: true, Params: []string{"&signer", "vector<u8>", "vector<vector<u8>>"}, Impl: publishPackageTxn},
			{Name: "upgrade_policy_arbitrary", Return: []string{policy}, Impl: upgradePolicy(onchain.UpgradeArbitrary)},
			{Name: "upgrade_policy_compat", Return: []string{policy}, Impl: upgradePolicy(onchain.UpgradeCompatible)},
			{Name: "upgrade_policy_immutable", Return: []string{policy}, Impl: upgradePolicy(onchain.UpgradeImmutable)},
			{Name: "can_change_upgrade_policy_to", Params: []string{policy, policy}, Return: []string{"bool"}, Impl: canChangeUpgradePolicyTo},
			{Name: "publish_package", Params: []string{"&signer", "0x1::code::PackageMetadata", "vector<vector<u8>>"}, Impl: publishPackage},
			{Name: "freeze_code_object", Params: []string{"&signer", codeRegistryParam}, Impl: freezeRegistry},
			{Name: "grant_permission", Params: []string{"&signer", "&signer"}, Impl: signerDisabled},
			{Name: "check_code_publishing_permission", Visibility: native.Friend, Params: []string{"&signer"},
				Impl: func(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) { return nil, nil }},
		},
		Errors: append(CodeErrors[:len(CodeErrors):len(CodeErrors)],
			native.AbortReason{Reason: 0xB, Name: "ENO_CODE_PERMISSION", Description: "Current permissioned signer cannot publish codes."}),
	}
}

// publishPackageTxn is code::publish_package_txn(owner: &signer,
// metadata_serialized: vector<u8>, code: vector<vector<u8>>): it requests
// the publication at the owner's address.
func publishPackageTxn(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	owner, _ := args[0].Deref()
	return nil, requestPublish(c, owner.AsAddress(), args[1], args[2])
}

// publishPackage is code::publish_package(owner, pack, code): as
// publish_package_txn, with the metadata given as a value (serialized,
// charged as such, for the executor).
func publishPackage(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	meta, err := native.SerializeCharged(c.NativeContext, args[1])
	if err != nil {
		return nil, err
	}
	return nil, requestPublishBytes(c, signerAddress(args[0]), meta, args[2])
}

// canChangeUpgradePolicyTo is can_change_upgrade_policy_to(from, to): a
// policy may only be strengthened.
func canChangeUpgradePolicyTo(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return []movevm.Value{movevm.Bool(args[0].Elem(0).AsU64() <= args[1].Elem(0).AsU64())}, nil
}

// requestPublish asks the executor to publish at publisher the package of
// metadata (a vector<u8>, the BCS of its PackageMetadata) and code (a
// vector<vector<u8>>, its modules). The executor carries it out after the
// payload has returned and charges the package per byte then
// (GasSchedule.ExecutionPerPublishedByte); copying the bytes out of the
// arguments, which the interpreter charged when it decoded them, costs
// nothing more.
func requestPublish(c *native.Context, publisher ledgerapi.Address, metadata, code movevm.Value) error {
	return requestPublishBytes(c, publisher, metadata.Bytes(), code)
}

// requestPublishBytes is requestPublish with the metadata's BCS given.
func requestPublishBytes(c *native.Context, publisher ledgerapi.Address, metadata []byte, code movevm.Value) error {
	mods := make([][]byte, code.Len())
	for i := range mods {
		mods[i] = code.Elem(i).Bytes()
	}
	return c.Host().RequestPublish(native.PublishRequest{Publisher: publisher, Metadata: metadata, Code: mods})
}

// upgradePolicy is upgrade_policy_arbitrary, _compat or _immutable: the
// UpgradePolicy p.
func upgradePolicy(p onchain.UpgradePolicy) native.Func {
	return func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		t, err := c.TypeOf(ledgerapi.TypeTag{Kind: ledgerapi.KindStruct, Struct: &upgradePolicyTag})
		if err != nil {
			return nil, err
		}
		v, err := c.Struct(t, movevm.U8(uint8(p)))
		return []movevm.Value{v}, err
	}
}

var upgradePolicyTag = tag1("code", "UpgradePolicy")
