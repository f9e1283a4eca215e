package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub"
)

// fiModule is <addr>::fi: make(s, module_name, function_name) and
// make_from(s, address, module_name, function_name) build a FunctionInfo
// with function_info's public constructors and drop it.
func fiModule(t *testing.T, addr ledgerapi.Address) *kit {
	k := newKit(t, addr, "fi")
	fiH := k.b.ImportStruct(k.b.ModuleRef(one, "function_info"), "FunctionInfo", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore)
	fiT := bytecode.StructOf(fiH)
	sig := bytecode.Ref(bytecode.Signer)
	mk := k.fn("function_info", "new_function_info", nil, []tok{sig, strT, strT}, []tok{fiT})
	mkFrom := k.fn("function_info", "new_function_info_from_address", nil, []tok{bytecode.Address, strT, strT}, []tok{fiT})
	k.b.Function("make", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, strT, strT},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2), callF(mk), in(bytecode.OpPop), in(bytecode.OpRet)}})
	k.b.Function("make_from", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []tok{sig, bytecode.Address, strT, strT},
		Code: []bytecode.Instruction{in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2), in(bytecode.OpMoveLoc, 3), callF(mkFrom), in(bytecode.OpPop), in(bytecode.OpRet)}})
	return k
}

// TestFunctionInfoFromMove: FunctionInfo's constructors accept Move
// identifiers and abort with EINVALID_IDENTIFIER (raw code 1, as Aptos's
// assert! gives it) for anything else.
func TestFunctionInfoFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	fiModule(t, a.Address).publish(c, a)
	s := vmstub.StringValue
	for _, tc := range []struct {
		fn   string
		args [][]byte
		want string // "" for success
	}{
		{"make", [][]byte{s("my_token"), s("withdraw")}, ""},
		{"make", [][]byte{s("_x1"), s("Deposit_2")}, ""},
		{"make_from", [][]byte{vmstub.AddressValue(one), s("fungible_asset"), s("balance")}, ""},
		{"make", [][]byte{s("1abc"), s("withdraw")}, "0x1::function_info: EINVALID_IDENTIFIER(0x1)"},
		{"make", [][]byte{s("mod"), s("")}, "0x1::function_info: EINVALID_IDENTIFIER(0x1)"},
		{"make", [][]byte{s("mod"), s("_")}, "0x1::function_info: EINVALID_IDENTIFIER(0x1)"},
		{"make_from", [][]byte{vmstub.AddressValue(one), s("a-b"), s("f")}, "0x1::function_info: EINVALID_IDENTIFIER(0x1)"},
	} {
		_, out := c.run(t, a, vmstub.EntryPayload(a.Address, "fi", tc.fn, nil, tc.args...))
		if tc.want == "" {
			if !out.Info.Success() {
				t.Errorf("%s%q: %s", tc.fn, tc.args, out.Info.Status.String())
			}
			continue
		}
		wantAbort(t, out, tc.fn, tc.want)
	}
}
