package ledgerapi

import (
	"fmt"
	"strings"
)

// EntryFunctionId names a function: "0x1::aptos_account::transfer".
type EntryFunctionId struct {
	Module ModuleId
	Name   string
}

// ParseEntryFunctionId parses "<address>::<module>::<function>". Names are
// case-sensitive and must be Move identifiers.
func ParseEntryFunctionId(s string) (EntryFunctionId, error) {
	parts := strings.Split(s, "::")
	if len(parts) != 3 {
		return EntryFunctionId{}, fmt.Errorf("invalid function id %q: want <address>::<module>::<function>", truncate(s))
	}
	a, err := ParseAddress(parts[0])
	if err != nil {
		return EntryFunctionId{}, fmt.Errorf("invalid function id: %w", err)
	}
	if err := CheckIdentifier("module name", parts[1]); err != nil {
		return EntryFunctionId{}, fmt.Errorf("invalid function id: %w", err)
	}
	if err := CheckIdentifier("function name", parts[2]); err != nil {
		return EntryFunctionId{}, fmt.Errorf("invalid function id: %w", err)
	}
	return EntryFunctionId{Module: ModuleId{Address: a, Name: parts[1]}, Name: parts[2]}, nil
}

// String returns "0x1::aptos_account::transfer" (address trimmed).
func (f EntryFunctionId) String() string { return f.Module.String() + "::" + f.Name }

// MarshalText writes the string form.
func (f EntryFunctionId) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText parses the string form.
func (f *EntryFunctionId) UnmarshalText(b []byte) error {
	v, err := ParseEntryFunctionId(string(b))
	if err != nil {
		return err
	}
	*f = v
	return nil
}
