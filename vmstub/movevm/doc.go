// Package movevm is a Move bytecode interpreter in pure Go: it runs the
// functions of modules of file format versions 5 to 10 (as read by
// ledgerapi/bytecode) against a state given as small interfaces, as Aptos
// runs entry functions, scripts and view functions.
//
// # Inputs
//
//   - ModuleLoader gives modules by id (ModuleMap holds them in memory). A
//     missing module, struct or function named by a handle, a handle whose
//     signature or abilities differ from the definition, or a call to a
//     private (or, from a non-friend, friend) function fails the call with
//     LINKER_ERROR; a function asked for by name that does not exist with
//     FUNCTION_RESOLUTION_FAILURE.
//   - Storage reads a resource's BCS bytes by address and struct tag. Each
//     call caches what it loads; its changes become Writes.
//   - Natives maps (address, module, function) to Go functions taking and
//     returning Values. A native returns a *NativeAbort to abort (located in
//     the native's module) and may emit events through its NativeContext. A
//     native function without an implementation is MISSING_DEPENDENCY when
//     called. A native charges for its work through its NativeContext:
//     Charge(units) for a fixed cost, ChargeBytes(n) before producing n
//     bytes (gas per byte and n units of the memory quota), ChargeElems(n)
//     per vector element it moves, swaps or visits, UseMemory(units) for
//     other values it makes and KeepMemory(v) for an argument it keeps
//     beyond the call (a table item); CheckVectorLen(n) before making or
//     growing a vector to n elements. Serialize, EmitEvent and Bytes do not
//     charge: the native does, before calling them. A native's arguments
//     give their memory back and its results take theirs (beyond what
//     ChargeBytes took).
//   - GasMeter is charged in units per instruction (more for calls, structs,
//     vectors, global storage) and by the size of what each instruction
//     touches: value nodes copied or compared, constant bytes, elements
//     packed and unpacked, fields, call arguments and locals, type nodes
//     instantiated, resource bytes read or written (the schedule is in
//     gas.go); Budget is a simple meter. A spent budget is OUT_OF_GAS, so
//     every loop ends.
//
// # Running
//
//	vm := movevm.New(natives, movevm.Limits{}) // shared, safe for concurrent use
//	s := vm.NewSession(movevm.Env{Modules: loader, Storage: store, Gas: &movevm.Budget{Limit: n}})
//	err := s.ExecuteEntry(fn, tyArgs, senders, bcsArgs)       // entry_function_payload
//	err = s.ExecuteScript(script, tyArgs, senders, bcsArgs)   // script_payload
//	results, err := s.View(fn, tyArgs, bcsArgs)               // POST /view: type tag + BCS per result
//	res, err := s.Finish() // res.Writes ordered by address then struct tag; res.Events in order
//	status := movevm.ExecutionStatus(err) // the transaction's onchain.ExecutionStatus
//
// A session runs its calls in order, each seeing the changes of the earlier
// ones. A call either succeeds and its changes join the session's, or fails
// and leaves nothing. Failures are *Abort (code, module or script, and the
// message of an abort with one) or *Error (a status code, and the function
// definition index and code offset when code was running).
// ExecutionStatus maps them as Aptos keeps them: MoveAbort, OutOfGas,
// ExecutionFailure for other runtime errors (ARITHMETIC_ERROR,
// RESOURCE_ALREADY_EXISTS, ...) and MiscellaneousError(code) otherwise.
//
// Arguments of entry functions and scripts follow Aptos's rules: leading
// signer or &signer parameters take the senders (their count must match
// unless there are none), the others must be bool, u8..u256, address,
// vector, 0x1::string::String (UTF-8 checked), 0x1::option::Option (at most
// one element), 0x1::object::Object, 0x1::fixed_point32::FixedPoint32 or
// 0x1::fixed_point64::FixedPoint64 (else INVALID_MAIN_FUNCTION_SIGNATURE),
// and each must read exactly (else FAILED_TO_DESERIALIZE_ARGUMENT). View
// functions must carry the view attribute in the module's metadata.
//
// # Values
//
// A Value carries its runtime Type. Integers up to 64 bits are held inline,
// wider ones as big numbers; structs, enum variants and vectors are
// containers owned by one value; references point at a slot of a container
// (a local, a field, a vector element, a global resource), so writes through
// them are seen by every reader. Serialize and Session.Deserialize convert
// values to and from BCS by their types, with struct layouts taken from the
// defining modules, exactly as Aptos stores resources. Closures cannot be
// serialized yet (VALUE_SERIALIZATION_ERROR).
//
// # Safety
//
// The code it runs is expected to have passed vmstub/verifier (the
// executor verifies every module it loads and every script), but the
// interpreter does not rely on it: it still checks at run time operand
// types of every instruction (TYPE_MISMATCH and the instruction-specific
// statuses), argument and return types of calls, type argument counts and
// constraints, locals that hold a value before a copy, move or borrow,
// copy and drop abilities, key on global storage types, references that
// still point at a live value (a returned frame's locals, an unpacked
// struct, a popped vector element or a moved resource are dead), structs
// that contain themselves, and Limits on call depth (1024), operand stack
// (1024), value depth (128, closures included), type size (128 nodes,
// depth 20), vector length, the number of types and modules and the
// memory quota. No walk over values or types recurses without a bound. A
// panic is turned into UNKNOWN_INVARIANT_VIOLATION_ERROR as a last
// resort. Borrow rules are the verifier's: at run time two mutable
// references may alias, which cannot break type safety or reach another
// module's private state.
package movevm
