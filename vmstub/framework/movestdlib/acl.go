package movestdlib

// 0x1::acl: ACL, a list of addresses, and empty, add (ECONTAIN when the
// address is listed already), remove (ENOT_CONTAIN when it is not),
// contains and assert_contains (ENOT_CONTAIN). add appends and remove
// shifts the later addresses down, in place, so the list keeps the order
// of insertion as on Aptos.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::acl (both INVALID_ARGUMENT).
const (
	EContain    = 0
	ENotContain = 1
)

// ACL declares 0x1::acl.
func ACL() native.Module {
	acl, addrParam := "0x1::acl::ACL", []string{"&0x1::acl::ACL", "address"}
	return native.Module{Address: addr, Name: "acl",
		Structs: []native.Struct{{Name: "ACL", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
			Fields: []string{"list: vector<address>"}}},
		Functions: []native.Function{
			{Name: "empty", Return: []string{acl}, Impl: aclEmpty},
			{Name: "add", Params: []string{"&mut " + acl, "address"}, Impl: aclAdd},
			{Name: "remove", Params: []string{"&mut " + acl, "address"}, Impl: aclRemove},
			{Name: "contains", Params: addrParam, Return: []string{"bool"}, Impl: aclContains},
			{Name: "assert_contains", Params: addrParam, Impl: aclAssertContains},
		},
		Errors: []native.AbortReason{
			{Reason: EContain, Name: "ECONTAIN", Description: "The ACL already contains the address."},
			{Reason: ENotContain, Name: "ENOT_CONTAIN", Description: "The ACL does not contain the address."},
		},
	}
}

// aclEmpty is empty(): an ACL with no address.
func aclEmpty(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	vt, err := c.VectorOf(movevm.TypeAddress)
	if err != nil {
		return nil, err
	}
	t, err := c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "acl", Name: "ACL"}))
	if err != nil {
		return nil, err
	}
	v, err := c.Struct(t, movevm.NewVector(vt, nil))
	return []movevm.Value{v}, err
}

// aclFind returns the index of a in the list of the ACL ref points at, or
// -1, charging per address compared.
func aclFind(c *native.Context, ref movevm.Value, a ledgerapi.Address) (int, error) {
	s, _ := ref.Deref()
	list := s.Elem(0)
	if err := c.ChargeElems(list.Len() + 1); err != nil {
		return 0, err
	}
	for i := range list.Len() {
		if list.Elem(i).AsAddress() == a {
			return i, nil
		}
	}
	return -1, nil
}

// aclAdd is add(self, addr): addr appended to the list in place;
// INVALID_ARGUMENT(ECONTAIN) when it is listed already.
func aclAdd(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := args[1].AsAddress()
	i, err := aclFind(c, args[0], a)
	if err != nil {
		return nil, err
	}
	if i >= 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, EContain))
	}
	list, err := c.InnerRef(args[0], true, 0)
	if err != nil {
		return nil, err
	}
	return nil, c.VecPushBack(list, movevm.Address(a))
}

// aclRemove is remove(self, addr): addr taken out of the list in place,
// the later addresses shifted down; INVALID_ARGUMENT(ENOT_CONTAIN) when it
// is not listed.
func aclRemove(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := aclFind(c, args[0], args[1].AsAddress())
	if err != nil {
		return nil, err
	}
	if i < 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, ENotContain))
	}
	list, err := c.InnerRef(args[0], true, 0)
	if err != nil {
		return nil, err
	}
	_, err = c.VecRemove(list, uint64(i), false)
	return nil, err
}

// aclContains is contains(self, addr).
func aclContains(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := aclFind(c, args[0], args[1].AsAddress())
	return []movevm.Value{movevm.Bool(i >= 0)}, err
}

// aclAssertContains is assert_contains(self, addr):
// INVALID_ARGUMENT(ENOT_CONTAIN) unless addr is listed.
func aclAssertContains(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	i, err := aclFind(c, args[0], args[1].AsAddress())
	if err != nil {
		return nil, err
	}
	if i < 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, ENotContain))
	}
	return nil, nil
}
