package ledgerapi

import "fmt"

// MaxIdentifierLength bounds Move identifiers (module, function, struct and
// field names), matching the bytecode verifier's limit.
const MaxIdentifierLength = 255

// ValidIdentifier reports whether s is a Move identifier: a letter followed by
// letters, digits and underscores, or an underscore followed by at least one
// of those, at most MaxIdentifierLength bytes.
func ValidIdentifier(s string) bool {
	if s == "" || len(s) > MaxIdentifierLength {
		return false
	}
	c := s[0]
	switch {
	case isLetter(c):
	case c == '_':
		if len(s) == 1 {
			return false
		}
	default:
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && !isDigit(c) && c != '_' {
			return false
		}
	}
	return true
}

// CheckIdentifier returns a descriptive error when s is not a valid identifier.
func CheckIdentifier(kind, s string) error {
	if ValidIdentifier(s) {
		return nil
	}
	if len(s) > MaxIdentifierLength {
		return fmt.Errorf("invalid %s: identifier of %d bytes exceeds %d", kind, len(s), MaxIdentifierLength)
	}
	return fmt.Errorf("invalid %s %q: not a Move identifier", kind, truncate(s))
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
