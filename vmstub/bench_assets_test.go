package vmstub_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Committed asset operations per second, beside BenchmarkCommittedTransfers
// (the native APT transfer), through the same path: node.Submit → mempool
// → block production → memstore commit.

// assetTxn signs payload p of from at seq with room for Move code's gas.
func assetTxn(from vmstub.DevAccount, seq uint64, p txn.TransactionPayload) *txn.SignedTransaction {
	return from.Sign(txn.RawTransaction{Sender: from.Address, SequenceNumber: seq, Payload: p,
		MaxGasAmount: 200_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Unix()) + 600, ChainID: 4})
}

// mustCommit submits p from from and fails unless it commits.
func (n *testNode) mustCommit(from vmstub.DevAccount, p txn.TransactionPayload) {
	n.tb.Helper()
	st := assetTxn(from, n.seq(from.Address), p)
	if err := n.submit(st); err != nil {
		n.tb.Fatal(err)
	}
	if tx := n.wait(st.Hash()); !tx.Info.Success() {
		n.tb.Fatalf("%s: %s", from.Address, tx.Info.Status.String())
	}
}

// BenchmarkCommittedFATransfers: primary_fungible_store::transfer of a
// fungible asset a published package created (samples.FACoin), each sender
// holding a balance minted by the package.
func BenchmarkCommittedFATransfers(b *testing.B) {
	const senders = 64
	n := startNodePool(b, vmstub.Options{DevAccounts: senders}, mempool.Options{PerAccountLimit: 1 << 20})
	devs := n.vm.DevAccounts()
	admin := devs[0]
	code, err := samples.FACoin(admin.Address)
	if err != nil {
		b.Fatal(err)
	}
	n.mustCommit(admin, vmstub.EntryPayload(ledgerapi.AddressOne, "code", "publish_package_txn", nil,
		publishArgs(packageMeta("FACoin", onchain.UpgradeCompatible, []string{"fa_coin"}, stdDeps...), code)...))
	for _, d := range devs {
		n.mustCommit(admin, vmstub.EntryPayload(admin.Address, "fa_coin", "mint", nil, vmstub.AddressValue(d.Address), vmstub.U64Value(100_000)))
	}
	meta := crypto.ObjectAddressFromSeed(admin.Address, []byte("FACOIN"))
	sink := ledgerapi.Address(crypto.SHA3_256([]byte("sink")))
	benchCommitted(b, n, func(from vmstub.DevAccount, seq uint64) *txn.SignedTransaction {
		return assetTxn(from, seq, pfsTransfer(meta, sink, 1))
	})
}

// BenchmarkCommittedTokenMints: 0x4::aptos_token::mint of a digital asset
// into each sender's own collection (a new token object per transaction).
func BenchmarkCommittedTokenMints(b *testing.B) {
	const senders = 64
	n := startNodePool(b, vmstub.Options{DevAccounts: senders}, mempool.Options{PerAccountLimit: 1 << 20})
	yes := vmstub.BoolValue(true)
	for _, d := range n.vm.DevAccounts() {
		n.mustCommit(d, vmstub.EntryPayload(ledgerapi.MustParseAddress("0x4"), "aptos_token", "create_collection", nil,
			vmstub.StringValue("bench"), vmstub.U64Value(1<<40), vmstub.StringValue("Bench"), vmstub.StringValue("https://bench"),
			yes, yes, yes, yes, yes, yes, yes, yes, yes, vmstub.U64Value(0), vmstub.U64Value(100)))
	}
	benchCommitted(b, n, func(from vmstub.DevAccount, seq uint64) *txn.SignedTransaction {
		return assetTxn(from, seq, vmstub.EntryPayload(ledgerapi.MustParseAddress("0x4"), "aptos_token", "mint", nil,
			vmstub.StringValue("Bench"), vmstub.StringValue("a token"), vmstub.StringValue(fmt.Sprintf("t%d", seq)),
			vmstub.StringValue("https://t"), strs(), strs(), seqOf()))
	})
}
