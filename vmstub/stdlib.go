package vmstub

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// The standard library modules Move code calls most (std::signer, error,
// string, option, bcs, hash, aptos_std::type_info, aptos_framework::event),
// declared with Aptos's signatures so that published code links against
// them, and implemented as natives: on BCS where values have one (see
// bridge), on the interpreter's values where references must be written
// through (movenatives.go).

// Abort codes of std::option and std::string.
const (
	eOptionIsSet     = 0x40000
	eOptionNotSet    = 0x40001
	eOptionVecTooBig = 0x40002
	eInvalidUTF8     = 1
	eInvalidIndex    = 2
)

var (
	stringModule = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "string"}
	optionModule = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "option"}
	elemParam    = []TypeParam{{}}
	copyDrop     = []TypeParam{{Constraints: []string{AbilityCopy, AbilityDrop}}}
	storeDrop    = []TypeParam{{Constraints: []string{AbilityStore, AbilityDrop}}}
)

// pub declares a public function implemented by a BCS native.
func pub(name string, params, ret []string, native func(*Call) ([][]byte, error)) Function {
	return Function{Name: name, Params: params, Return: ret, Native: native}
}

// one returns a single BCS result.
func one(b []byte) ([][]byte, error) { return [][]byte{b}, nil }

func stringModuleDef() Module {
	str := []string{tString}
	return mod1("string", []Struct{sPlain("String", abAll3, "bytes: vector<u8>")}, []Function{
		pub("utf8", []string{"vector<u8>"}, str, func(c *Call) ([][]byte, error) {
			if !utf8.Valid(c.ArgBytes(0)) {
				return nil, &Abort{Module: stringModule, Code: eInvalidUTF8}
			}
			return one(c.Args[0])
		}),
		pub("try_utf8", []string{"vector<u8>"}, []string{"0x1::option::Option<" + tString + ">"}, func(c *Call) ([][]byte, error) {
			if !utf8.Valid(c.ArgBytes(0)) {
				return one([]byte{0})
			}
			return one(OptionValue(c.Args[0]))
		}),
		pub("length", []string{"&" + tString}, []string{"u64"}, func(c *Call) ([][]byte, error) {
			return one(U64Value(uint64(len(c.ArgBytes(0)))))
		}),
		pub("is_empty", []string{"&" + tString}, []string{"bool"}, func(c *Call) ([][]byte, error) {
			return one(BoolValue(len(c.ArgBytes(0)) == 0))
		}),
		pub("index_of", []string{"&" + tString, "&" + tString}, []string{"u64"}, func(c *Call) ([][]byte, error) {
			s, r := c.ArgBytes(0), c.ArgBytes(1)
			i := bytes.Index(s, r)
			if i < 0 {
				i = len(s)
			}
			return one(U64Value(uint64(i)))
		}),
		pub("sub_string", []string{"&" + tString, "u64", "u64"}, str, func(c *Call) ([][]byte, error) {
			s, i, j := c.ArgBytes(0), c.ArgU64(1), c.ArgU64(2)
			if j > uint64(len(s)) || i > j || !utf8.Valid(s[i:j]) || (i < uint64(len(s)) && !utf8.RuneStart(s[i])) ||
				(j < uint64(len(s)) && !utf8.RuneStart(s[j])) {
				return nil, &Abort{Module: stringModule, Code: eInvalidIndex}
			}
			return one(BytesValue(s[i:j]))
		}),
		{Name: "append", Params: []string{"&mut " + tString, tString}, MoveNative: nativeStringAppend},
		{Name: "append_utf8", Params: []string{"&mut " + tString, "vector<u8>"}, MoveNative: nativeStringAppend},
		{Name: "insert", Params: []string{"&mut " + tString, "u64", tString}, MoveNative: nativeStringInsert},
		pub("internal_check_utf8", []string{"&vector<u8>"}, []string{"bool"}, func(c *Call) ([][]byte, error) {
			return one(BoolValue(utf8.Valid(c.ArgBytes(0))))
		}),
	},
		AbortReason{Reason: eInvalidUTF8, Name: "EINVALID_UTF8", Description: "An invalid UTF8 encoding."},
		AbortReason{Reason: eInvalidIndex, Name: "EINVALID_INDEX", Description: "Index out of range."},
	)
}

func optionModuleDef() Module {
	opt := "0x1::option::Option<T0>"
	isSome := func(c *Call) bool { return c.Args[0][0] == 1 }
	return mod1("option", []Struct{sGeneric(sPlain("Option", abAll3, "vec: vector<T0>"), anyParam)}, []Function{
		generic(pub("none", nil, []string{opt}, func(*Call) ([][]byte, error) { return one([]byte{0}) }), elemParam),
		generic(pub("some", []string{"T0"}, []string{opt}, func(c *Call) ([][]byte, error) { return one(OptionValue(c.Args[0])) }), elemParam),
		generic(pub("is_none", []string{"&" + opt}, []string{"bool"}, func(c *Call) ([][]byte, error) { return one(BoolValue(!isSome(c))) }), elemParam),
		generic(pub("is_some", []string{"&" + opt}, []string{"bool"}, func(c *Call) ([][]byte, error) { return one(BoolValue(isSome(c))) }), elemParam),
		generic(pub("contains", []string{"&" + opt, "&T0"}, []string{"bool"}, func(c *Call) ([][]byte, error) {
			return one(BoolValue(isSome(c) && bytes.Equal(c.Args[0][1:], c.Args[1])))
		}), elemParam),
		generic(pub("get_with_default", []string{"&" + opt, "T0"}, []string{"T0"}, func(c *Call) ([][]byte, error) {
			if isSome(c) {
				return one(c.Args[0][1:])
			}
			return one(c.Args[1])
		}), copyDrop),
		generic(pub("destroy_some", []string{opt}, []string{"T0"}, func(c *Call) ([][]byte, error) {
			if !isSome(c) {
				return nil, &Abort{Module: optionModule, Code: eOptionNotSet}
			}
			return one(c.Args[0][1:])
		}), elemParam),
		generic(pub("destroy_none", []string{opt}, nil, func(c *Call) ([][]byte, error) {
			if isSome(c) {
				return nil, &Abort{Module: optionModule, Code: eOptionIsSet}
			}
			return nil, nil
		}), elemParam),
		generic(pub("from_vec", []string{"vector<T0>"}, []string{opt}, func(c *Call) ([][]byte, error) {
			if c.Args[0][0] > 1 {
				return nil, &Abort{Module: optionModule, Code: eOptionVecTooBig}
			}
			return one(c.Args[0])
		}), elemParam),
		generic(pub("to_vec", []string{opt}, []string{"vector<T0>"}, func(c *Call) ([][]byte, error) { return one(c.Args[0]) }), elemParam),
		generic(pub("destroy_with_default", []string{opt, "T0"}, []string{"T0"}, func(c *Call) ([][]byte, error) {
			if isSome(c) {
				return one(c.Args[0][1:])
			}
			return one(c.Args[1])
		}), []TypeParam{{Constraints: []string{AbilityDrop}}}),
		generic(Function{Name: "swap", Params: []string{"&mut " + opt, "T0"}, Return: []string{"T0"}, MoveNative: nativeOptionSwap}, elemParam),
		generic(Function{Name: "extract", Params: []string{"&mut " + opt}, Return: []string{"T0"}, MoveNative: nativeOptionExtract}, elemParam),
		generic(Function{Name: "fill", Params: []string{"&mut " + opt, "T0"}, MoveNative: nativeOptionFill}, elemParam),
		generic(Function{Name: "swap_or_fill", Params: []string{"&mut " + opt, "T0"}, Return: []string{opt}, MoveNative: nativeOptionSwapOrFill}, elemParam),
	},
		AbortReason{Reason: eOptionIsSet & 0xFFFF, Name: "EOPTION_IS_SET", Description: "The `Option` is in an invalid state for the operation attempted. The `Option` is `Some` while it should be `None`."},
		AbortReason{Reason: eOptionNotSet & 0xFFFF, Name: "EOPTION_NOT_SET", Description: "The `Option` is in an invalid state for the operation attempted. The `Option` is `None` while it should be `Some`."},
		AbortReason{Reason: eOptionVecTooBig & 0xFFFF, Name: "EOPTION_VEC_TOO_LONG", Description: "Cannot construct an option from a vector with 2 or more elements."},
	)
}

func typeInfoModuleDef() Module {
	return mod1("type_info", []Struct{sPlain("TypeInfo", abAll3, "account_address: address", "module_name: vector<u8>", "struct_name: vector<u8>")}, []Function{
		generic(pub("type_of", nil, []string{tTypeInfo}, func(c *Call) ([][]byte, error) {
			t := c.TypeArgs[0]
			if t.Kind != ledgerapi.KindStruct {
				return nil, &Abort{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "type_info"}, Code: 1}
			}
			// The struct name carries the type arguments, as Aptos prints
			// them: Box<u64, 0x1::string::String>.
			name := t.Struct.Name
			if len(t.Struct.TypeArgs) > 0 {
				args := make([]string, len(t.Struct.TypeArgs))
				for i, a := range t.Struct.TypeArgs {
					args[i] = a.String()
				}
				name += "<" + strings.Join(args, ", ") + ">"
			}
			e := bcs.NewEncoder(64)
			e.Fixed(t.Struct.Address[:])
			e.String(t.Struct.Module)
			e.String(name)
			return one(e.Bytes())
		}), elemParam),
		generic(pub("type_name", nil, []string{tString}, func(c *Call) ([][]byte, error) {
			return one(BytesValue([]byte(c.TypeArgs[0].String())))
		}), elemParam),
		pub("account_address", []string{"&" + tTypeInfo}, []string{"address"}, refAddress),
		pub("module_name", []string{"&" + tTypeInfo}, []string{"vector<u8>"}, typeInfoField(0)),
		pub("struct_name", []string{"&" + tTypeInfo}, []string{"vector<u8>"}, typeInfoField(1)),
		generic(pub("size_of_val", []string{"&T0"}, []string{"u64"}, func(c *Call) ([][]byte, error) {
			return one(U64Value(uint64(len(c.Args[0]))))
		}), elemParam),
		pub("chain_id", nil, []string{"u8"}, func(c *Call) ([][]byte, error) { return one([]byte{c.vm.opts.ChainID}) }),
	})
}

// typeInfoField returns field i of a TypeInfo after its address:
// module_name (0) or struct_name (1).
func typeInfoField(i int) func(*Call) ([][]byte, error) {
	return func(c *Call) ([][]byte, error) {
		d := bcs.NewDecoder(c.Args[0][ledgerapi.AddressLength:])
		var b []byte
		for range i + 1 {
			b = d.ReadBytes("name")
		}
		if err := d.Err(); err != nil {
			return nil, err
		}
		return one(BytesValue(b))
	}
}
