package vmstub

// RunUnverifiedCode makes vm load stored modules and run scripts without
// the bytecode verifier, for tests showing that the interpreter's own
// run-time checks hold without it. Publishing still verifies: such tests
// write their modules into the state directly.
func RunUnverifiedCode(vm *VM) { vm.unverified = true }
