package verifier

// checkConstants checks constant types and data.
func checkConstants(u *unit) error { return nil }
