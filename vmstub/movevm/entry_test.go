package movevm

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// stdModules are the 0x1 structs transaction arguments are made of.
func stdModules(t testing.TB) []*bc.Module {
	mk := func(name string, f func(b *bc.ModuleBuilder)) *bc.Module {
		b := bc.NewModuleBuilder(ledgerapi.AddressOne, name)
		f(b)
		m, err := b.Module()
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	all := bc.AbilityCopy | bc.AbilityDrop | bc.AbilityStore
	return []*bc.Module{
		mk("string", func(b *bc.ModuleBuilder) { b.Struct("String", all, bc.Field("bytes", bc.Vector(bc.U8))) }),
		mk("option", func(b *bc.ModuleBuilder) {
			b.GenericStruct("Option", all, []bc.StructTypeParameter{{}}, bc.Field("vec", bc.Vector(bc.TypeParameter(0))))
		}),
		mk("object", func(b *bc.ModuleBuilder) {
			b.GenericStruct("Object", all, []bc.StructTypeParameter{{IsPhantom: true}}, bc.Field("inner", bc.Address))
		}),
	}
}

// argsModule has entry all(&signer, every argument type) which stores the
// arguments as a Got resource, so its BCS is the arguments' BCS in order.
func argsModule(t testing.TB) *bc.Module {
	return build(t, "args", func(b *bc.ModuleBuilder) {
		str := bc.StructOf(b.ImportStruct(b.ModuleRef(ledgerapi.AddressOne, "string"), "String", bc.AbilityCopy|bc.AbilityDrop|bc.AbilityStore))
		opt := b.ImportStruct(b.ModuleRef(ledgerapi.AddressOne, "option"), "Option", bc.AbilityCopy|bc.AbilityDrop|bc.AbilityStore, bc.StructTypeParameter{})
		obj := b.ImportStruct(b.ModuleRef(ledgerapi.AddressOne, "object"), "Object", bc.AbilityCopy|bc.AbilityDrop|bc.AbilityStore, bc.StructTypeParameter{IsPhantom: true})
		marker := b.Struct("Marker", bc.AbilityKey, bc.Field("dummy", bc.Bool))
		params := []bc.SignatureToken{bc.Bool, bc.U8, bc.U16, bc.U32, bc.U64, bc.U128, bc.U256, bc.Address, str,
			bc.Vector(bc.U64), bc.StructOf(opt, bc.U64), bc.StructOf(obj, b.StructType(marker)), bc.Vector(bc.StructOf(opt, str))}
		var fields []bc.FieldSpec
		code := []bc.Instruction{I(bc.OpMoveLoc, 0)}
		for i, p := range params {
			fields = append(fields, bc.Field(string(rune('a'+i)), p))
			code = append(code, I(bc.OpMoveLoc, uint64(i+1)))
		}
		got := b.Struct("Got", bc.AbilityKey, fields...)
		code = append(code, I(bc.OpPack, uint64(got)), I(bc.OpMoveTo, uint64(got)), I(bc.OpRet))
		b.Function("all", bc.Public|bc.Entry, bc.Fn{Params: append([]bc.SignatureToken{bc.Ref(bc.Signer)}, params...), Code: code})
		b.Function("not_entry", bc.Public, bc.Fn{Code: []bc.Instruction{I(bc.OpRet)}})
		b.Function("takes_struct", bc.Public|bc.Entry, bc.Fn{Params: []bc.SignatureToken{b.StructType(marker)},
			Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpUnpack, uint64(marker)), I(bc.OpPop), I(bc.OpRet)}})
		b.Function("two_signers", bc.Private|bc.Entry, bc.Fn{Params: []bc.SignatureToken{bc.Signer, bc.Signer}, Code: []bc.Instruction{I(bc.OpRet)}})
		b.Function("no_signer", bc.Private|bc.Entry, bc.Fn{Params: []bc.SignatureToken{bc.U64}, Code: []bc.Instruction{I(bc.OpRet)}})
		// A view: sum(a, b) and a non-view with the same body.
		u64s := []bc.SignatureToken{bc.U64, bc.U64}
		sum := []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpMoveLoc, 1), I(bc.OpAdd), I(bc.OpLdU8, 1), I(bc.OpRet)}
		b.Function("sum", bc.Public, bc.Fn{Params: u64s, Returns: []bc.SignatureToken{bc.U64, bc.U8}, Code: sum})
		b.Function("sum_plain", bc.Public, bc.Fn{Params: u64s, Returns: []bc.SignatureToken{bc.U64, bc.U8}, Code: sum})
		b.MetadataV1(&bc.MetadataV1{FunAttributes: map[string][]bc.KnownAttribute{"sum": {{Kind: bc.AttributeView}}}})
	})
}

func u64le(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }

func TestEntryArguments(t *testing.T) {
	e := newEnv(append(stdModules(t), argsModule(t))...)
	args := [][]byte{
		{1}, {7}, {1, 2}, {1, 2, 3, 4}, u64le(5), bytes.Repeat([]byte{9}, 16), bytes.Repeat([]byte{0xff}, 32), addrArg(cafe),
		append([]byte{3}, "héj"[:3]...), append([]byte{2}, append(u64le(1), u64le(2)...)...), append([]byte{1}, u64le(8)...),
		addrArg(alice), {2, 0, 1, 2, 'h', 'i'},
	}
	args[8] = append([]byte{4}, []byte("héj")...)
	res, err := e.entry("args", "all", nil, []ledgerapi.Address{alice}, args...)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Writes) != 1 || res.Writes[0].Tag.String() != "0xcafe::args::Got" || !bytes.Equal(res.Writes[0].Data, bytes.Join(args, nil)) {
		t.Fatalf("writes %+v\nwant data %x", res.Writes, bytes.Join(args, nil))
	}

	bad := func(i int, b []byte) [][]byte {
		out := append([][]byte{}, args...)
		out[i] = b
		return out
	}
	cases := []struct {
		name    string
		fn      string
		signers []ledgerapi.Address
		args    [][]byte
		st      onchain.StatusCode
	}{
		{"not entry", "not_entry", nil, nil, onchain.EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION},
		{"missing function", "nope", nil, nil, onchain.FUNCTION_RESOLUTION_FAILURE},
		{"too few arguments", "all", []ledgerapi.Address{alice}, args[:3], onchain.NUMBER_OF_ARGUMENTS_MISMATCH},
		{"too many signers", "all", []ledgerapi.Address{alice, cafe}, args, onchain.NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH},
		{"no signer", "all", nil, args, onchain.NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH},
		{"short u64", "all", []ledgerapi.Address{alice}, bad(4, []byte{1, 2, 3}), onchain.FAILED_TO_DESERIALIZE_ARGUMENT},
		{"trailing bytes", "all", []ledgerapi.Address{alice}, bad(1, []byte{1, 2}), onchain.FAILED_TO_DESERIALIZE_ARGUMENT},
		{"bool 2", "all", []ledgerapi.Address{alice}, bad(0, []byte{2}), onchain.FAILED_TO_DESERIALIZE_ARGUMENT},
		{"string not utf-8", "all", []ledgerapi.Address{alice}, bad(8, []byte{2, 0xc3, 0x28}), onchain.FAILED_TO_DESERIALIZE_ARGUMENT},
		{"option of two", "all", []ledgerapi.Address{alice}, bad(10, append([]byte{2}, append(u64le(1), u64le(2)...)...)), onchain.FAILED_TO_DESERIALIZE_ARGUMENT},
		{"nested bad string", "all", []ledgerapi.Address{alice}, bad(12, []byte{1, 1, 1, 0xff}), onchain.FAILED_TO_DESERIALIZE_ARGUMENT},
		{"struct parameter", "takes_struct", nil, [][]byte{{1}}, onchain.INVALID_MAIN_FUNCTION_SIGNATURE},
		{"two signers, one given", "two_signers", []ledgerapi.Address{alice}, nil, onchain.NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := e.entry("args", c.fn, nil, c.signers, c.args...)
			wantStatus(t, err, c.st)
			if len(res.Writes) != 0 {
				t.Fatalf("wrote %+v", res.Writes)
			}
		})
	}
	// Senders are ignored by a function without signer parameters.
	if _, err := e.entry("args", "no_signer", nil, []ledgerapi.Address{alice}, u64le(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.entry("args", "two_signers", nil, []ledgerapi.Address{alice, cafe}); err != nil {
		t.Fatal(err)
	}
}

func TestView(t *testing.T) {
	e := newEnv(append(stdModules(t), argsModule(t))...)
	s := e.session()
	fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: cafe, Name: "args"}, Name: "sum"}
	out, err := s.View(fn, nil, [][]byte{u64le(2), u64le(40)})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || out[0].Type.String() != "u64" || !bytes.Equal(out[0].BCS, u64le(42)) || out[1].Type.String() != "u8" || !bytes.Equal(out[1].BCS, []byte{1}) {
		t.Fatalf("view %+v", out)
	}
	fn.Name = "sum_plain"
	_, err = s.View(fn, nil, [][]byte{u64le(2), u64le(40)})
	wantStatus(t, err, onchain.FUNCTION_RESOLUTION_FAILURE)
	fn.Name = "sum"
	_, err = s.View(fn, nil, [][]byte{u64le(2)})
	wantStatus(t, err, onchain.NUMBER_OF_ARGUMENTS_MISMATCH)
	_, err = s.View(fn, nil, [][]byte{u64le(1 << 63), u64le(1 << 63)})
	wantStatus(t, err, onchain.ARITHMETIC_ERROR)
}

func TestScripts(t *testing.T) {
	e := newEnv(counterModule(t))
	b := bc.NewScriptBuilder()
	g := b.ModuleRef(cafe, "g")
	initFn := b.ImportFunction(g, "init", bc.Fn{Params: []bc.SignatureToken{bc.Ref(bc.Signer)}})
	bump := b.ImportFunction(g, "bump", bc.Fn{Params: []bc.SignatureToken{bc.Address}})
	b.Main(bc.Fn{Params: []bc.SignatureToken{bc.Signer, bc.Address, bc.U64}, Code: []bc.Instruction{
		I(bc.OpImmBorrowLoc, 0), I(bc.OpCall, uint64(initFn)),
		I(bc.OpCopyLoc, 1), I(bc.OpCall, uint64(bump)),
		I(bc.OpMoveLoc, 2), I(bc.OpLdU64, 0), I(bc.OpEq), I(bc.OpBrFalse, 9), I(bc.OpRet),
		I(bc.OpLdU64, 0x42), I(bc.OpAbort)}})
	script, err := b.Script()
	if err != nil {
		t.Fatal(err)
	}
	s := e.session()
	if err := s.ExecuteScript(script, nil, []ledgerapi.Address{alice}, [][]byte{addrArg(alice), u64le(0)}); err != nil {
		t.Fatal(err)
	}
	res, _ := s.Finish()
	if len(res.Writes) != 1 || !bytes.Equal(res.Writes[0].Data, u64le(1)) {
		t.Fatalf("writes %+v", res.Writes)
	}
	s = e.session()
	err = s.ExecuteScript(script, nil, []ledgerapi.Address{alice}, [][]byte{addrArg(alice), u64le(1)})
	var a *Abort
	if !asAbort(err, &a) || !a.Script || a.Code != 0x42 {
		t.Fatalf("got %v, want a script abort", err)
	}
	if got := ExecutionStatus(err).VMStatus(nil); got != "Move abort: code 0x42" {
		t.Fatalf("vm_status %q", got)
	}
	if res, _ := s.Finish(); len(res.Writes) != 0 {
		t.Fatalf("aborted script wrote %+v", res.Writes)
	}
	err = e.session().ExecuteScript(script, []ledgerapi.TypeTag{ledgerapi.TypeU8}, []ledgerapi.Address{alice}, [][]byte{addrArg(alice), u64le(0)})
	wantStatus(t, err, onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH)
}

func asAbort(err error, a **Abort) bool {
	x, ok := err.(*Abort)
	*a = x
	return ok
}
