// Package ledgerapi is the wire vocabulary of the ledger node REST interface.
//
// It defines the scalar formats every endpoint speaks and parses them
// strictly:
//
//   - U64, U128, U256: decimal strings in JSON ("1000"); signs, spaces, hex,
//     empty strings and overflow are rejected.
//   - Address: 32 bytes; parsed with or without 0x, short or long, any case;
//     written in AIP-40 form (0x0..0xf short, all others 64 hex digits).
//   - HexBytes: "0x" and two lower-case hex digits per byte.
//   - HashValue: "0x" and 64 hex digits.
//   - TypeTag, StructTag, ModuleId, EntryFunctionId: Move names, parsed with
//     whitespace ignored and nesting bounded by MaxTypeTagNesting, written in
//     canonical form (addresses trimmed, ", " between type arguments).
//
// It also holds the Error body with its closed ErrorCode set, the response
// header names and the content types.
//
// Subpackages: bcs (canonical BCS), crypto (hashing, authentication keys and
// signature verification), txn (the transaction family in BCS and JSON) and
// movevalue (Move values between JSON and BCS).
package ledgerapi
