// Package native is the contract for implementing a Move function in Go:
// how a module of the framework (vmstub/framework/...) or of a host
// (examples/custommodule) declares its structs and functions with their
// exact Move signatures and implements them on the interpreter's values.
//
// # Declaring a module
//
// A Module gives the module's address and name, its structs (fields as
// "name: type" in BCS order, abilities, type parameters T0, T1, …), its
// functions and its error constants:
//
//	native.Module{Address: ledgerapi.AddressOne, Name: "vector",
//		Functions: []native.Function{
//			{Name: "singleton", TypeParams: []native.TypeParam{{}},
//				Params: []string{"T0"}, Return: []string{"vector<T0>"}, Impl: singleton},
//		},
//		Errors: []native.AbortReason{{Reason: 0, Name: "EINDEX_OUT_OF_BOUNDS", Description: "..."}},
//	}
//
// The executor generates the module's bytecode from it (every function
// native, views, events and the error map in the metadata), stores it at
// genesis and serves its ABI; Move code links against it like any module.
// Params and Return are the Move types, references included ("&signer",
// "&mut 0x1::string::String", "&T0"); IsEntry and IsView mark entry and
// #[view] functions.
//
// # One signature
//
// Every function is a Func over interpreter values:
//
//	func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error)
//
// args have the declared parameter types: values, or references that the
// Func reads (Value.Deref) and writes through in place (c.WriteThrough,
// c.VecPushBack, …; see movevm.NativeContext). The results must have the
// declared return types. The same Func serves Move code calling it and
// transactions and views calling it: the interpreter decodes and checks
// their arguments first (signers, Object<T>, String, Option), exactly as
// for a function written in Move. There is no BCS round trip per call.
//
// # Aborts
//
// A Func aborts with c.Abort(code): the abort is located in the Func's
// module, and the module's Errors explain it in vm_status. Code builds
// codes as std::error does, Code(NotFound, EOBJECT_DOES_NOT_EXIST). Any
// other error fails the call: the interpreter's own (*movevm.Error: out of
// gas, memory) as they are, anything else — a failed read of state, a bug —
// as an internal failure after which the executor keeps nothing of the
// transaction. A panic is such a failure too.
//
// # Gas
//
// A Func charges by what it touches, before it does it: c.Charge(units)
// for a fixed cost, c.ChargeElems(n) per element moved, compared or
// visited, ChargeRead per byte read or serialized (SerializeCharged does
// both), ChargeOutput before building a result of n bytes, TypeTagCharged
// for type tags it builds; c.CheckVectorLen before growing a vector. The
// rates (charge.go) are calibrated so that a Func with adversarial inputs
// costs about as much CPU per unit as the worst instruction.
//
// # Events
//
// c.Emit(v) records a module event whose type is v's struct (declared
// with IsEvent); it is kept only if the call succeeds. Host.EmitOnHandle
// records a v1 event in an EventHandle's stream.
//
// # State
//
// c.Host() is the transaction's state as the framework sees it (Host):
// resources and table items as BCS, events, the chain's time and id, the
// transaction's context, the modules in state, and publish requests the
// executor carries out after the call. A Move resource a Func reads it
// decodes; one it writes it encodes.
//
// State that a module keeps for the length of a transaction (a cache of
// derived addresses, a counter of generated ids, table items Move code
// holds references into) belongs to the module: it declares a key once,
// and the value lives in the session, made on first use:
//
//	var auids = native.NewState[uint64](nil)
//
//	func generate(c *native.Context, ...) { n := auids.Get(c); *n++; ... }
//
// A value implementing Committer is written to the host when a Move call
// succeeds and dropped when it fails.
//
// # Registering
//
// The framework's modules are registered by the executor
// (vmstub.frameworkModules); a host passes its own in vmstub.Options.Natives.
// See the Example, which declares, registers and calls a host module.
package native
