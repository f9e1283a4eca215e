package movestdlib

// 0x1::signer: address_of, the address a signer stands for.

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Signer declares 0x1::signer.
func Signer() native.Module {
	return native.Module{Address: addr, Name: "signer",
		Functions: []native.Function{{Name: "address_of", Params: []string{"&signer"}, Return: []string{"address"}, Impl: addressOf}}}
}

// addressOf is signer::address_of(&signer): address.
func addressOf(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, _ := args[0].Deref()
	return []movevm.Value{movevm.Address(s.AsAddress())}, nil
}
