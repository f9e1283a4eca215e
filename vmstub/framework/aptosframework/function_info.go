package aptosframework

// 0x1::function_info: FunctionInfo, a function named by its module's
// address, the module's name and the function's name (what dispatchable
// fungible assets and account abstraction call back); new_function_info
// and new_function_info_from_address (both names must be Move
// identifiers), and, for the framework's friends, load_module_from_function
// and check_dispatch_type_compatibility, which tells whether a published
// function can stand in for a framework dispatch function: as on Aptos,
// the same type parameter constraints and results, the framework
// function's parameters but its last (the &FunctionInfo), a public target,
// and a different module. The dispatchable-fungible-asset feature is
// taken as enabled (ENOT_ACTIVATED never aborts).

import (
	"errors"
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::function_info (raw codes, no category, as Aptos's
// assert! and natives give them; ENOT_ACTIVATED is error::aborted).
const (
	eInvalidIdentifier = 1
	eInvalidFunction   = 2
	eNotActivated      = 3
)

// FunctionInfoTag is the type of 0x1::function_info::FunctionInfo.
var FunctionInfoTag = tag1("function_info", "FunctionInfo")

const tFunctionInfo = "0x1::function_info::FunctionInfo"

// FunctionInfo declares 0x1::function_info.
func FunctionInfo() native.Module {
	ref := "&" + tFunctionInfo
	friend := func(f native.Function) native.Function { f.Visibility = native.Friend; return f }
	private := func(f native.Function) native.Function { f.Visibility = native.Private; return f }
	return native.Module{Address: addr, Name: "function_info",
		Friends: []string{"0x1::fungible_asset", "0x1::dispatchable_fungible_asset", "0x1::account_abstraction"},
		Structs: []native.Struct{{Name: "FunctionInfo", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
			Fields: []string{"module_address: address", "module_name: " + tString, "function_name: " + tString}}},
		Functions: []native.Function{
			{Name: "new_function_info", Params: []string{"&signer", tString, tString}, Return: []string{tFunctionInfo}, Impl: newFunctionInfo},
			{Name: "new_function_info_from_address", Params: []string{"address", tString, tString}, Return: []string{tFunctionInfo}, Impl: newFunctionInfo},
			friend(native.Function{Name: "check_dispatch_type_compatibility", Params: []string{ref, ref}, Return: []string{"bool"}, Impl: checkDispatchCompat}),
			friend(native.Function{Name: "load_module_from_function", Params: []string{ref}, Impl: loadFunction}),
			private(native.Function{Name: "check_dispatch_type_compatibility_impl", Params: []string{ref, ref}, Return: []string{"bool"}, Impl: checkDispatchCompat}),
			private(native.Function{Name: "is_identifier", Params: []string{"&vector<u8>"}, Return: []string{"bool"}, Impl: isIdentifier}),
			private(native.Function{Name: "load_function_impl", Params: []string{ref}, Impl: loadFunction}),
		},
		Errors: []native.AbortReason{
			{Reason: eInvalidIdentifier, Name: "EINVALID_IDENTIFIER", Description: "String is not a valid Move identifier"},
			{Reason: eInvalidFunction, Name: "EINVALID_FUNCTION", Description: "Function specified in the FunctionInfo doesn't exist on chain."},
			{Reason: eNotActivated, Name: "ENOT_ACTIVATED", Description: "Feature hasn't been activated yet."},
		},
	}
}

// newFunctionInfo is new_function_info(module_signer, module_name,
// function_name) and new_function_info_from_address(module_address, …):
// both names must be identifiers (EINVALID_IDENTIFIER, raw code 1).
func newFunctionInfo(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	a := args[0]
	if k := a.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		a = movevm.Address(signerAddress(a))
	}
	for _, s := range args[1:] {
		b := movestdlib.StringBytes(s)
		if err := native.ChargeRead(c.NativeContext, len(b)); err != nil {
			return nil, err
		}
		if !ledgerapi.ValidIdentifier(string(b)) {
			return nil, c.Abort(eInvalidIdentifier)
		}
	}
	t, err := typeOf(c, FunctionInfoTag)
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.NewStruct(t, []movevm.Value{a, args[1], args[2]})}, nil
}

// isIdentifier is is_identifier(&bytes): UTF-8 and a Move identifier.
func isIdentifier(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	b := v.Bytes()
	if err := native.ChargeRead(c.NativeContext, len(b)); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(ledgerapi.ValidIdentifier(string(b)))}, nil
}

// FunctionRef is a FunctionInfo read into Go: the function's module and
// name.
type FunctionRef struct {
	Module ledgerapi.ModuleId
	Name   string
}

// functionRefOf reads the FunctionInfo v (through a reference or not),
// charging its names; names that are not identifiers abort with
// EINVALID_IDENTIFIER, as Aptos's natives do.
func functionRefOf(c *native.Context, v movevm.Value) (FunctionRef, error) {
	v = derefValue(v)
	module, name := movestdlib.StringBytes(v.Elem(1)), movestdlib.StringBytes(v.Elem(2))
	if err := native.ChargeRead(c.NativeContext, len(module)+len(name)); err != nil {
		return FunctionRef{}, err
	}
	if !ledgerapi.ValidIdentifier(string(module)) || !ledgerapi.ValidIdentifier(string(name)) {
		return FunctionRef{}, abortIn("function_info", 0, eInvalidIdentifier)
	}
	return FunctionRef{Module: ledgerapi.ModuleId{Address: v.Elem(0).AsAddress(), Name: string(module)}, Name: string(name)}, nil
}

// derefValue is v, or what it points at when it is a reference.
func derefValue(v movevm.Value) movevm.Value {
	if k := v.Type().Kind; k == movevm.KindRef || k == movevm.KindMutRef {
		v, _ = v.Deref()
	}
	return v
}

// moduleLoadCost and moduleBytesPerUnit price loading a module a
// FunctionInfo names: a fixed cost and one unit per 16 bytes of its code.
const (
	moduleLoadCost     = 50
	moduleBytesPerUnit = 16
)

// loadModule loads module id, charged by its size; a missing module is
// nil (no error).
func loadModule(c *native.Context, id ledgerapi.ModuleId) (*modules.Module, error) {
	if err := c.Charge(moduleLoadCost); err != nil {
		return nil, err
	}
	m, err := c.Host().Module(id)
	switch {
	case errors.Is(err, modules.ErrModuleNotFound) || errors.Is(err, modules.ErrUndecodable):
		return nil, nil
	case err != nil:
		return nil, err
	}
	return m, c.Charge(uint64(len(m.Code)) / moduleBytesPerUnit)
}

// loadFunction is load_module_from_function(f) and load_function_impl(f):
// the module f names is loaded and charged; a missing one fails the call
// with LINKER_ERROR, as a missing dependency does.
func loadFunction(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	f, err := functionRefOf(c, args[0])
	if err != nil {
		return nil, err
	}
	m, err := loadModule(c, f.Module)
	if err == nil && m == nil {
		err = &movevm.Error{Status: onchain.LINKER_ERROR, Message: "module " + f.Module.String() + " does not exist"}
	}
	return nil, err
}

// fnSig is a function's signature as its module renders it (types as
// strings, T0… for its type parameters, so that signatures of different
// modules compare), and its visibility.
type fnSig struct {
	public         bool
	typeParams     []bytecode.AbilitySet
	params, result []string
}

// functionSig is the signature of function name of m, false when m has
// none; the strings built are charged per type node.
func functionSig(c *native.Context, m *modules.Module, name string) (*fnSig, bool, error) {
	cm := m.Compiled
	for _, d := range cm.FunctionDefs {
		fh := cm.FunctionHandles[d.Function]
		if cm.Identifiers[fh.Name] != name {
			continue
		}
		params, result := cm.Signatures[fh.Parameters], cm.Signatures[fh.Return]
		if err := c.ChargeElems(len(params) + len(result)); err != nil {
			return nil, false, err
		}
		sig := &fnSig{public: d.Visibility == bytecode.Public, typeParams: fh.TypeParameters}
		for _, t := range params {
			sig.params = append(sig.params, cm.TypeString(t))
		}
		for _, t := range result {
			sig.result = append(sig.result, cm.TypeString(t))
		}
		return sig, true, nil
	}
	return nil, false, nil
}

// checkDispatchCompat is check_dispatch_type_compatibility(framework,
// target) (and its _impl): whether target can stand in for the framework's
// dispatch function.
func checkDispatchCompat(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	fw, err := functionRefOf(c, args[0])
	if err != nil {
		return nil, err
	}
	tg, err := functionRefOf(c, args[1])
	if err != nil {
		return nil, err
	}
	ok, err := dispatchCompatible(c, fw, tg)
	return []movevm.Value{movevm.Bool(ok)}, err
}

// dispatchCompatible reports whether the function target names can be
// dispatched to in place of the framework function fw (see the file's
// comment), aborting in function_info with EINVALID_FUNCTION when either
// does not exist or fw takes no parameter.
func dispatchCompatible(c *native.Context, fw, target FunctionRef) (bool, error) {
	lookup := func(f FunctionRef) (*fnSig, error) {
		m, err := loadModule(c, f.Module)
		if err != nil {
			return nil, err
		}
		if m == nil {
			return nil, abortIn("function_info", 0, eInvalidFunction)
		}
		sig, ok, err := functionSig(c, m, f.Name)
		if err == nil && !ok {
			err = abortIn("function_info", 0, eInvalidFunction)
		}
		return sig, err
	}
	tf, err := lookup(target)
	if err != nil {
		return false, err
	}
	ff, err := lookup(fw)
	if err != nil {
		return false, err
	}
	if len(ff.params) == 0 {
		return false, abortIn("function_info", 0, eInvalidFunction)
	}
	return tf.public && fw.Module != target.Module && slices.Equal(ff.typeParams, tf.typeParams) &&
		slices.Equal(ff.result, tf.result) && slices.Equal(ff.params[:len(ff.params)-1], tf.params), nil
}
