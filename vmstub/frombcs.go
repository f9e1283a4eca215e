package vmstub

import (
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// aptos_std::from_bcs: values read back from their BCS. The bytes must be
// exactly one value of the type (EFROM_BYTES, 0x10001, otherwise); a
// String must also be UTF-8 (EINVALID_UTF8, 1).

const (
	eFromBytes          = 0x10001
	eFromBCSInvalidUTF8 = 1
)

var fromBCSModule = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "from_bcs"}

func fromBCSModuleDef() Module {
	var fs []Function
	for _, t := range []struct {
		name, typ string
		read      func(d *bcs.Decoder)
	}{
		{"to_bool", "bool", func(d *bcs.Decoder) { d.Bool("bool") }},
		{"to_u8", "u8", func(d *bcs.Decoder) { d.U8("u8") }},
		{"to_u16", "u16", func(d *bcs.Decoder) { d.U16("u16") }},
		{"to_u32", "u32", func(d *bcs.Decoder) { d.U32("u32") }},
		{"to_u64", "u64", func(d *bcs.Decoder) { d.U64("u64") }},
		{"to_u128", "u128", func(d *bcs.Decoder) { d.U128("u128") }},
		{"to_u256", "u256", func(d *bcs.Decoder) { d.U256("u256") }},
		{"to_address", "address", func(d *bcs.Decoder) { var a [32]byte; d.Fixed(a[:], "address") }},
		{"to_bytes", "vector<u8>", func(d *bcs.Decoder) { d.ReadBytes("vector<u8>") }},
		{"to_string", tString, func(d *bcs.Decoder) { d.ReadBytes("string") }},
	} {
		read, isString := t.read, t.typ == tString
		fs = append(fs, pub(t.name, []string{"vector<u8>"}, []string{t.typ}, func(c *Call) ([][]byte, error) {
			b := c.ArgBytes(0)
			d := bcs.NewDecoder(b)
			read(d)
			if d.Finish() != nil {
				return nil, &Abort{Module: fromBCSModule, Code: eFromBytes}
			}
			if isString {
				s := bcs.NewDecoder(b).ReadBytes("string")
				if !utf8.Valid(s) {
					return nil, &Abort{Module: fromBCSModule, Code: eFromBCSInvalidUTF8}
				}
			}
			return one(b)
		}))
	}
	return mod1("from_bcs", nil, fs, AbortReason{Reason: eFromBCSInvalidUTF8, Name: "EINVALID_UTF8", Description: "UTF8 check failed in conversion from bytes to string"})
}
