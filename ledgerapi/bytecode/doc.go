// Package bytecode reads and writes the Move binary format of Aptos: module
// and script binaries of file format versions 5 to 10.
//
// # Layout of a binary
//
//	magic        a1 1c eb 0b
//	version      u32 little endian; writers or 0x0A000000 into it from version 7
//	table count  ULEB128 (at most 255)
//	headers      per table: kind (u8), offset, size (ULEB128, relative to the contents)
//	contents     the tables, contiguous from offset 0, none empty, no kind twice
//	module:      self module handle index (ULEB128)
//	script:      type parameters, parameters, access specifiers (from 8), code
//
// Tables (kind): MODULE_HANDLES 1, STRUCT_HANDLES 2, FUNCTION_HANDLES 3,
// FUNCTION_INST 4, SIGNATURES 5, CONSTANT_POOL 6, IDENTIFIERS 7,
// ADDRESS_IDENTIFIERS 8, STRUCT_DEFS 10, STRUCT_DEF_INST 11, FUNCTION_DEFS 12,
// FIELD_HANDLES 13, FIELD_INST 14, FRIEND_DECLS 15, METADATA 16, and from
// version 7 VARIANT_FIELD_HANDLES 17, VARIANT_FIELD_INST 18,
// STRUCT_VARIANT_HANDLES 19, STRUCT_VARIANT_INST 20. Scripts have only the
// first nine kinds and METADATA. The constants of format.go, signature.go
// (type tags) and opcodes.go (instructions, their operands and the version
// that introduced each) hold the details.
//
// What each version added: 6 the u16, u32 and u256 types and their
// instructions; 7 enums (variant tables and instructions) and access
// specifiers on function handles; 8 function types, closures
// (PackClosure, PackClosureGeneric, CallClosure), function attributes and
// access specifiers on scripts; 9 signed integer types and instructions
// and '$' in identifiers; 10 AbortMsg and the struct-API attributes.
//
// # Reading
//
// DeserializeModule, DeserializeScript and Deserialize read a binary
// strictly, as the reference reader does, and then check every index
// against its table as the reference bounds checker does. Errors are
// *Error values naming the place and the byte offset, e.g.
//
//	bytecode: FUNCTION_HANDLES[3].parameters: signature index 9 out of range (8 signatures) at offset 0x1a4 (INDEX_OUT_OF_BOUNDS)
//
// and carrying the VM status the reference reports (MALFORMED,
// BAD_HEADER_TABLE, UNKNOWN_OPCODE, INDEX_OUT_OF_BOUNDS, ...), which a node
// maps to CODE_DESERIALIZATION_ERROR.
//
// Where this reader departs from the reference reader:
//   - Versions 1 to 4 are rejected (UNKNOWN_VERSION): nothing on Aptos uses
//     them and their encodings differ.
//   - Bytes after the end of the unit are rejected (MALFORMED) unless
//     Config.AllowTrailingBytes is set. The reference reader never looks
//     past the last item, so a node emulating it should set it.
//
// Reference quirks that are kept: UnpackVariant and UnpackVariantGeneric
// have no version check (the bounds check rejects them in older modules);
// a type parameter index of 65536 is UNKNOWN_INVARIANT_VIOLATION_ERROR;
// indexes inside access specifiers and closure masks are not checked.
//
// # Writing
//
// Module.Serialize and Script.Serialize write what the reference serializer
// writes, so that for every binary b that reads, serializing what was read
// gives b back byte for byte. The reference reader also accepts headers in
// any order, contents in any order and the version word with or without
// the mask bits, none of which its serializer writes; rather than reject
// such binaries the reader records them in Layout, which the writer
// follows. The writer reads its output back and fails if the reader would
// not accept it.
//
// # Building
//
// ModuleBuilder and ScriptBuilder assemble units by hand, interning
// identifiers, addresses, handles, signatures and instantiations; they are
// how tests write Move packages without a compiler.
//
// # ABI and metadata
//
// Module.ABI renders a module's ABI as the REST API does (MoveModule), with
// is_view and is_event taken from the aptos::metadata_v1 entry, which
// DecodeMetadataV1 decodes.
package bytecode
