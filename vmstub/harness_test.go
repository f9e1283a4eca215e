package vmstub_test

import (
	"errors"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// chain is a minimal ledger for unit tests: a map of state applied
// transaction by transaction, one block per transaction.
type chain struct {
	t      testing.TB
	vm     *vmstub.VM
	state  map[string][]byte
	height uint64
	nowUs  uint64
	// v1 event stream counters, checked like storage does.
	streams map[storage.EventKey]uint64
}

func newChain(t testing.TB, opts vmstub.Options) *chain {
	t.Helper()
	vm, err := vmstub.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return startChain(t, vm)
}

func startChain(t testing.TB, vm *vmstub.VM) *chain {
	t.Helper()
	c := &chain{t: t, vm: vm, state: map[string][]byte{}, streams: map[storage.EventKey]uint64{},
		nowUs: uint64(time.Now().UnixMicro())}
	g, err := vm.Genesis(0)
	if err != nil {
		t.Fatal(err)
	}
	c.apply(g)
	return c
}

func (c *chain) StateValue(k storage.StateKey) ([]byte, error) {
	enc, err := k.Encode()
	if err != nil {
		return nil, err
	}
	v, ok := c.state[string(enc)]
	if !ok {
		return nil, storage.ErrNotFound
	}
	return v, nil
}

func (c *chain) apply(tx storage.Transaction) {
	c.t.Helper()
	seen := map[string]bool{}
	for _, w := range tx.Changes {
		enc, err := w.Key.Encode()
		if err != nil {
			c.t.Fatalf("change %s: %v", w.Key, err)
		}
		if seen[string(enc)] {
			c.t.Fatalf("key %s written twice", w.Key)
		}
		seen[string(enc)] = true
		if w.Deleted {
			delete(c.state, string(enc))
		} else {
			c.state[string(enc)] = w.Value
		}
	}
	for _, e := range tx.Events {
		if e.IsV2() {
			continue
		}
		if want := c.streams[e.Key]; e.SequenceNumber != want {
			c.t.Fatalf("event stream %s: seq %d, want %d", e.Key, e.SequenceNumber, want)
		}
		c.streams[e.Key]++
	}
}

// block starts the next block: its metadata transaction is applied.
func (c *chain) block() storage.Block {
	c.t.Helper()
	c.height++
	c.nowUs += 1_000_000
	blk := storage.Block{Height: c.height, Epoch: 1, Round: c.height, TimestampUsec: c.nowUs}
	meta, err := c.vm.BlockPrologue(c, blk)
	if err != nil {
		c.t.Fatal(err)
	}
	c.apply(meta)
	return blk
}

// exec executes st in a new block and applies the output.
func (c *chain) exec(st *txn.SignedTransaction) (storage.Transaction, error) {
	c.t.Helper()
	blk := c.block()
	out, err := c.vm.Execute(c, blk, st)
	if err == nil {
		c.apply(out)
	}
	return out, err
}

func (c *chain) mustExec(st *txn.SignedTransaction) storage.Transaction {
	c.t.Helper()
	out, err := c.exec(st)
	if err != nil {
		c.t.Fatalf("execute: %v", err)
	}
	return out
}

func (c *chain) balance(a ledgerapi.Address) uint64 {
	c.t.Helper()
	b, err := c.StateValue(storage.ResourceKey(crypto.PrimaryStoreAddress(a, ledgerapi.AddressA), fsTag))
	if errors.Is(err, storage.ErrNotFound) {
		return 0
	}
	if err != nil {
		c.t.Fatal(err)
	}
	d := bcs.NewDecoder(b)
	var m [32]byte
	d.Fixed(m[:], "metadata")
	return d.U64("balance")
}

func (c *chain) seq(a ledgerapi.Address) uint64 {
	s, err := c.vm.SequenceNumber(c, a)
	if err != nil {
		c.t.Fatal(err)
	}
	return s
}

var fsTag = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "fungible_asset", Name: "FungibleStore"}

// rawTxn builds a raw transaction from acct with sensible defaults.
func (c *chain) raw(from vmstub.DevAccount, p txn.TransactionPayload) txn.RawTransaction {
	return txn.RawTransaction{Sender: from.Address, SequenceNumber: c.seq(from.Address), Payload: p,
		MaxGasAmount: 200_000, GasUnitPrice: 100, ExpirationTimestampSecs: c.nowUs/1_000_000 + 600, ChainID: 4}
}

var (
	aptType        = ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "aptos_coin", Name: "AptosCoin"})
	objectCoreType = ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "object", Name: "ObjectCore"})
)

func fnID(s string) ledgerapi.EntryFunctionId {
	f, err := ledgerapi.ParseEntryFunctionId(s)
	if err != nil {
		panic(err)
	}
	return f
}

func leU64(b []byte) uint64 {
	d := bcs.NewDecoder(b)
	return d.U64("u64")
}

// unfunded returns accounts that genesis did not fund.
func unfunded(n int) []vmstub.DevAccount { return vmstub.DevAccounts("unfunded", n) }

// multiAgent signs raw by sender and the secondary signers.
func multiAgent(raw txn.RawTransaction, sender vmstub.DevAccount, secondaries ...vmstub.DevAccount) *txn.SignedTransaction {
	addrs := make([]ledgerapi.Address, len(secondaries))
	for i, s := range secondaries {
		addrs[i] = s.Address
	}
	msg := raw.MultiAgentSigningMessage(addrs, nil)
	auth := txn.TransactionAuthenticator{Variant: txn.AuthMultiAgent, Sender: sender.Authenticator(msg), SecondaryAddresses: addrs}
	for _, s := range secondaries {
		auth.SecondarySigners = append(auth.SecondarySigners, s.Authenticator(msg))
	}
	return &txn.SignedTransaction{Raw: raw, Auth: auth}
}

// feePayer signs raw by sender (with fee payer 0x0, as the SDK does) and
// by the fee payer.
func feePayer(raw txn.RawTransaction, sender, payer vmstub.DevAccount) *txn.SignedTransaction {
	zero := raw.MultiAgentSigningMessage(nil, &ledgerapi.AddressZero)
	real := raw.MultiAgentSigningMessage(nil, &payer.Address)
	return &txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthFeePayer,
		Sender: sender.Authenticator(zero), SecondaryAddresses: []ledgerapi.Address{}, SecondarySigners: []txn.AccountAuthenticator{},
		FeePayerAddress: payer.Address, FeePayer: payer.Authenticator(real)}}
}

// wantStatus checks that err is the VM status name/code.
func wantStatus(t *testing.T, err error, name string, code uint64) {
	t.Helper()
	var vs *ledgerapi.VMStatus
	if !errors.As(err, &vs) {
		t.Fatalf("error %v is not a VMStatus; want %s", err, name)
	}
	if vs.Name != name || vs.Code != code {
		t.Fatalf("status %s (%d), want %s (%d)", vs.Name, vs.Code, name, code)
	}
}

func eventTypes(tx storage.Transaction) []string {
	var out []string
	for _, e := range tx.Events {
		out = append(out, e.Type.String())
	}
	return out
}

func (c *chain) supply() uint64 {
	c.t.Helper()
	vals, _, _, err := c.vm.View(c, fnID("0x1::coin::supply"), []ledgerapi.TypeTag{aptType}, nil)
	if err != nil {
		c.t.Fatal(err)
	}
	return leU64(vals[0][1:9])
}
