package vmstub

import (
	"crypto/ed25519"
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
)

// DevAccount is a deterministic Ed25519 account funded at genesis: a dev
// account or the root (faucet) account.
type DevAccount struct {
	// Index is the dev account's position (-1 for the root account).
	Index int
	// PrivateKey is the Ed25519 key (seed and public key, as crypto/ed25519 keeps it).
	PrivateKey ed25519.PrivateKey
	// PublicKey is the 32-byte Ed25519 public key.
	PublicKey ed25519.PublicKey
	// Address is the legacy Ed25519 authentication key of PublicKey, which
	// is also the account's address.
	Address ledgerapi.Address
}

// DevAccountKeySeed returns the Ed25519 seed of dev account i:
// sha3-256(seed ‖ ":dev:" ‖ decimal i).
func DevAccountKeySeed(seed string, i int) [32]byte {
	return crypto.SHA3_256([]byte(seed + ":dev:" + strconv.Itoa(i)))
}

// RootKeySeed returns the Ed25519 seed of the root account:
// sha3-256(seed ‖ ":root").
func RootKeySeed(seed string) [32]byte {
	return crypto.SHA3_256([]byte(seed + ":root"))
}

func newDevAccount(index int, keySeed [32]byte) DevAccount {
	priv := ed25519.NewKeyFromSeed(keySeed[:])
	pub := priv.Public().(ed25519.PublicKey)
	return DevAccount{Index: index, PrivateKey: priv, PublicKey: pub, Address: crypto.Ed25519AuthKey(pub)}
}

// DevAccounts derives the first n dev accounts of seed.
func DevAccounts(seed string, n int) []DevAccount {
	out := make([]DevAccount, n)
	for i := range out {
		out[i] = newDevAccount(i, DevAccountKeySeed(seed, i))
	}
	return out
}

// RootAccount derives the root (faucet) account of seed.
func RootAccount(seed string) DevAccount {
	return newDevAccount(-1, RootKeySeed(seed))
}

// Authenticator signs msg and returns the account authenticator
// (AccountEd25519) carrying the key and signature.
func (a DevAccount) Authenticator(msg []byte) txn.AccountAuthenticator {
	return txn.AccountAuthenticator{Variant: txn.AccountEd25519, PublicKey: a.PublicKey, Signature: ed25519.Sign(a.PrivateKey, msg)}
}

// Sign signs raw as a single-signer Ed25519 transaction.
func (a DevAccount) Sign(raw txn.RawTransaction) *txn.SignedTransaction {
	return &txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{
		Variant: txn.AuthEd25519, Sender: a.Authenticator(raw.SigningMessage())}}
}

// TransferPayload returns the payload of 0x1::aptos_account::transfer(to,
// amount), the call a faucet makes.
func TransferPayload(to ledgerapi.Address, amount uint64) txn.TransactionPayload {
	return EntryPayload(ledgerapi.AddressOne, "aptos_account", "transfer", nil, AddressValue(to), U64Value(amount))
}

// EntryPayload returns an entry-function payload with BCS arguments.
func EntryPayload(addr ledgerapi.Address, module, function string, tyArgs []ledgerapi.TypeTag, args ...[]byte) txn.TransactionPayload {
	return txn.TransactionPayload{Variant: txn.PayloadEntryFunction, EntryFunction: &txn.EntryFunction{
		Module: ledgerapi.ModuleId{Address: addr, Name: module}, Function: function, TyArgs: tyArgs, Args: args}}
}
