package bytecode

import "github.com/ledgernode/ledgernode/ledgerapi"

// Indexes into the tables of a module or script. Each is serialized as a
// ULEB128 of at most 65535.
type (
	ModuleHandleIndex        uint16
	StructHandleIndex        uint16
	FunctionHandleIndex      uint16
	FieldHandleIndex         uint16
	StructDefInstIndex       uint16
	FunctionInstIndex        uint16
	FieldInstIndex           uint16
	IdentifierIndex          uint16
	AddressIndex             uint16
	ConstantIndex            uint16
	SignatureIndex           uint16
	StructDefIndex           uint16
	FunctionDefIndex         uint16
	StructVariantHandleIndex uint16
	StructVariantInstIndex   uint16
	VariantFieldHandleIndex  uint16
	VariantFieldInstIndex    uint16
)

// Pools are the tables modules and scripts share.
type Pools struct {
	ModuleHandles          []ModuleHandle
	StructHandles          []StructHandle
	FunctionHandles        []FunctionHandle
	FunctionInstantiations []FunctionInstantiation
	Signatures             []Signature
	Identifiers            []string
	AddressIdentifiers     []ledgerapi.Address
	ConstantPool           []Constant
	Metadata               []Metadata
}

// Module mirrors the reference CompiledModule.
type Module struct {
	Version uint32
	Pools
	// SelfHandle is the module handle naming this module.
	SelfHandle              ModuleHandleIndex
	StructDefs              []StructDef
	FunctionDefs            []FunctionDef
	FieldHandles            []FieldHandle
	FriendDecls             []ModuleHandle
	StructDefInstantiations []StructDefInstantiation
	FieldInstantiations     []FieldInstantiation
	// Since version 7.
	StructVariantHandles        []StructVariantHandle
	StructVariantInstantiations []StructVariantInstantiation
	VariantFieldHandles         []VariantFieldHandle
	VariantFieldInstantiations  []VariantFieldInstantiation

	// Layout is set by the deserializer only when the binary is arranged
	// differently from what Serialize writes by default, so that
	// serializing gives back the same bytes. Leave it nil when building.
	Layout *Layout
}

// Script mirrors the reference CompiledScript: the pools plus one main
// function.
type Script struct {
	Version uint32
	Pools
	TypeParameters []AbilitySet
	Parameters     SignatureIndex
	// AccessSpecifiers exist from version 8; nil means none were given,
	// which differs from an empty list.
	AccessSpecifiers *[]AccessSpecifier
	Code             CodeUnit

	Layout *Layout
}

// Layout is how a binary arranges what the reference serializer would write
// in a fixed way. The reference reader accepts any order of table headers,
// any order of table contents (they only have to be contiguous and start at
// offset zero) and a version word with or without the 0x0A mask bits, so
// these are recorded and reproduced instead of rejected.
type Layout struct {
	// VersionWord is the raw version word when it differs from the canonical one.
	VersionWord uint32
	// HeaderOrder lists the tables in the order of their header entries.
	HeaderOrder []TableKind
	// ContentOrder lists the tables in the order of their contents.
	ContentOrder []TableKind
	// Trailing holds bytes after the last item, kept only when the reader was
	// told to accept them (Config.AllowTrailingBytes).
	Trailing []byte
}

// ModuleHandle names a module: an address and an identifier.
type ModuleHandle struct {
	Address AddressIndex
	Name    IdentifierIndex
}

// StructHandle names a struct (defined here or imported) with its abilities
// and type parameters.
type StructHandle struct {
	Module         ModuleHandleIndex
	Name           IdentifierIndex
	Abilities      AbilitySet
	TypeParameters []StructTypeParameter
}

// StructTypeParameter is a struct's type parameter: its constraints and
// whether it is phantom.
type StructTypeParameter struct {
	Constraints AbilitySet
	IsPhantom   bool
}

// FunctionHandle names a function with its signature.
type FunctionHandle struct {
	Module         ModuleHandleIndex
	Name           IdentifierIndex
	Parameters     SignatureIndex
	Return         SignatureIndex
	TypeParameters []AbilitySet
	// AccessSpecifiers exist from version 7; nil means none were given.
	AccessSpecifiers *[]AccessSpecifier
	// Attributes exist from version 8.
	Attributes []FunctionAttribute
}

// AttributeKind is the serialized tag of a function attribute.
type AttributeKind uint8

// Function attributes. Persistent and ModuleLock exist from version 8, the
// struct-API ones (which carry a u16: variant index or field offset where
// noted) from version 10.
const (
	AttrPersistent           AttributeKind = 1
	AttrModuleLock           AttributeKind = 2
	AttrPack                 AttributeKind = 3
	AttrPackVariant          AttributeKind = 4 // + variant index
	AttrUnpack               AttributeKind = 5
	AttrUnpackVariant        AttributeKind = 6 // + variant index
	AttrTestVariant          AttributeKind = 7 // + variant index
	AttrBorrowFieldImmutable AttributeKind = 8 // + field offset
	AttrBorrowFieldMutable   AttributeKind = 9 // + field offset
)

func (k AttributeKind) hasOperand() bool {
	switch k {
	case AttrPackVariant, AttrUnpackVariant, AttrTestVariant, AttrBorrowFieldImmutable, AttrBorrowFieldMutable:
		return true
	}
	return false
}

// FunctionAttribute is an attribute of a function handle.
type FunctionAttribute struct {
	Kind    AttributeKind
	Operand uint16 // variant index or field offset, for the kinds that carry one
}

// AccessKind says whether an access specifier is about reads or writes.
type AccessKind uint8

// Access kinds with their serialized bytes.
const (
	AccessReads  AccessKind = 1
	AccessWrites AccessKind = 2
)

// AccessSpecifier describes resources a function may access.
type AccessSpecifier struct {
	Kind     AccessKind
	Negated  bool
	Resource ResourceSpecifier
	Address  AddressSpecifier
}

// ResourceKind is the serialized tag of a resource specifier.
type ResourceKind uint8

// Resource specifier kinds.
const (
	ResourceAny                 ResourceKind = 1
	ResourceAtAddress           ResourceKind = 2 // Address
	ResourceInModule            ResourceKind = 3 // Module
	ResourceStruct              ResourceKind = 4 // Struct
	ResourceStructInstantiation ResourceKind = 5 // Struct, TypeArgs
)

// ResourceSpecifier selects resources; which fields matter depends on Kind.
type ResourceSpecifier struct {
	Kind     ResourceKind
	Address  AddressIndex
	Module   ModuleHandleIndex
	Struct   StructHandleIndex
	TypeArgs SignatureIndex
}

// AddressKind is the serialized tag of an address specifier.
type AddressKind uint8

// Address specifier kinds.
const (
	AddressAny       AddressKind = 1
	AddressLiteral   AddressKind = 2 // Literal
	AddressParameter AddressKind = 3 // Parameter, optionally through Function
)

// AddressSpecifier selects where resources live; which fields matter
// depends on Kind.
type AddressSpecifier struct {
	Kind        AddressKind
	Literal     AddressIndex
	Parameter   uint8
	HasFunction bool
	Function    FunctionInstIndex
}

// FieldHandle is a field of a struct defined in this module.
type FieldHandle struct {
	Owner StructDefIndex
	Field uint16
}

// VariantFieldHandle is a field shared by some variants of an enum.
type VariantFieldHandle struct {
	Struct   StructDefIndex
	Variants []uint16
	Field    uint16
}

// StructVariantHandle is a variant of an enum defined in this module.
type StructVariantHandle struct {
	Struct  StructDefIndex
	Variant uint16
}

// StructDefInstantiation instantiates a generic struct definition.
type StructDefInstantiation struct {
	Def            StructDefIndex
	TypeParameters SignatureIndex
}

// FunctionInstantiation instantiates a generic function handle.
type FunctionInstantiation struct {
	Handle         FunctionHandleIndex
	TypeParameters SignatureIndex
}

// FieldInstantiation is a field of an instantiated generic struct.
type FieldInstantiation struct {
	Handle         FieldHandleIndex
	TypeParameters SignatureIndex
}

// StructVariantInstantiation is a variant of an instantiated generic enum.
type StructVariantInstantiation struct {
	Handle         StructVariantHandleIndex
	TypeParameters SignatureIndex
}

// VariantFieldInstantiation is a variant field of an instantiated generic enum.
type VariantFieldInstantiation struct {
	Handle         VariantFieldHandleIndex
	TypeParameters SignatureIndex
}

// Signature is a list of types (parameters, returns, locals, type arguments).
type Signature []SignatureToken

// Constant is a constant pool entry: its type and its BCS bytes.
type Constant struct {
	Type SignatureToken
	Data []byte
}

// Metadata is a key/value entry of the metadata section.
type Metadata struct {
	Key   []byte
	Value []byte
}

// StructLayout says how a struct definition gives its fields.
type StructLayout uint8

// Struct layouts with their serialized flags.
const (
	StructNative   StructLayout = StructLayout(structNative)
	StructFields   StructLayout = StructLayout(structDeclared)
	StructVariants StructLayout = StructLayout(structDeclaredVariants) // an enum, since version 7
)

// StructDef defines a struct: native, with fields, or (an enum) with variants.
type StructDef struct {
	Handle   StructHandleIndex
	Layout   StructLayout
	Fields   []FieldDef   // StructFields
	Variants []VariantDef // StructVariants
}

// FieldDef is a field: its name and type.
type FieldDef struct {
	Name IdentifierIndex
	Type SignatureToken
}

// VariantDef is an enum variant: its name and fields.
type VariantDef struct {
	Name   IdentifierIndex
	Fields []FieldDef
}

// FunctionDef defines a function of the module. A nil Code means native.
type FunctionDef struct {
	Function   FunctionHandleIndex
	Visibility Visibility
	IsEntry    bool
	Acquires   []StructDefIndex
	Code       *CodeUnit
}

// CodeUnit is a function body: the signature of its locals (after the
// parameters) and its instructions.
type CodeUnit struct {
	Locals SignatureIndex
	Code   []Instruction
}
