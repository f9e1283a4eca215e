package bytecode

import (
	"fmt"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Status is the Move VM status a failure corresponds to: one of
// onchain's status codes, which names it. A node publishing a module
// reports any of them as CODE_DESERIALIZATION_ERROR; the finer status says
// what was wrong. Status is an error, so errors.Is(err,
// bytecode.StatusMalformed) works on every error of this package.
type Status uint16

// Statuses the reader can report, as onchain numbers and names them.
const (
	StatusIndexOutOfBounds              = Status(onchain.INDEX_OUT_OF_BOUNDS)
	StatusNoModuleHandles               = Status(onchain.NO_MODULE_HANDLES)
	StatusNumberOfTypeArgumentsMismatch = Status(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH)
	StatusTooManyLocals                 = Status(onchain.TOO_MANY_LOCALS)
	StatusZeroVariants                  = Status(onchain.ZERO_VARIANTS_ERROR)
	StatusUnknownInvariantViolation     = Status(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR)
	StatusMalformed                     = Status(onchain.MALFORMED)
	StatusBadMagic                      = Status(onchain.BAD_MAGIC)
	StatusUnknownVersion                = Status(onchain.UNKNOWN_VERSION)
	StatusUnknownTableType              = Status(onchain.UNKNOWN_TABLE_TYPE)
	StatusUnknownSerializedType         = Status(onchain.UNKNOWN_SERIALIZED_TYPE)
	StatusUnknownOpcode                 = Status(onchain.UNKNOWN_OPCODE)
	StatusBadHeaderTable                = Status(onchain.BAD_HEADER_TABLE)
	StatusDuplicateTable                = Status(onchain.DUPLICATE_TABLE)
	StatusUnknownNativeStructFlag       = Status(onchain.UNKNOWN_NATIVE_STRUCT_FLAG)
	StatusBadU16                        = Status(onchain.BAD_U16)
	StatusBadU32                        = Status(onchain.BAD_U32)
	StatusBadU64                        = Status(onchain.BAD_U64)
	StatusBadU128                       = Status(onchain.BAD_U128)
	StatusBadU256                       = Status(onchain.BAD_U256)
	StatusCodeDeserializationError      = Status(onchain.CODE_DESERIALIZATION_ERROR)
	StatusInvalidFlagBits               = Status(onchain.INVALID_FLAG_BITS)
)

// String is the status name, e.g. "INDEX_OUT_OF_BOUNDS".
func (s Status) String() string { return onchain.StatusCode(s).String() }

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
