package vmstub_test

import (
	"encoding/binary"
	"reflect"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// compiled reads a registered module's bytecode with the strict reader.
func compiled(t *testing.T, vm *vmstub.VM, mod string) (*bytecode.Module, []byte) {
	t.Helper()
	id, err := ledgerapi.ParseModuleId(mod)
	if err != nil {
		t.Fatal(err)
	}
	code, ok := vm.ModuleBytecode(id)
	if !ok {
		t.Fatalf("%s is not registered", mod)
	}
	m, err := bytecode.DeserializeModule(code)
	if err != nil {
		t.Fatalf("%s: %v", mod, err)
	}
	return m, code
}

// TestFrameworkBytecode reads every registered module's bytecode back:
// format version 7 (the word written with Aptos's mask), the module's own
// id, every function native, and an ABI derived from the bytes equal to
// what the VM reports.
func TestFrameworkBytecode(t *testing.T) {
	vm, err := vmstub.New(vmstub.Options{Natives: []native.Module{counterModule()}})
	if err != nil {
		t.Fatal(err)
	}
	abis := vm.Modules()
	if len(abis) < 20 {
		t.Fatalf("%d modules", len(abis))
	}
	for _, abi := range abis {
		id := ledgerapi.ModuleId{Address: abi.Address, Name: abi.Name}
		m, code := compiled(t, vm, id.String())
		if v := binary.LittleEndian.Uint32(code[4:8]); v != 0x0A000007 || m.Version != bytecode.Version7 {
			t.Errorf("%s: version word %#x", id, v)
		}
		self := m.ModuleHandles[m.SelfHandle]
		if m.AddressIdentifiers[self.Address] != id.Address || m.Identifiers[self.Name] != id.Name {
			t.Errorf("%s names itself otherwise", id)
		}
		for _, d := range m.FunctionDefs {
			if d.Code != nil {
				t.Errorf("%s::%s has code", id, m.Identifiers[m.FunctionHandles[d.Function].Name])
			}
		}
		derived, err := m.ABI()
		if err != nil || !reflect.DeepEqual(derived, abi) {
			t.Errorf("%s: the ABI is not the one its bytes give (%v)", id, err)
		}
	}
}

// TestFrameworkDeclarations pins what the bytecode says beyond the ABI
// JSON, as the Aptos framework declares it: phantom type parameters,
// constraints, entry and visibility flags, friends, and the
// aptos::metadata_v1 entry (views, events, resource groups, error map).
func TestFrameworkDeclarations(t *testing.T) {
	vm, _ := vmstub.New(vmstub.Options{})
	handle := func(m *bytecode.Module, name string) bytecode.StructHandle {
		for _, d := range m.StructDefs {
			if h := m.StructHandles[d.Handle]; m.Identifiers[h.Name] == name {
				return h
			}
		}
		t.Fatalf("no struct %s", name)
		return bytecode.StructHandle{}
	}
	coin, _ := compiled(t, vm, "0x1::coin")
	for name, abilities := range map[string]bytecode.AbilitySet{
		"Coin": bytecode.AbilityStore, "CoinStore": bytecode.AbilityKey, "CoinInfo": bytecode.AbilityKey,
	} {
		h := handle(coin, name)
		if h.Abilities != abilities || len(h.TypeParameters) != 1 || !h.TypeParameters[0].IsPhantom {
			t.Errorf("coin::%s: abilities %v, type parameters %+v (want one phantom)", name, h.Abilities, h.TypeParameters)
		}
	}
	if len(coin.FriendDecls) != 3 || coin.Identifiers[coin.FriendDecls[0].Name] != "aptos_coin" || coin.Identifiers[coin.FriendDecls[2].Name] != "transaction_fee" {
		t.Errorf("coin friends %+v", coin.FriendDecls)
	}
	md := coin.RuntimeMetadata()
	if md == nil || !md.IsView("balance") || md.IsView("transfer") || !md.IsEvent("CoinDeposit") || md.IsEvent("DepositEvent") {
		t.Fatalf("coin metadata %+v", md)
	}
	if e := md.ErrorMap[6]; e.CodeName != "EINSUFFICIENT_BALANCE" || e.CodeDescription != "Not enough coins to complete transaction" {
		t.Errorf("coin error map: %+v", md.ErrorMap)
	}
	member := bytecode.KnownAttribute{Kind: bytecode.AttributeResourceGroupMember, Args: []string{"0x1::object::ObjectGroup"}}
	if got := md.StructAttributes["PairedCoinType"]; !reflect.DeepEqual(got, []bytecode.KnownAttribute{member}) {
		t.Errorf("PairedCoinType attributes %+v", got)
	}

	object, _ := compiled(t, vm, "0x1::object")
	if h := handle(object, "Object"); h.Abilities != bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore || !h.TypeParameters[0].IsPhantom {
		t.Errorf("object::Object %+v", h)
	}
	omd := object.RuntimeMetadata()
	if got := omd.StructAttributes["ObjectGroup"]; !reflect.DeepEqual(got, []bytecode.KnownAttribute{{Kind: bytecode.AttributeResourceGroup, Args: []string{"global"}}}) {
		t.Errorf("ObjectGroup attributes %+v", got)
	}
	if !reflect.DeepEqual(omd.StructAttributes["ObjectCore"], []bytecode.KnownAttribute{member}) || !omd.IsEvent("Transfer") {
		t.Errorf("object metadata %+v", omd.StructAttributes)
	}
	for _, d := range object.FunctionDefs {
		h := object.FunctionHandles[d.Function]
		if name := object.Identifiers[h.Name]; name == "transfer" {
			if !d.IsEntry || d.Visibility != bytecode.Public || len(h.TypeParameters) != 1 || h.TypeParameters[0] != bytecode.AbilityKey {
				t.Errorf("object::transfer %+v %+v", d, h)
			}
			if got := object.TypeString(object.Signatures[h.Parameters][1]); got != "0x1::object::Object<T0>" {
				t.Errorf("object::transfer parameter %s", got)
			}
		}
	}
	account, _ := compiled(t, vm, "0x1::account")
	for _, d := range account.FunctionDefs {
		if name := account.Identifiers[account.FunctionHandles[d.Function].Name]; name == "rotate_authentication_key_call" && (d.Visibility != bytecode.Private || !d.IsEntry) {
			t.Errorf("account::%s is %v entry %t", name, d.Visibility, d.IsEntry)
		}
	}
	// A module without views, events or abort reasons carries no metadata.
	if event, _ := compiled(t, vm, "0x1::event"); len(event.Metadata) != 0 {
		t.Errorf("event metadata %+v", event.Metadata)
	}
}

// TestRegisterUndeclaredStruct: a host module may only name structs of
// modules registered before it, since its bytecode imports them with
// their abilities; the failed registration leaves nothing behind.
func TestRegisterUndeclaredStruct(t *testing.T) {
	vm, _ := vmstub.New(vmstub.Options{})
	bad := native.Module{Address: cafe, Name: "uses", Structs: []native.Struct{
		{Name: "Holder", Abilities: []string{native.AbilityKey}, Fields: []string{"x: 0xbeef::later::Thing"}}}}
	err := vm.Register(bad)
	if err == nil || !strings.Contains(err.Error(), "0xbeef::later::Thing is not declared by a registered module") {
		t.Fatalf("Register: %v", err)
	}
	if _, ok := vm.Module(ledgerapi.ModuleId{Address: cafe, Name: "uses"}); ok {
		t.Fatal("a failed registration left its module")
	}
	later := native.Module{Address: ledgerapi.MustParseAddress("0xbeef"), Name: "later",
		Structs: []native.Struct{{Name: "Thing", Abilities: []string{native.AbilityStore}, Fields: []string{"n: u8"}}}}
	if err := vm.Register(later); err != nil {
		t.Fatal(err)
	}
	if err := vm.Register(bad); err != nil {
		t.Fatalf("after its dependency: %v", err)
	}
	m, _ := compiled(t, vm, "0xcafe::uses")
	for _, h := range m.StructHandles {
		if m.Identifiers[h.Name] == "Thing" && h.Abilities != bytecode.AbilityStore {
			t.Errorf("imported Thing with abilities %v", h.Abilities)
		}
	}
	for _, spec := range []native.Module{
		{Address: cafe, Name: "ab", Structs: []native.Struct{{Name: "S", Abilities: []string{"fly"}, Fields: []string{"n: u8"}}}},
		{Address: cafe, Name: "mutsigner", Functions: []native.Function{{Name: "f", IsEntry: true, Params: []string{"&mut signer"},
			Impl: func(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) { return nil, nil }}}},
	} {
		if err := vm.Register(spec); err == nil {
			t.Errorf("%s registered", spec.Name)
		}
	}
}
