package bytecode

import "fmt"

// Magic is the four bytes every module and script binary starts with.
var Magic = [4]byte{0xA1, 0x1C, 0xEB, 0x0B}

// File format versions. From version 7 on, the serializer writes the
// version word with VersionMask set in its high byte (0x0A000007); the
// reader clears the mask bits before comparing, so both forms are accepted
// for every version.
const (
	Version5  uint32 = 5  // metadata section; entry functions as a flag
	Version6  uint32 = 6  // u16, u32, u256 types and their load/cast instructions
	Version7  uint32 = 7  // enums (variants), access specifiers on function handles
	Version8  uint32 = 8  // function types, closures, function attributes, script access specifiers
	Version9  uint32 = 9  // signed integers, '$' in identifiers
	Version10 uint32 = 10 // AbortMsg, struct-API function attributes

	VersionMin     = Version5
	VersionMax     = Version10
	VersionDefault = Version8 // what builders write unless told otherwise

	// VersionMask is or-ed into the version word by writers from version 7 on.
	VersionMask uint32 = 0x0A000000
)

// Limits of the format, as the reference reader enforces them.
const (
	maxTableCount        = 255
	maxTableIndex        = 65535 // every table index is a ULEB128 of at most this value
	maxBytecodeCount     = 65535
	maxCodeOffset        = 65535
	maxLocalIndex        = 255
	maxIdentifierSize    = 255
	maxConstantSize      = 65535
	maxMetadataKeySize   = 1023
	maxMetadataValueSize = 65535
	maxSignatureSize     = 255
	maxAcquiresCount     = 255
	maxFieldCount        = 255
	maxFieldOffset       = 255
	maxVariantCount      = 127
	maxVariantOffset     = 127
	maxTypeParamCount    = 255
	maxTypeParamIndex    = 65536 // sic: one more than fits in the u16 it is read into
	maxAccessSpecCount   = 64
	maxAttributeCount    = 16
	// MaxSignatureDepth bounds the nesting of a type: no root-to-leaf path of
	// a signature token may have more nodes than this.
	MaxSignatureDepth = 256
)

// TableKind identifies a table in the binary header.
type TableKind uint8

// Table kinds with their serialized tags.
const (
	TableModuleHandles        TableKind = 0x01
	TableStructHandles        TableKind = 0x02
	TableFunctionHandles      TableKind = 0x03
	TableFunctionInst         TableKind = 0x04
	TableSignatures           TableKind = 0x05
	TableConstantPool         TableKind = 0x06
	TableIdentifiers          TableKind = 0x07
	TableAddressIdentifiers   TableKind = 0x08
	TableStructDefs           TableKind = 0x0A
	TableStructDefInst        TableKind = 0x0B
	TableFunctionDefs         TableKind = 0x0C
	TableFieldHandles         TableKind = 0x0D
	TableFieldInst            TableKind = 0x0E
	TableFriendDecls          TableKind = 0x0F
	TableMetadata             TableKind = 0x10
	TableVariantFieldHandles  TableKind = 0x11 // since version 7
	TableVariantFieldInst     TableKind = 0x12 // since version 7
	TableStructVariantHandles TableKind = 0x13 // since version 7
	TableStructVariantInst    TableKind = 0x14 // since version 7
	numTableKinds                       = 0x15
)

var tableNames = [numTableKinds]string{
	TableModuleHandles:        "MODULE_HANDLES",
	TableStructHandles:        "STRUCT_HANDLES",
	TableFunctionHandles:      "FUNCTION_HANDLES",
	TableFunctionInst:         "FUNCTION_INST",
	TableSignatures:           "SIGNATURES",
	TableConstantPool:         "CONSTANT_POOL",
	TableIdentifiers:          "IDENTIFIERS",
	TableAddressIdentifiers:   "ADDRESS_IDENTIFIERS",
	TableStructDefs:           "STRUCT_DEFS",
	TableStructDefInst:        "STRUCT_DEF_INST",
	TableFunctionDefs:         "FUNCTION_DEFS",
	TableFieldHandles:         "FIELD_HANDLES",
	TableFieldInst:            "FIELD_INST",
	TableFriendDecls:          "FRIEND_DECLS",
	TableMetadata:             "METADATA",
	TableVariantFieldHandles:  "VARIANT_FIELD_HANDLES",
	TableVariantFieldInst:     "VARIANT_FIELD_INST",
	TableStructVariantHandles: "STRUCT_VARIANT_HANDLES",
	TableStructVariantInst:    "STRUCT_VARIANT_INST",
}

// String is the table's name as the reference implementation spells it.
func (k TableKind) String() string {
	if int(k) < len(tableNames) && tableNames[k] != "" {
		return tableNames[k]
	}
	return fmt.Sprintf("TABLE_0x%02x", uint8(k))
}

func (k TableKind) known() bool { return int(k) < len(tableNames) && tableNames[k] != "" }

// moduleOnly reports tables a script may not have.
func (k TableKind) moduleOnly() bool {
	switch k {
	case TableStructDefs, TableStructDefInst, TableFunctionDefs, TableFieldHandles, TableFieldInst,
		TableFriendDecls, TableVariantFieldHandles, TableVariantFieldInst, TableStructVariantHandles,
		TableStructVariantInst:
		return true
	}
	return false
}

func (k TableKind) variantTable() bool {
	return k >= TableVariantFieldHandles && k <= TableStructVariantInst
}

// canonicalOrder is the order in which the reference serializer writes both
// the table headers and the table contents: the common tables, then the
// module tables, then (from version 7) the variant tables.
var canonicalOrder = []TableKind{
	TableModuleHandles, TableStructHandles, TableFunctionHandles, TableFunctionInst,
	TableSignatures, TableIdentifiers, TableAddressIdentifiers, TableConstantPool, TableMetadata,
	TableStructDefs, TableStructDefInst, TableFunctionDefs, TableFieldHandles, TableFieldInst,
	TableFriendDecls,
	TableVariantFieldHandles, TableVariantFieldInst, TableStructVariantHandles, TableStructVariantInst,
}

// AbilitySet is a set of abilities: Copy 0x1, Drop 0x2, Store 0x4, Key 0x8.
type AbilitySet uint8

// Abilities.
const (
	AbilityCopy  AbilitySet = 0x1
	AbilityDrop  AbilitySet = 0x2
	AbilityStore AbilitySet = 0x4
	AbilityKey   AbilitySet = 0x8
	AbilitiesAll AbilitySet = 0xF
)

// Names lists the abilities in the set as the REST API writes them, in the
// order copy, drop, store, key.
func (a AbilitySet) Names() []string {
	out := []string{}
	for i, n := range [...]string{"copy", "drop", "store", "key"} {
		if a&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// Has reports whether every ability of o is in a.
func (a AbilitySet) Has(o AbilitySet) bool { return a&o == o }

// Visibility of a function definition.
type Visibility uint8

// Visibilities with their serialized bytes (2, once "script", is no longer valid).
const (
	Private Visibility = 0
	Public  Visibility = 1
	Friend  Visibility = 3
)

// String is the visibility as the REST API writes it.
func (v Visibility) String() string {
	switch v {
	case Private:
		return "private"
	case Public:
		return "public"
	case Friend:
		return "friend"
	}
	return fmt.Sprintf("visibility(%d)", uint8(v))
}

// Function definition flag bits (the byte after the visibility).
const (
	flagNative byte = 0x2
	flagEntry  byte = 0x4
)

// Serialized markers for options and booleans inside function handles.
const (
	serNone  byte = 1
	serSome  byte = 2
	serFalse byte = 1
	serTrue  byte = 2
)

// Struct definition field-information flags.
const (
	structNative           byte = 1
	structDeclared         byte = 2
	structDeclaredVariants byte = 3 // since version 7
)
