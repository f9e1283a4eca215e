package movevm

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

func TestRecursiveStruct(t *testing.T) {
	m := build(t, "r", func(b *bc.ModuleBuilder) {
		r := b.Struct("R", bc.AbilityDrop, bc.Field("x", bc.U64))
		b.SetFields(r, bc.Field("rs", bc.Vector(b.StructType(r))))
		sig := uint64(b.Signature(b.StructType(r)))
		b.Function("f", bc.Public, bc.Fn{Code: []bc.Instruction{
			I(bc.OpVecPack, sig, 0), I(bc.OpPack, uint64(r)), I(bc.OpPop), I(bc.OpRet)}})
	})
	_, err := newEnv(m).call("r", "f", nil)
	wantStatus(t, err, onchain.VM_MAX_VALUE_DEPTH_REACHED)
}

func TestReferencesAfterMoves(t *testing.T) {
	m := build(t, "m", func(b *bc.ModuleBuilder) {
		c := b.Struct("C", bc.AbilityKey|bc.AbilityDrop, bc.Field("v", bc.U64))
		ci := uint64(c)
		// A reference to a local read after the local was moved out.
		b.Function("moved_local", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.U64}, Locals: []bc.SignatureToken{bc.U64, bc.Ref(bc.U64)},
			Code: []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpStLoc, 0), I(bc.OpImmBorrowLoc, 0), I(bc.OpStLoc, 1),
				I(bc.OpMoveLoc, 0), I(bc.OpPop), I(bc.OpMoveLoc, 1), I(bc.OpReadRef), I(bc.OpRet)}})
		// A reference to a global resource used after move_from.
		b.Function("moved_global", bc.Public|bc.Entry, bc.Fn{Params: []bc.SignatureToken{bc.Ref(bc.Signer), bc.Address},
			Locals: []bc.SignatureToken{bc.MutRef(b.StructType(c))}, Code: []bc.Instruction{
				I(bc.OpMoveLoc, 0), I(bc.OpLdU64, 3), I(bc.OpPack, ci), I(bc.OpMoveTo, ci),
				I(bc.OpCopyLoc, 1), I(bc.OpMutBorrowGlobal, ci), I(bc.OpStLoc, 2),
				I(bc.OpMoveLoc, 1), I(bc.OpMoveFrom, ci), I(bc.OpPop),
				I(bc.OpLdU64, 9), I(bc.OpPack, ci), I(bc.OpMoveLoc, 2), I(bc.OpWriteRef), I(bc.OpRet)}})
	})
	e := newEnv(m)
	_, err := e.call("m", "moved_local", nil)
	wantStatus(t, err, onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR)
	res, err := e.entry("m", "moved_global", nil, []ledgerapi.Address{alice}, addrArg(alice))
	wantStatus(t, err, onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR)
	if len(res.Writes) != 0 {
		t.Fatalf("wrote %+v", res.Writes)
	}
}

func TestPanicInNativeIsContained(t *testing.T) {
	m := build(t, "n", func(b *bc.ModuleBuilder) {
		p := b.Function("boom", bc.Public, bc.Fn{Native: true})
		b.Function("f", bc.Public|bc.Entry, bc.Fn{Code: []bc.Instruction{I(bc.OpCall, uint64(p)), I(bc.OpRet)}})
	})
	n := NewNatives()
	n.Register(cafe, "n", "boom", func(*NativeContext, []*Type, []Value) ([]Value, error) { panic("boom") })
	e := newEnv(m)
	e.vm = New(n, Limits{})
	_, err := e.entry("n", "f", nil, nil)
	wantStatus(t, err, onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR)
	if !strings.Contains(err.Error(), "boom") {
		t.Fatalf("error %v", err)
	}
}

// TestEvents checks that events a native emits are kept in order and only
// when the call succeeds.
func TestEvents(t *testing.T) {
	m := build(t, "ev", func(b *bc.ModuleBuilder) {
		ev := b.Struct("Ev", bc.AbilityDrop|bc.AbilityStore, bc.Field("n", bc.U64))
		emit := b.Function("emit", bc.Public, bc.Fn{Native: true, TypeParams: []bc.AbilitySet{bc.AbilityDrop | bc.AbilityStore},
			Params: []bc.SignatureToken{bc.TypeParameter(0)}})
		inst := uint64(b.FunctionInst(emit, b.StructType(ev)))
		b.Function("two", bc.Public|bc.Entry, bc.Fn{Params: []bc.SignatureToken{bc.Bool}, Code: []bc.Instruction{
			I(bc.OpLdU64, 1), I(bc.OpPack, uint64(ev)), I(bc.OpCallGeneric, inst),
			I(bc.OpLdU64, 2), I(bc.OpPack, uint64(ev)), I(bc.OpCallGeneric, inst),
			I(bc.OpMoveLoc, 0), I(bc.OpBrFalse, 9), I(bc.OpRet), I(bc.OpLdU64, 5), I(bc.OpAbort)}})
	})
	n := NewNatives()
	n.Register(cafe, "ev", "emit", func(ctx *NativeContext, _ []*Type, args []Value) ([]Value, error) {
		return nil, ctx.EmitEvent(args[0])
	})
	e := newEnv(m)
	e.vm = New(n, Limits{})
	res, err := e.entry("ev", "two", nil, nil, []byte{1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Events) != 2 || res.Events[0].Type.String() != "0xcafe::ev::Ev" || res.Events[1].Data[0] != 2 {
		t.Fatalf("events %+v", res.Events)
	}
	res, err = e.entry("ev", "two", nil, nil, []byte{0})
	wantAbort(t, err, "ev", 5)
	if len(res.Events) != 0 {
		t.Fatalf("an aborted call emitted %+v", res.Events)
	}
}

func TestGasIsDeterministic(t *testing.T) {
	run := func() uint64 {
		e := newEnv(counterModule(t))
		e.gas = &Budget{Limit: 1 << 40}
		if _, err := e.entry("g", "init", nil, []ledgerapi.Address{alice}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.entry("g", "bump", nil, nil, addrArg(alice)); err != nil {
			t.Fatal(err)
		}
		return e.gas.Used
	}
	a, b := run(), run()
	if a != b || a == 0 {
		t.Fatalf("gas used %d then %d", a, b)
	}
	// Just below what the calls need fails with OUT_OF_GAS and writes nothing.
	e := newEnv(counterModule(t))
	e.gas = &Budget{Limit: 5}
	res, err := e.entry("g", "init", nil, []ledgerapi.Address{alice})
	wantStatus(t, err, onchain.OUT_OF_GAS)
	if len(res.Writes) != 0 {
		t.Fatalf("wrote %+v", res.Writes)
	}
}

// TestConcurrentSessions runs sessions of one VM at once (go test -race).
func TestConcurrentSessions(t *testing.T) {
	e := newEnv(counterModule(t), callModule(t))
	done := make(chan error, 4)
	for i := 0; i < 4; i++ {
		go func() {
			for j := 0; j < 20; j++ {
				s := e.vm.NewSession(Env{Modules: e.mods, Storage: memStore{}})
				g := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: cafe, Name: "g"}, Name: "init"}
				if err := s.ExecuteEntry(g, nil, []ledgerapi.Address{alice}, nil); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for i := 0; i < 4; i++ {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

func TestDeepTypes(t *testing.T) {
	deep := bc.U8
	for i := 0; i < 130; i++ {
		deep = bc.Vector(deep)
	}
	m := build(t, "d", func(b *bc.ModuleBuilder) {
		b.Function("f", bc.Public, bc.Fn{Code: []bc.Instruction{
			I(bc.OpVecPack, uint64(b.Signature(deep)), 0), I(bc.OpPop), I(bc.OpRet)}})
	})
	_, err := newEnv(m).call("d", "f", nil)
	wantStatus(t, err, onchain.VM_MAX_TYPE_DEPTH_REACHED)
}
