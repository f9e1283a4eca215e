package ledgerapi

import "testing"

func TestVMStatus(t *testing.T) {
	cases := []struct {
		s        VMStatus
		typ, msg string
	}{
		{VMStatus{3, "SEQUENCE_NUMBER_TOO_OLD"}, "Validation", "Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD"},
		{VMStatus{1091, "FUNCTION_RESOLUTION_FAILURE"}, "Verification", "Invalid transaction: Type: Verification Code: FUNCTION_RESOLUTION_FAILURE"},
		{VMStatus{2000, "X"}, "InvariantViolation", ""},
		{VMStatus{3001, "X"}, "Deserialization", ""},
		{VMStatus{4016, "ABORTED"}, "Execution", ""},
		{VMStatus{^uint64(0), "UNKNOWN_STATUS"}, "Unknown", ""},
	}
	for _, c := range cases {
		if got := c.s.StatusType(); got != c.typ {
			t.Errorf("%d: type %q, want %q", c.s.Code, got, c.typ)
		}
		if c.msg != "" && c.s.Error() != c.msg {
			t.Errorf("%d: message %q", c.s.Code, c.s.Error())
		}
	}
}
