package txn

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// MaxSignedTransactionDepth is the container depth allowed when decoding a
// submitted SignedTransaction.
const MaxSignedTransactionDepth = 16

// OrderlessSequenceNumber is the sequence number of nonce-protected
// (orderless) transactions.
const OrderlessSequenceNumber = ^uint64(0)

// RawTransaction is the part of a transaction that is signed.
type RawTransaction struct {
	Sender                  ledgerapi.Address
	SequenceNumber          uint64
	Payload                 TransactionPayload
	MaxGasAmount            uint64
	GasUnitPrice            uint64
	ExpirationTimestampSecs uint64
	ChainID                 uint8
}

// SignedTransaction is a raw transaction with its authenticator.
type SignedTransaction struct {
	Raw  RawTransaction
	Auth TransactionAuthenticator
}

// MarshalBCS writes the fields in order.
func (r *RawTransaction) MarshalBCS(e *bcs.Encoder) {
	r.Sender.MarshalBCS(e)
	e.U64(r.SequenceNumber)
	r.Payload.MarshalBCS(e)
	e.U64(r.MaxGasAmount)
	e.U64(r.GasUnitPrice)
	e.U64(r.ExpirationTimestampSecs)
	e.U8(r.ChainID)
}

// UnmarshalBCS reads the fields in order.
func (r *RawTransaction) UnmarshalBCS(d *bcs.Decoder) {
	r.Sender.UnmarshalBCS(d)
	r.SequenceNumber = d.U64("RawTransaction.sequence_number")
	r.Payload.UnmarshalBCS(d)
	r.MaxGasAmount = d.U64("RawTransaction.max_gas_amount")
	r.GasUnitPrice = d.U64("RawTransaction.gas_unit_price")
	r.ExpirationTimestampSecs = d.U64("RawTransaction.expiration_timestamp_secs")
	r.ChainID = d.U8("RawTransaction.chain_id")
}

// MarshalBCS writes the raw transaction then the authenticator.
func (s *SignedTransaction) MarshalBCS(e *bcs.Encoder) {
	s.Raw.MarshalBCS(e)
	s.Auth.MarshalBCS(e)
}

// UnmarshalBCS reads the raw transaction then the authenticator.
func (s *SignedTransaction) UnmarshalBCS(d *bcs.Decoder) {
	s.Raw.UnmarshalBCS(d)
	s.Auth.UnmarshalBCS(d)
}

// DecodeSignedTransaction decodes a submitted SignedTransaction strictly:
// canonical BCS, depth at most MaxSignedTransactionDepth, no trailing bytes.
func DecodeSignedTransaction(b []byte) (*SignedTransaction, error) {
	var s SignedTransaction
	if err := bcs.UnmarshalDepth(b, MaxSignedTransactionDepth, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// Bytes returns the BCS bytes of the signed transaction.
func (s *SignedTransaction) Bytes() []byte {
	e := bcs.NewEncoder(256)
	s.MarshalBCS(e)
	return e.Bytes()
}

// Hash is the user-transaction hash clients compute:
// sha3-256(salt("APTOS::Transaction") ‖ 0x00 ‖ BCS(SignedTransaction)).
func (s *SignedTransaction) Hash() ledgerapi.HashValue {
	return UserTransactionHash(s.Bytes())
}

// UserTransactionHash hashes the BCS bytes of a SignedTransaction as a
// Transaction::UserTransaction (variant 0).
func UserTransactionHash(signedBCS []byte) ledgerapi.HashValue {
	return onchain.TransactionHash(onchain.VariantUser, signedBCS)
}

// SigningMessage returns salt("APTOS::RawTransaction") ‖ BCS(raw), the
// bytes a single signer signs.
func (r *RawTransaction) SigningMessage() []byte {
	e := bcs.NewEncoder(256)
	e.Fixed(crypto.SaltRawTransaction[:])
	r.MarshalBCS(e)
	return e.Bytes()
}

// MultiAgentSigningMessage returns the message for multi-agent and fee-payer
// transactions: salt("APTOS::RawTransactionWithData") ‖ BCS of
// MultiAgent{raw, secondaries} (feePayer nil) or
// MultiAgentWithFeePayer{raw, secondaries, feePayer}.
func (r *RawTransaction) MultiAgentSigningMessage(secondaries []ledgerapi.Address, feePayer *ledgerapi.Address) []byte {
	e := bcs.NewEncoder(256)
	e.Fixed(crypto.SaltRawTransactionWithData[:])
	if feePayer == nil {
		e.Variant(0)
	} else {
		e.Variant(1)
	}
	r.MarshalBCS(e)
	e.SeqLen(len(secondaries))
	for _, a := range secondaries {
		a.MarshalBCS(e)
	}
	if feePayer != nil {
		feePayer.MarshalBCS(e)
	}
	return e.Bytes()
}

// GasPayer returns the fee payer of a fee-payer transaction, or the
// sender for every other transaction: the account that pays for gas.
func (s *SignedTransaction) GasPayer() ledgerapi.Address {
	if s.Auth.Variant == AuthFeePayer {
		return s.Auth.FeePayerAddress
	}
	return s.Raw.Sender
}
