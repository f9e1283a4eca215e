package vmstub

import (
	"errors"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// maxArgDepth bounds struct and vector nesting in arguments.
const maxArgDepth = 32

var objectModule = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "object"}

// Abort reasons of 0x1::object used when constructing Object<T> arguments.
const (
	eObjectDoesNotExist   = 2
	eResourceDoesNotExist = 7
)

// callPlan is how a checked call runs: a direct call of the executor
// (directcalls.go), or, when direct is nil, on the interpreter.
type callPlan struct {
	direct directFunc
	call   directCall // the direct call's arguments
}

// prepareCall resolves fn in the modules stored in the session's state and
// checks its type arguments, signers and Object<T> arguments the way the
// Move VM does before running it, and returns how the call runs. The
// arguments' bytes are decoded and checked once: by the interpreter when
// the call runs there, here for a direct call, whose Go code reads them as
// checked. Failures are committed execution failures (or aborts of
// 0x1::object for Object<T> arguments naming no object).
func (vm *VM) prepareCall(s *Session, fn ledgerapi.EntryFunctionId, tyArgs []ledgerapi.TypeTag, args [][]byte, signers []ledgerapi.Address, view bool) (callPlan, error) {
	set := s.modules()
	f, err := set.Function(fn)
	switch {
	case errors.Is(err, modules.ErrFunctionNotFound):
		return callPlan{}, fail(onchain.FUNCTION_RESOLUTION_FAILURE)
	case err != nil:
		return callPlan{}, err
	case !view && !f.IsEntry:
		return callPlan{}, fail(onchain.EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION)
	case len(tyArgs) != len(f.TypeParams):
		return callPlan{}, fail(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH)
	case f.Err != nil:
		return callPlan{}, fail(onchain.INVALID_PARAM_TYPE_FOR_DESERIALIZATION)
	case (f.Signers > 0 || view) && f.Signers != len(signers):
		// Entry functions without signer parameters ignore the signers.
		return callPlan{}, fail(onchain.NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH)
	case len(args) != len(f.Params):
		return callPlan{}, fail(onchain.NUMBER_OF_ARGUMENTS_MISMATCH)
	}
	params, err := f.Instantiate(f.Params, tyArgs)
	if err != nil {
		return callPlan{}, fail(onchain.NUMBER_OF_TYPE_ARGUMENTS_MISMATCH)
	}
	rf := vm.registered(f)
	direct := rf != nil && rf.direct != nil
	if direct {
		for i, t := range params {
			d := bcs.NewDecoder(args[i])
			checkValue(set, d, t, 0)
			if d.Finish() != nil {
				return callPlan{}, fail(onchain.FAILED_TO_DESERIALIZE_ARGUMENT)
			}
		}
	}
	for i, t := range params {
		if err := vm.checkObjectArg(s, t, args[i]); err != nil {
			return callPlan{}, err
		}
	}
	if !direct {
		return callPlan{}, nil
	}
	if f.Signers == 0 {
		signers = nil
	}
	return callPlan{direct: rf.direct, call: directCall{s: s, signers: signers, typeArgs: tyArgs, args: args}}, nil
}

// checkObjectArg checks that an Object<T> argument names an object holding
// T, as object::address_to_object does when the VM constructs it. Bytes
// that are no address are left to the decoding, which refuses them.
func (vm *VM) checkObjectArg(s *Session, t ledgerapi.TypeTag, arg []byte) error {
	if t.Kind != ledgerapi.KindStruct || !isObjectTag(t.Struct) || len(arg) != len(ledgerapi.Address{}) {
		return nil
	}
	var addr ledgerapi.Address
	copy(addr[:], arg)
	_, ok, err := s.Resource(addr, aptosframework.ObjectCoreTag)
	if err != nil {
		return err
	}
	if !ok {
		return &Abort{Module: objectModule, Code: native.Code(native.NotFound, eObjectDoesNotExist)}
	}
	inner := t.Struct.TypeArgs[0]
	if inner.Kind != ledgerapi.KindStruct || inner.Struct.Equal(aptosframework.ObjectCoreTag) {
		return nil
	}
	if _, ok, err = s.Resource(addr, *inner.Struct); err != nil {
		return err
	} else if !ok {
		return &Abort{Module: objectModule, Code: native.Code(native.NotFound, eResourceDoesNotExist)}
	}
	return nil
}

func isObjectTag(s *ledgerapi.StructTag) bool {
	return s.Address == ledgerapi.AddressOne && s.Module == "object" && s.Name == "Object" && len(s.TypeArgs) == 1
}

// checkValue reads one value of type t from d, failing d when the bytes do
// not deserialize as t; r gives struct layouts.
func checkValue(r movevalue.Resolver, d *bcs.Decoder, t ledgerapi.TypeTag, depth int) {
	if d.Failed() {
		return
	}
	if depth > maxArgDepth {
		d.Fail(bcs.ErrTooDeep, "argument", "value nests too deeply")
		return
	}
	switch t.Kind {
	case ledgerapi.KindBool:
		d.Bool("bool")
	case ledgerapi.KindU8:
		d.U8("u8")
	case ledgerapi.KindU16:
		d.U16("u16")
	case ledgerapi.KindU32:
		d.U32("u32")
	case ledgerapi.KindU64:
		d.U64("u64")
	case ledgerapi.KindU128:
		d.U128("u128")
	case ledgerapi.KindU256:
		d.U256("u256")
	case ledgerapi.KindAddress:
		var a ledgerapi.Address
		d.Fixed(a[:], "address")
	case ledgerapi.KindVector:
		if t.Elem == nil {
			d.Fail(bcs.ErrInvalidValue, "argument", "malformed vector type")
			return
		}
		if t.Elem.Kind == ledgerapi.KindU8 {
			d.ReadBytes("vector<u8>")
			return
		}
		n := d.SeqLen("vector", 1)
		for i := 0; i < n && !d.Failed(); i++ {
			checkValue(r, d, *t.Elem, depth+1)
		}
	case ledgerapi.KindStruct:
		checkStruct(r, d, t.Struct, depth)
	default:
		d.Fail(bcs.ErrInvalidValue, "argument", t.String()+" cannot be an argument")
	}
}

func checkStruct(r movevalue.Resolver, d *bcs.Decoder, s *ledgerapi.StructTag, depth int) {
	if s == nil {
		d.Fail(bcs.ErrInvalidValue, "argument", "malformed struct type")
		return
	}
	if s.Address == ledgerapi.AddressOne {
		switch {
		case s.Module == "string" && s.Name == "String":
			d.String("string")
			return
		case s.Module == "option" && s.Name == "Option" && len(s.TypeArgs) == 1:
			switch d.SeqLen("option", 0) {
			case 0:
			case 1:
				checkValue(r, d, s.TypeArgs[0], depth+1)
			default:
				d.Fail(bcs.ErrInvalidValue, "option", "more than one value")
			}
			return
		case isObjectTag(s):
			var a ledgerapi.Address
			d.Fixed(a[:], "object")
			return
		}
	}
	l, err := r.StructLayout(*s)
	if err != nil {
		d.Fail(bcs.ErrInvalidValue, "argument", err.Error())
		return
	}
	for _, f := range l.Fields {
		checkValue(r, d, f.Type, depth+1)
	}
}
