package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// aptos_std::copyable_any from Move code: a value packed comes back out of
// unpack with its own type, another type aborts with
// INVALID_ARGUMENT(ETYPE_MISMATCH) (0x10000), type_name names the type.
func anyCases(ledgerapi.Address) []viewCase {
	anyT := func(k *kit) tok {
		return bytecode.StructOf(k.b.ImportStruct(k.b.ModuleRef(one, "copyable_any"), "Any", copyDropT|bytecode.AbilityStore))
	}
	cds := []bytecode.AbilitySet{copyDropT | bytecode.AbilityStore}
	pack22 := func(k *kit) []bytecode.Instruction {
		h := k.fn("copyable_any", "pack", cds, []tok{bytecode.TypeParameter(0)}, []tok{anyT(k)})
		return []bytecode.Instruction{in(bytecode.OpLdU64, 22), k.callG(h, u64T)}
	}
	unpack := func(as tok) func(k *kit) []bytecode.Instruction {
		return func(k *kit) []bytecode.Instruction {
			h := k.fn("copyable_any", "unpack", anyTP, []tok{anyT(k)}, []tok{bytecode.TypeParameter(0)})
			return append(pack22(k), k.callG(h, as))
		}
	}
	return []viewCase{
		{name: "unpack<u64>(pack(22))", rets: u64s1, code: unpack(u64T), want: le64(22)},
		{name: "unpack<u8>(pack(22u64))", rets: []tok{bytecode.U8}, code: unpack(bytecode.U8), abort: aborts("0x1::copyable_any", 0x10000)},
		{name: "type_name", rets: []tok{strT}, locals: []tok{anyHandle}, code: func(k *kit) []bytecode.Instruction {
			h := k.fn("copyable_any", "type_name", nil, []tok{bytecode.Ref(anyT(k))}, []tok{bytecode.Ref(strT)})
			return append(pack22(k), in(bytecode.OpStLoc, 0), in(bytecode.OpImmBorrowLoc, 0), callF(h), in(bytecode.OpReadRef))
		}, want: append([]byte{3}, "u64"...)},
	}
}

// anyHandle is copyable_any::Any in the module: the struct handle the
// kit's extra imports first, after String and Option.
var anyHandle = bytecode.StructOf(2)

func TestCopyableAny(t *testing.T) {
	runViews(t, "anyfns", anyCases, func(k *kit) {
		if h := k.b.ImportStruct(k.b.ModuleRef(one, "copyable_any"), "Any", copyDropT|bytecode.AbilityStore); bytecode.StructOf(h).String() != anyHandle.String() {
			t.Fatalf("Any is struct handle %d", h)
		}
	})
}
