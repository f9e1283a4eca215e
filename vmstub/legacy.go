package vmstub

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// Helpers of the legacy native ABI for the framework modules still
// implemented in this package (stdlib.go, accountfns.go).
// They reach framework state the ported modules own; each goes when the
// last module using it moves to the framework tree.

// objectAbort is an abort of 0x1::object.
func objectAbort(category, reason uint64) error {
	return &Abort{Module: objectModule, Code: AbortCode(category, reason)}
}

// refAddress returns the address a ref (or Object) starts with.
func refAddress(c *Call) ([][]byte, error) { return one(append([]byte(nil), c.Args[0][:32]...)) }

// nativeSignerFromRef is a native returning the signer of the address a
// ref (the reference argument) holds.
func nativeSignerFromRef(_ *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r, _ := args[0].Deref()
	return []movevm.Value{movevm.Signer(r.Elem(0).AsAddress())}, nil
}
