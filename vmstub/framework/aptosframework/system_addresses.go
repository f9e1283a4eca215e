package aptosframework

// 0x1::system_addresses: the predicates on the reserved addresses (the
// core resources account 0xa550c18, the framework 0x1, the framework
// reserved 0x1 to 0xa, the VM's 0x0) and the asserts that abort with
// PERMISSION_DENIED and the module's reason when they do not hold. The
// framework's own checks (timestamp, block, coin, …) abort in this module
// with the same codes.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// eNotFrameworkReserved is system_addresses' ENOT_FRAMEWORK_RESERVED_ADDRESS
// (its other reasons: eNotCoreResourceAddr, eNotVM, eNotAptosFramework).
const eNotFrameworkReserved = 4

// SystemAddresses declares 0x1::system_addresses.
func SystemAddresses() native.Module {
	isAddr := func(name string, p func(ledgerapi.Address) bool) native.Function {
		return native.Function{Name: name, Params: []string{"address"}, Return: []string{"bool"},
			Impl: func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				return []movevm.Value{movevm.Bool(p(args[0].AsAddress()))}, nil
			}}
	}
	isSigner := func(name string, p func(ledgerapi.Address) bool) native.Function {
		return native.Function{Name: name, Params: []string{"&signer"}, Return: []string{"bool"},
			Impl: func(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				return []movevm.Value{movevm.Bool(p(signerAddress(args[0])))}, nil
			}}
	}
	assertAddr := func(name string, p func(ledgerapi.Address) bool, reason uint64) native.Function {
		return native.Function{Name: name, Params: []string{"address"}, Impl: sysAssert(p, reason, false)}
	}
	assertSigner := func(name string, p func(ledgerapi.Address) bool, reason uint64) native.Function {
		return native.Function{Name: name, Params: []string{"&signer"}, Impl: sysAssert(p, reason, true)}
	}
	return native.Module{Address: addr, Name: "system_addresses",
		Functions: []native.Function{
			assertSigner("assert_core_resource", isCoreResource, eNotCoreResourceAddr),
			assertAddr("assert_core_resource_address", isCoreResource, eNotCoreResourceAddr),
			isAddr("is_core_resource_address", isCoreResource),
			assertSigner("assert_aptos_framework", isAptosFramework, eNotAptosFramework),
			assertSigner("assert_framework_reserved_address", isFrameworkReserved, eNotFrameworkReserved),
			assertAddr("assert_framework_reserved", isFrameworkReserved, eNotFrameworkReserved),
			isAddr("is_framework_reserved_address", isFrameworkReserved),
			isAddr("is_aptos_framework_address", isAptosFramework),
			assertSigner("assert_vm", isVMReserved, eNotVM),
			isSigner("is_vm", isVMReserved),
			isAddr("is_vm_address", isVMReserved),
			isAddr("is_reserved_address", func(a ledgerapi.Address) bool { return isAptosFramework(a) || isVMReserved(a) }),
		},
		Errors: []native.AbortReason{
			{Reason: eNotCoreResourceAddr, Name: "ENOT_CORE_RESOURCE_ADDRESS", Description: "The address/account did not correspond to the core resource address"},
			{Reason: eNotVM, Name: "EVM", Description: "The operation can only be performed by the VM"},
			{Reason: eNotAptosFramework, Name: "ENOT_APTOS_FRAMEWORK_ADDRESS", Description: "The address/account did not correspond to the core framework address"},
			{Reason: eNotFrameworkReserved, Name: "ENOT_FRAMEWORK_RESERVED_ADDRESS", Description: "The address is not framework reserved address"},
		},
	}
}

func isCoreResource(a ledgerapi.Address) bool   { return a == coreResources }
func isAptosFramework(a ledgerapi.Address) bool { return a == addr }
func isVMReserved(a ledgerapi.Address) bool     { return a == ledgerapi.Address{} }

// isFrameworkReserved reports whether a is one of 0x1 to 0xa, the
// addresses under the framework's governance.
func isFrameworkReserved(a ledgerapi.Address) bool {
	var high ledgerapi.Address
	copy(high[:31], a[:31])
	return high == (ledgerapi.Address{}) && a[31] >= 1 && a[31] <= 0xa
}

// sysAssert is an assert of p on its address (or, with signer, on the
// address of its &signer): PERMISSION_DENIED(reason) when p does not hold.
func sysAssert(p func(ledgerapi.Address) bool, reason uint64, signer bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		a := args[0].AsAddress()
		if signer {
			a = signerAddress(args[0])
		}
		if !p(a) {
			return nil, c.Abort(native.Code(native.PermissionDenied, reason))
		}
		return nil, nil
	}
}
