package ledgerapi

import "fmt"

// VMStatus is a Move VM status: a numeric code and its name, e.g.
// {Code: 3, Name: "SEQUENCE_NUMBER_TOO_OLD"}. As an error it is a rejected
// transaction; handlers answer it with error_code vm_error and the code in
// vm_error_code.
type VMStatus struct {
	Code uint64
	Name string
}

// StatusType is the status family implied by the code range, as the real
// node prints it ("Validation", "Verification", "InvariantViolation",
// "Deserialization", "Execution", "Unknown").
func (s VMStatus) StatusType() string {
	switch {
	case s.Code < 1000:
		return "Validation"
	case s.Code < 2000:
		return "Verification"
	case s.Code < 3000:
		return "InvariantViolation"
	case s.Code < 4000:
		return "Deserialization"
	case s.Code < 5000:
		return "Execution"
	}
	return "Unknown"
}

// Error returns the message the real node gives for a rejected submission:
// "Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD".
func (s *VMStatus) Error() string {
	return fmt.Sprintf("Invalid transaction: Type: %s Code: %s", s.StatusType(), s.Name)
}
