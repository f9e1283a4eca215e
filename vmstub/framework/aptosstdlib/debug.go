package aptosstdlib

// 0x1::debug: print and print_stack_trace, and their private natives
// native_print and native_stack_trace. print formats its value as
// string_utils::debug_string does (charged the same, whether or not the
// line goes anywhere); the line, "[debug] " and the text, goes to the
// node's log through TxnInfo.Print, which the executor sets for executed
// transactions when vmstub.Options.DebugPrint is set, and is dropped
// otherwise (simulations, views, a node that does not log it), as Aptos's
// production VM drops it. The stack trace lists the Move frames below the
// call, innermost first.

import (
	"strings"

	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Debug declares 0x1::debug.
func Debug() native.Module {
	return native.Module{Address: addr, Name: "debug",
		Functions: []native.Function{
			{Name: "print", TypeParams: []native.TypeParam{{}}, Params: []string{"&T0"}, Impl: debugPrint},
			{Name: "print_stack_trace", Impl: debugStackTrace(true)},
			{Name: "native_print", Visibility: native.Private, Params: []string{"0x1::string::String"}, Impl: debugNativePrint},
			{Name: "native_stack_trace", Visibility: native.Private, Return: []string{"0x1::string::String"}, Impl: debugStackTrace(false)},
		},
	}
}

// debugLine writes a line of debug output when the node logs it.
func debugLine(c *native.Context, text string) {
	if p := c.Host().Txn().Print; p != nil {
		p("[debug] " + text)
	}
}

func debugPrint(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	v, _ := args[0].Deref()
	s, err := formatValue(c, targs[0], v, formatOptions{typeTag: true})
	if err != nil {
		return nil, err
	}
	debugLine(c, s)
	return nil, nil
}

func debugNativePrint(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	b := args[0].Elem(0).Bytes()
	if err := native.ChargeRead(c.NativeContext, len(b)); err != nil {
		return nil, err
	}
	debugLine(c, string(b))
	return nil, nil
}

// debugStackTrace is print_stack_trace (print) or native_stack_trace (the
// trace as a String).
func debugStackTrace(print bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		frames := c.CallStack()
		if err := c.ChargeElems(len(frames)); err != nil {
			return nil, err
		}
		trace := "Call Stack:\n" + strings.Join(frames, "\n")
		if print {
			debugLine(c, trace)
			return nil, nil
		}
		if err := native.ChargeOutput(c.NativeContext, len(trace), len(trace)); err != nil {
			return nil, err
		}
		s, err := moveString(c, trace)
		return []movevm.Value{s}, err
	}
}
