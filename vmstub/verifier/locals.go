package verifier

// checkLocalsSafety checks that locals hold a value when used and are not dropped without drop.
func checkLocalsSafety(u *unit, fn *function) error { return nil }
