package movestdlib

// 0x1::signer: address_of, the address a signer stands for, and
// borrow_address, a reference to it.

import (
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Signer declares 0x1::signer.
func Signer() native.Module {
	return native.Module{Address: addr, Name: "signer",
		Functions: []native.Function{
			{Name: "address_of", Params: []string{"&signer"}, Return: []string{"address"}, Impl: addressOf},
			{Name: "borrow_address", Params: []string{"&signer"}, Return: []string{"&address"}, Impl: borrowAddress},
		}}
}

// borrowAddress is signer::borrow_address(&signer): &address, an
// immutable reference to (a cell holding) the signer's address.
func borrowAddress(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, _ := args[0].Deref()
	r, err := c.Ref(movevm.NewCell(movevm.TypeAddress, movevm.Address(s.AsAddress())), false)
	return []movevm.Value{r}, err
}

// addressOf is signer::address_of(&signer): address.
func addressOf(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, _ := args[0].Deref()
	return []movevm.Value{movevm.Address(s.AsAddress())}, nil
}
