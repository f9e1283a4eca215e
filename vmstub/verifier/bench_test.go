package verifier_test

import (
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/vmstub/verifier"
)

// bigModule assembles a module of about size bytes: a key struct and as
// many functions as fit, each a loop that updates the struct through a
// mutable reference (field borrows, reads, writes, a vector push) and a
// branch, what a compiler emits for ordinary Move code.
func bigModule(tb testing.TB, size int) (*bc.Module, int) {
	tb.Helper()
	I := bc.I
	var code []byte
	for n := 64; ; n += 64 {
		b := bc.NewModuleBuilder(ledgerapi.MustParseAddress("0xcafe"), "big")
		counter := b.Struct("Counter", bc.AbilityKey, bc.Field("v", bc.U64), bc.Field("items", bc.Vector(bc.U64)))
		v, items := b.FieldHandle(counter, "v"), b.FieldHandle(counter, "items")
		u64sig := b.Signature(bc.U64)
		for k := 0; k < n; k++ {
			b.Function(fmt.Sprintf("step_%d", k), bc.Public, bc.Fn{
				Params:  []bc.SignatureToken{bc.Ref(bc.Signer), bc.U64, bc.MutRef(b.StructType(counter))},
				Returns: []bc.SignatureToken{bc.U64},
				Locals:  []bc.SignatureToken{bc.U64, bc.U64},
				Code: []bc.Instruction{
					I(bc.OpLdU64, 0), I(bc.OpStLoc, 3),
					I(bc.OpCopyLoc, 3), I(bc.OpCopyLoc, 1), I(bc.OpLt), I(bc.OpBrFalse, 23), // 2: loop head
					I(bc.OpCopyLoc, 2), I(bc.OpImmBorrowField, uint64(v)), I(bc.OpReadRef), I(bc.OpCopyLoc, 3), I(bc.OpAdd),
					I(bc.OpCopyLoc, 2), I(bc.OpMutBorrowField, uint64(v)), I(bc.OpWriteRef),
					I(bc.OpCopyLoc, 2), I(bc.OpMutBorrowField, uint64(items)), I(bc.OpCopyLoc, 3), I(bc.OpVecPushBack, uint64(u64sig)),
					I(bc.OpCopyLoc, 3), I(bc.OpLdU64, 1), I(bc.OpAdd), I(bc.OpStLoc, 3), I(bc.OpBranch, 2),
					I(bc.OpCopyLoc, 1), I(bc.OpLdU64, 10), I(bc.OpGt), I(bc.OpBrFalse, 32), // 23
					I(bc.OpCopyLoc, 1), I(bc.OpLdU64, 2), I(bc.OpMul), I(bc.OpStLoc, 4), I(bc.OpBranch, 36),
					I(bc.OpCopyLoc, 1), I(bc.OpLdU64, 1), I(bc.OpAdd), I(bc.OpStLoc, 4), // 32
					I(bc.OpMoveLoc, 4), I(bc.OpMoveLoc, 2), I(bc.OpImmBorrowField, uint64(v)), I(bc.OpReadRef), I(bc.OpAdd), I(bc.OpRet), // 36
				},
			})
		}
		var err error
		if code, err = b.Bytes(); err != nil {
			tb.Fatal(err)
		}
		if len(code) >= size {
			break
		}
	}
	m, err := bc.DeserializeModule(code)
	if err != nil {
		tb.Fatal(err)
	}
	return m, len(code)
}

func TestBigModuleIsAccepted(t *testing.T) {
	m, _ := bigModule(t, 4<<10)
	if err := verifier.Module(m, verifier.Production()); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkVerify60KB verifies a module of 60 KB of ordinary code, the
// work publishing such a package adds.
func BenchmarkVerify60KB(b *testing.B) {
	m, size := bigModule(b, 60<<10)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		if err := verifier.Module(m, verifier.Production()); err != nil {
			b.Fatal(err)
		}
	}
}
