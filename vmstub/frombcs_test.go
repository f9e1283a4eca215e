package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub"
)

// TestFromBCS reads values back from their bytes through
// aptos_std::from_bcs, and refuses bytes that are not exactly one value.
func TestFromBCS(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	b := bytecode.NewModuleBuilder(a.Address, "reads")
	fb := b.ModuleRef(one, "from_bcs")
	str := bytecode.StructOf(b.ImportStruct(b.ModuleRef(one, "string"), "String", stringAbil))
	toU64 := b.ImportFunction(fb, "to_u64", bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Vector(bytecode.U8)}, Returns: []bytecode.SignatureToken{bytecode.U64}})
	toString := b.ImportFunction(fb, "to_string", bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Vector(bytecode.U8)}, Returns: []bytecode.SignatureToken{str}})
	I := bytecode.I
	b.Function("u64_of", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Vector(bytecode.U8)}, Returns: []bytecode.SignatureToken{bytecode.U64},
		Code: []bytecode.Instruction{I(bytecode.OpMoveLoc, 0), I(bytecode.OpCall, uint64(toU64)), I(bytecode.OpRet)}})
	b.Function("string_of", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Vector(bytecode.U8)}, Returns: []bytecode.SignatureToken{str},
		Code: []bytecode.Instruction{I(bytecode.OpMoveLoc, 0), I(bytecode.OpCall, uint64(toString)), I(bytecode.OpRet)}})
	b.MetadataV1(&bytecode.MetadataV1{FunAttributes: map[string][]bytecode.KnownAttribute{"u64_of": {{Kind: bytecode.AttributeView}}, "string_of": {{Kind: bytecode.AttributeView}}}})
	if out := c.publish(a, packageMeta("Reads", onchain.UpgradeCompatible, []string{"reads"}, stdDeps...), mustBytes(t, b)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	call := func(fn string, arg []byte) ([]byte, error) {
		vals, _, _, err := c.vm.View(c, ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "reads"}, Name: fn}, nil,
			[][]byte{vmstub.BytesValue(arg)})
		if err != nil {
			return nil, err
		}
		return vals[0], nil
	}
	if got, err := call("u64_of", vmstub.U64Value(77)); err != nil || string(got) != string(vmstub.U64Value(77)) {
		t.Fatalf("to_u64: %x %v", got, err)
	}
	for _, bad := range [][]byte{{1, 2, 3}, append(vmstub.U64Value(1), 0)} {
		if _, err := call("u64_of", bad); err == nil || !strings.Contains(err.Error(), "0x1::from_bcs") || !strings.Contains(err.Error(), "0x10001") {
			t.Fatalf("to_u64 of %x: %v", bad, err)
		}
	}
	if got, err := call("string_of", vmstub.StringValue("héllo")); err != nil || string(got) != string(vmstub.StringValue("héllo")) {
		t.Fatalf("to_string: %x %v", got, err)
	}
	if _, err := call("string_of", []byte{1, 0xff}); err == nil || !strings.Contains(err.Error(), "EINVALID_UTF8") {
		t.Fatalf("to_string of invalid UTF-8: %v", err)
	}
}
