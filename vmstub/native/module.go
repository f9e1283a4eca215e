package native

import "github.com/ledgernode/ledgernode/ledgerapi"

// Module declares a Move module implemented in Go: its structs, its
// functions and the names of its abort reasons, with the exact Move
// signatures Aptos gives them. The executor generates the module's
// bytecode from the declaration (structs with their fields, every function
// native, the metadata of views, events and abort reasons), stores it at
// genesis, and runs the Go functions when Move code or a transaction calls
// them.
type Module struct {
	// Address and Name identify the module (0x1::object).
	Address ledgerapi.Address
	Name    string
	// Friends lists friend modules as "0x1::coin" strings.
	Friends []string
	// Structs are the module's struct types.
	Structs []Struct
	// Functions are the module's functions; each has Impl.
	Functions []Function
	// Errors names the module's abort reasons (its error constants).
	Errors []AbortReason
	// Package names the package the module is listed in, in the
	// 0x1::code::PackageRegistry at its address. The default is Aptos's
	// package of that name for 0x1 modules (MoveStdlib, AptosStdlib or
	// AptosFramework) and "HostModules" elsewhere.
	Package string
	// Genesis, when set, writes the module's initial state into the
	// genesis write set (for example a resource holding a table handle).
	Genesis func(h Host) error
}

// Abilities of Move types.
const (
	AbilityCopy  = "copy"
	AbilityDrop  = "drop"
	AbilityStore = "store"
	AbilityKey   = "key"
)

// TypeParam is a generic type parameter: its ability constraints and
// whether it is phantom (phantom parameters of structs may not appear in
// fields).
type TypeParam struct {
	Constraints []string
	Phantom     bool
}

// Struct declares a struct type.
type Struct struct {
	// Name is the struct's name.
	Name string
	// Abilities lists the struct's abilities ("copy", "drop", "store", "key").
	Abilities []string
	// TypeParams are the generic parameters, referred to as T0, T1, … in
	// field types.
	TypeParams []TypeParam
	// Fields are "name: type" specs in declaration (BCS) order, e.g.
	// "coin: 0x1::coin::Coin<T0>".
	Fields []string
	// Variants, when set, make the struct an enum (Fields stays empty):
	// its variants in declaration (BCS tag) order.
	Variants []Variant
	// IsEvent marks #[event] structs.
	IsEvent bool
	// ObjectGroup marks members of the 0x1::object::ObjectGroup resource
	// group: the resources of one object share a storage slot for gas.
	ObjectGroup bool
}

// Variant is one variant of an enum: its name and its fields as "name:
// type" specs in declaration order.
type Variant struct {
	Name   string
	Fields []string
}

// Visibility of a function.
type Visibility string

// Function visibilities.
const (
	Public  Visibility = "public"
	Private Visibility = "private"
	Friend  Visibility = "friend"
)

// Function declares a function and its Go implementation.
type Function struct {
	// Name is the function's name.
	Name string
	// Visibility defaults to public.
	Visibility Visibility
	// IsEntry marks entry functions (callable by transactions).
	IsEntry bool
	// IsView marks #[view] functions (callable by POST /view).
	IsView bool
	// LegacyEntry marks an entry function Aptos declares
	// #[legacy_entry_fun]: its parameters need not be valid transaction
	// arguments (a reference to a capability), so a transaction calling it
	// fails its argument check, while its ABI says entry as on Aptos.
	LegacyEntry bool
	// TypeParams are the generic parameters (T0, T1, … in types).
	TypeParams []TypeParam
	// Params are the Move parameter types, references included:
	// "&signer", "address", "&mut 0x1::string::String", "vector<T0>".
	Params []string
	// Return lists the return types ("&T0" for a reference).
	Return []string
	// Impl implements the function on the interpreter's values. A
	// transaction or a view calling it gets its arguments decoded and
	// checked against Params by the interpreter first, exactly as for a
	// Move function.
	Impl Func
}

// AbortReason names one abort reason of a module: the low 16 bits of its
// abort code, the error constant's name and its doc comment, as the
// module's error map gives them.
type AbortReason struct {
	// Reason is the low 16 bits of the abort code (the module's constant).
	Reason uint64
	// Name is the constant's name, e.g. "EINSUFFICIENT_BALANCE".
	Name string
	// Description is the constant's doc comment.
	Description string
}
