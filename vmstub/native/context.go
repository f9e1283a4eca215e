package native

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// Func implements a Move function in Go. It gets the call's context, the
// type arguments and the arguments as interpreter values (references
// included, already checked against the declared parameter types) and
// returns the results, which must have the declared return types.
//
// A Func mutates through the references it is given, in place; it charges
// gas for what it touches (Context.Charge, ChargeBytes); it aborts with
// Context.Abort and the module's error constants. Any other error fails the
// call as an invariant violation (or with its status when it is a
// movevm error); a panic is turned into such an error by the executor.
type Func func(c *Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error)

// Context is what a Func may use during one call: the interpreter's
// NativeContext (gas, events of Move values, building values and
// references) and the Host (the transaction's state). It is valid only
// during the call.
type Context struct {
	*movevm.NativeContext
	host Host
}

// NewContext returns the context of a call: the executor makes one per
// call of a Func.
func NewContext(nc *movevm.NativeContext, h Host) *Context {
	return &Context{NativeContext: nc, host: h}
}

// Host returns the transaction's state.
func (c *Context) Host() Host { return c.host }

// Abort aborts the call with code, a full abort code of the called
// function's module (see Code).
func (c *Context) Abort(code uint64) error { return &movevm.NativeAbort{Code: code} }

// Emit records a module event: v, whose type is the event struct, is
// serialized (charged per byte, its type tag per node) and recorded in
// the transaction's events in the order of emission.
func (c *Context) Emit(v movevm.Value) error {
	tag, err := TypeTagCharged(c.NativeContext, v.Type())
	if err != nil {
		return err
	}
	data, err := SerializeCharged(c.NativeContext, v)
	if err != nil {
		return err
	}
	c.host.EmitBCS(tag, data)
	return nil
}

// Error categories of std::error: the high bits of an abort code.
const (
	InvalidArgument   = 0x1
	OutOfRange        = 0x2
	InvalidState      = 0x3
	Unauthenticated   = 0x4
	PermissionDenied  = 0x5
	NotFound          = 0x6
	Aborted           = 0x7
	AlreadyExists     = 0x8
	ResourceExhausted = 0x9
	Cancelled         = 0xA
	Internal          = 0xB
	NotImplemented    = 0xC
	Unavailable       = 0xD
)

// Code is the abort code std::error::canonical(category, reason) gives.
func Code(category, reason uint64) uint64 { return category<<16 + reason }
