package onchain_test

import (
	"bufio"
	"encoding/hex"
	"os"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// vectors reads testdata/vectors.txt, the output of testdata/vectors.py:
// encodings and hashes computed from aptos-core's type definitions by an
// implementation independent of this package.
func vectors(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("testdata/vectors.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " = ")
		if !ok {
			t.Fatalf("bad line %q", sc.Text())
		}
		out[name] = value
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

var (
	alice     = ledgerapi.MustParseAddress("0xa11ce")
	table     = ledgerapi.MustParseAddress("0x77")
	coinMod   = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "coin"}
	aptosCoin = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "aptos_coin", Name: "AptosCoin"}
	coinStore = ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "CoinStore",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.StructType(aptosCoin)}}
)

// vectorWriteSet holds every persisted WriteOp variant, out of key order.
func vectorWriteSet() onchain.WriteSet {
	slot := &onchain.StateValueMetadata{SlotDeposit: 50000, CreationTimeUsecs: 7}
	both := &onchain.StateValueMetadata{SlotDeposit: 50000, BytesDeposit: 120, CreationTimeUsecs: 7}
	return onchain.WriteSet{
		{Key: onchain.ResourceKey(alice, coinStore), Value: []byte{9, 8, 7}},
		{Key: onchain.TableItemKey(table, []byte{5, 5}), Value: []byte{}, Created: true},
		{Key: onchain.ModuleKey(ledgerapi.AddressOne, "coin"), Deleted: true},
		{Key: onchain.TableItemKey(table, []byte{1}), Value: []byte{0x2a}, Created: true, Metadata: slot},
		{Key: onchain.TableItemKey(table, []byte{2}), Value: []byte{0x2b}, Metadata: both},
		{Key: onchain.TableItemKey(table, []byte{3}), Deleted: true, Metadata: both},
	}
}

func vectorEvents() []onchain.Event {
	return []onchain.Event{
		{Key: onchain.EventKey{CreationNumber: 3, Account: alice}, SequenceNumber: 7, Type: ledgerapi.StructType(coinStore), Data: []byte{1}},
		{Type: ledgerapi.VectorOf(ledgerapi.TypeU64), Data: []byte{5, 0, 0, 0, 0, 0, 0, 0}},
		{Type: ledgerapi.TypeU64, Data: []byte{1, 0, 0, 0, 0, 0, 0, 0}},
	}
}

func vectorStatuses() map[string]onchain.ExecutionStatus {
	script := onchain.MoveAbort(ledgerapi.ModuleId{}, 0x2a, nil)
	script.Location = onchain.AbortLocation{Script: true}
	return map[string]onchain.ExecutionStatus{
		"success":  {},
		"outOfGas": onchain.OutOfGas(),
		"abortInfo": onchain.MoveAbort(coinMod, 0x10006,
			&onchain.AbortInfo{ReasonName: "EINSUFFICIENT_BALANCE", Description: "Not enough coins to complete transaction"}),
		"abortNoInfo": onchain.MoveAbort(coinMod, 0x10006, nil),
		"abortScript": script,
		"failure":     {Kind: onchain.KindExecutionFailure, Location: onchain.AbortLocation{Module: coinMod}, Function: 3, CodeOffset: 17},
		"miscCode":    onchain.MiscellaneousError(onchain.FUNCTION_RESOLUTION_FAILURE),
		"miscNone":    {Kind: onchain.KindMiscellaneousError},
	}
}

func hexOf(b []byte) string { return hex.EncodeToString(b) }

func hashHex(h ledgerapi.HashValue) string { return hex.EncodeToString(h[:]) }

func TestVectors(t *testing.T) {
	v := vectors(t)
	check := func(name, got string) {
		t.Helper()
		if want, ok := v[name]; !ok {
			t.Errorf("no vector %s", name)
		} else if got != want {
			t.Errorf("%s:\n got %s\nwant %s", name, got, want)
		}
	}
	ws := vectorWriteSet()
	b, err := ws.AppendBCS(nil)
	if err != nil {
		t.Fatal(err)
	}
	check("writeSet", hexOf(b))
	h, err := ws.Hash()
	if err != nil {
		t.Fatal(err)
	}
	check("writeSetHash", hashHex(h))
	h, _ = onchain.WriteSet(nil).Hash()
	check("emptyWriteSetHash", hashHex(h))

	evs := vectorEvents()
	for i, names := range [][2]string{{"event0", "event0Hash"}, {"event1", "event1Hash"}, {"event2", "event2Hash"}} {
		check(names[0], hexOf(evs[i].AppendBCS(nil)))
		check(names[1], hashHex(evs[i].Hash()))
	}
	check("eventRoot", hashHex(onchain.EventRootHash(evs)))
	check("eventRoot1", hashHex(onchain.EventRootHash(evs[:1])))

	for name, s := range vectorStatuses() {
		check("status."+name, hexOf(s.AppendBCS(nil)))
	}

	txHash := ledgerapi.HashValue{}
	for i := range txHash {
		txHash[i] = byte(i)
	}
	wsHash, _ := ws.Hash()
	info := onchain.TransactionInfo{GasUsed: 1234, Status: vectorStatuses()["abortInfo"], TransactionHash: txHash,
		EventRootHash: onchain.EventRootHash(evs), StateChangeHash: wsHash}
	check("info", hexOf(info.AppendBCS(nil)))
	check("infoHash", hashHex(info.Hash()))
	emptyWS, _ := onchain.WriteSet{}.Hash()
	cc, aa := ledgerapi.HashValue{}, ledgerapi.HashValue{}
	for i := range cc {
		cc[i], aa[i] = 0xcc, 0xaa
	}
	ckpt := onchain.TransactionInfo{TransactionHash: txHash, EventRootHash: onchain.PlaceholderHash(), StateChangeHash: emptyWS,
		StateCheckpointHash: &cc, AuxiliaryInfoHash: &aa}
	check("checkpointInfo", hexOf(ckpt.AppendBCS(nil)))
	check("checkpointInfoHash", hashHex(ckpt.Hash()))
	var acc onchain.Accumulator
	acc.Append(info.Hash())
	acc.Append(ckpt.Hash())
	check("accumulator2", hashHex(acc.Root()))
	acc.Append(info.Hash())
	check("accumulator3", hashHex(acc.Root()))

	var id ledgerapi.HashValue
	for i := range id {
		id[i] = 0xbb
	}
	meta := onchain.BlockMetadata{ID: id, Epoch: 1, Round: 9, TimestampUsecs: 1_700_000_000_000_000}
	check("blockMetadata", hexOf(meta.AppendBCS(nil)))
	check("blockMetadataTxnHash", hashHex(onchain.TransactionHash(onchain.VariantBlockMetadata, meta.AppendBCS(nil))))
	check("checkpointTxnHash", hashHex(onchain.TransactionHash(onchain.VariantStateCheckpoint, onchain.StateCheckpointBody(id))))
}

// TestRealNodeConstants checks the two hashes every state checkpoint of the
// real network shows: the empty write set's and the empty event root.
func TestRealNodeConstants(t *testing.T) {
	h, err := onchain.WriteSet{}.Hash()
	if err != nil || hashHex(h) != "afb6e14fe47d850fd0a7395bcfb997ffacf4715e0f895cc162c218e4a7564bc6" {
		t.Errorf("empty write set hash %s, %v", h, err)
	}
	if h := onchain.EventRootHash(nil); hashHex(h) != "414343554d554c41544f525f504c414345484f4c4445525f4841534800000000" {
		t.Errorf("empty event root %s", h)
	}
}

// TestUserTransactionHash checks the Transaction enum's hash against the
// official TypeScript SDK's generateUserTransactionHash of an Ed25519
// transfer (vector V3 of the shared reference facts).
func TestUserTransactionHash(t *testing.T) {
	raw := "978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa" + "0000000000000000" + "02" +
		"0000000000000000000000000000000000000000000000000000000000000001" + "0d" + hex.EncodeToString([]byte("aptos_account")) +
		"08" + hex.EncodeToString([]byte("transfer")) + "00" + "02" +
		"20" + "0000000000000000000000000000000000000000000000000000000000000b0b" + "08" + "e803000000000000" +
		"400d030000000000" + "6400000000000000" + "00f1536500000000" + "04"
	signed := raw + "00" + "20" + "de19e5d1880cac87d57484ce9ed2e84cf0f9599f12e7cc3a52e4e7657a763f2c" + "40" +
		"b8978a0205790c49434b5783a22847de775b609123b561e63980a2477863cc06c69b9e7c41f7c850fbd8e3b6c761fe8300efe0395721e73a1c8179a7c44e4306"
	body, err := hex.DecodeString(signed)
	if err != nil {
		t.Fatal(err)
	}
	if h := onchain.TransactionHash(onchain.VariantUser, body); hashHex(h) != "465531c46718b69885cf4a5295ceda4c9162524e613e77f17f5f4426a244c944" {
		t.Errorf("user transaction hash %s", h)
	}
	if got := hexOf(onchain.AppendTransaction(nil, onchain.VariantUser, body)); got != "00"+signed {
		t.Errorf("Transaction enum bytes %s", got)
	}
}
