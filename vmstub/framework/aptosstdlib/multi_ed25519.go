package aptosstdlib

// 0x1::multi_ed25519: the whole module, with the interface of 0x1::ed25519
// (declared by edDeclare in ed25519.go) on k-of-n MultiEd25519 keys
// (k1 ‖ … ‖ kn ‖ threshold) and signatures (sigs ‖ 4-byte bitmap):
// constructors with their size checks, validation of every sub-key and
// strict verification with ledgerapi/crypto.

import (
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// MultiEd25519 declares 0x1::multi_ed25519.
func MultiEd25519() native.Module {
	const pkLen, sigLen = crypto.Ed25519PublicKeyLength, crypto.Ed25519SignatureLength
	return edDeclare(edModule{name: "multi_ed25519", scheme: crypto.SchemeMultiEd25519,
		pkSizeOK: func(n int) bool {
			return n/pkLen <= crypto.MaxMultiEd25519Keys && n%pkLen == 1
		},
		sigSizeOK: func(n int) bool { return n%sigLen == crypto.BitmapLength },
		// A key validates when it has at most 32 sub-keys and each of
		// them validates; the threshold is not checked.
		validate: func(c *native.Context, pk []byte) (bool, error) {
			n := len(pk) / pkLen
			if len(pk)%pkLen != 1 || n > crypto.MaxMultiEd25519Keys {
				return false, nil
			}
			if err := c.Charge(uint64(n * ed25519ValidateCost)); err != nil {
				return false, err
			}
			for i := range n {
				if crypto.ValidateEd25519PublicKey(pk[i*pkLen:(i+1)*pkLen]) != nil {
					return false, nil
				}
			}
			return true, nil
		},
		verify: func(c *native.Context, sig, pk, msg []byte) (bool, error) {
			keys, sigs := len(pk)/pkLen, len(sig)/sigLen
			if len(pk)%pkLen != 1 || keys > crypto.MaxMultiEd25519Keys || len(sig)%sigLen != crypto.BitmapLength || sigs > crypto.MaxMultiEd25519Keys {
				return false, nil
			}
			if err := chargeVerify(c, keys, sigs, len(msg)); err != nil {
				return false, err
			}
			return crypto.VerifyMultiEd25519(pk, msg, sig) == nil, nil
		},
	})
}
