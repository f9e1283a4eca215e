package aptosstdlib

// 0x1::from_bcs: values read back from their BCS (to_bool, to_u8, …,
// to_address, to_bytes, to_string). The bytes must be exactly one value of
// the type (EFROM_BYTES otherwise); a String must also be UTF-8
// (EINVALID_UTF8).

import (
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort codes of from_bcs: EFROM_BYTES is raised as
// error::invalid_argument (its constant is std::bcs's), EINVALID_UTF8 raw.
const (
	EFromBytes          = 0x10001
	EFromBCSInvalidUTF8 = 1
)

// fromBCSTypes are the module's functions in declaration order: the type
// each reads, how its BCS is checked and its runtime type.
var fromBCSTypes = []struct {
	name, typ string
	read      func(d *bcs.Decoder)
	rt        func(c *native.Context) (*movevm.Type, error)
}{
	{"to_bool", "bool", func(d *bcs.Decoder) { d.Bool("bool") }, prim(movevm.TypeBool)},
	{"to_u8", "u8", func(d *bcs.Decoder) { d.U8("u8") }, prim(movevm.TypeU8)},
	{"to_u16", "u16", func(d *bcs.Decoder) { d.U16("u16") }, prim(movevm.TypeU16)},
	{"to_u32", "u32", func(d *bcs.Decoder) { d.U32("u32") }, prim(movevm.TypeU32)},
	{"to_u64", "u64", func(d *bcs.Decoder) { d.U64("u64") }, prim(movevm.TypeU64)},
	{"to_u128", "u128", func(d *bcs.Decoder) { d.U128("u128") }, prim(movevm.TypeU128)},
	{"to_u256", "u256", func(d *bcs.Decoder) { d.U256("u256") }, prim(movevm.TypeU256)},
	{"to_address", "address", func(d *bcs.Decoder) { var a [32]byte; d.Fixed(a[:], "address") }, prim(movevm.TypeAddress)},
	{"to_bytes", "vector<u8>", func(d *bcs.Decoder) { d.ReadBytes("vector<u8>") },
		func(c *native.Context) (*movevm.Type, error) { return c.VectorOf(movevm.TypeU8) }},
	{"to_string", "0x1::string::String", func(d *bcs.Decoder) { d.ReadBytes("string") }, movestdlib.StringType},
}

func prim(t *movevm.Type) func(*native.Context) (*movevm.Type, error) {
	return func(*native.Context) (*movevm.Type, error) { return t, nil }
}

// FromBCS declares 0x1::from_bcs.
func FromBCS() native.Module {
	var fs []native.Function
	for _, t := range fromBCSTypes {
		read, rt, isString := t.read, t.rt, t.name == "to_string"
		fs = append(fs, native.Function{Name: t.name, Params: []string{"vector<u8>"}, Return: []string{t.typ},
			Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				if err := native.ChargeRead(c.NativeContext, args[0].Len()); err != nil {
					return nil, err
				}
				b := args[0].Bytes()
				d := bcs.NewDecoder(b)
				read(d)
				if d.Finish() != nil {
					return nil, c.Abort(EFromBytes)
				}
				if isString && !utf8.Valid(bcs.NewDecoder(b).ReadBytes("string")) {
					return nil, c.Abort(EFromBCSInvalidUTF8)
				}
				if err := native.ChargeOutput(c.NativeContext, len(b), len(b)); err != nil {
					return nil, err
				}
				typ, err := rt(c)
				if err != nil {
					return nil, err
				}
				v, err := c.Deserialize(typ, b)
				return []movevm.Value{v}, err
			}})
	}
	return native.Module{Address: addr, Name: "from_bcs", Functions: fs,
		Errors: []native.AbortReason{{Reason: EFromBCSInvalidUTF8, Name: "EINVALID_UTF8", Description: "UTF8 check failed in conversion from bytes to string"}}}
}
