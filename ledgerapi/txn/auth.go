package txn

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// MaxSignatures bounds the signatures across all authenticators of one
// transaction, as the real node does.
const MaxSignatures = 32

// AuthVariant is the BCS variant of TransactionAuthenticator.
type AuthVariant uint32

// Transaction authenticator variants.
const (
	AuthEd25519      AuthVariant = 0
	AuthMultiEd25519 AuthVariant = 1
	AuthMultiAgent   AuthVariant = 2
	AuthFeePayer     AuthVariant = 3
	AuthSingleSender AuthVariant = 4
	numAuthVariants              = 5
)

// TransactionAuthenticator authorizes a transaction.
//
// For AuthEd25519 and AuthMultiEd25519 the sender's key and signature are in
// Sender (whose Variant is then AccountEd25519 or AccountMultiEd25519). For
// AuthSingleSender, Sender is any account authenticator. AuthMultiAgent adds
// the secondary signers; AuthFeePayer adds them and the fee payer.
type TransactionAuthenticator struct {
	Variant            AuthVariant
	Sender             AccountAuthenticator
	SecondaryAddresses []ledgerapi.Address
	SecondarySigners   []AccountAuthenticator
	FeePayerAddress    ledgerapi.Address
	FeePayer           AccountAuthenticator
}

// AccountAuthVariant is the BCS variant of AccountAuthenticator.
type AccountAuthVariant uint32

// Account authenticator variants.
const (
	AccountEd25519      AccountAuthVariant = 0
	AccountMultiEd25519 AccountAuthVariant = 1
	AccountSingleKey    AccountAuthVariant = 2
	AccountMultiKey     AccountAuthVariant = 3
	AccountNoAccount    AccountAuthVariant = 4 // valid only in simulation
	AccountAbstraction  AccountAuthVariant = 5
	numAccountVariants                     = 6
)

// AccountAuthenticator is one account's proof of authorization.
type AccountAuthenticator struct {
	Variant AccountAuthVariant
	// PublicKey and Signature hold the raw key and signature for
	// AccountEd25519 (32 and 64 bytes) and the bodies for AccountMultiEd25519
	// (keys‖threshold and signatures‖bitmap).
	PublicKey []byte
	Signature []byte
	// SingleKey is set for AccountSingleKey.
	SingleKey *SingleKeyAuthenticator
	// MultiKey is set for AccountMultiKey.
	MultiKey *MultiKeyAuthenticator
	// Abstraction is set for AccountAbstraction.
	Abstraction *AbstractionAuthenticator
}

// SingleKeyAuthenticator is a key of any scheme with its signature.
type SingleKeyAuthenticator struct {
	PublicKey AnyPublicKey
	Signature AnySignature
}

// MultiKeyAuthenticator is a k-of-n set of keys of any scheme.
//
// Bitmap is the signers' bit vector exactly as the transaction carries it:
// bit i, counted from the most significant bit of byte 0, marks key i. Its
// length varies between clients (4 bytes from the TypeScript SDK, the
// shortest cover of the highest signer from the Go SDK, ⌈keys/8⌉ from the
// node's JSON conversion) and is kept, so a decoded transaction re-encodes
// to the bytes that were hashed. Decoding only bounds the length
// (crypto.MaxBitVecBytes); Verify checks the bits against the keys and
// signatures.
type MultiKeyAuthenticator struct {
	PublicKeys         []AnyPublicKey
	SignaturesRequired uint8
	Signatures         []AnySignature
	Bitmap             []byte
}

// AbstractionAuthenticator authorizes through a Move function (account abstraction).
type AbstractionAuthenticator struct {
	FunctionInfo FunctionInfo
	// Derivable selects the DerivableV1 auth data (true) or V1 (false).
	Derivable bool
	Digest    []byte
	// Authenticator is the V1 authenticator bytes.
	Authenticator []byte
	// AbstractSignature and AbstractPublicKey are the DerivableV1 fields.
	AbstractSignature []byte
	AbstractPublicKey []byte
}

// FunctionInfo names a Move function.
type FunctionInfo struct {
	ModuleAddress ledgerapi.Address
	ModuleName    string
	FunctionName  string
}

// String returns "0x1::module::function".
func (f FunctionInfo) String() string {
	return f.ModuleAddress.ShortString() + "::" + f.ModuleName + "::" + f.FunctionName
}

// MarshalBCS writes the FunctionInfo { module_address, module_name,
// function_name }.
func (f FunctionInfo) MarshalBCS(e *bcs.Encoder) {
	f.ModuleAddress.MarshalBCS(e)
	e.String(f.ModuleName)
	e.String(f.FunctionName)
}

// MarshalBCS writes the authenticator.
func (a *TransactionAuthenticator) MarshalBCS(e *bcs.Encoder) {
	e.Variant(uint32(a.Variant))
	switch a.Variant {
	case AuthEd25519, AuthMultiEd25519:
		e.WriteBytes(a.Sender.PublicKey)
		e.WriteBytes(a.Sender.Signature)
	case AuthMultiAgent, AuthFeePayer:
		a.Sender.MarshalBCS(e)
		e.SeqLen(len(a.SecondaryAddresses))
		for _, s := range a.SecondaryAddresses {
			s.MarshalBCS(e)
		}
		e.SeqLen(len(a.SecondarySigners))
		for i := range a.SecondarySigners {
			a.SecondarySigners[i].MarshalBCS(e)
		}
		if a.Variant == AuthFeePayer {
			a.FeePayerAddress.MarshalBCS(e)
			a.FeePayer.MarshalBCS(e)
		}
	case AuthSingleSender:
		a.Sender.MarshalBCS(e)
	}
}

// UnmarshalBCS reads the authenticator and checks its shape (sizes, the
// number of signatures, equal address and signer counts).
func (a *TransactionAuthenticator) UnmarshalBCS(d *bcs.Decoder) {
	if !d.Enter("TransactionAuthenticator") {
		return
	}
	defer d.Leave()
	v := d.Variant("TransactionAuthenticator", numAuthVariants)
	if d.Failed() {
		return
	}
	*a = TransactionAuthenticator{Variant: AuthVariant(v)}
	switch a.Variant {
	case AuthEd25519:
		a.Sender.Variant = AccountEd25519
		a.Sender.unmarshalEd25519(d)
	case AuthMultiEd25519:
		a.Sender.Variant = AccountMultiEd25519
		a.Sender.unmarshalMultiEd25519(d)
	case AuthMultiAgent, AuthFeePayer:
		a.Sender.UnmarshalBCS(d)
		n := d.SeqLen("secondary_signer_addresses", 32)
		if d.Failed() {
			return
		}
		if n > MaxSignatures {
			d.Failf(bcs.ErrLength, "secondary_signer_addresses", "%d secondary signers, at most %d", n, MaxSignatures)
			return
		}
		a.SecondaryAddresses = make([]ledgerapi.Address, n)
		for i := range a.SecondaryAddresses {
			a.SecondaryAddresses[i].UnmarshalBCS(d)
		}
		m := d.SeqLen("secondary_signers", 1)
		if d.Failed() {
			return
		}
		if m != n {
			d.Failf(bcs.ErrInvalidValue, "secondary_signers", "%d signers for %d secondary addresses", m, n)
			return
		}
		a.SecondarySigners = make([]AccountAuthenticator, m)
		for i := range a.SecondarySigners {
			a.SecondarySigners[i].UnmarshalBCS(d)
		}
		if a.Variant == AuthFeePayer {
			a.FeePayerAddress.UnmarshalBCS(d)
			a.FeePayer.UnmarshalBCS(d)
		}
	case AuthSingleSender:
		a.Sender.UnmarshalBCS(d)
	}
	if !d.Failed() {
		if n := a.NumSignatures(); n > MaxSignatures {
			d.Failf(bcs.ErrInvalidValue, "TransactionAuthenticator", "%d signatures, at most %d", n, MaxSignatures)
		}
	}
}

// NumSignatures counts the signatures across all account authenticators.
func (a *TransactionAuthenticator) NumSignatures() int {
	n := a.Sender.NumSignatures()
	for i := range a.SecondarySigners {
		n += a.SecondarySigners[i].NumSignatures()
	}
	if a.Variant == AuthFeePayer {
		n += a.FeePayer.NumSignatures()
	}
	return n
}

// NumSignatures is the number of signatures this authenticator carries.
func (a *AccountAuthenticator) NumSignatures() int {
	switch a.Variant {
	case AccountEd25519, AccountSingleKey:
		return 1
	case AccountMultiEd25519:
		if len(a.Signature) >= 4 {
			return (len(a.Signature) - 4) / 64
		}
	case AccountMultiKey:
		return len(a.MultiKey.Signatures)
	}
	return 0
}

// MarshalBCS writes the account authenticator.
func (a *AccountAuthenticator) MarshalBCS(e *bcs.Encoder) {
	e.Variant(uint32(a.Variant))
	switch a.Variant {
	case AccountEd25519, AccountMultiEd25519:
		e.WriteBytes(a.PublicKey)
		e.WriteBytes(a.Signature)
	case AccountSingleKey:
		a.SingleKey.PublicKey.MarshalBCS(e)
		a.SingleKey.Signature.MarshalBCS(e)
	case AccountMultiKey:
		m := a.MultiKey
		e.SeqLen(len(m.PublicKeys))
		for i := range m.PublicKeys {
			m.PublicKeys[i].MarshalBCS(e)
		}
		e.U8(m.SignaturesRequired)
		e.SeqLen(len(m.Signatures))
		for i := range m.Signatures {
			m.Signatures[i].MarshalBCS(e)
		}
		e.WriteBytes(m.Bitmap)
	case AccountAbstraction:
		x := a.Abstraction
		x.FunctionInfo.MarshalBCS(e)
		e.Fixed(abstractionAuthData(x))
	}
}

// UnmarshalBCS reads an account authenticator and checks key and signature sizes.
func (a *AccountAuthenticator) UnmarshalBCS(d *bcs.Decoder) {
	if !d.Enter("AccountAuthenticator") {
		return
	}
	defer d.Leave()
	v := d.Variant("AccountAuthenticator", numAccountVariants)
	if d.Failed() {
		return
	}
	*a = AccountAuthenticator{Variant: AccountAuthVariant(v)}
	switch a.Variant {
	case AccountEd25519:
		a.unmarshalEd25519(d)
	case AccountMultiEd25519:
		a.unmarshalMultiEd25519(d)
	case AccountSingleKey:
		a.SingleKey = new(SingleKeyAuthenticator)
		a.SingleKey.PublicKey.UnmarshalBCS(d)
		a.SingleKey.Signature.UnmarshalBCS(d)
	case AccountMultiKey:
		a.MultiKey = unmarshalMultiKey(d)
	case AccountAbstraction:
		a.Abstraction = unmarshalAbstraction(d)
	}
}

func (a *AccountAuthenticator) unmarshalEd25519(d *bcs.Decoder) {
	a.PublicKey = readSized(d, "Ed25519PublicKey", 32)
	a.Signature = readSized(d, "Ed25519Signature", 64)
}

func (a *AccountAuthenticator) unmarshalMultiEd25519(d *bcs.Decoder) {
	a.PublicKey = d.ReadBytes("MultiEd25519PublicKey")
	a.Signature = d.ReadBytes("MultiEd25519Signature")
	if d.Failed() {
		return
	}
	if k := len(a.PublicKey); k < 33 || (k-1)%32 != 0 || (k-1)/32 > MaxSignatures {
		d.Failf(bcs.ErrLength, "MultiEd25519PublicKey", "%d bytes is not 32·n+1 for 1 ≤ n ≤ 32", k)
		return
	}
	if s := len(a.Signature); s < 68 || (s-4)%64 != 0 || (s-4)/64 > MaxSignatures {
		d.Failf(bcs.ErrLength, "MultiEd25519Signature", "%d bytes is not 64·n+4 for 1 ≤ n ≤ 32", s)
	}
}

func readSized(d *bcs.Decoder, what string, size int) []byte {
	b := d.ReadBytes(what)
	if !d.Failed() && len(b) != size {
		d.Failf(bcs.ErrLength, what, "want %d bytes, got %d", size, len(b))
		return nil
	}
	return b
}

func unmarshalMultiKey(d *bcs.Decoder) *MultiKeyAuthenticator {
	m := new(MultiKeyAuthenticator)
	n := d.SeqLen("MultiKey.public_keys", 2)
	if d.Failed() {
		return m
	}
	if n == 0 || n > MaxSignatures {
		d.Failf(bcs.ErrLength, "MultiKey.public_keys", "%d keys, want 1..%d", n, MaxSignatures)
		return m
	}
	m.PublicKeys = make([]AnyPublicKey, n)
	for i := range m.PublicKeys {
		m.PublicKeys[i].UnmarshalBCS(d)
	}
	m.SignaturesRequired = d.U8("MultiKey.signatures_required")
	if !d.Failed() && (m.SignaturesRequired == 0 || int(m.SignaturesRequired) > n) {
		d.Failf(bcs.ErrInvalidValue, "MultiKey.signatures_required", "%d required of %d keys", m.SignaturesRequired, n)
		return m
	}
	s := d.SeqLen("MultiKeySignature.signatures", 2)
	if d.Failed() {
		return m
	}
	if s > n {
		d.Failf(bcs.ErrLength, "MultiKeySignature.signatures", "%d signatures for %d keys", s, n)
		return m
	}
	m.Signatures = make([]AnySignature, s)
	for i := range m.Signatures {
		m.Signatures[i].UnmarshalBCS(d)
	}
	m.Bitmap = d.ReadBytes("MultiKeySignature.bitmap")
	if !d.Failed() && len(m.Bitmap) > crypto.MaxBitVecBytes {
		d.Failf(bcs.ErrLength, "MultiKeySignature.bitmap", "%d bytes, at most %d", len(m.Bitmap), crypto.MaxBitVecBytes)
	}
	return m
}

func unmarshalAbstraction(d *bcs.Decoder) *AbstractionAuthenticator {
	x := new(AbstractionAuthenticator)
	x.FunctionInfo.ModuleAddress.UnmarshalBCS(d)
	x.FunctionInfo.ModuleName = ledgerapi.DecodeIdentifier(d, "FunctionInfo.module_name")
	x.FunctionInfo.FunctionName = ledgerapi.DecodeIdentifier(d, "FunctionInfo.function_name")
	x.Derivable = d.Variant("AbstractionAuthData", 2) == 1
	x.Digest = d.ReadBytes("AbstractionAuthData.signing_message_digest")
	if x.Derivable {
		x.AbstractSignature = d.ReadBytes("AbstractionAuthData.abstract_signature")
		x.AbstractPublicKey = d.ReadBytes("AbstractionAuthData.abstract_public_key")
	} else {
		x.Authenticator = d.ReadBytes("AbstractionAuthData.authenticator")
	}
	return x
}
