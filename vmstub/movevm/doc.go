// Package movevm is a Move bytecode interpreter: it runs the functions of
// modules of file format versions 5 to 10 (read by ledgerapi/bytecode)
// against a state given as small interfaces, as Aptos runs entry
// functions, scripts and view functions.
//
// # Inputs
//
//   - ModuleLoader gives modules by id (ModuleMap holds them in memory). A
//     missing module or struct or function fails the call with
//     LINKER_ERROR; a missing function asked for by name with
//     FUNCTION_RESOLUTION_FAILURE.
//   - Storage reads a resource's BCS bytes by address and struct tag. A
//     session caches what it loads and yields the changes as Writes.
//   - Natives maps (address, module, function) to Go functions taking and
//     returning Values; a native returns a *NativeAbort to abort.
//   - GasMeter is charged per instruction and per resource byte; Budget is
//     a simple one. A spent budget is OUT_OF_GAS, so loops always end.
//
// # Running
//
//	vm := movevm.New(natives, movevm.Limits{})
//	s := vm.NewSession(movevm.Env{Modules: loader, Storage: store, Gas: &movevm.Budget{Limit: 1_000_000}})
//	err := s.ExecuteEntry(fn, tyArgs, []ledgerapi.Address{sender}, bcsArgs)
//	if err != nil {
//		status := movevm.ExecutionStatus(err) // MoveAbort, OutOfGas, ExecutionFailure, ...
//	}
//	res, err := s.Finish() // res.Writes in address, struct tag order; res.Events in order
//
// Each call of a session either succeeds and its changes join the
// session's, or fails and leaves nothing. Failures are *Abort (a Move
// abort: code and module) or *Error (a status code, and where in the code
// it happened when code was running).
//
// # Safety
//
// There is no bytecode verifier in front of the interpreter, so it checks
// at run time what one would reject: every value carries its runtime type
// and instructions check their operands (TYPE_MISMATCH and the
// instruction-specific statuses), locals must hold a value to be copied,
// moved or borrowed, values without copy cannot be copied and values
// without drop cannot be popped, overwritten or left in locals at return,
// references must point at a live value, and calls, the operand stack,
// types and values are bounded (Limits). A panic is turned into
// UNKNOWN_INVARIANT_VIOLATION_ERROR as a last resort.
package movevm
