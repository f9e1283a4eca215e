package aptosframework

// 0x1::fungible_asset's dispatch hooks: the DispatchFunctionStore
// (withdraw, deposit and derived-balance functions) and DeriveSupply
// (derived-supply function) an issuer registers on its metadata object
// through dispatchable_fungible_asset (register_dispatch_functions and
// register_derive_supply_dispatch_function, friend functions here), each
// function checked against the framework's dispatch function with
// function_info's check_dispatch_type_compatibility; the readers of the
// hooks (is_store_dispatchable, withdraw_dispatch_function, …).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// faDispatchFunctions are fungible_asset's registration functions.
func faDispatchFunctions() []native.Function {
	return []native.Function{
		{Name: "register_dispatch_functions", Visibility: native.Friend,
			Params: []string{tCtorRef, tOptFuncInfo, tOptFuncInfo, tOptFuncInfo}, Impl: registerDispatchFunctions},
		{Name: "register_derive_supply_dispatch_function", Visibility: native.Friend,
			Params: []string{tCtorRef, tOptFuncInfo}, Impl: registerDeriveSupply},
	}
}

// funcInfo is a FunctionInfo as stored: the module's address and name and
// the function's name.
type funcInfo struct {
	Addr         ledgerapi.Address
	Module, Name string
}

func (f *funcInfo) ref() FunctionRef {
	return FunctionRef{Module: ledgerapi.ModuleId{Address: f.Addr, Name: f.Module}, Name: f.Name}
}

// dispatchHooks is DispatchFunctionStore (withdraw, deposit,
// derived_balance: hooks[0..2]) or DeriveSupply (hooks[0]): options of
// FunctionInfo, nil for none.
type dispatchHooks struct {
	hooks []*funcInfo
}

func (s *dispatchHooks) MarshalBCS(e *bcs.Encoder) {
	for _, f := range s.hooks {
		e.Option(f != nil)
		if f != nil {
			e.Fixed(f.Addr[:])
			e.String(f.Module)
			e.String(f.Name)
		}
	}
}

func (s *dispatchHooks) UnmarshalBCS(d *bcs.Decoder) {
	for i := range s.hooks {
		s.hooks[i] = nil
		if d.Option("dispatch function") {
			f := &funcInfo{}
			d.Fixed(f.Addr[:], "FunctionInfo.module_address")
			f.Module = d.String("FunctionInfo.module_name")
			f.Name = d.String("FunctionInfo.function_name")
			s.hooks[i] = f
		}
	}
}

// Hooks of a DispatchFunctionStore, by position.
const (
	hookWithdraw       = 0
	hookDeposit        = 1
	hookDerivedBalance = 2
)

// readHooks reads the DispatchFunctionStore (or, for deriveSupplyTag, the
// DeriveSupply) of the metadata object at metadata; false without one.
func readHooks(h native.Host, metadata ledgerapi.Address, tag ledgerapi.StructTag) (*dispatchHooks, bool, error) {
	s := &dispatchHooks{hooks: make([]*funcInfo, 3)}
	if tag.Name == deriveSupplyTag.Name {
		s.hooks = s.hooks[:1]
	}
	ok, err := readResource(h, metadata, tag, s)
	return s, ok, err
}

// metadataHook is the dispatch function i registered on the metadata
// object (nil for none). APT has none, as Aptos short-cuts it.
func metadataHook(h native.Host, metadata ledgerapi.Address, i int) (*funcInfo, error) {
	if metadata == APTMetadata {
		return nil, nil
	}
	s, ok, err := readHooks(h, metadata, dispatchStoreTag)
	if err != nil || !ok {
		return nil, err
	}
	return s.hooks[i], nil
}

// hookOption is the Option<FunctionInfo> of f.
func hookOption(c *native.Context, f *funcInfo) ([]movevm.Value, error) {
	s := &dispatchHooks{hooks: []*funcInfo{f}}
	return valueOf(c, ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "option", Name: "Option",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(FunctionInfoTag)}}), encode(s))
}

// viewStoreDispatchable is is_store_dispatchable(store): whether the
// store's asset has a DispatchFunctionStore.
func viewStoreDispatchable(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	st, err := mustReadStore(hostOf(c), refAddress(args[0]))
	if err != nil {
		return nil, err
	}
	return existsAt(c, st.Metadata, dispatchStoreTag)
}

// storeDispatchFunction is withdraw_dispatch_function (0),
// deposit_dispatch_function (1) and derived_balance_dispatch_function (2)
// of a store (EFUNGIBLE_STORE_EXISTENCE without one).
func storeDispatchFunction(i int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		st, err := mustReadStore(hostOf(c), refAddress(args[0]))
		if err != nil {
			return nil, err
		}
		s, ok, err := readHooks(hostOf(c), st.Metadata, dispatchStoreTag)
		if err != nil {
			return nil, err
		}
		var f *funcInfo
		if ok {
			f = s.hooks[i]
		}
		return hookOption(c, f)
	}
}

// supplyDispatchFunction is derived_supply_dispatch_function(metadata).
func supplyDispatchFunction(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, ok, err := readHooks(hostOf(c), refAddress(args[0]), deriveSupplyTag)
	if err != nil {
		return nil, err
	}
	var f *funcInfo
	if ok {
		f = s.hooks[0]
	}
	return hookOption(c, f)
}

// hookArg reads an Option<FunctionInfo> argument (nil for none), charging
// its names.
func hookArg(c *native.Context, v movevm.Value) (*funcInfo, error) {
	vec := derefValue(v).Elem(0)
	if vec.Len() == 0 {
		return nil, nil
	}
	f, err := functionRefOf(c, vec.Elem(0))
	if err != nil {
		return nil, err
	}
	return &funcInfo{Addr: f.Module.Address, Module: f.Module.Name, Name: f.Name}, nil
}

// checkHook aborts with reason (invalid_argument) unless f can stand in
// for dispatchable_fungible_asset's native named framework.
func checkHook(c *native.Context, f *funcInfo, framework string, reason uint64) error {
	if f == nil {
		return nil
	}
	fw := FunctionRef{Module: module1("dispatchable_fungible_asset"), Name: framework}
	ok, err := dispatchCompatible(c, fw, f.ref())
	if err == nil && !ok {
		err = faAbort(native.InvalidArgument, reason)
	}
	return err
}

// registerSanity is register_dispatch_function_sanity_check on the
// constructor ref's object: not APT (EAPT_NOT_DISPATCHABLE), not
// deletable (EOBJECT_IS_DELETABLE), fungible (EFUNGIBLE_METADATA_EXISTENCE);
// then the hooks' resource must not exist yet (EALREADY_REGISTERED).
func registerSanity(c *native.Context, ctor movevm.Value, tag ledgerapi.StructTag) (ledgerapi.Address, error) {
	ref := derefValue(ctor)
	a := ref.Elem(0).AsAddress()
	h := hostOf(c)
	switch {
	case a == APTMetadata:
		return a, faAbort(native.PermissionDenied, eAPTNotDispatchable)
	case ref.Elem(1).AsBool():
		return a, faAbort(native.InvalidArgument, eObjectIsDeletable)
	}
	if _, ok, err := h.Resource(a, metadataTag); err != nil {
		return a, err
	} else if !ok {
		return a, faAbort(native.NotFound, eFungibleMetadataExistence)
	}
	if _, ok, err := h.Resource(a, tag); err != nil {
		return a, err
	} else if ok {
		return a, faAbort(native.AlreadyExists, eAlreadyRegistered)
	}
	return a, nil
}

// registerDispatchFunctions is register_dispatch_functions(constructor_ref,
// withdraw, deposit, derived_balance): each given function checked
// (E*_FUNCTION_SIGNATURE_MISMATCH), then the DispatchFunctionStore moved
// to the metadata object.
func registerDispatchFunctions(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s := &dispatchHooks{hooks: make([]*funcInfo, 3)}
	checks := []struct {
		framework string
		reason    uint64
	}{{"dispatchable_withdraw", eWithdrawFunctionMismatch}, {"dispatchable_deposit", eDepositFunctionMismatch},
		{"dispatchable_derived_balance", eDerivedBalanceFunctionMismatch}}
	for i, ch := range checks {
		f, err := hookArg(c, args[1+i])
		if err == nil {
			err = checkHook(c, f, ch.framework, ch.reason)
		}
		if err != nil {
			return nil, err
		}
		s.hooks[i] = f
	}
	a, err := registerSanity(c, args[0], dispatchStoreTag)
	if err != nil {
		return nil, err
	}
	return nil, putResource(hostOf(c), a, dispatchStoreTag, s)
}

// registerDeriveSupply is register_derive_supply_dispatch_function(
// constructor_ref, function): DeriveSupply moved to the metadata object.
func registerDeriveSupply(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	f, err := hookArg(c, args[1])
	if err == nil {
		err = checkHook(c, f, "dispatchable_derived_supply", eDerivedSupplyFunctionMismatch)
	}
	if err != nil {
		return nil, err
	}
	a, err := registerSanity(c, args[0], deriveSupplyTag)
	if err != nil {
		return nil, err
	}
	return nil, putResource(hostOf(c), a, deriveSupplyTag, &dispatchHooks{hooks: []*funcInfo{f}})
}
