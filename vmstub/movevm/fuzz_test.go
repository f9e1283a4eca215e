package movevm

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// zeroArg makes a value for a parameter of a fuzzed function, when its
// type is simple enough.
func zeroArg(s *Session, t *Type) (Value, bool) {
	switch {
	case t.Kind <= KindU64 || (t.Kind >= KindI8 && t.Kind <= KindI64):
		return Value{t: t}, true
	case t.Kind.wide():
		return fromBig(t, intMin[t.Kind]), true
	case t.Kind == KindAddress || t.Kind == KindSigner:
		return Value{t: t, p: &ledgerapi.Address{}}, true
	case t.Kind == KindVector:
		return NewVector(t, nil), true
	case t.Kind == KindRef || t.Kind == KindMutRef:
		if v, ok := zeroArg(s, t.Elem); ok {
			return Value{t: t, p: &container{vals: []Value{v}}}, true
		}
	}
	return Value{}, false
}

// FuzzRun reads random bytes as a module and runs each of its functions
// with simple arguments and a small gas budget: no panic, no hang, and a
// failed call leaves no writes.
func FuzzRun(f *testing.F) {
	for _, m := range []*bc.Module{callModule(f), counterModule(f), genericModule(f), enumModule(f), argsModule(f),
		structModule(f, func(*bc.ModuleBuilder, structIdx) {})} {
		if b, err := m.Serialize(); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := bc.DeserializeModule(data)
		if err != nil {
			return
		}
		e := newEnv(append(stdModules(t), m)...)
		for i := range m.FunctionDefs {
			s := e.vm.NewSession(Env{Modules: e.mods, Storage: e.store, Gas: &Budget{Limit: 20_000}})
			var rets []Value
			_, err := s.run(func() (*Function, []*Type, []Value, error) {
				lm, err := s.module(moduleID(&m.Pools, m.SelfHandle))
				if err != nil {
					return nil, nil, nil, err
				}
				f := s.funcAt(lm, i)
				targs := make([]*Type, len(f.TypeParams))
				for j := range targs {
					targs[j] = TypeU64
				}
				if err := checkTypeArgs(f, targs); err != nil {
					return nil, nil, nil, err
				}
				sg, err := s.signature(f, s.ctxFor(lm, targs))
				if err != nil {
					return nil, nil, nil, err
				}
				var args []Value
				for _, p := range sg.params {
					v, ok := zeroArg(s, p)
					if !ok {
						return nil, nil, nil, errorf(onchain.INVALID_MAIN_FUNCTION_SIGNATURE, "no argument for %s", p)
					}
					args = append(args, v)
				}
				return f, targs, args, nil
			}, func(r []Value) error { rets = r; return nil })
			if err != nil && strings.Contains(err.Error(), "internal error") {
				t.Fatalf("function %d panicked: %v", i, err)
			}
			res, ferr := s.Finish()
			if ferr != nil {
				t.Fatal(ferr)
			}
			if err != nil && len(res.Writes)+len(res.Events) != 0 {
				t.Fatalf("failed call left %d writes", len(res.Writes))
			}
			for _, r := range rets {
				if r.IsValid() && !isRef(r.t) {
					if _, err := Serialize(nil, r); err != nil {
						t.Fatalf("result of %s does not serialize: %v", r.t, err)
					}
				}
			}
		}
	})
}

// fuzzModule has a struct with key, a generic struct, an enum, handles
// and instantiations for each, a callee, and function fz running code.
// Apart from code, it is valid Move (FuzzVerifiedCode verifies it).
func fuzzModule(t testing.TB, code []bc.Instruction) *bc.Module {
	return build(t, "fz", func(b *bc.ModuleBuilder) {
		T := bc.TypeParameter(0)
		c := b.Struct("C", bc.AbilityKey|bc.AbilityDrop|bc.AbilityCopy|bc.AbilityStore, bc.Field("v", bc.U64), bc.Field("w", bc.Vector(bc.U8)))
		box := b.GenericStruct("Box", bc.AbilityCopy|bc.AbilityDrop|bc.AbilityStore|bc.AbilityKey, []bc.StructTypeParameter{{Constraints: bc.AbilityStore}}, bc.Field("v", T))
		en := b.Enum("E", bc.AbilityCopy|bc.AbilityDrop, nil, bc.Variant("A", bc.Field("x", bc.U64)), bc.Variant("B", bc.Field("x", bc.U64), bc.Field("y", bc.Bool)))
		b.FieldHandle(c, "v")
		b.FieldHandle(c, "w")
		b.FieldInst(box, "v", bc.U64)
		b.StructInst(box, bc.U64)
		b.StructInst(box, b.StructType(c))
		b.VariantHandle(en, "A")
		b.VariantHandle(en, "B")
		b.VariantFieldHandle(en, "x", "A", "B")
		b.Signature(bc.U64)
		b.Signature(bc.U8)
		b.Signature(b.StructType(c))
		b.Constant(bc.U64, u64le(7))
		b.ConstantBytes([]byte("abc"))
		id := b.Function("id", bc.Public, bc.Fn{TypeParams: []bc.AbilitySet{0}, Params: []bc.SignatureToken{T}, Returns: []bc.SignatureToken{T},
			Code: []bc.Instruction{I(bc.OpMoveLoc, 0), I(bc.OpRet)}})
		b.FunctionInst(id, bc.U64)
		b.Function("fz", bc.Public|bc.Entry, bc.Fn{Params: []bc.SignatureToken{bc.Ref(bc.Signer)},
			Locals: []bc.SignatureToken{bc.U64, bc.Bool, bc.Vector(bc.U64), b.StructType(c), bc.Address}, Code: code})
	})
}

// FuzzCode runs random instruction sequences (with operands mostly in
// range) as an entry function: no panic, no hang, no writes on failure.
func FuzzCode(f *testing.F) {
	f.Add([]byte{0x06, 1, 0x0c, 0, 0x0a, 0, 0x02, 0})
	f.Add([]byte{0x0e, 0, 0x2d, 0, 0x06, 5, 0x40, 0, 0x02, 0})
	f.Add([]byte{0x31, 1, 0x31, 2, 0x16, 0, 0x01, 0, 0x05, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		code := decodeFuzzCode(data)
		if len(code) == 0 {
			return
		}
		e := newEnv(fuzzModule(t, code))
		e.gas = &Budget{Limit: 20_000}
		res, err := e.entry("fz", "fz", nil, []ledgerapi.Address{alice})
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("panic: %v\ncode %v", err, code)
		}
		if err != nil && len(res.Writes)+len(res.Events) != 0 {
			t.Fatalf("failed call left %d writes", len(res.Writes))
		}
		for _, w := range res.Writes {
			s := e.session()
			ty, terr := s.TypeOf(ledgerapi.StructType(w.Tag))
			if terr != nil {
				t.Fatal(terr)
			}
			if _, derr := s.Deserialize(ty, w.Data); derr != nil {
				t.Fatalf("written %s does not read back: %v", w.Tag, derr)
			}
		}
	})
}
