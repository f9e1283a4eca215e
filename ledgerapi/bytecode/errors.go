package bytecode

import (
	"fmt"
	"strings"
)

// Status is the Move VM status a failure corresponds to, named and
// numbered as the reference implementation does. A node publishing a
// module reports any of them as CODE_DESERIALIZATION_ERROR; the finer
// status says what was wrong. Status is an error, so errors.Is(err,
// bytecode.StatusMalformed) works on every error of this package.
type Status uint16

// Statuses the reader can report.
const (
	StatusIndexOutOfBounds              Status = 1001
	StatusNoModuleHandles               Status = 1068
	StatusNumberOfTypeArgumentsMismatch Status = 1076
	StatusTooManyLocals                 Status = 1089
	StatusZeroVariants                  Status = 1130
	StatusUnknownInvariantViolation     Status = 2000
	StatusMalformed                     Status = 3001
	StatusBadMagic                      Status = 3002
	StatusUnknownVersion                Status = 3003
	StatusUnknownTableType              Status = 3004
	StatusUnknownSerializedType         Status = 3006
	StatusUnknownOpcode                 Status = 3007
	StatusBadHeaderTable                Status = 3008
	StatusDuplicateTable                Status = 3010
	StatusUnknownNativeStructFlag       Status = 3014
	StatusBadU16                        Status = 3017
	StatusBadU32                        Status = 3018
	StatusBadU64                        Status = 3019
	StatusBadU128                       Status = 3020
	StatusBadU256                       Status = 3021
	StatusCodeDeserializationError      Status = 3024
	StatusInvalidFlagBits               Status = 3025
)

var statusNames = map[Status]string{
	StatusIndexOutOfBounds:              "INDEX_OUT_OF_BOUNDS",
	StatusNoModuleHandles:               "NO_MODULE_HANDLES",
	StatusNumberOfTypeArgumentsMismatch: "NUMBER_OF_TYPE_ARGUMENTS_MISMATCH",
	StatusTooManyLocals:                 "TOO_MANY_LOCALS",
	StatusZeroVariants:                  "ZERO_VARIANTS_ERROR",
	StatusUnknownInvariantViolation:     "UNKNOWN_INVARIANT_VIOLATION_ERROR",
	StatusMalformed:                     "MALFORMED",
	StatusBadMagic:                      "BAD_MAGIC",
	StatusUnknownVersion:                "UNKNOWN_VERSION",
	StatusUnknownTableType:              "UNKNOWN_TABLE_TYPE",
	StatusUnknownSerializedType:         "UNKNOWN_SERIALIZED_TYPE",
	StatusUnknownOpcode:                 "UNKNOWN_OPCODE",
	StatusBadHeaderTable:                "BAD_HEADER_TABLE",
	StatusDuplicateTable:                "DUPLICATE_TABLE",
	StatusUnknownNativeStructFlag:       "UNKNOWN_NATIVE_STRUCT_FLAG",
	StatusBadU16:                        "BAD_U16",
	StatusBadU32:                        "BAD_U32",
	StatusBadU64:                        "BAD_U64",
	StatusBadU128:                       "BAD_U128",
	StatusBadU256:                       "BAD_U256",
	StatusCodeDeserializationError:      "CODE_DESERIALIZATION_ERROR",
	StatusInvalidFlagBits:               "INVALID_FLAG_BITS",
}

// String is the status name, e.g. "INDEX_OUT_OF_BOUNDS".
func (s Status) String() string {
	if n, ok := statusNames[s]; ok {
		return n
	}
	return fmt.Sprintf("STATUS_%d", uint16(s))
}

// Code is the numeric VM status code.
func (s Status) Code() uint64 { return uint64(s) }

// Error makes a Status usable as a sentinel with errors.Is.
func (s Status) Error() string { return "bytecode: " + s.String() }

// Error is a failure to read (or write) a binary: its status, where it
// happened (a table, element and field, such as
// "FUNCTION_HANDLES[3].parameters") and at which byte offset.
type Error struct {
	Status Status
	Where  string // location in the unit; empty when not applicable
	Offset int    // byte offset in the binary; -1 when unknown
	Msg    string
}

// Error formats the failure: where, what, at which offset, with the status.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("bytecode: ")
	if e.Where != "" {
		b.WriteString(e.Where)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	if e.Offset >= 0 {
		fmt.Fprintf(&b, " at offset 0x%x", e.Offset)
	}
	fmt.Fprintf(&b, " (%s)", e.Status.String())
	return b.String()
}

// Unwrap returns the status so that errors.Is matches it.
func (e *Error) Unwrap() error { return e.Status }

// site locates an item: a table element, a field pattern inside it (which
// may hold up to two %d for sub and sub2) and those subscripts.
type site struct {
	table string // table name, or SCRIPT / SELF_MODULE_HANDLE / HEADER
	elem  int    // element index, -1 when the table has a single unnamed item
	field string
	sub   int
	sub2  int
}

func (s site) String() string {
	var b strings.Builder
	b.WriteString(s.table)
	if s.elem >= 0 {
		fmt.Fprintf(&b, "[%d]", s.elem)
	}
	if s.field != "" {
		f := s.field
		switch strings.Count(f, "%d") {
		case 1:
			f = fmt.Sprintf(f, s.sub)
		case 2:
			f = fmt.Sprintf(f, s.sub, s.sub2)
		}
		if f[0] != '[' {
			b.WriteByte('.')
		}
		b.WriteString(f)
	}
	return b.String()
}
