package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Module is a native Move module implemented in Go in the executor's own
// (older) form: functions over BCS (Native) or over values (MoveNative).
// New modules are declared through vmstub/native and registered with
// Options.Natives; this form goes once every framework module has moved.
// It declares its structs, its
// functions (entry functions and views run by Native) and the names of its
// abort reasons. Framework modules are defined the same way. The
// declaration generates the module's bytecode (structs with their fields,
// every function native, the metadata of views, events and abort reasons;
// see ModuleBytecode), which genesis stores under its module state key;
// the ABI, the struct layouts used to render values and the function
// signatures used to check arguments are read from those stored bytes.
type Module struct {
	// Address and Name identify the module (0x1::coin).
	Address ledgerapi.Address
	Name    string
	// Friends lists friend modules as "0x1::coin" strings.
	Friends []string
	// Structs are the module's struct types.
	Structs []Struct
	// Functions are the exposed functions.
	Functions []Function
	// Errors names abort reasons for vm_status texts (and the error map of
	// the module's metadata).
	Errors []AbortReason
	// Package names the package genesis lists the module in, in the
	// 0x1::code::PackageRegistry at its address. The default is Aptos's
	// package of that name for 0x1 modules (MoveStdlib, AptosStdlib or
	// AptosFramework) and "HostModules" elsewhere.
	Package string
	// Genesis, when set, writes the module's initial state into the
	// genesis write set (for example a resource holding a table handle).
	Genesis func(s *Session) error
}

// The declaration types are the native contract's (vmstub/native).
type (
	TypeParam  = native.TypeParam
	Struct     = native.Struct
	Visibility = native.Visibility
)

// Abilities of Move types.
const (
	AbilityCopy  = native.AbilityCopy
	AbilityDrop  = native.AbilityDrop
	AbilityStore = native.AbilityStore
	AbilityKey   = native.AbilityKey
)

// Function visibilities.
const (
	Public  = native.Public
	Private = native.Private
	Friend  = native.Friend
)

// Function declares a function. Only entry and view functions can be
// called from outside; each needs Native.
type Function struct {
	// Name is the function's name.
	Name string
	// Visibility defaults to public.
	Visibility Visibility
	// IsEntry marks entry functions (callable by transactions).
	IsEntry bool
	// IsView marks #[view] functions (callable by POST /view).
	IsView bool
	// TypeParams are the generic parameters (T0, T1, … in types).
	TypeParams []TypeParam
	// Params are Move parameter types as the ABI shows them: leading
	// "&signer" (or "signer") parameters receive the transaction's signers;
	// the others are the call's arguments, e.g. "address", "u64",
	// "vector<address>", "0x1::object::Object<T0>".
	Params []string
	// Return lists the return types of views.
	Return []string
	// Gas is the execution cost of a call in gas units (default: the
	// schedule's ExecutionPerCall).
	Gas uint64
	// Native implements the function. Entry functions return nil values;
	// views return one BCS value per Return type. Return an *Abort to abort
	// (the transaction is kept with success false); any other error (or a
	// panic) is an internal failure, kept as UNKNOWN_INVARIANT_VIOLATION_ERROR.
	Native func(c *Call) ([][]byte, error)
	// MoveNative, when set instead of Native, implements a function that
	// Move code calls with the interpreter's values: references and
	// generic values that have no BCS of their own (vector::push_back,
	// table::borrow_mut). Its movevm.NativeContext's Host is the call's
	// session (see MoveSession).
	MoveNative movevm.NativeFunc

	// checked marks a MoveNative made from a native.Func: it runs only for
	// the function its registration generated (see checkedNative).
	checked bool
}

// Call is one invocation of a native function.
type Call struct {
	*Session
	// Function is the called function.
	Function ledgerapi.EntryFunctionId
	// Signers are the signer arguments (sender, then secondary signers);
	// empty for views.
	Signers []ledgerapi.Address
	// TypeArgs are the type arguments.
	TypeArgs []ledgerapi.TypeTag
	// Args are the BCS arguments after the signers, already checked to
	// deserialize as the parameter types (Object<T> arguments also name an
	// existing object holding T).
	Args [][]byte

	fn *modules.Function // the function as stored
}

// Abort returns an abort of the called function's module with the given
// full code (see AbortCode).
func (c *Call) Abort(code uint64) error {
	return &Abort{Module: c.Function.Module, Code: code}
}
