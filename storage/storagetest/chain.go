package storagetest

import (
	"crypto/sha3"
	"encoding/binary"
	"maps"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
)

// Well-known fixture types.
var (
	// AccountTag is 0x1::account::Account.
	AccountTag = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "account", Name: "Account"}
	// CoinStoreTag is 0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>.
	CoinStoreTag = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "CoinStore",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(ledgerapi.StructTag{
			Address: ledgerapi.AddressOne, Module: "aptos_coin", Name: "AptosCoin"})}}
	// BlockResourceTag is 0x1::block::BlockResource.
	BlockResourceTag = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "block", Name: "BlockResource"}
)

// Event streams the fixtures emit to.
const (
	// DepositCreationNumber is the creation number of an account's deposit stream.
	DepositCreationNumber = 2
	// WithdrawCreationNumber is the creation number of an account's withdraw stream.
	WithdrawCreationNumber = 3
)

// BlockStream is the stream of NewBlockEvent on 0x1.
var BlockStream = storage.EventKey{CreationNumber: 4, Account: ledgerapi.AddressOne}

// DepositStream returns addr's deposit stream.
func DepositStream(addr ledgerapi.Address) storage.EventKey {
	return storage.EventKey{CreationNumber: DepositCreationNumber, Account: addr}
}

// WithdrawStream returns addr's withdraw stream.
func WithdrawStream(addr ledgerapi.Address) storage.EventKey {
	return storage.EventKey{CreationNumber: WithdrawCreationNumber, Account: addr}
}

func eventType(module, name string) ledgerapi.TypeTag {
	return ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: module, Name: name})
}

// TxnSpec describes one user transaction for Chain.Block.
type TxnSpec struct {
	// Sender sends the transaction.
	Sender ledgerapi.Address
	// Orderless transactions get no sequence number.
	Orderless bool
	// Changes is the write set, used as given.
	Changes []storage.WriteOp
	// Events are emitted in order; a v1 event's sequence number is set to
	// the next one of its stream.
	Events []storage.Event
	// Failed marks an aborted transaction (a Move abort with its reason).
	Failed bool
	// Status, when set, is the transaction's execution status (Failed is
	// then ignored).
	Status *onchain.ExecutionStatus
}

// abortStatus is the status of a failed fixture transaction.
func abortStatus() onchain.ExecutionStatus {
	return onchain.MoveAbort(ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "coin"}, 0x10006,
		&onchain.AbortInfo{ReasonName: "EINSUFFICIENT_BALANCE", Description: "Not enough coins to complete transaction"})
}

// Chain builds consecutive, valid blocks for tests and benchmarks: genesis,
// then blocks of a block-metadata transaction, user transactions and a
// state-checkpoint transaction. Its accounts have deterministic addresses.
// A Chain is not safe for concurrent use.
type Chain struct {
	accounts  []ledgerapi.Address
	version   uint64 // next version
	height    uint64 // next height
	seq       map[ledgerapi.Address]uint64
	events    map[storage.EventKey]uint64
	balances  map[ledgerapi.Address]uint64
	transfers uint64
}

// NewChain returns a chain with n accounts (at least 2), before genesis.
func NewChain(n int) *Chain {
	n = max(n, 2)
	c := &Chain{
		seq:      make(map[ledgerapi.Address]uint64),
		events:   make(map[storage.EventKey]uint64),
		balances: make(map[ledgerapi.Address]uint64),
	}
	for i := range n {
		c.accounts = append(c.accounts, AccountAddress(i))
	}
	return c
}

// AccountAddress returns the address of the i-th fixture account.
func AccountAddress(i int) ledgerapi.Address {
	h := sha3.Sum256(binary.BigEndian.AppendUint64([]byte("storagetest account"), uint64(i)))
	return ledgerapi.Address(h)
}

// Accounts returns the chain's account addresses.
func (c *Chain) Accounts() []ledgerapi.Address {
	return append([]ledgerapi.Address(nil), c.accounts...)
}

// NextVersion is the version the next block starts at.
func (c *Chain) NextVersion() uint64 { return c.version }

// TxnHash returns the fixture hash of the transaction at version: distinct
// for every version, cheap to compute, and not a real transaction hash.
func TxnHash(version uint64) ledgerapi.HashValue { return fixtureHash(version, 0) }

// fixtureHash derives a distinct hash from (n, domain) by expanding a
// splitmix64 sequence; domain separates hashes of different things.
func fixtureHash(n uint64, domain byte) ledgerapi.HashValue {
	var h ledgerapi.HashValue
	x := n*4 + uint64(domain)
	binary.BigEndian.PutUint64(h[:8], n)
	h[8] = domain
	for i := 9; i+8 <= len(h); i += 8 {
		x += 0x9e3779b97f4a7c15
		z := (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		binary.LittleEndian.PutUint64(h[i:], z^(z>>31))
	}
	return h
}

// Genesis returns block 0: one genesis transaction at version 0 that creates
// every account (Account and CoinStore resources), the 0x1::coin module and
// 0x1's BlockResource.
func (c *Chain) Genesis() (storage.Block, []storage.Transaction) {
	var ws []storage.WriteOp
	for _, a := range c.accounts {
		c.balances[a] = 1_000_000_000
		ws = append(ws,
			storage.WriteOp{Key: storage.ResourceKey(a, AccountTag), Value: accountValue(a, 0), Created: true},
			storage.WriteOp{Key: storage.ResourceKey(a, CoinStoreTag), Value: u64Value(c.balances[a]), Created: true})
	}
	ws = append(ws,
		storage.WriteOp{Key: storage.ModuleKey(ledgerapi.AddressOne, "coin"), Value: []byte("coin module bytecode")},
		storage.WriteOp{Key: storage.ResourceKey(ledgerapi.AddressOne, BlockResourceTag), Value: u64Value(0)})
	t := c.txn(storage.KindGenesis, 0, ws, nil)
	return c.seal(0, []storage.Transaction{t}), []storage.Transaction{t}
}

// Block returns the next block: block metadata, one user transaction per
// spec, and a state checkpoint.
func (c *Chain) Block(specs ...TxnSpec) (storage.Block, []storage.Transaction) {
	if c.version == 0 {
		panic("storagetest: Chain.Block before Genesis")
	}
	ts := c.height * 1_000_000 // one block per second of ledger time
	meta := c.txn(storage.KindBlockMetadata, ts,
		[]storage.WriteOp{{Key: storage.ResourceKey(ledgerapi.AddressOne, BlockResourceTag), Value: u64Value(c.height)}},
		[]storage.Event{{Key: BlockStream, Type: eventType("block", "NewBlockEvent"), Data: u64Value(c.height)}})
	txns := []storage.Transaction{meta}
	for _, s := range specs {
		t := c.txn(storage.KindUser, ts, s.Changes, s.Events)
		sender := s.Sender
		t.Sender = &sender
		if !s.Orderless {
			n := c.seq[sender]
			c.seq[sender] = n + 1
			t.SequenceNumber = &n
		}
		switch {
		case s.Status != nil:
			t.Info.Status = *s.Status
		case s.Failed:
			t.Info.Status = abortStatus()
		}
		txns = append(txns, t)
	}
	cp := c.txn(storage.KindStateCheckpoint, ts, nil, nil)
	root := fixtureHash(cp.Version, 1)
	cp.Info.StateCheckpointHash = &root
	txns = append(txns, cp)
	return c.seal(ts, txns), txns
}

// Transfer returns a transfer-like spec: from pays to, bumping from's
// sequence number in its Account resource, updating both CoinStores and
// emitting a withdraw, a deposit and a v2 fee event.
func (c *Chain) Transfer(from, to ledgerapi.Address, amount uint64) TxnSpec {
	c.balances[from] -= amount
	c.balances[to] += amount
	return TxnSpec{
		Sender: from,
		Changes: []storage.WriteOp{
			{Key: storage.ResourceKey(from, AccountTag), Value: accountValue(from, c.seq[from]+1)},
			{Key: storage.ResourceKey(from, CoinStoreTag), Value: u64Value(c.balances[from])},
			{Key: storage.ResourceKey(to, CoinStoreTag), Value: u64Value(c.balances[to])},
		},
		Events: []storage.Event{
			{Key: WithdrawStream(from), Type: eventType("coin", "WithdrawEvent"), Data: u64Value(amount)},
			{Key: DepositStream(to), Type: eventType("coin", "DepositEvent"), Data: u64Value(amount)},
			{Type: eventType("transaction_fee", "FeeStatement"), Data: u64Value(7)},
		},
	}
}

// Transfers returns the next block holding n transfers between the chain's
// accounts, in a deterministic rotation.
func (c *Chain) Transfers(n int) (storage.Block, []storage.Transaction) {
	specs := make([]TxnSpec, n)
	k := uint64(len(c.accounts))
	for i := range specs {
		c.transfers++
		from := c.transfers % k
		to := (from*7 + 3 + c.transfers/k) % k
		if to == from {
			to = (to + 1) % k
		}
		specs[i] = c.Transfer(c.accounts[from], c.accounts[to], 1+c.transfers%100)
	}
	return c.Block(specs...)
}

// txn builds a transaction at the next version.
func (c *Chain) txn(kind storage.TransactionKind, ts uint64, ws []storage.WriteOp, evs []storage.Event) storage.Transaction {
	v := c.version
	c.version++
	evs = append([]storage.Event(nil), evs...)
	for i := range evs {
		if !evs[i].IsV2() {
			evs[i].SequenceNumber = c.events[evs[i].Key]
			c.events[evs[i].Key]++
		}
	}
	payload := make([]byte, 0, 64)
	payload = append(payload, byte(kind))
	payload = binary.LittleEndian.AppendUint64(payload, v)
	payload = append(payload, "fixture transaction body, opaque to storage"...)
	return storage.Transaction{
		Version: v, Hash: TxnHash(v), Kind: kind, Payload: payload, TimestampUsec: ts,
		Info: storage.TransactionInfo{
			StateChangeHash:     fixtureHash(v, 2),
			EventRootHash:       fixtureHash(v, 3),
			AccumulatorRootHash: fixtureHash(v, 4),
			GasUsed:             uint64(len(ws)) * 3,
		},
		Events:  evs,
		Changes: ws,
	}
}

func (c *Chain) seal(ts uint64, txns []storage.Transaction) storage.Block {
	b := storage.Block{
		Height: c.height, Hash: fixtureHash(c.height, 5), TimestampUsec: ts,
		FirstVersion: txns[0].Version, LastVersion: txns[len(txns)-1].Version,
		Round: c.height,
	}
	if c.height > 0 {
		b.Epoch = 1
	}
	c.height++
	return b
}

func u64Value(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }

// accountValue is a stand-in Account resource: the address as the
// authentication key, then the sequence number.
func accountValue(a ledgerapi.Address, seq uint64) []byte {
	return binary.LittleEndian.AppendUint64(append([]byte(nil), a[:]...), seq)
}

// Fork returns an independent copy of the chain, to build an alternative
// next block without advancing c.
func (c *Chain) Fork() *Chain {
	d := *c
	d.accounts = c.Accounts()
	d.seq = maps.Clone(c.seq)
	d.events = maps.Clone(c.events)
	d.balances = maps.Clone(c.balances)
	return &d
}
