package vmstub

import (
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// aptos_std::type_info, declared with Aptos's signatures so that published
// code links against it, and implemented as BCS natives (see bridge); and
// the helpers the BCS natives still in this package share.

var (
	elemParam = []TypeParam{{}}
	storeDrop = []TypeParam{{Constraints: []string{AbilityStore, AbilityDrop}}}
)

// pub declares a public function implemented by a BCS native.
func pub(name string, params, ret []string, native func(*Call) ([][]byte, error)) Function {
	return Function{Name: name, Params: params, Return: ret, Native: native}
}

// one returns a single BCS result.
func one(b []byte) ([][]byte, error) { return [][]byte{b}, nil }

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
