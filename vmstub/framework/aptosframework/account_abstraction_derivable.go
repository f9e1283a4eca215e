package aptosframework

// 0x1::account_abstraction, derivable abstractions (AIP-113): the
// framework keeps, in the DerivableDispatchableAuthenticator at 0x1, the
// functions any derived account may be authenticated by
// (register_derivable_authentication_function, which genesis calls for
// the functions Aptos's localnet registers). Its map, a BigOrderedMap,
// is kept here as a single leaf root; registering more functions than a
// leaf holds (its leaf_max_degree, from the first function's size, about
// 60) aborts NOT_IMPLEMENTED(EDERIVABLE_AA_NOT_INITIALIZED), as splitting
// nodes is not implemented.

import (
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// DerivableAuthTag is 0x1::account_abstraction::DerivableDispatchableAuthenticator.
var DerivableAuthTag = tag1("account_abstraction", "DerivableDispatchableAuthenticator")

// derivableAuthStruct declares DerivableDispatchableAuthenticator.
func derivableAuthStruct() native.Struct {
	return native.Struct{Name: "DerivableDispatchableAuthenticator", Abilities: []string{native.AbilityKey},
		Variants: []native.Variant{{Name: "V1", Fields: []string{"auth_functions: 0x1::big_ordered_map::BigOrderedMap<" + tFunctionInfo +
			", 0x1::account_abstraction::DerivableRegisterValue>"}}}}
}

// derivableRegisterValueBCS is DerivableRegisterValue::Empty.
var derivableRegisterValueBCS = []byte{0}

// derivableAuth is a DerivableDispatchableAuthenticator::V1: its functions
// in key order and its map's degrees.
type derivableAuth struct {
	funcs       []txn.FunctionInfo
	inner, leaf uint16
}

func (x *derivableAuth) MarshalBCS(e *bcs.Encoder) {
	m := aptosstdlib.BOMapLeafRoot{InnerMaxDegree: x.inner, LeafMaxDegree: x.leaf}
	for _, f := range x.funcs {
		m.Keys = append(m.Keys, bcs.Marshal(f))
		m.Values = append(m.Values, derivableRegisterValueBCS)
	}
	e.Variant(0) // V1
	m.MarshalBCS(e)
}

func (x *derivableAuth) UnmarshalBCS(d *bcs.Decoder) {
	d.Variant("DerivableDispatchableAuthenticator", 1)
	d.Variant("BigOrderedMap", 1)
	d.Variant("Node", 1)
	if !d.Bool("is_leaf") && !d.Failed() {
		d.Fail(bcs.ErrInvalidValue, "is_leaf", "the root is not a leaf")
	}
	d.Variant("OrderedMap", 1)
	n := d.SeqLen("children", 36)
	for i := 0; i < n && !d.Failed(); i++ {
		var f txn.FunctionInfo
		d.Fixed(f.ModuleAddress[:], "FunctionInfo.module_address")
		f.ModuleName = d.String("FunctionInfo.module_name")
		f.FunctionName = d.String("FunctionInfo.function_name")
		d.Variant("Child", 2)
		d.Variant("DerivableRegisterValue", 1)
		x.funcs = append(x.funcs, f)
	}
	d.U64("prev")
	d.U64("next")
	d.Variant("StorageSlotsAllocator", 1)
	if d.Option("slots") && !d.Failed() {
		d.Fail(bcs.ErrInvalidValue, "slots", "the map has nodes besides its root")
	}
	d.U64("new_slot_index")
	d.Bool("should_reuse")
	d.U64("reuse_head_index")
	d.U32("reuse_spare_count")
	d.U64("min_leaf_index")
	d.U64("max_leaf_index")
	d.Bool("constant_kv_size")
	x.inner = d.U16("inner_max_degree")
	x.leaf = d.U16("leaf_max_degree")
}

// derivableOf reads the framework's DerivableDispatchableAuthenticator
// (false without one).
func derivableOf(h native.Host) (*derivableAuth, bool, error) {
	var x derivableAuth
	ok, err := readResource(h, addr, DerivableAuthTag, &x)
	return &x, ok, err
}

// registerDerivable is register_derivable_authentication_function(
// aptos_framework, module_address, module_name, function_name): only the
// framework's signer may (system_addresses' ENOT_APTOS_FRAMEWORK_ADDRESS,
// permission_denied, otherwise); the function joins the map (created by
// the first registration, with degrees 0: from the first key's size, as
// on Aptos); a function already there aborts big_ordered_map's
// EKEY_ALREADY_EXISTS.
func registerDerivable(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if signerAddress(args[0]) != addr {
		return nil, abortIn("system_addresses", native.PermissionDenied, eNotAptosFramework)
	}
	f, err := functionInfoArgs(c, args[1:])
	if err != nil {
		return nil, err
	}
	return nil, RegisterDerivable(hostOf(c), f)
}

// RegisterDerivable registers f as a derivable authentication function,
// as register_derivable_authentication_function does with the framework's
// signer.
func RegisterDerivable(h native.Host, f txn.FunctionInfo) error {
	x, _, err := derivableOf(h)
	if err != nil {
		return err
	}
	if x.leaf == 0 {
		x.inner, x.leaf = aptosstdlib.BOMapDegrees(len(bcs.Marshal(f)), len(derivableRegisterValueBCS))
	}
	i, found := slices.BinarySearchFunc(x.funcs, f, compareFunctionInfo)
	switch {
	case found:
		return abortIn("big_ordered_map", native.InvalidArgument, 1)
	case len(x.funcs) >= int(x.leaf):
		return abortIn("account_abstraction", native.NotImplemented, eDerivableAANotInitialized)
	}
	x.funcs = slices.Insert(x.funcs, i, f)
	return putResource(h, addr, DerivableAuthTag, x)
}

// authenticateDerivable is authenticate's check of DerivableV1 data for
// account a: a must be the address derived from f and the abstract
// public key (EINCONSISTENT_SIGNER_ADDRESS), the framework must keep
// derivable functions (EDERIVABLE_AA_NOT_INITIALIZED) and f be one of
// them (EFUNCTION_INFO_EXISTENCE).
func authenticateDerivable(h native.Host, a ledgerapi.Address, x *txn.AbstractionAuthenticator) error {
	if DeriveAccountAddress(x.FunctionInfo, x.AbstractPublicKey) != a {
		return abortIn("account_abstraction", native.InvalidState, eInconsistentSignerAddress)
	}
	d, ok, err := derivableOf(h)
	if err != nil {
		return err
	}
	if !ok {
		return abortIn("account_abstraction", native.NotFound, eDerivableAANotInitialized)
	}
	if _, found := slices.BinarySearchFunc(d.funcs, x.FunctionInfo, compareFunctionInfo); !found {
		return abortIn("account_abstraction", native.NotFound, eFunctionInfoExistence)
	}
	return nil
}
