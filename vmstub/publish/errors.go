package publish

import (
	"fmt"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Modules whose Move code publish_package_txn runs, where its aborts happen.
var (
	CodeModule = ledgerapi.ModuleId{Address: ledgerapi.MustParseAddress("0x1"), Name: "code"}
	UtilModule = ledgerapi.ModuleId{Address: ledgerapi.MustParseAddress("0x1"), Name: "util"}
)

// Abort reasons of 0x1::code (the low 16 bits of its abort codes).
const (
	EModuleNameClash            = 0x1
	EUpgradeImmutable           = 0x2
	EUpgradeWeakerPolicy        = 0x3
	EModuleMissing              = 0x4
	EPackageDepMissing          = 0x5
	EDepWeakerPolicy            = 0x6
	EDepArbitraryNotSameAddress = 0x7
	EIncompatiblePolicyDisabled = 0x8
	ENotPackageOwner            = 0x9
	ECodeObjectDoesNotExist     = 0xA
)

// Abort codes with their std::error category, as code.move raises them.
// EModuleMissing is raised without a category.
const (
	categoryInvalidArgument = 0x1
	categoryNotFound        = 0x6
	categoryAlreadyExists   = 0x8
)

// EFromBytes is the abort code of 0x1::util::from_bytes when the package
// metadata does not deserialize (invalid_argument, reason 1).
const EFromBytes = 0x10001

// codeReasons names 0x1::code's reasons and gives their doc comments, as
// the module's error map does.
var codeReasons = map[uint64][2]string{
	EModuleNameClash:            {"EMODULE_NAME_CLASH", "Package contains duplicate module names with existing modules publised in other packages on this address"},
	EUpgradeImmutable:           {"EUPGRADE_IMMUTABLE", "Cannot upgrade an immutable package"},
	EUpgradeWeakerPolicy:        {"EUPGRADE_WEAKER_POLICY", "Cannot downgrade a package's upgradability policy"},
	EModuleMissing:              {"EMODULE_MISSING", "Cannot delete a module that was published in the same package"},
	EPackageDepMissing:          {"EPACKAGE_DEP_MISSING", "Dependency could not be resolved to any published package."},
	EDepWeakerPolicy:            {"EDEP_WEAKER_POLICY", "A dependency cannot have a weaker upgrade policy."},
	EDepArbitraryNotSameAddress: {"EDEP_ARBITRARY_NOT_SAME_ADDRESS", "A dependency to an `arbitrary` package must be on the same address."},
	EIncompatiblePolicyDisabled: {"EINCOMPATIBLE_POLICY_DISABLED", "Creating a package with incompatible upgrade policy is disabled."},
	ENotPackageOwner:            {"ENOT_PACKAGE_OWNER", "Not the owner of the package registry."},
	ECodeObjectDoesNotExist:     {"ECODE_OBJECT_DOES_NOT_EXIST", "`code_object` does not exist."},
}

// Reason is an abort reason of 0x1::code: the low 16 bits of its abort
// codes, the constant's name and its doc comment.
type Reason struct {
	Reason      uint64
	Name        string
	Description string
}

// CodeReasons lists 0x1::code's abort reasons in reason order, as the
// module's error map names them (for rendering vm_status texts).
func CodeReasons() []Reason {
	out := make([]Reason, 0, len(codeReasons))
	for r := uint64(1); len(out) < len(codeReasons); r++ {
		if n, ok := codeReasons[r]; ok {
			out = append(out, Reason{Reason: r, Name: n[0], Description: n[1]})
		}
	}
	return out
}

// Abort is a Move abort of the framework code publish_package_txn runs.
type Abort struct {
	// Module is where the abort happened: CodeModule, or UtilModule when the
	// metadata does not deserialize.
	Module ledgerapi.ModuleId
	// Code is the full abort code, (category << 16) | reason.
	Code uint64
	// Name and Description are the reason's constant name and doc comment
	// from the module's error map; empty for 0x1::util, which has none.
	Name        string
	Description string
}

// Error is a refused publication. Status is the VM status Aptos reports:
// ABORTED with Abort set when the framework's Move code aborted, otherwise
// the status of the failed check (CODE_DESERIALIZATION_ERROR, LINKER_ERROR,
// ...). Message says what was wrong; Err is the underlying error when there
// is one (a *bytecode.Error for CODE_DESERIALIZATION_ERROR).
type Error struct {
	Status  onchain.StatusCode
	Abort   *Abort
	Message string
	Err     error
}

// Error formats the failure as "publish: STATUS: message" or, for an
// abort, "publish: Move abort in 0x1::code: NAME(0x..): description".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("publish: ")
	if a := e.Abort; a != nil {
		fmt.Fprintf(&b, "Move abort in %s: ", a.Module)
		if a.Name != "" {
			fmt.Fprintf(&b, "%s(0x%x): %s", a.Name, a.Code, a.Description)
		} else {
			fmt.Fprintf(&b, "0x%x", a.Code)
		}
	} else {
		b.WriteString(e.Status.String())
	}
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	}
	return b.String()
}

// Unwrap returns the underlying error, if any.
func (e *Error) Unwrap() error { return e.Err }

// fail is a non-abort refusal.
func fail(s onchain.StatusCode, format string, args ...any) *Error {
	return &Error{Status: s, Message: fmt.Sprintf(format, args...)}
}

// codeAbort is an abort of 0x1::code with reason r in category cat (0: none).
func codeAbort(cat, r uint64, format string, args ...any) *Error {
	n := codeReasons[r]
	return &Error{Status: onchain.ABORTED, Message: fmt.Sprintf(format, args...),
		Abort: &Abort{Module: CodeModule, Code: cat<<16 | r, Name: n[0], Description: n[1]}}
}
