package handlers_test

import (
	"bytes"
	"strconv"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// The probe module writes and deletes table items and aborts with a code
// its error map does not name, so that the ledger holds every kind of
// write op and an abort without an explanation.
var (
	probeID    = ledgerapi.ModuleId{Address: ledgerapi.MustParseAddress("0xcafe"), Name: "probe"}
	probeTable = ledgerapi.MustParseAddress("0x7ab1e")
)

func probeModule() native.Module {
	item := func(args []movevm.Value) []byte { return vmstub.U64Value(args[1].AsU64()) }
	return native.Module{Address: probeID.Address, Name: probeID.Name,
		Errors: []native.AbortReason{{Reason: 1, Name: "ENAMED", Description: "The only reason the module names."}},
		Functions: []native.Function{
			{Name: "put", IsEntry: true, Params: []string{"&signer", "u64"}, Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				return nil, c.Host().SetTableItem(probeTable, item(args), []byte{1})
			}},
			{Name: "remove", IsEntry: true, Params: []string{"&signer", "u64"}, Impl: func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
				return nil, c.Host().DeleteTableItem(probeTable, item(args))
			}},
			{Name: "abort_unnamed", IsEntry: true, Params: []string{"&signer"}, Impl: func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
				return nil, c.Abort(native.Code(native.InvalidState, 2))
			}},
		}}
}

func entryCall(module ledgerapi.ModuleId, fn string, args ...[]byte) txn.TransactionPayload {
	return txn.TransactionPayload{Variant: txn.PayloadEntryFunction,
		EntryFunction: &txn.EntryFunction{Module: module, Function: fn, Args: args}}
}

// served is one transaction as the API serves it: the BCS record, cut into
// the bytes of its parts, and the JSON transaction.
type served struct {
	data                         onchain.TransactionOnChainData
	txnBytes, infoBytes, changes []byte
	eventBytes                   [][]byte
}

// readServed cuts one TransactionOnChainData of the list d reads into its
// parts' bytes, decoding each part with its own decoder.
func readServed(t *testing.T, d *bcs.Decoder, raw []byte) served {
	t.Helper()
	var s served
	s.data.Version = d.U64("version")
	start := d.Offset()
	s.data.Variant = d.ULEB128("Transaction")
	switch s.data.Variant {
	case onchain.VariantUser:
		var st txn.SignedTransaction
		st.UnmarshalBCS(d)
	case onchain.VariantGenesis:
		var c onchain.ChangeSet
		c.UnmarshalBCS(d)
	case onchain.VariantBlockMetadata:
		var b onchain.BlockMetadata
		b.UnmarshalBCS(d)
	case onchain.VariantStateCheckpoint:
		var h ledgerapi.HashValue
		h.UnmarshalBCS(d)
	default:
		t.Fatalf("version %d: transaction variant %d", s.data.Version, s.data.Variant)
	}
	s.txnBytes = raw[start:d.Offset()]
	s.data.Body = s.txnBytes[1:] // the variants used are below 0x80: one ULEB128 byte
	start = d.Offset()
	s.data.Info.UnmarshalBCS(d)
	s.infoBytes = raw[start:d.Offset()]
	n := d.SeqLen("events", 1)
	for range n {
		start = d.Offset()
		var ev onchain.Event
		ev.UnmarshalBCS(d)
		s.data.Events = append(s.data.Events, ev)
		s.eventBytes = append(s.eventBytes, raw[start:d.Offset()])
	}
	s.data.AccumulatorRootHash.UnmarshalBCS(d)
	start = d.Offset()
	s.data.Changes.UnmarshalBCS(d)
	s.changes = raw[start:d.Offset()]
	if d.Failed() {
		t.Fatalf("version %d does not decode: %v", s.data.Version, d.Err())
	}
	return s
}

// merkleRoot is the root of an Aptos accumulator over leaves, built level
// by level (a level of odd length is padded with the placeholder hash).
func merkleRoot(salt [32]byte, leaves []ledgerapi.HashValue) ledgerapi.HashValue {
	placeholder := ledgerapi.HashValue{}
	copy(placeholder[:], "ACCUMULATOR_PLACEHOLDER_HASH")
	if len(leaves) == 0 {
		return placeholder
	}
	level := append([]ledgerapi.HashValue(nil), leaves...)
	for len(level) > 1 {
		if len(level)%2 == 1 {
			level = append(level, placeholder)
		}
		next := make([]ledgerapi.HashValue, len(level)/2)
		for i := range next {
			next[i] = crypto.SHA3_256(salt[:], level[2*i][:], level[2*i+1][:])
		}
		level = next
	}
	return level[0]
}

// TestServedHashesRecompute commits transactions of every outcome and every
// kind of write op through the whole stack, then recomputes each hash of
// every transaction from the BCS the API serves and compares it with what
// the API says: sha3(salt("APTOS::WriteSet") ‖ served write set) is
// state_change_hash, the event accumulator over the served events is
// event_root_hash, the transaction accumulator over the served infos is
// accumulator_root_hash, the served Transaction enum hashes to the
// transaction's hash, and the JSON vm_status and success are the text and
// kind of the served ExecutionStatus.
func TestServedHashesRecompute(t *testing.T) {
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 3, Natives: []native.Module{probeModule()}})
	if err != nil {
		t.Fatal(err)
	}
	s := newStackVM(t, vm, handlers.Options{}, 0, memstore.Options{ChainID: 4}, nil)
	dev := s.vm.DevAccounts()
	fresh := ledgerapi.Address(crypto.SHA3_256([]byte("a fresh account")))
	seq := uint64(0)
	submit := func(p txn.TransactionPayload, maxGas uint64) string {
		st := dev[0].Sign(txn.RawTransaction{Sender: dev[0].Address, SequenceNumber: seq, Payload: p, MaxGasAmount: maxGas,
			GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 4})
		seq++
		if status, body, _ := post(t, s.base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes()); status != 202 {
			t.Fatalf("submit: %d %v", status, body)
		}
		getJSONInto(t, s.base+"/transactions/wait_by_hash/"+st.Hash().String(), new(map[string]any))
		return st.Hash().String()
	}
	// The outcome each transaction must have: the kind and the vm_status text.
	type outcome struct {
		kind onchain.StatusKind
		text string
	}
	want := map[string]outcome{
		submit(vmstub.TransferPayload(fresh, 1000), 10_000): {onchain.KindSuccess, "Executed successfully"},
		submit(vmstub.TransferPayload(fresh, 1<<62), 10_000): {onchain.KindMoveAbort,
			"Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004): Insufficient balance to withdraw or transfer."},
		// Creating the second account's store costs more than 30 units.
		submit(vmstub.TransferPayload(ledgerapi.Address{31: 0xf2}, 1), 30): {onchain.KindOutOfGas, "Out of gas"},
		submit(entryCall(ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "aptos_account"}, "nope"), 10_000): {
			onchain.KindMiscellaneousError, "FUNCTION_RESOLUTION_FAILURE"},
		submit(entryCall(probeID, "abort_unnamed"), 10_000):              {onchain.KindMoveAbort, "Move abort in 0xcafe::probe: 0x30002"},
		submit(entryCall(probeID, "put", vmstub.U64Value(7)), 10_000):    {onchain.KindSuccess, "Executed successfully"},
		submit(entryCall(probeID, "remove", vmstub.U64Value(7)), 10_000): {onchain.KindSuccess, "Executed successfully"},
		submit(entryCall(probeID, "put", vmstub.U64Value(8)), 10_000):    {onchain.KindSuccess, "Executed successfully"},
		submit(entryCall(probeID, "put", vmstub.U64Value(8)), 10_000):    {onchain.KindSuccess, "Executed successfully"},
	}
	if len(want) != 9 {
		t.Fatalf("%d distinct transactions, want 9", len(want))
	}

	var info map[string]any
	getJSONInto(t, s.base+"/", &info)
	latest, _ := strconv.ParseUint(info["ledger_version"].(string), 10, 64)
	path := "/transactions?start=0&limit=" + strconv.FormatUint(latest+1, 10)
	var list []map[string]any
	getJSONInto(t, s.base+path, &list)
	raw := getBCS(t, s.base+path)
	d := bcs.NewDecoder(raw)
	if n := d.SeqLen("transactions", 1); n != len(list) || uint64(n) != latest+1 {
		t.Fatalf("%d BCS transactions, %d JSON, latest version %d", n, len(list), latest)
	}
	var infos []ledgerapi.HashValue
	ops := map[uint32]int{}
	seen := map[string]bool{}
	for i, j := range list {
		got := readServed(t, d, raw)
		v, in := got.data.Version, &got.data.Info
		if strconv.Itoa(i) != j["version"] || v != uint64(i) {
			t.Fatalf("transaction %d: BCS version %d, JSON %v", i, v, j["version"])
		}
		infos = append(infos, crypto.SHA3_256(saltInfo[:], got.infoBytes))
		hashes := []hashCheck{
			{"transaction hash", crypto.SHA3_256(crypto.SaltTransaction[:], got.txnBytes), in.TransactionHash, j["hash"]},
			{"state_change_hash", crypto.SHA3_256(saltWriteSet[:], got.changes), in.StateChangeHash, j["state_change_hash"]},
			{"event_root_hash", eventRoot(got.eventBytes), in.EventRootHash, j["event_root_hash"]},
			{"accumulator_root_hash", merkleRoot(crypto.Salt("TransactionAccumulator"), infos), got.data.AccumulatorRootHash, j["accumulator_root_hash"]},
		}
		for _, h := range hashes {
			if h.recomputed != h.served || h.served.String() != h.json {
				t.Errorf("version %d %s: recomputed %s, served %s, JSON %v", v, h.what, h.recomputed, h.served, h.json)
			}
		}
		if text := in.Status.VMStatus(nil); text != j["vm_status"] || in.Status.Success() != j["success"] {
			t.Errorf("version %d: BCS status %q (success %v), JSON %v (success %v)", v, text, in.Status.Success(), j["vm_status"], j["success"])
		}
		if w, ok := want[in.TransactionHash.String()]; ok {
			seen[in.TransactionHash.String()] = true
			if in.Status.Kind != w.kind || j["vm_status"] != w.text {
				t.Errorf("version %d: status kind %d %v, want kind %d %q", v, in.Status.Kind, j["vm_status"], w.kind, w.text)
			}
		}
		if len(got.data.Changes) != len(j["changes"].([]any)) {
			t.Errorf("version %d: %d BCS changes, %d JSON", v, len(got.data.Changes), len(j["changes"].([]any)))
		}
		countOps(t, got.changes, len(got.data.Changes), ops)
		// The record re-encodes to the bytes served: one encoder.
		again, err := got.data.AppendBCS(nil)
		served := append(append(binaryU64(v), got.txnBytes...), got.infoBytes...)
		if err != nil || !bytes.HasPrefix(again, served) || !bytes.HasSuffix(again, got.changes) {
			t.Errorf("version %d: the decoded record does not re-encode to the served bytes (%v)", v, err)
		}
	}
	if err := d.Finish(); err != nil {
		t.Fatal(err)
	}
	if len(seen) != len(want) {
		t.Errorf("found %d of the %d submitted transactions", len(seen), len(want))
	}
	// Creations, modifications and deletions were all served.
	if ops[0] == 0 || ops[1] == 0 || ops[2] == 0 {
		t.Errorf("write op variants served: %v, want creations (0), modifications (1) and deletions (2)", ops)
	}
}

// Salts of the hashed records, as the SDKs derive them.
var (
	saltInfo     = crypto.Salt("TransactionInfo")
	saltWriteSet = crypto.Salt("WriteSet")
	saltEvent    = crypto.Salt("ContractEvent")
)

// hashCheck is one hash recomputed from served bytes, as served in the BCS
// and in the JSON.
type hashCheck struct {
	what       string
	recomputed ledgerapi.HashValue
	served     ledgerapi.HashValue
	json       any
}

func eventRoot(events [][]byte) ledgerapi.HashValue {
	leaves := make([]ledgerapi.HashValue, len(events))
	for i, e := range events {
		leaves[i] = crypto.SHA3_256(saltEvent[:], e)
	}
	return merkleRoot(crypto.Salt("EventAccumulator"), leaves)
}

func binaryU64(v uint64) []byte {
	var e bcs.Encoder
	e.U64(v)
	return e.Bytes()
}

// countOps counts the WriteOp variants of a served write set (n entries).
func countOps(t *testing.T, ws []byte, n int, ops map[uint32]int) {
	t.Helper()
	d := bcs.NewDecoder(ws)
	d.Variant("WriteSet", 1)
	d.SeqLen("WriteSet", 1)
	for range n {
		d.Variant("StateKey", 2)
		d.Fixed(make([]byte, ledgerapi.AddressLength), "address or handle")
		d.ReadBytes("path or key")
		op := d.Variant("WriteOp", 6)
		ops[op]++
		if op != 2 {
			d.ReadBytes("value")
		}
	}
	if err := d.Finish(); err != nil {
		t.Fatalf("write set does not decode: %v", err)
	}
}
