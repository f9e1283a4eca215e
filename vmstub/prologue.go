package vmstub

import (
	"errors"
	"fmt"

	"bytes"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
)

// nonceTable is the handle of the table genesis gives 0x1's
// nonce_validation::NonceHistory (its nonce_table: bucket index → Bucket).
var nonceTable = TableHandle(ledgerapi.AddressOne, "nonce_validation::NonceHistory")

// OrderlessExpirationWindow bounds how far in the future (seconds after the
// chain time) an orderless transaction may expire.
const OrderlessExpirationWindow = 65

// maxSequenceNumber is the first sequence number that is too big (2^63).
const maxSequenceNumber = 1 << 63

type prologueMode struct {
	// submission accepts sequence numbers above the account's: the mempool
	// parks them until the gap fills. Execution requires equality.
	submission bool
	// simulation skips the auth-key check of authenticators that prove no
	// key (NoAccountAuthenticator) and charges no fee to fee payer 0x0.
	simulation bool
}

// txnMeta is what the prologue learned about a transaction.
type txnMeta struct {
	rawSize   uint64
	signers   []ledgerapi.Address // sender, then secondary signers
	payer     ledgerapi.Address
	chargeFee bool
	orderless bool
	nonce     uint64
}

func ceilDiv(a, b uint64) uint64 {
	if b == 0 {
		return a
	}
	return a/b + min(1, a%b)
}

// intrinsicGas is the smallest max_gas_amount a transaction of size bytes
// may carry: the base execution cost and its size cost.
func (vm *VM) intrinsicGas(size uint64) uint64 {
	return vm.gas.ExecutionBase + ceilDiv(size, vm.gas.IOBytesPerUnit)
}

// Validate runs the prologue against state at wall-clock time nowUsec, as
// a submission: a sequence number above the account's is accepted (the
// mempool parks it; Execute discards it if the gap never fills). Signatures
// are not checked here (the node verifies them before). A rejection is a
// *ledgerapi.VMStatus (UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION when the
// framework's state does not read); any other error is a failed read of
// state.
func (vm *VM) Validate(state storage.View, st *txn.SignedTransaction, nowUsec uint64) error {
	vm.seal()
	s := newSession(vm, state)
	defer s.release()
	if st.Raw.Payload.Orderless() {
		// The nonce history is checked at the time the submission is
		// validated at, as the other expiry checks are.
		s.nowUsec, s.haveNow = nowUsec, true
	}
	if _, err := vm.prologue(s, st, nowUsec/1_000_000, prologueMode{submission: true}); err != nil {
		return s.rejection(err)
	}
	return nil
}

// prologue checks a transaction in the order of aptos_vm's validation
// (facts §6.5): duplicate signers, size and gas bounds, expiry, chain id,
// the sender's auth key, replay protection, the gas payer's balance, the
// other signers' auth keys, then the payload kind.
func (vm *VM) prologue(s *Session, st *txn.SignedTransaction, nowSecs uint64, mode prologueMode) (*txnMeta, error) {
	raw, a := &st.Raw, &st.Auth
	if len(a.SecondaryAddresses) != len(a.SecondarySigners) {
		return nil, reject(onchain.SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH)
	}
	m := &txnMeta{payer: st.GasPayer(), chargeFee: true, orderless: raw.Payload.Orderless()}
	m.signers = append(make([]ledgerapi.Address, 0, 1+len(a.SecondaryAddresses)), raw.Sender)
	m.signers = append(m.signers, a.SecondaryAddresses...)
	for i := range m.signers {
		for j := i + 1; j < len(m.signers); j++ {
			if m.signers[i] == m.signers[j] {
				return nil, reject(onchain.SIGNERS_CONTAIN_DUPLICATES)
			}
		}
	}
	e := bcs.NewEncoder(256)
	raw.MarshalBCS(e)
	m.rawSize = uint64(e.Len())
	g := &vm.gas
	switch {
	case m.rawSize > g.MaxTransactionSize:
		return nil, reject(onchain.EXCEEDED_MAX_TRANSACTION_SIZE)
	case raw.MaxGasAmount > g.MaxGasAmount:
		return nil, reject(onchain.MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND)
	case raw.MaxGasAmount < vm.intrinsicGas(m.rawSize):
		return nil, reject(onchain.MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS)
	case raw.GasUnitPrice < g.MinGasUnitPrice:
		return nil, reject(onchain.GAS_UNIT_PRICE_BELOW_MIN_BOUND)
	case raw.GasUnitPrice > g.MaxGasUnitPrice:
		return nil, reject(onchain.GAS_UNIT_PRICE_ABOVE_MAX_BOUND)
	case nowSecs >= raw.ExpirationTimestampSecs:
		return nil, reject(onchain.TRANSACTION_EXPIRED)
	case raw.ChainID != vm.opts.ChainID:
		return nil, reject(onchain.BAD_CHAIN_ID)
	}
	sender, err := vm.checkAuthKey(s, raw.Sender, &a.Sender, mode, raw.MaxGasAmount)
	if err != nil {
		return nil, err
	}
	if m.orderless {
		m.nonce = *raw.Payload.ReplayProtectionNonce
		if raw.ExpirationTimestampSecs > nowSecs+OrderlessExpirationWindow {
			return nil, reject(onchain.TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE)
		}
		if err := vm.checkNonce(s, raw.Sender, m.nonce, raw.ExpirationTimestampSecs, false); err != nil {
			return nil, err
		}
	} else {
		var onChain uint64
		if sender != nil {
			onChain = sender.SequenceNumber
		}
		switch {
		case raw.SequenceNumber >= maxSequenceNumber:
			return nil, reject(onchain.SEQUENCE_NUMBER_TOO_BIG)
		case raw.SequenceNumber < onChain:
			return nil, reject(onchain.SEQUENCE_NUMBER_TOO_OLD)
		case raw.SequenceNumber > onChain && !mode.submission:
			return nil, reject(onchain.SEQUENCE_NUMBER_TOO_NEW)
		}
	}
	if a.Variant == txn.AuthFeePayer && mode.simulation && m.payer == ledgerapi.AddressZero {
		m.chargeFee = false // simulating before a sponsor is known
	}
	if m.chargeFee {
		bal, err := s.FungibleBalance(m.payer, aptMetadata)
		if err != nil {
			return nil, err
		}
		if bal/raw.GasUnitPrice < raw.MaxGasAmount {
			return nil, reject(onchain.INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE)
		}
	}
	for i := range a.SecondarySigners {
		if _, err := vm.checkAuthKey(s, a.SecondaryAddresses[i], &a.SecondarySigners[i], mode, raw.MaxGasAmount); err != nil {
			return nil, err
		}
	}
	if a.Variant == txn.AuthFeePayer {
		if m.chargeFee {
			if _, err := vm.checkAuthKey(s, m.payer, &a.FeePayer, mode, raw.MaxGasAmount); err != nil {
				return nil, err
			}
		}
		// Sponsored account creation needs room for the new account's slot.
		if sender == nil && m.payer != raw.Sender && !m.orderless &&
			raw.MaxGasAmount < 10+ceilDiv(2*g.StorageFeePerSlot, raw.GasUnitPrice) {
			return nil, reject(onchain.MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS)
		}
	}
	p := &raw.Payload
	switch {
	case p.Multisig != nil:
		if err := vm.multisigPrologue(s, st); err != nil {
			return nil, err
		}
	case p.EntryFunction == nil && p.Script == nil:
		return nil, reject(onchain.FEATURE_UNDER_GATING)
	}
	return m, nil
}

// checkAuthKey checks that auth proves addr's on-chain authentication key
// (the Account resource's, or the address itself for a stateless account)
// and returns the Account resource (nil when stateless). An abstraction
// authenticator proves no key: the account's registered function
// authenticates it instead (abstraction.go), except in simulations.
func (vm *VM) checkAuthKey(s *Session, addr ledgerapi.Address, auth *txn.AccountAuthenticator, mode prologueMode, maxGas uint64) (*accountRes, error) {
	acc, exists, err := s.account(addr)
	if err != nil {
		return nil, err
	}
	if auth.Variant == txn.AccountAbstraction {
		if mode.simulation {
			return acc, nil
		}
		return acc, vm.authenticateAbstraction(s, addr, auth.Abstraction, maxGas)
	}
	key, ok := auth.AuthKey()
	if !ok {
		if mode.simulation {
			return acc, nil
		}
		return nil, reject(onchain.INVALID_AUTH_KEY)
	}
	onChain := addr[:]
	if exists {
		onChain = acc.AuthKey
	}
	if !bytes.Equal(key[:], onChain) {
		return nil, reject(onchain.INVALID_AUTH_KEY)
	}
	return acc, nil
}

// checkNonce runs nonce_validation::check_and_insert_nonce for an orderless
// transaction, as Aptos's prologue does: false is NONCE_ALREADY_USED, an
// abort UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION. The prologue (keep
// false) drops what the call changed; the epilogue (keep true) runs it
// again on the same state and keeps the insertion. Its gas is the
// executor's, not the transaction's.
func (vm *VM) checkNonce(s *Session, sender ledgerapi.Address, nonce, exp uint64, keep bool) error {
	ms, _, host := vm.moveSession(s, vm.gas.MaxViewGas)
	fn := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "nonce_validation"},
		Name: "check_and_insert_nonce"}
	res, err := ms.ExecuteSystem(fn, [][]byte{AddressValue(sender), U64Value(nonce), U64Value(exp)})
	if keep {
		err = vm.finishMove(ms, host, err)
	} else {
		host.s.states.Abandon()
		if host.internal != nil {
			return host.internal
		}
	}
	switch {
	case err != nil:
		var ab *moveFailure
		if errors.As(err, &ab) {
			return reject(onchain.UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION)
		}
		return err
	case len(res) != 1 || len(res[0].BCS) != 1:
		return fmt.Errorf("vmstub: check_and_insert_nonce returned %d values", len(res))
	case res[0].BCS[0] == 0:
		return reject(onchain.NONCE_ALREADY_USED)
	}
	return nil
}
