// Package verifier is the static Move bytecode verifier: it decides,
// before any code runs, whether a module or a script read by
// ledgerapi/bytecode is safe to load, as Aptos's verifier does, and refuses
// it with Aptos's status otherwise.
//
//	m, err := bytecode.DeserializeModule(b)   // bounds checks happen here
//	if err == nil {
//		err = verifier.Module(m, verifier.Production())
//	}
//	var verr *verifier.Error
//	if errors.As(err, &verr) { /* verr.Status, verr.Function, verr.Offset */ }
//
// # What a verified unit guarantees
//
// The passes run in Aptos's order and the first failure wins: limits,
// duplication, signatures, instruction consistency, constants, friends,
// recursive structs, instantiation loops, then per
// function with code: control flow, stack usage, type safety, locals
// safety, reference safety and acquires. A panic inside a pass is
// VERIFIER_INVARIANT_VIOLATION (2016): a verifier bug refuses the code, it
// never crashes the caller.
//
// The verifier is intraprocedural and links nothing: a module's imports
// are checked against their definitions by the publisher's linker
// (vmstub/publish) before the code can run. The rules Aptos applies to
// publication only — natives outside the special addresses, entry natives
// and the shape of init_module — are the publisher's too: modules a host
// registers in Go may declare natives anywhere.
package verifier
