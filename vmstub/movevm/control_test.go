package movevm

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// sumLoop sums 1..n in a loop over two locals.
func sumLoop(n uint64) []bc.Instruction {
	return []bc.Instruction{
		I(bc.OpLdU64, 0), I(bc.OpStLoc, 0), I(bc.OpLdU64, 0), I(bc.OpStLoc, 1),
		I(bc.OpCopyLoc, 0), I(bc.OpLdU64, n), I(bc.OpLt), I(bc.OpBrFalse, 17),
		I(bc.OpMoveLoc, 0), I(bc.OpLdU64, 1), I(bc.OpAdd), I(bc.OpStLoc, 0),
		I(bc.OpMoveLoc, 1), I(bc.OpCopyLoc, 0), I(bc.OpAdd), I(bc.OpStLoc, 1),
		I(bc.OpBranch, 4),
		I(bc.OpMoveLoc, 1), I(bc.OpRet),
	}
}

func TestLoopAndLocals(t *testing.T) {
	rets, err := eval(t, []bc.SignatureToken{bc.U64}, []bc.SignatureToken{bc.U64, bc.U64}, sumLoop(10)...)
	if err != nil {
		t.Fatal(err)
	}
	if rets[0].AsU64() != 55 {
		t.Fatalf("sum = %d", rets[0].AsU64())
	}
}

func TestControlFailures(t *testing.T) {
	u64 := []bc.SignatureToken{bc.U64}
	cases := []struct {
		name   string
		rets   []bc.SignatureToken
		locals []bc.SignatureToken
		code   []bc.Instruction
		st     onchain.StatusCode
	}{
		{"copy after move", u64, u64, []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpStLoc, 0), I(bc.OpMoveLoc, 0), I(bc.OpCopyLoc, 0), I(bc.OpRet)}, onchain.COPYLOC_UNAVAILABLE_ERROR},
		{"move twice", u64, u64, []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpStLoc, 0), I(bc.OpMoveLoc, 0), I(bc.OpMoveLoc, 0), I(bc.OpRet)}, onchain.MOVELOC_UNAVAILABLE_ERROR},
		{"copy unset local", u64, u64, []bc.Instruction{I(bc.OpCopyLoc, 0), I(bc.OpRet)}, onchain.COPYLOC_UNAVAILABLE_ERROR},
		{"borrow unset local", nil, u64, []bc.Instruction{I(bc.OpImmBorrowLoc, 0), I(bc.OpPop), I(bc.OpRet)}, onchain.BORROWLOC_UNAVAILABLE_ERROR},
		{"store wrong type", nil, u64, []bc.Instruction{I(bc.OpLdTrue), I(bc.OpStLoc, 0), I(bc.OpRet)}, onchain.TYPE_MISMATCH},
		{"local out of range", u64, nil, []bc.Instruction{I(bc.OpCopyLoc, 3), I(bc.OpRet)}, onchain.COPYLOC_UNAVAILABLE_ERROR},
		{"branch on u64", nil, nil, []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpBrTrue, 0), I(bc.OpRet)}, onchain.TYPE_MISMATCH},
		{"branch out of code", nil, nil, []bc.Instruction{I(bc.OpBranch, 40)}, onchain.PC_OVERFLOW},
		{"fall off the end", nil, nil, []bc.Instruction{I(bc.OpNop)}, onchain.PC_OVERFLOW},
		{"return too many", nil, nil, []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpRet)}, onchain.RET_TYPE_MISMATCH_ERROR},
		{"return too few", u64, nil, []bc.Instruction{I(bc.OpRet)}, onchain.RET_TYPE_MISMATCH_ERROR},
		{"return wrong type", u64, nil, []bc.Instruction{I(bc.OpLdU8, 1), I(bc.OpRet)}, onchain.RET_TYPE_MISMATCH_ERROR},
		{"pop empty", nil, nil, []bc.Instruction{I(bc.OpPop), I(bc.OpRet)}, onchain.EMPTY_VALUE_STACK},
		{"add empty", u64, nil, []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpAdd), I(bc.OpRet)}, onchain.EMPTY_VALUE_STACK},
		{"stack overflow", nil, nil, []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpBranch, 0)}, onchain.EXECUTION_STACK_OVERFLOW},
		{"abort code not u64", nil, nil, []bc.Instruction{I(bc.OpLdU8, 1), I(bc.OpAbort)}, onchain.TYPE_MISMATCH},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := eval(t, c.rets, c.locals, c.code...)
			wantStatus(t, err, c.st)
		})
	}
}

func TestAbortAndStatus(t *testing.T) {
	_, err := eval(t, nil, nil, I(bc.OpLdU64, 0x10006), I(bc.OpAbort))
	wantAbort(t, err, "t", 0x10006)
	st := ExecutionStatus(err)
	if got := st.VMStatus(nil); got != "Move abort in 0xcafe::t: 0x10006" {
		t.Fatalf("vm_status %q", got)
	}

	m := build(t, "t", func(b *bc.ModuleBuilder) {
		msg := b.ConstantBytes([]byte("no way"))
		b.Function("f", bc.Public, bc.Fn{Code: []bc.Instruction{I(bc.OpLdU64, 7), I(bc.OpLdConst, uint64(msg)), I(bc.OpAbortMsg)}})
	})
	_, err = newEnv(m).call("t", "f", nil)
	wantAbort(t, err, "t", 7)
	if a := err.(*Abort); a.Message != "no way" {
		t.Fatalf("message %q", a.Message)
	}

	// An arithmetic error is an execution failure at its function and offset.
	_, err = eval(t, []bc.SignatureToken{bc.U64}, nil, I(bc.OpNop), I(bc.OpLdU64, 1), I(bc.OpLdU64, 0), I(bc.OpDiv), I(bc.OpRet))
	st = ExecutionStatus(err)
	if st.Kind != onchain.KindExecutionFailure || st.CodeOffset != 3 || st.Function != 0 || st.Location.Module.Name != "t" {
		t.Fatalf("status %+v", st)
	}
	if got := st.VMStatus(nil); got != "Execution failed in 0xcafe::t::<#0 function> at code offset 3" {
		t.Fatalf("vm_status %q", got)
	}
}

func TestConstants(t *testing.T) {
	m := build(t, "t", func(b *bc.ModuleBuilder) {
		c := b.Constant(bc.U64, []byte{42, 0, 0, 0, 0, 0, 0, 0})
		v := b.ConstantBytes([]byte("hi"))
		bad := b.Constant(bc.U64, []byte{1, 2})
		b.Function("f", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.U64, bc.Vector(bc.U8)},
			Code: []bc.Instruction{I(bc.OpLdConst, uint64(c)), I(bc.OpLdConst, uint64(v)), I(bc.OpRet)}})
		b.Function("bad", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.U64},
			Code: []bc.Instruction{I(bc.OpLdConst, uint64(bad)), I(bc.OpRet)}})
	})
	e := newEnv(m)
	rets, err := e.call("t", "f", nil)
	if err != nil {
		t.Fatal(err)
	}
	if rets[0].AsU64() != 42 || string(rets[1].Bytes()) != "hi" {
		t.Fatalf("got %d %q", rets[0].AsU64(), rets[1].Bytes())
	}
	_, err = e.call("t", "bad", nil)
	wantStatus(t, err, onchain.MALFORMED_CONSTANT_DATA)
}

// callModule has add(a, b), fact(n) (recursive), loop() (endless
// recursion) and spin() (an endless loop).
func callModule(t testing.TB) *bc.Module {
	return build(t, "c", func(b *bc.ModuleBuilder) {
		u64 := []bc.SignatureToken{bc.U64}
		add := b.Function("add", bc.Public, bc.Fn{Params: []bc.SignatureToken{bc.U64, bc.U64}, Returns: u64,
			Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpMoveLoc, 1), I(bc.OpAdd), I(bc.OpRet)}})
		fact := b.DeclareFunction("fact", bc.Fn{Params: u64, Returns: u64})
		b.Function("fact", bc.Public, bc.Fn{Params: u64, Returns: u64, Code: []bc.Instruction{
			I(bc.OpCopyLoc, 0), I(bc.OpLdU64, 0), I(bc.OpEq), I(bc.OpBrFalse, 6),
			I(bc.OpLdU64, 1), I(bc.OpRet),
			I(bc.OpCopyLoc, 0), I(bc.OpCopyLoc, 0), I(bc.OpLdU64, 1), I(bc.OpSub), I(bc.OpCall, uint64(fact)),
			I(bc.OpMul), I(bc.OpRet)}})
		b.Function("sum3", bc.Public, bc.Fn{Returns: u64, Code: []bc.Instruction{
			I(bc.OpLdU64, 1), I(bc.OpLdU64, 2), I(bc.OpCall, uint64(add)), I(bc.OpLdU64, 3), I(bc.OpCall, uint64(add)), I(bc.OpRet)}})
		b.Function("bad_arg", bc.Public, bc.Fn{Returns: u64, Code: []bc.Instruction{
			I(bc.OpLdU64, 1), I(bc.OpLdU8, 2), I(bc.OpCall, uint64(add)), I(bc.OpRet)}})
		loop := b.DeclareFunction("loop", bc.Fn{})
		b.Function("loop", bc.Public, bc.Fn{Code: []bc.Instruction{I(bc.OpCall, uint64(loop)), I(bc.OpRet)}})
		b.Function("spin", bc.Public, bc.Fn{Code: []bc.Instruction{I(bc.OpBranch, 0)}})
		b.Function("private", bc.Private, bc.Fn{Code: []bc.Instruction{I(bc.OpRet)}})
	})
}

func TestCalls(t *testing.T) {
	e := newEnv(callModule(t))
	rets, err := e.call("c", "sum3", nil)
	if err != nil || rets[0].AsU64() != 6 {
		t.Fatalf("sum3 = %v, %v", rets, err)
	}
	rets, err = e.call("c", "fact", nil, U64(20))
	if err != nil || rets[0].AsU64() != 2432902008176640000 {
		t.Fatalf("fact(20) = %v, %v", rets, err)
	}
	_, err = e.call("c", "fact", nil, U64(21))
	wantStatus(t, err, onchain.ARITHMETIC_ERROR)
	_, err = e.call("c", "bad_arg", nil)
	wantStatus(t, err, onchain.CALL_TYPE_MISMATCH_ERROR)
	_, err = e.call("c", "loop", nil)
	wantStatus(t, err, onchain.CALL_STACK_OVERFLOW)
	e.gas, e.sess = &Budget{Limit: 10_000}, nil
	_, err = e.call("c", "spin", nil)
	wantStatus(t, err, onchain.OUT_OF_GAS)
	if ExecutionStatus(err).Kind != onchain.KindOutOfGas {
		t.Fatalf("status %v", ExecutionStatus(err))
	}
}

func TestLinking(t *testing.T) {
	other := ledgerapi.ModuleId{Address: cafe, Name: "c"}
	caller := build(t, "d", func(b *bc.ModuleBuilder) {
		mh := b.ModuleRef(other.Address, other.Name)
		priv := b.ImportFunction(mh, "private", bc.Fn{})
		missing := b.ImportFunction(mh, "nope", bc.Fn{})
		wrongSig := b.ImportFunction(mh, "add", bc.Fn{Params: []bc.SignatureToken{bc.U64}, Returns: []bc.SignatureToken{bc.U64}})
		gone := b.ImportFunction(b.ModuleRef(cafe, "gone"), "f", bc.Fn{})
		for name, h := range map[string]bc.FunctionHandleIndex{"priv": priv, "missing": missing, "gone": gone} {
			b.Function(name, bc.Public, bc.Fn{Code: []bc.Instruction{I(bc.OpCall, uint64(h)), I(bc.OpRet)}})
		}
		b.Function("wrong", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.U64},
			Code: []bc.Instruction{I(bc.OpLdU64, 1), I(bc.OpCall, uint64(wrongSig)), I(bc.OpRet)}})
	})
	e := newEnv(callModule(t), caller)
	for _, fn := range []string{"priv", "missing", "gone", "wrong"} {
		_, err := e.call("d", fn, nil)
		wantStatus(t, err, onchain.LINKER_ERROR)
	}
	_, err := e.call("nothere", "f", nil)
	wantStatus(t, err, onchain.LINKER_ERROR)
	_, err = e.call("d", "nothere", nil)
	wantStatus(t, err, onchain.FUNCTION_RESOLUTION_FAILURE)
}

func TestNatives(t *testing.T) {
	m := build(t, "n", func(b *bc.ModuleBuilder) {
		double := b.Function("double", bc.Public, bc.Fn{Native: true, Params: []bc.SignatureToken{bc.U64}, Returns: []bc.SignatureToken{bc.U64}})
		fail := b.Function("fail", bc.Public, bc.Fn{Native: true})
		b.Function("missing", bc.Public, bc.Fn{Native: true})
		lie := b.Function("lie", bc.Public, bc.Fn{Native: true, Returns: []bc.SignatureToken{bc.U64}})
		b.Function("f", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.U64}, Code: []bc.Instruction{
			I(bc.OpLdU64, 21), I(bc.OpCall, uint64(double)), I(bc.OpRet)}})
		b.Function("g", bc.Public, bc.Fn{Code: []bc.Instruction{I(bc.OpCall, uint64(fail)), I(bc.OpRet)}})
		b.Function("h", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.U64}, Code: []bc.Instruction{I(bc.OpCall, uint64(lie)), I(bc.OpRet)}})
	})
	n := NewNatives()
	n.Register(cafe, "n", "double", func(_ *NativeContext, _ []*Type, args []Value) ([]Value, error) {
		return []Value{U64(args[0].AsU64() * 2)}, nil
	})
	n.Register(cafe, "n", "fail", func(*NativeContext, []*Type, []Value) ([]Value, error) {
		return nil, &NativeAbort{Code: 9}
	})
	n.Register(cafe, "n", "lie", func(*NativeContext, []*Type, []Value) ([]Value, error) {
		return []Value{Bool(true)}, nil
	})
	e := newEnv(m)
	e.vm = New(n, Limits{})
	rets, err := e.call("n", "f", nil)
	if err != nil || rets[0].AsU64() != 42 {
		t.Fatalf("f = %v, %v", rets, err)
	}
	_, err = e.call("n", "g", nil)
	wantAbort(t, err, "n", 9)
	_, err = e.call("n", "missing", nil)
	wantStatus(t, err, onchain.MISSING_DEPENDENCY)
	_, err = e.call("n", "h", nil)
	wantStatus(t, err, onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR)
}

// TestNativeHelpers has a native build a 0x1::string::String from bytes.
func TestNativeHelpers(t *testing.T) {
	m := build(t, "h", func(b *bc.ModuleBuilder) {
		str := bc.StructOf(b.ImportStruct(b.ModuleRef(ledgerapi.AddressOne, "string"), "String", bc.AbilityCopy|bc.AbilityDrop|bc.AbilityStore))
		b.Function("hello", bc.Public, bc.Fn{Native: true, Returns: []bc.SignatureToken{str}})
	})
	n := NewNatives()
	n.Register(cafe, "h", "hello", func(ctx *NativeContext, _ []*Type, _ []Value) ([]Value, error) {
		st, err := ctx.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "string", Name: "String"}))
		if err != nil {
			return nil, err
		}
		b, err := ctx.Bytes([]byte("hi"))
		if err != nil {
			return nil, err
		}
		if _, err := ctx.Struct(st, U64(1)); err == nil {
			t.Error("a String of a u64 was made")
		}
		v, err := ctx.Struct(st, b)
		return []Value{v}, err
	})
	e := newEnv(append(stdModules(t), m)...)
	e.vm = New(n, Limits{})
	rets, err := e.call("h", "hello", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := Serialize(nil, rets[0]); string(got) != "\x02hi" {
		t.Fatalf("BCS %x", got)
	}
}

// TestConcurrentOutOfGas: sessions of one VM running out of gas at the
// same time each get their own located error (the meter's ErrOutOfGas is
// shared; -race catches a write to it).
func TestConcurrentOutOfGas(t *testing.T) {
	m := callModule(t)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			e := newEnv(m)
			e.gas = &Budget{Limit: 5_000}
			_, err := e.call("c", "spin", nil)
			errs <- err
		}()
	}
	for range 4 {
		err := <-errs
		wantStatus(t, err, onchain.OUT_OF_GAS)
		var me *Error
		if !errors.As(err, &me) || !me.InCode || me == ErrOutOfGas {
			t.Fatalf("out of gas not located in its own error: %#v", err)
		}
	}
	if ErrOutOfGas.InCode {
		t.Fatal("the shared ErrOutOfGas was written")
	}
}
