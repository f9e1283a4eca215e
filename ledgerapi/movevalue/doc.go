// Package movevalue converts Move values between the REST JSON form of the
// Aptos fullnode v1 API and BCS, driven by a ledgerapi.TypeTag and, for
// user structs, layouts supplied by a Resolver.
//
// # JSON conventions
//
//   - bool: JSON true/false.
//   - u8, u16, u32: JSON integers (8, not "8"). Input also accepts a decimal
//     string.
//   - u64, u128, u256: decimal strings ("1994000"). Input also accepts a JSON
//     integer when it is exact and in range. Strings must be ASCII digits
//     only (leading zeros allowed): no sign, spaces, hex or empty string.
//     Fractions, exponents, negatives and out-of-range values are rejected.
//   - address: the AIP-40 string ("0x1", or "0x" and 64 hex digits). Input
//     takes any form ledgerapi.ParseAddress accepts.
//   - signer: rendered like an address; never accepted as input.
//   - vector<u8>: a "0x"-prefixed lower-case hex string. Input also accepts
//     a JSON array of u8 values.
//   - other vectors: JSON arrays.
//   - 0x1::string::String: a plain JSON string (BCS: length-prefixed UTF-8;
//     invalid UTF-8 is an error in both directions).
//   - 0x1::option::Option<T>: {"vec":[]} or {"vec":[v]} (BCS: a vector of
//     length 0 or 1).
//   - 0x1::object::Object<T>: {"inner":"0x…"} (BCS: the bare 32-byte address).
//   - other structs: JSON objects. Output keys are sorted alphabetically (by
//     bytes), as the real node renders its BTreeMap-backed objects. Input
//     needs every field exactly once and no other key; key order is free.
//
// Output is compact (no spaces) and strings are escaped like serde_json:
// only the quote, the backslash and control characters. Input is parsed
// strictly: malformed JSON and invalid UTF-8 are errors.
//
// Function arguments (Codec.EncodeArgs) are more lenient, as the real node
// is: an Option<T> argument may also be null (None) or a bare T (Some), and an
// Object<T> may be a plain address string.
//
// # Errors and limits
//
// Every error is an *Error whose Path names the offending value from the
// root ("value" or "arguments[i]"), e.g.
//
//	arguments[1].coin.value: "12x" is not a decimal u64
//
// Errors from bad BCS wrap the ledgerapi/bcs sentinels, and errors about
// unknown structs wrap ErrUnknownStruct, so errors.Is classifies them.
// Limits bounds nesting depth, vector length and output size in both
// directions.
//
// # Layouts
//
// A Resolver maps an instantiated struct tag to its fields in declaration
// order. MapResolver is a simple in-memory Resolver whose generic templates
// use the placeholders T0, T1, … (see TypeParam and ParseLayout).
package movevalue
