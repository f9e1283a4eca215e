package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// The 0x1::account functions Move code calls: resource accounts (an
// account at an address derived from a creator and a seed, whose signer is
// reached through its SignerCapability), and v1 event handles, whose events
// event::emit_event emits.

// eAccountAlreadyUsed is account's EACCOUNT_ALREADY_USED.
const eAccountAlreadyUsed = 16

const tSignerCap = "0x1::account::SignerCapability"

// accountFunctions are the account module's functions for Move code.
func accountFunctions() []Function {
	return []Function{
		pub("create_resource_address", []string{"&address", "vector<u8>"}, []string{"address"}, func(c *Call) ([][]byte, error) {
			return one(AddressValue(crypto.ResourceAccountAddress(c.ArgAddress(0), c.ArgBytes(1))))
		}),
		{Name: "create_resource_account", Params: []string{"&signer", "vector<u8>"}, Return: []string{"signer", tSignerCap},
			MoveNative: nativeCreateResourceAccount},
		{Name: "create_signer_with_capability", Params: []string{"&" + tSignerCap}, Return: []string{"signer"},
			MoveNative: nativeSignerFromRef},
		pub("get_signer_capability_address", []string{"&" + tSignerCap}, []string{"address"}, refAddress),
		generic(pub("new_event_handle", []string{"&signer"}, []string{tEventHandle + "T0>"}, func(c *Call) ([][]byte, error) {
			h, err := c.NewEventHandle(c.Signers[0])
			if err != nil {
				return nil, err
			}
			return one(bcs.Marshal(&h))
		}), storeDrop),
	}
}

// nativeCreateResourceAccount is account::create_resource_account(source,
// seed): the account at the resource address (created, or an existing one
// that never sent a transaction), its authentication key rotated to zero
// and its signer capability offered to itself; it returns its signer and
// SignerCapability.
func nativeCreateResourceAccount(ctx *movevm.NativeContext, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	host := ctx.Host().(*moveHost)
	source, _ := args[0].Deref()
	addr := crypto.ResourceAccountAddress(source.AsAddress(), args[1].Bytes())
	acc, exists, err := host.s.account(addr)
	if err != nil {
		return nil, host.fromNative(err)
	}
	if exists && acc.SequenceNumber != 0 {
		return nil, &movevm.NativeAbort{Code: AbortCode(CategoryInvalidState, eAccountAlreadyUsed)}
	}
	if !exists {
		acc = newAccountRes(addr)
	}
	acc.AuthKey = make([]byte, 32)
	acc.SignerOffer = &addr
	if err := host.s.putAccount(addr, acc); err != nil {
		return nil, host.fromNative(err)
	}
	t, err := ctx.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "account", Name: "SignerCapability"}))
	if err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Signer(addr), movevm.NewStruct(t, []movevm.Value{movevm.Address(addr)})}, nil
}
