package verifier

// checkAcquires checks acquires annotations.
func checkAcquires(u *unit, fn *function) error { return nil }
