package movevm

import (
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// NativeFunc implements a native function. It gets the type arguments and
// the arguments (already checked against the declared parameter types) and
// returns the results, which must have the declared return types. To abort,
// return a *NativeAbort; any other error fails the call with its status
// (an *Error) or as an invariant violation.
type NativeFunc func(ctx *NativeContext, targs []*Type, args []Value) ([]Value, error)

type nativeKey struct {
	addr     ledgerapi.Address
	module   string
	function string
}

// Natives is the registry of native functions, keyed by the address,
// module and name of their declaration. Register before the VM runs.
type Natives struct {
	m map[nativeKey]NativeFunc
}

// NewNatives returns an empty registry.
func NewNatives() *Natives { return &Natives{m: map[nativeKey]NativeFunc{}} }

// Register sets the implementation of addr::module::function.
func (n *Natives) Register(addr ledgerapi.Address, module, function string, f NativeFunc) {
	n.m[nativeKey{addr, module, function}] = f
}

func (n *Natives) lookup(addr ledgerapi.Address, module, function string) NativeFunc {
	return n.m[nativeKey{addr, module, function}]
}

// NativeContext is what a native may use of the session.
type NativeContext struct {
	s *Session
	// Function is the native being called.
	Function *Function
	// reserved is the memory ChargeBytes took during this call; the
	// heap of the native's results is counted beyond it.
	reserved uint64
}

// Host returns Env.Host of the session.
func (c *NativeContext) Host() any { return c.s.env.Host }

// Charge takes gas units for the native's work.
func (c *NativeContext) Charge(units uint64) error { return c.s.env.Gas.Charge(units) }

// EmitEvent records an event of type t (made by the session) with the BCS
// of v; it is kept only if the call succeeds.
func (c *NativeContext) EmitEvent(v Value) error {
	tag, err := v.t.Tag()
	if err != nil {
		return err
	}
	data, err := Serialize(nil, v)
	if err != nil {
		return err
	}
	c.s.events = append(c.s.events, Event{Type: tag, Data: data})
	return nil
}

// Serialize returns the BCS of v.
func (c *NativeContext) Serialize(v Value) ([]byte, error) { return Serialize(nil, v) }

// Deserialize reads a value of type t.
func (c *NativeContext) Deserialize(t *Type, b []byte) (Value, error) { return c.s.Deserialize(t, b) }

// VectorOf returns the type vector<t>.
func (c *NativeContext) VectorOf(t *Type) (*Type, error) { return c.s.types.vectorOf(t) }

// TypeOf resolves a type tag to a runtime type, loading modules as needed.
func (c *NativeContext) TypeOf(tag ledgerapi.TypeTag) (*Type, error) { return c.s.TypeOf(tag) }

// callNative runs native f with its arguments, which are on the stack.
func (s *Session) callNative(f *Function, ctx *typeCtx, sg *sig) error {
	if f.native == nil {
		return errorf(onchain.MISSING_DEPENDENCY, "native function %s::%s is not implemented", f.Module, f.Name)
	}
	if err := s.env.Gas.Charge(callCost); err != nil {
		return err
	}
	n := len(sg.params)
	args := make([]Value, n)
	copy(args, s.stack[len(s.stack)-n:])
	s.stack = s.stack[:len(s.stack)-n]
	for i, a := range args {
		// Natives read and write through their references: one that no
		// longer points at a value (into a popped element, an unpacked
		// struct, a returned frame) is refused for every native here.
		if isRef(a.t) {
			if _, ok := a.Deref(); !ok {
				return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "argument %d of native %s::%s is a dangling reference", i, f.Module, f.Name)
			}
		}
		if err := s.drop(a); err != nil {
			return err
		}
	}
	nc := &NativeContext{s: s, Function: f}
	rets, err := f.native(nc, ctx.targs, args)
	if err != nil {
		var na *NativeAbort
		if errors.As(err, &na) {
			return &Abort{Module: f.Module, Code: na.Code, Message: na.Message}
		}
		return asError(err)
	}
	if len(rets) != len(sg.returns) {
		return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "native %s::%s returned %d values, declares %d", f.Module, f.Name, len(rets), len(sg.returns))
	}
	for i, r := range rets {
		v, ok := assignable(sg.returns[i], r)
		if !ok {
			return errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "native %s::%s returned %s, declares %s", f.Module, f.Name, typeName(r), sg.returns[i])
		}
		h, err := s.heapOf(v)
		if err != nil {
			return err
		}
		covered := min(h, nc.reserved) // already taken by ChargeBytes
		nc.reserved -= covered
		if err := s.useMemory(h - covered); err != nil {
			return err
		}
		if err := s.push(v); err != nil {
			return err
		}
	}
	return nil
}

// Bytes makes a vector<u8> holding b.
func (c *NativeContext) Bytes(b []byte) (Value, error) {
	if err := c.CheckVectorLen(len(b)); err != nil {
		return Value{}, err
	}
	vt, err := c.s.types.vectorOf(TypeU8)
	if err != nil {
		return Value{}, err
	}
	elems := make([]Value, len(b))
	for i, x := range b {
		elems[i] = U8(x)
	}
	return NewVector(vt, elems), nil
}

// Struct makes a value of struct type t from its fields, checking their
// types.
func (c *NativeContext) Struct(t *Type, fields ...Value) (Value, error) {
	fts, err := c.s.fieldTypes(t, 0)
	if err != nil {
		return Value{}, err
	}
	if t.Struct.IsEnum() || len(fts) != len(fields) {
		return Value{}, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "%s needs %d fields, got %d", t, len(fts), len(fields))
	}
	for i, f := range fields {
		if f.t != fts[i] {
			return Value{}, errorf(onchain.UNKNOWN_INVARIANT_VIOLATION_ERROR, "field %d of %s is %s, got %s", i, t, fts[i], typeName(f))
		}
	}
	return NewStruct(t, fields), nil
}

// CallStack describes the Move frames below the native, innermost first:
// "module::function at offset pc" for each (std::debug::print_stack_trace).
func (c *NativeContext) CallStack() []string {
	out := make([]string, 0, len(c.s.frames))
	for i := len(c.s.frames) - 1; i >= 0; i-- {
		fr := c.s.frames[i]
		out = append(out, fmt.Sprintf("%s::%s at offset %d", fr.fn.Module, fr.fn.Name, fr.pc))
	}
	return out
}
