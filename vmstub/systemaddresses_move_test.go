package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// 0x1::system_addresses from Move code: the predicates on Aptos's reserved
// addresses (core resources 0xa550c18, framework 0x1, framework reserved
// 0x1..0xa, VM 0x0) and the asserts' PERMISSION_DENIED codes: 0x50001
// core resource, 0x50002 VM, 0x50003 framework, 0x50004 framework
// reserved.

func sysAddrCases(ledgerapi.Address) []viewCase {
	ld := func(k *kit, s string) bytecode.Instruction {
		a := ledgerapi.MustParseAddress(s)
		return in(bytecode.OpLdConst, uint64(k.b.Constant(bytecode.Address, a[:])))
	}
	is := func(fn, a string, want bool) viewCase {
		return viewCase{name: fn + "(" + a + ")", rets: []tok{bytecode.Bool}, want: bcsBool(want), code: func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{ld(k, a), callF(k.fn("system_addresses", fn, nil, []tok{bytecode.Address}, []tok{bytecode.Bool}))}
		}}
	}
	assert := func(fn, a string, code uint64) viewCase {
		c := viewCase{name: fn + "(" + a + ")", rets: []tok{bytecode.Bool}, want: bcsBool(true), code: func(k *kit) []bytecode.Instruction {
			return []bytecode.Instruction{ld(k, a), callF(k.fn("system_addresses", fn, nil, []tok{bytecode.Address}, nil)), in(bytecode.OpLdTrue)}
		}}
		if code != 0 {
			c.abort = aborts("0x1::system_addresses", code)
		}
		return c
	}
	return []viewCase{
		is("is_core_resource_address", "0xa550c18", true),
		is("is_core_resource_address", "0x1", false),
		is("is_aptos_framework_address", "0x1", true),
		is("is_aptos_framework_address", "0x2", false),
		is("is_framework_reserved_address", "0x1", true),
		is("is_framework_reserved_address", "0xa", true),
		is("is_framework_reserved_address", "0x0", false),
		is("is_framework_reserved_address", "0xb", false),
		is("is_framework_reserved_address", "0x103", false),
		is("is_vm_address", "0x0", true),
		is("is_vm_address", "0x1", false),
		is("is_reserved_address", "0x0", true),
		is("is_reserved_address", "0x1", true),
		is("is_reserved_address", "0x3", false),
		assert("assert_core_resource_address", "0xa550c18", 0),
		assert("assert_core_resource_address", "0x1", 0x50001),
		assert("assert_framework_reserved", "0x7", 0),
		assert("assert_framework_reserved", "0xb", 0x50004),
	}
}

func TestMoveSystemAddresses(t *testing.T) { runViews(t, "sysaddr", sysAddrCases, nil) }

// TestSystemAddressesSignerAsserts: a user's signer fails each signer
// assert with its code, and is_vm of it is false (entry notvm aborts 9
// otherwise).
func TestSystemAddressesSignerAsserts(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	k := newKit(t, a.Address, "sysa")
	sig := bytecode.Ref(bytecode.Signer)
	asserts := []string{"assert_core_resource", "assert_aptos_framework", "assert_framework_reserved_address", "assert_vm"}
	for _, fn := range asserts {
		h := k.fn("system_addresses", fn, nil, []tok{sig}, nil)
		k.b.Function(fn, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig},
			Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), callF(h), in(bytecode.OpRet)}})
	}
	isVM := k.fn("system_addresses", "is_vm", nil, []tok{sig}, []tok{bytecode.Bool})
	k.b.Function("notvm", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), callF(isVM), in(bytecode.OpBrFalse, 5),
			in(bytecode.OpLdU64, 9), in(bytecode.OpAbort), in(bytecode.OpRet)}})
	if out := c.publish(a, packageMeta("Sysa", onchain.UpgradeCompatible, []string{"sysa"}, stdDeps...), mustBytes(t, k.b)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	want := map[string]string{
		"assert_core_resource":              "ENOT_CORE_RESOURCE_ADDRESS(0x50001): The address/account did not correspond to the core resource address",
		"assert_aptos_framework":            "ENOT_APTOS_FRAMEWORK_ADDRESS(0x50003): The address/account did not correspond to the core framework address",
		"assert_framework_reserved_address": "ENOT_FRAMEWORK_RESERVED_ADDRESS(0x50004): The address is not framework reserved address",
		"assert_vm":                         "EVM(0x50002): The operation can only be performed by the VM",
	}
	for _, fn := range asserts {
		got := c.do(a, vmstub.EntryPayload(a.Address, "sysa", fn, nil)).Info.Status.String()
		if w := "Move abort in 0x1::system_addresses: " + want[fn]; got != w {
			t.Errorf("%s: %s, want %s", fn, got, w)
		}
	}
	if got := c.do(a, vmstub.EntryPayload(a.Address, "sysa", "notvm", nil)).Info.Status.String(); got != "Executed successfully" {
		t.Errorf("is_vm of a user: %s", got)
	}
}
