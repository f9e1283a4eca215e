package movestdlib

// 0x1::hash: sha2_256 and sha3_256 of a vector<u8>.

import (
	"crypto/sha256"

	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Hash declares 0x1::hash.
func Hash() native.Module {
	b := []string{"vector<u8>"}
	return native.Module{Address: addr, Name: "hash", Functions: []native.Function{
		{Name: "sha2_256", Params: b, Return: b, Impl: hashWith(func(in []byte) []byte { h := sha256.Sum256(in); return h[:] })},
		{Name: "sha3_256", Params: b, Return: b, Impl: hashWith(func(in []byte) []byte { h := crypto.SHA3_256(in); return h[:] })},
	}}
}

// hashWith is a hash function of the module: the input is charged per
// byte read, the digest as output.
func hashWith(sum func([]byte) []byte) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		if err := native.ChargeRead(c.NativeContext, args[0].Len()); err != nil {
			return nil, err
		}
		return BytesResult(c, sum(args[0].Bytes()))
	}
}
