package movevm

import (
	"unicode/utf8"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// TypeOf resolves a type tag to a runtime type, loading the modules of the
// structs it names.
func (s *Session) TypeOf(tag ledgerapi.TypeTag) (*Type, error) {
	switch tag.Kind {
	case ledgerapi.KindVector:
		if tag.Elem == nil {
			return nil, errorf(onchain.TYPE_RESOLUTION_FAILURE, "vector without an element type")
		}
		e, err := s.TypeOf(*tag.Elem)
		if err != nil {
			return nil, err
		}
		return s.types.vectorOf(e)
	case ledgerapi.KindStruct:
		st := tag.Struct
		if st == nil {
			return nil, errorf(onchain.TYPE_RESOLUTION_FAILURE, "struct without a tag")
		}
		lm, err := s.module(st.ModuleID())
		if err != nil {
			return nil, err
		}
		di, ok := lm.structs[st.Name]
		if !ok {
			return nil, errorf(onchain.TYPE_RESOLUTION_FAILURE, "struct %s does not exist", st)
		}
		args := make([]*Type, len(st.TypeArgs))
		for i, a := range st.TypeArgs {
			if args[i], err = s.TypeOf(a); err != nil {
				return nil, err
			}
		}
		def, err := s.structAt(lm, di)
		if err != nil {
			return nil, err
		}
		return s.types.structOf(def, args)
	}
	k := map[ledgerapi.TypeTagKind]*Type{ledgerapi.KindBool: TypeBool, ledgerapi.KindU8: TypeU8, ledgerapi.KindU16: TypeU16,
		ledgerapi.KindU32: TypeU32, ledgerapi.KindU64: TypeU64, ledgerapi.KindU128: TypeU128, ledgerapi.KindU256: TypeU256,
		ledgerapi.KindAddress: TypeAddress, ledgerapi.KindSigner: TypeSigner}[tag.Kind]
	if k == nil {
		return nil, errorf(onchain.TYPE_RESOLUTION_FAILURE, "unknown type tag kind %d", tag.Kind)
	}
	return k, nil
}

func (s *Session) typeArgs(tags []ledgerapi.TypeTag) ([]*Type, error) {
	out := make([]*Type, len(tags))
	for i, t := range tags {
		var err error
		if out[i], err = s.TypeOf(t); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// resolve finds a function of a published module by name.
func (s *Session) resolve(fn ledgerapi.EntryFunctionId) (*Function, error) {
	lm, err := s.module(fn.Module)
	if err != nil {
		return nil, err
	}
	i, ok := lm.funcs[fn.Name]
	if !ok {
		return nil, errorf(onchain.FUNCTION_RESOLUTION_FAILURE, "function %s does not exist", fn)
	}
	return s.funcAt(lm, i), nil
}

// ExecuteEntry runs entry function fn as a transaction payload does:
// senders become its leading signer (or &signer) parameters, args are the
// BCS of the others, which may only be of the types Aptos accepts for
// transaction arguments.
func (s *Session) ExecuteEntry(fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, senders []ledgerapi.Address, args [][]byte) error {
	_, err := s.run(func() (*Function, []*Type, []Value, error) {
		f, err := s.resolve(fn)
		if err != nil {
			return nil, nil, nil, err
		}
		if !f.IsEntry() {
			return nil, nil, nil, errorf(onchain.EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION, "%s is not an entry function", fn)
		}
		return s.prepare(f, tyArgs, senders, args, false)
	})
	return err
}

// ExecuteScript runs a script with its type arguments, signers and
// arguments (as ExecuteEntry takes them).
func (s *Session) ExecuteScript(script *bytecode.Script, tyArgs []ledgerapi.TypeTag, senders []ledgerapi.Address, args [][]byte) error {
	_, err := s.run(func() (*Function, []*Type, []Value, error) {
		lm := newLoaded(ledgerapi.ModuleId{Name: "<script>"}, &script.Pools, 0, 0)
		lm.script = true
		f := &Function{Module: lm.id, Name: "main", mod: lm, TypeParams: script.TypeParameters,
			locals: sigAt(&script.Pools, script.Code.Locals), code: script.Code.Code}
		f.params = sigAt(&script.Pools, script.Parameters)
		return s.prepare(f, tyArgs, senders, args, false)
	})
	return err
}

func sigAt(p *bytecode.Pools, i bytecode.SignatureIndex) bytecode.Signature {
	if int(i) < len(p.Signatures) {
		return p.Signatures[i]
	}
	return nil
}

// ViewResult is a value a view function returned: its type and its BCS.
type ViewResult struct {
	Type ledgerapi.TypeTag
	BCS  []byte
}

// View runs view function fn (one with the view attribute in its module's
// metadata) on BCS arguments and returns its results. Views leave no
// changes behind.
func (s *Session) View(fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args [][]byte) ([]ViewResult, error) {
	var out []ViewResult
	_, err := s.run(func() (*Function, []*Type, []Value, error) {
		f, err := s.resolve(fn)
		if err != nil {
			return nil, nil, nil, err
		}
		if md := f.mod.m.RuntimeMetadata(); md == nil || !md.IsView(f.Name) {
			return nil, nil, nil, errorf(onchain.FUNCTION_RESOLUTION_FAILURE, "%s is not a view function", fn)
		}
		return s.prepare(f, tyArgs, nil, args, true)
	}, func(rets []Value) (err error) {
		out, err = viewResults(rets)
		s.resources, s.events = nil, nil // a view keeps nothing
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// run prepares a call and runs it as one call of the session; after sees
// the results before the changes are kept.
func (s *Session) run(prep func() (*Function, []*Type, []Value, error), after ...func([]Value) error) ([]Value, error) {
	var rets []Value
	_, err := s.call(func() ([]Value, error) {
		f, targs, args, err := prep()
		if err != nil {
			return nil, err
		}
		if rets, err = s.execute(f, targs, args); err != nil {
			return nil, err
		}
		for _, a := range after {
			if err := a(rets); err != nil {
				return nil, err
			}
		}
		return rets, nil
	})
	return rets, err
}

// prepare checks type arguments and arguments against f's signature and
// makes the argument values.
func (s *Session) prepare(f *Function, tyArgs []ledgerapi.TypeTag, senders []ledgerapi.Address, args [][]byte, view bool) (*Function, []*Type, []Value, error) {
	targs, err := s.typeArgs(tyArgs)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := checkTypeArgs(f, targs); err != nil {
		return nil, nil, nil, err
	}
	ctx := s.ctxFor(f.mod, targs)
	sg, err := s.signature(f, ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	signers := 0
	for signers < len(sg.params) && isSignerParam(sg.params[signers]) {
		signers++
	}
	if view && signers > 0 {
		return nil, nil, nil, errorf(onchain.INVALID_MAIN_FUNCTION_SIGNATURE, "a view function cannot take a signer")
	}
	for i, t := range sg.params[signers:] {
		if !s.validArgType(t, 0) {
			return nil, nil, nil, errorf(onchain.INVALID_MAIN_FUNCTION_SIGNATURE, "parameter %d has type %s, which cannot be a transaction argument", signers+i, t)
		}
	}
	if signers+len(args) != len(sg.params) {
		return nil, nil, nil, errorf(onchain.NUMBER_OF_ARGUMENTS_MISMATCH, "%s::%s takes %d arguments, got %d", f.Module, f.Name, len(sg.params)-signers, len(args))
	}
	if signers > 0 && signers != len(senders) {
		return nil, nil, nil, errorf(onchain.NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH, "%s::%s takes %d signers, the transaction has %d", f.Module, f.Name, signers, len(senders))
	}
	vals := make([]Value, 0, len(sg.params))
	for i := 0; i < signers; i++ {
		v := Signer(senders[i])
		if sg.params[i].Kind == KindRef {
			v = Value{t: sg.params[i], p: &container{vals: []Value{v}}}
		}
		vals = append(vals, v)
	}
	for i, b := range args {
		v, err := s.decodeArg(sg.params[signers+i], b)
		if err != nil {
			return nil, nil, nil, errorf(onchain.FAILED_TO_DESERIALIZE_ARGUMENT, "argument %d: %v", i, err)
		}
		vals = append(vals, v)
	}
	return f, targs, vals, nil
}

func isSignerParam(t *Type) bool {
	return t == TypeSigner || (t.Kind == KindRef && t.Elem == TypeSigner)
}

// isStd reports struct 0x1::module::name.
func isStd(t *Type, module, name string) bool {
	return t.Kind == KindStruct && t.Struct.Module.Address == ledgerapi.AddressOne &&
		t.Struct.Module.Name == module && t.Struct.Name == name
}

// validArgType reports the types Aptos takes as transaction arguments:
// primitives, vectors of them, String, Object<T>, Option<T>, FixedPoint32
// and FixedPoint64.
func (s *Session) validArgType(t *Type, depth int) bool {
	if depth > 16 {
		return false
	}
	switch t.Kind {
	case KindBool, KindU8, KindU16, KindU32, KindU64, KindU128, KindU256, KindAddress:
		return true
	case KindVector:
		return s.validArgType(t.Elem, depth+1)
	case KindStruct:
		switch {
		case isStd(t, "string", "String"), isStd(t, "object", "Object"), isStd(t, "fixed_point32", "FixedPoint32"),
			isStd(t, "fixed_point64", "FixedPoint64"):
			return true
		case isStd(t, "option", "Option"):
			return len(t.Args) == 1 && s.validArgType(t.Args[0], depth+1)
		}
	}
	return false
}

// decodeArg reads an argument and checks what Aptos's constructors check:
// a String is UTF-8, an Option holds at most one value.
func (s *Session) decodeArg(t *Type, b []byte) (Value, error) {
	d := bcs.NewDecoder(b)
	v, err := s.decode(d, t, 0)
	if err == nil {
		err = d.Finish()
	}
	if err == nil {
		err = checkArg(v)
	}
	return v, err
}

func checkArg(v Value) error {
	t := v.t
	switch {
	case t.Kind == KindVector:
		for i := 0; i < v.Len(); i++ {
			if err := checkArg(v.Elem(i)); err != nil {
				return err
			}
		}
	case isStd(t, "string", "String"):
		if v.Len() != 1 || !utf8.Valid(v.Elem(0).Bytes()) {
			return errorf(onchain.FAILED_TO_DESERIALIZE_ARGUMENT, "string is not UTF-8")
		}
	case isStd(t, "option", "Option"):
		if v.Len() != 1 || v.Elem(0).Len() > 1 {
			return errorf(onchain.FAILED_TO_DESERIALIZE_ARGUMENT, "option holds more than one value")
		}
		return checkArg(v.Elem(0))
	}
	return nil
}

// viewResults is each returned value's type and BCS, as View and
// ExecuteSystem answer them.
func viewResults(rets []Value) ([]ViewResult, error) {
	var out []ViewResult
	for _, r := range rets {
		tag, err := r.t.Tag()
		if err != nil {
			return nil, err
		}
		b, err := Serialize(nil, r)
		if err != nil {
			return nil, err
		}
		out = append(out, ViewResult{Type: tag, BCS: b})
	}
	return out, nil
}
