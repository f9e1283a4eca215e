package txn

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// Keyless signatures as the official TypeScript SDK serializes them.
const (
	// sdkKeylessSignature is keylessTestObject.signatureHex of the SDK's
	// unit tests (tests/unit/helper.ts): a KeylessSignature with a
	// Groth16 proof and a training-wheels signature.
	sdkKeylessSignature = "0x000028edb9b770bd33823ed3aa95d6a464ee61a6370f3662f9edb205e1fad45e3c943296fed377bcece279bd6f68649fdab2f81ca3e83b34fce490492574e2943f04e4f9bfda70c4325e4567bcb58c1a7ccbd67ff9ba618e03be794be0483141bc15a436433070367193c102fbad99c1fed866e34b1f624d64ecfd818a09aa62a41b80969800000000000000010040119893806295fa773fa806a1f5e0754055f773e8a2ca72a0442c23945c004f011c3a03ed218f246e0d758032f16de78b9c93b6868b0b81bea083c114e6d855052c7b22616c67223a225253323536222c22747970223a224a5754222c226b6964223a22746573742d727361227dea16b04c020000000020d04ab232742bb4ab3a1368bd4615e4e6d0224ab71a016baf8520a332c97787370040be6bc1c26488a31fdb030ccd1546e0dcb6dd4ffbada797040deba21231ce894470f1aef38272fe4c77725e77945c6c3b67c6c16d29e2d3ccf4f30bf4374b0f08"
	// sdkSimulationSignature is the BCS of
	// new AnySignature(KeylessSignature.getSimulationSignature()): what the
	// SDK signs a keyless key of a MultiKey with when it simulates.
	sdkSimulationSignature = "0x03" + "00" + "00" + "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000" + "0000000000000000" + "00" + "00" + "00" +
		"027b7d" + "0000000000000000" + "0020" + "0000000000000000000000000000000000000000000000000000000000000000" + "0040" + "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
)

// TestKeylessSignatureDecodes: an AnySignature of scheme keyless decodes
// to its exact bytes and encodes back to them; a truncated one is refused;
// it is never verified.
func TestKeylessSignatureDecodes(t *testing.T) {
	for name, b := range map[string][]byte{
		"sdk unit vector": append([]byte{byte(SigKeyless)}, unhex(t, sdkKeylessSignature[2:])...),
		"simulation":      unhex(t, sdkSimulationSignature[2:]),
	} {
		t.Run(name, func(t *testing.T) {
			var s AnySignature
			if err := bcs.Unmarshal(b, &s); err != nil {
				t.Fatalf("decode: %v", err)
			}
			if s.Scheme != SigKeyless || !bytes.Equal(s.Sig, b[1:]) {
				t.Fatalf("decoded %v with %d bytes, want keyless with %d", s.Scheme, len(s.Sig), len(b)-1)
			}
			if got := bcs.Marshal(&s); !bytes.Equal(got, b) {
				t.Errorf("re-encoded differs:\n got %x\nwant %x", got, b)
			}
			for _, cut := range []int{1, 2, 40, len(b) - 1} {
				var short AnySignature
				if err := bcs.Unmarshal(b[:cut], &short); err == nil {
					t.Errorf("%d of %d bytes decoded", cut, len(b))
				}
			}
			k := AnyPublicKey{Scheme: KeyKeyless, Key: unhex(t, "12746573742e6f6964632e70726f766964657220bdc98aab184dc40bbb5c483410ccac4c0b2ef20eeac8d568cf25125e9cdafc0f")}
			if err := verifyAny(&k, &s, []byte("hello world")); !errors.Is(err, crypto.ErrUnsupported) {
				t.Errorf("verify: %v, want unsupported", err)
			}
		})
	}
}
