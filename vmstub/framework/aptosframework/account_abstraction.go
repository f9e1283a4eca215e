package aptosframework

// 0x1::account_abstraction (AIP-104/113): an account registers the Move
// functions that authenticate it (add_authentication_function), kept in a
// DispatchableAuthenticator at the account's user-derived address for 0xA
// (a member of the ObjectGroup there, as on Aptos); the views, the
// derivable abstractions' address derivation, and
// AuthenticateAbstraction, the executor's check before it calls the
// registered function for a transaction signed with an abstraction
// authenticator.
//
// Derivable abstractions: see account_abstraction_derivable.go. The
// deprecated entry functions abort with
// EDEPRECATED_FUNCTION, as on Aptos.

import (
	"bytes"
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::account_abstraction (no doc comments on Aptos).
const (
	eDispatchableAuthenticatorIsNotUsed = 1
	eFunctionInfoExistence              = 2
	eAuthFunctionSignatureMismatch      = 3
	eInconsistentSignerAddress          = 5
	eDeprecatedFunction                 = 6
	eDerivableAANotInitialized          = 7
)

// derivedScheme is DERIVABLE_ABSTRACTION_DERIVED_SCHEME, the domain
// separator of derivable accounts' addresses.
const derivedScheme = 5

var (
	dispatchableAuthTag = tag1("account_abstraction", "DispatchableAuthenticator")
	updateDispatchType  = ledgerapi.StructType(tag1("account_abstraction", "UpdateDispatchableAuthenticator"))
	removeDispatchType  = ledgerapi.StructType(tag1("account_abstraction", "RemoveDispatchableAuthenticator"))
)

// AccountAbstraction declares 0x1::account_abstraction.
func AccountAbstraction() native.Module {
	dropStore := []string{native.AbilityDrop, native.AbilityStore}
	names := []string{"&signer", "address", tString, tString}
	private := func(name string, params []string, impl native.Func) native.Function {
		return native.Function{Name: name, Visibility: native.Private, IsEntry: true, Params: params, Impl: impl}
	}
	deprecated := func(name string, params []string) native.Function {
		return native.Function{Name: name, IsEntry: true, Params: params, Impl: func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
			return nil, c.Abort(native.Code(native.Unavailable, eDeprecatedFunction))
		}}
	}
	errs := []string{"EDISPATCHABLE_AUTHENTICATOR_IS_NOT_USED", "EFUNCTION_INFO_EXISTENCE", "EAUTH_FUNCTION_SIGNATURE_MISMATCH",
		"ENOT_MASTER_SIGNER", "EINCONSISTENT_SIGNER_ADDRESS", "EDEPRECATED_FUNCTION", "EDERIVABLE_AA_NOT_INITIALIZED",
		"EACCOUNT_ABSTRACTION_NOT_ENABLED", "EDERIVABLE_ACCOUNT_ABSTRACTION_NOT_ENABLED"}
	reasons := make([]native.AbortReason, len(errs))
	for i, n := range errs {
		reasons[i] = native.AbortReason{Reason: uint64(i + 1), Name: n}
	}
	return native.Module{Address: addr, Name: "account_abstraction",
		Structs: []native.Struct{
			{Name: "UpdateDispatchableAuthenticator", Abilities: dropStore, IsEvent: true,
				Fields: []string{"account: address", "update: vector<u8>", "auth_function: " + tFunctionInfo}},
			{Name: "RemoveDispatchableAuthenticator", Abilities: dropStore, IsEvent: true, Fields: []string{"account: address"}},
			{Name: "DispatchableAuthenticator", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityKey}, ObjectGroup: true,
				Variants: []native.Variant{{Name: "V1", Fields: []string{"auth_functions: 0x1::ordered_map::OrderedMap<" + tFunctionInfo + ", bool>"}}}},
			{Name: "DerivableRegisterValue", Abilities: []string{native.AbilityStore}, Variants: []native.Variant{{Name: "Empty"}}},
			derivableAuthStruct(),
		},
		Functions: []native.Function{
			{Name: "using_dispatchable_authenticator", IsView: true, Params: []string{"address"}, Return: []string{"bool"}, Impl: usingDispatchable},
			{Name: "dispatchable_authenticator", IsView: true, Params: []string{"address"},
				Return: []string{"0x1::option::Option<vector<" + tFunctionInfo + ">>"}, Impl: viewDispatchable},
			{Name: "derive_account_address_view", IsView: true, Params: []string{"address", tString, tString, "vector<u8>"},
				Return: []string{"address"}, Impl: deriveAddressView},
			{Name: "derive_account_address", Params: []string{tFunctionInfo, "&vector<u8>"}, Return: []string{"address"}, Impl: deriveAddress},
			private("add_authentication_function", names, updateAuthFunction(true)),
			private("remove_authentication_function", names, updateAuthFunction(false)),
			private("remove_authenticator", []string{"&signer"}, removeAuthenticator),
			{Name: "register_derivable_authentication_function", IsEntry: true, Params: names, Impl: registerDerivable},
			{Name: "dispatchable_authenticate", Visibility: native.Private,
				Params: []string{"signer", "0x1::auth_data::AbstractionAuthData", "&" + tFunctionInfo}, Return: []string{"signer"}, Impl: dispatchableAuthenticate},
			deprecated("add_dispatchable_authentication_function", names),
			deprecated("remove_dispatchable_authentication_function", names),
			deprecated("remove_dispatchable_authenticator", []string{"&signer"}),
		},
		Errors: reasons,
	}
}

// aaResourceAddr is where an account's DispatchableAuthenticator lives:
// object::create_user_derived_object_address(account, @0xA).
func aaResourceAddr(a ledgerapi.Address) ledgerapi.Address {
	return crypto.PrimaryStoreAddress(a, ledgerapi.AddressA)
}

// dispatchAuth is a DispatchableAuthenticator::V1: its functions in the
// OrderedMap's key order (each mapped to true).
type dispatchAuth struct{ funcs []txn.FunctionInfo }

func (x *dispatchAuth) MarshalBCS(e *bcs.Encoder) {
	e.Variant(0) // DispatchableAuthenticator::V1
	e.Variant(0) // OrderedMap::SortedVectorMap
	e.SeqLen(len(x.funcs))
	for _, f := range x.funcs {
		f.MarshalBCS(e)
		e.Bool(true)
	}
}

func (x *dispatchAuth) UnmarshalBCS(d *bcs.Decoder) {
	d.Variant("DispatchableAuthenticator", 1)
	d.Variant("OrderedMap", 1)
	n := d.SeqLen("auth_functions", 35)
	x.funcs = make([]txn.FunctionInfo, 0, n)
	for i := 0; i < n && !d.Failed(); i++ {
		var f txn.FunctionInfo
		d.Fixed(f.ModuleAddress[:], "FunctionInfo.module_address")
		f.ModuleName = d.String("FunctionInfo.module_name")
		f.FunctionName = d.String("FunctionInfo.function_name")
		d.Bool("value")
		x.funcs = append(x.funcs, f)
	}
}

// compareFunctionInfo orders FunctionInfos as Move's comparison of the
// struct does: address, then module name, then function name, names
// compared as byte vectors.
func compareFunctionInfo(a, b txn.FunctionInfo) int {
	if c := bytes.Compare(a.ModuleAddress[:], b.ModuleAddress[:]); c != 0 {
		return c
	}
	if c := bytes.Compare([]byte(a.ModuleName), []byte(b.ModuleName)); c != 0 {
		return c
	}
	return bytes.Compare([]byte(a.FunctionName), []byte(b.FunctionName))
}

// dispatchableOf reads a's DispatchableAuthenticator (false without one).
func dispatchableOf(h native.Host, a ledgerapi.Address) (*dispatchAuth, bool, error) {
	var x dispatchAuth
	ok, err := readResource(h, aaResourceAddr(a), dispatchableAuthTag, &x)
	return &x, ok, err
}

// functionInfoArgs reads (module_address, module_name, function_name)
// arguments into a FunctionInfo, as new_function_info_from_address does
// (EINVALID_IDENTIFIER of function_info for names that are not
// identifiers).
func functionInfoArgs(c *native.Context, args []movevm.Value) (txn.FunctionInfo, error) {
	m, f := movestdlib.StringBytes(args[1]), movestdlib.StringBytes(args[2])
	if err := native.ChargeRead(c.NativeContext, len(m)+len(f)); err != nil {
		return txn.FunctionInfo{}, err
	}
	if !ledgerapi.ValidIdentifier(string(m)) || !ledgerapi.ValidIdentifier(string(f)) {
		return txn.FunctionInfo{}, abortIn("function_info", 0, eInvalidIdentifier)
	}
	return txn.FunctionInfo{ModuleAddress: args[0].AsAddress(), ModuleName: string(m), FunctionName: string(f)}, nil
}

// dispatcher is account_abstraction::dispatchable_authenticate, the
// framework function authentication functions stand in for.
var dispatcher = FunctionRef{Module: module1("account_abstraction"), Name: "dispatchable_authenticate"}

// checkAuthFunction is the dispatch compatibility check of
// update_dispatchable_authenticator_impl: f must exist (EINVALID_FUNCTION
// of function_info) and be able to stand in for dispatchable_authenticate
// — a public fun(signer, AbstractionAuthData): signer of another module —
// else EAUTH_FUNCTION_SIGNATURE_MISMATCH.
func checkAuthFunction(c *native.Context, f txn.FunctionInfo) error {
	target := FunctionRef{Module: ledgerapi.ModuleId{Address: f.ModuleAddress, Name: f.ModuleName}, Name: f.FunctionName}
	ok, err := dispatchCompatible(c, dispatcher, target)
	if err == nil && !ok {
		err = abortIn("account_abstraction", native.InvalidArgument, eAuthFunctionSignatureMismatch)
	}
	return err
}

// dispatchableAuthenticate is the native dispatchable_authenticate(account,
// signing_data, function), which only account_abstraction's private
// authenticate calls on Aptos; here the executor dispatches to the
// registered function itself (vmstub), so no Move code reaches it.
func dispatchableAuthenticate(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
	return nil, &movevm.Error{Status: onchain.UNREACHABLE, Message: "account_abstraction::dispatchable_authenticate is called by the executor only"}
}

// updateAuthFunction is add_authentication_function (add) and
// remove_authentication_function(account, module_address, module_name,
// function_name): the function joins the account's DispatchableAuthenticator
// (created on the first; EFUNCTION_INFO_EXISTENCE already_exists when it is
// there) or leaves it (not_found when it is not; the authenticator goes
// with its last function); UpdateDispatchableAuthenticator records it.
func updateAuthFunction(add bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		h, a := hostOf(c), signerAddress(args[0])
		f, err := functionInfoArgs(c, args[1:])
		if err != nil {
			return nil, err
		}
		if err := checkAuthFunction(c, f); err != nil {
			return nil, err
		}
		x, exists, err := dispatchableOf(h, a)
		if err != nil {
			return nil, err
		}
		if err := c.ChargeElems(len(x.funcs)); err != nil {
			return nil, err
		}
		i, found := slices.BinarySearchFunc(x.funcs, f, compareFunctionInfo)
		update := "add"
		switch {
		case add && found:
			return nil, c.Abort(native.Code(native.AlreadyExists, eFunctionInfoExistence))
		case add:
			x.funcs = slices.Insert(x.funcs, i, f)
		case !exists || !found:
			return nil, c.Abort(native.Code(native.NotFound, eFunctionInfoExistence))
		default:
			x.funcs, update = slices.Delete(x.funcs, i, i+1), "remove"
		}
		if err := putResource(h, aaResourceAddr(a), dispatchableAuthTag, x); err != nil {
			return nil, err
		}
		e := bcs.NewEncoder(128)
		e.Fixed(a[:])
		e.WriteBytes([]byte(update))
		f.MarshalBCS(e)
		h.EmitBCS(updateDispatchType, e.Bytes())
		if len(x.funcs) == 0 {
			return nil, removeDispatchable(h, a)
		}
		return nil, nil
	}
}

// removeDispatchable removes a's DispatchableAuthenticator, if any, and
// emits RemoveDispatchableAuthenticator.
func removeDispatchable(h native.Host, a ledgerapi.Address) error {
	if _, ok, err := h.Resource(aaResourceAddr(a), dispatchableAuthTag); err != nil || !ok {
		return err
	}
	if err := h.DeleteResource(aaResourceAddr(a), dispatchableAuthTag); err != nil {
		return err
	}
	h.EmitBCS(removeDispatchType, append([]byte(nil), a[:]...))
	return nil
}

// removeAuthenticator is remove_authenticator(account).
func removeAuthenticator(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, removeDispatchable(hostOf(c), signerAddress(args[0]))
}

// usingDispatchable is using_dispatchable_authenticator(addr).
func usingDispatchable(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	_, ok, err := hostOf(c).Resource(aaResourceAddr(args[0].AsAddress()), dispatchableAuthTag)
	return []movevm.Value{movevm.Bool(ok)}, err
}

// viewDispatchable is dispatchable_authenticator(addr): the registered
// functions, none without an authenticator.
func viewDispatchable(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	x, ok, err := dispatchableOf(hostOf(c), args[0].AsAddress())
	if err != nil {
		return nil, err
	}
	e := bcs.NewEncoder(64)
	e.Bool(ok)
	if ok {
		e.SeqLen(len(x.funcs))
		for _, f := range x.funcs {
			f.MarshalBCS(e)
		}
	}
	tag := ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "option", Name: "Option",
		TypeArgs: []ledgerapi.TypeTag{{Kind: ledgerapi.KindVector, Elem: &ledgerapi.TypeTag{Kind: ledgerapi.KindStruct, Struct: &FunctionInfoTag}}}})
	return valueOf(c, tag, e.Bytes())
}

// DeriveAccountAddress is derive_account_address(f, abstract_public_key):
// sha3-256(BCS(f) ‖ BCS(abstract_public_key) ‖ 5).
func DeriveAccountAddress(f txn.FunctionInfo, abstractPublicKey []byte) ledgerapi.Address {
	e := bcs.NewEncoder(96 + len(abstractPublicKey))
	f.MarshalBCS(e)
	e.WriteBytes(abstractPublicKey)
	e.U8(derivedScheme)
	return crypto.SHA3_256(e.Bytes())
}

// deriveAddressView is derive_account_address_view(module_address,
// module_name, function_name, abstract_public_key).
func deriveAddressView(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	f, err := functionInfoArgs(c, args[:3])
	if err != nil {
		return nil, err
	}
	pk := args[3].Bytes()
	if err := native.ChargeRead(c.NativeContext, len(pk)); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Address(DeriveAccountAddress(f, pk))}, nil
}

// deriveAddress is derive_account_address(derivable_func_info,
// &abstract_public_key).
func deriveAddress(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v := derefValue(args[0])
	f := txn.FunctionInfo{ModuleAddress: v.Elem(0).AsAddress(), ModuleName: string(movestdlib.StringBytes(v.Elem(1))),
		FunctionName: string(movestdlib.StringBytes(v.Elem(2)))}
	pk := derefValue(args[1]).Bytes()
	if err := native.ChargeRead(c.NativeContext, len(pk)+len(f.ModuleName)+len(f.FunctionName)); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Address(DeriveAccountAddress(f, pk))}, nil
}

// AuthenticateAbstraction is account_abstraction::authenticate's checks
// before it dispatches to f for account a: for V1 data, a's
// DispatchableAuthenticator (EDISPATCHABLE_AUTHENTICATOR_IS_NOT_USED) must
// list f (EFUNCTION_INFO_EXISTENCE); for DerivableV1 data a must be the
// address derived from f and the abstract public key
// (EINCONSISTENT_SIGNER_ADDRESS) and f a registered derivable function
// (authenticateDerivable).
// The aborts are located in account_abstraction.
func AuthenticateAbstraction(h native.Host, a ledgerapi.Address, x *txn.AbstractionAuthenticator) error {
	if x.Derivable {
		return authenticateDerivable(h, a, x)
	}
	d, ok, err := dispatchableOf(h, a)
	if err != nil {
		return err
	}
	if !ok {
		return abortIn("account_abstraction", native.NotFound, eDispatchableAuthenticatorIsNotUsed)
	}
	if _, found := slices.BinarySearchFunc(d.funcs, x.FunctionInfo, compareFunctionInfo); !found {
		return abortIn("account_abstraction", native.NotFound, eFunctionInfoExistence)
	}
	return nil
}

// InconsistentSigner is the abort of an authentication function that
// returned another account's signer.
func InconsistentSigner() error {
	return abortIn("account_abstraction", native.InvalidState, eInconsistentSignerAddress)
}
