package onchain_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// TestWriteSetRoundTrip decodes the encoding of a write set holding every
// op variant and gets the same ops back, in the order of their keys'
// encodings; encoding again gives the same bytes.
func TestWriteSetRoundTrip(t *testing.T) {
	ws := vectorWriteSet()
	b, err := ws.AppendBCS(nil)
	if err != nil {
		t.Fatal(err)
	}
	var back onchain.WriteSet
	if err := bcs.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if len(back) != len(ws) {
		t.Fatalf("%d entries back, want %d", len(back), len(ws))
	}
	var prev []byte
	for _, w := range back {
		enc, _ := w.Key.Encode()
		if prev != nil && bytes.Compare(prev, enc) >= 0 {
			t.Fatal("decoded entries are not in key order")
		}
		prev = enc
		found := false
		for _, orig := range ws {
			if orig.Key.Equal(&w.Key) {
				found = reflect.DeepEqual(orig, w)
				if !found {
					t.Errorf("%s: decoded %+v, encoded %+v", w.Key, w, orig)
				}
			}
		}
		if !found {
			t.Errorf("%s was not encoded", w.Key)
		}
	}
	again, err := back.AppendBCS(nil)
	if err != nil || !bytes.Equal(again, b) {
		t.Errorf("re-encoding differs: %x, %v", again, err)
	}
	if got := bcs.Marshal(ws); !bytes.Equal(got, b) {
		t.Errorf("MarshalBCS differs from AppendBCS")
	}
}

// TestWriteSetRejects checks the encoder's and decoder's refusals.
func TestWriteSetRejects(t *testing.T) {
	dup := onchain.WriteSet{
		{Key: onchain.TableItemKey(table, []byte{1}), Value: []byte{1}},
		{Key: onchain.TableItemKey(table, []byte{1}), Deleted: true},
	}
	if b, err := dup.AppendBCS([]byte{9}); !errors.Is(err, onchain.ErrInvalidStateKey) || !bytes.Equal(b, []byte{9}) {
		t.Errorf("duplicate key: %x, %v", b, err)
	}
	if err := dup.Sort(); !errors.Is(err, onchain.ErrInvalidStateKey) {
		t.Errorf("Sort of a duplicate key: %v", err)
	}
	if _, err := dup.Hash(); err == nil {
		t.Error("Hash of a duplicate key")
	}
	bad := onchain.WriteSet{{Key: onchain.ModuleKey(alice, "not an identifier")}}
	if _, err := bad.AppendBCS(nil); !errors.Is(err, onchain.ErrInvalidStateKey) {
		t.Errorf("invalid key: %v", err)
	}
	if err := bad.Sort(); !errors.Is(err, onchain.ErrInvalidStateKey) {
		t.Errorf("Sort of an invalid key: %v", err)
	}

	two := onchain.WriteSet{
		{Key: onchain.TableItemKey(table, []byte{1}), Value: []byte{1}},
		{Key: onchain.TableItemKey(table, []byte{2}), Value: []byte{2}},
	}
	good, _ := two.AppendBCS(nil)
	first, _ := onchain.WriteSet{two[0]}.AppendBCS(nil)
	second, _ := onchain.WriteSet{two[1]}.AppendBCS(nil)
	swapped := append(append([]byte{0, 2}, second[2:]...), first[2:]...)
	repeated := append(append([]byte{0, 2}, first[2:]...), first[2:]...)
	for name, b := range map[string][]byte{
		"keys out of order":     swapped,
		"a key twice":           repeated,
		"WriteSet variant 1":    append([]byte{1}, good[1:]...),
		"WriteOp variant 6":     append(append([]byte{0, 1}, first[2:len(first)-3]...), 6),
		"metadata variant 2":    append(append([]byte{0, 1}, first[2:len(first)-3]...), 3, 1, 1, 2),
		"raw state key":         {0, 1, 2, 1, 1, 2},
		"count beyond the data": {0, 5},
		"trailing bytes":        append(append([]byte(nil), good...), 0),
	} {
		var ws onchain.WriteSet
		if err := bcs.Unmarshal(b, &ws); err == nil {
			t.Errorf("%s: %x decoded to %+v", name, b, ws)
		}
	}
	var ws onchain.WriteSet
	if err := bcs.Unmarshal(good, &ws); err != nil || len(ws) != 2 {
		t.Errorf("control case: %v", err)
	}
}

// TestWriteSetSortIsAptosOrder checks Sort against the order of aptos-core's
// BTreeMap<StateKey, _> (variant, address, then the path's bytes without
// their length): for two resources of one account it differs from the
// order of the encodings, which compare the paths' lengths first.
func TestWriteSetSortIsAptosOrder(t *testing.T) {
	account := ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "account", Name: "Account"}
	ws := onchain.WriteSet{
		{Key: onchain.TableItemKey(ledgerapi.AddressOne, []byte{0})},
		{Key: onchain.ResourceKey(alice, account)},
		{Key: onchain.ResourceKey(alice, coinStore)},
		{Key: onchain.ModuleKey(alice, "zz")},
		{Key: onchain.ResourceKey(ledgerapi.AddressOne, account)},
	}
	if err := ws.Sort(); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"resource 0x1::account::Account at 0x1",
		"module zz at 0x00000000000000000000000000000000000000000000000000000000000a11ce",
		"resource 0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin> at 0x00000000000000000000000000000000000000000000000000000000000a11ce",
		"resource 0x1::account::Account at 0x00000000000000000000000000000000000000000000000000000000000a11ce",
		"table item 0x00 of 0x1",
	}
	for i, w := range ws {
		if w.Key.String() != want[i] {
			t.Errorf("position %d: %s, want %s", i, w.Key, want[i])
		}
	}
	// The encoding orders the two resources of alice the other way round.
	b, _ := ws.AppendBCS(nil)
	if i, j := bytes.Index(b, []byte("Account")), bytes.LastIndex(b, []byte("CoinStore")); i < 0 || j < 0 {
		t.Fatal("names not found")
	}
	var back onchain.WriteSet
	if err := bcs.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back[2].Key.Resource.Name != "Account" || back[3].Key.Resource.Name != "CoinStore" {
		t.Errorf("encoded order: %s, %s", back[2].Key, back[3].Key)
	}
	// Sorting a large write set (the stack buffers overflow) agrees with
	// sorting it in parts.
	var many onchain.WriteSet
	for i := range 40 {
		many = append(many, onchain.WriteSet{{Key: onchain.TableItemKey(table, bytes.Repeat([]byte{byte(40 - i)}, 1+i%3))}}...)
		many = append(many, onchain.WriteOp{Key: onchain.ResourceKey(ledgerapi.Address{31: byte(i)}, account)})
	}
	if err := many.Sort(); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(many); i++ {
		small := onchain.WriteSet{many[i], many[i-1]}
		if err := small.Sort(); err != nil || !small[0].Key.Equal(&many[i-1].Key) {
			t.Fatalf("entries %d and %d are out of order: %s, %s", i-1, i, many[i-1].Key, many[i].Key)
		}
	}
}

// TestRecordsRoundTrip encodes and decodes every record.
func TestRecordsRoundTrip(t *testing.T) {
	for name, s := range vectorStatuses() {
		var back onchain.ExecutionStatus
		if err := bcs.Unmarshal(bcs.Marshal(&s), &back); err != nil || !reflect.DeepEqual(back, s) {
			t.Errorf("status %s: %+v, %v", name, back, err)
		}
	}
	for i, ev := range vectorEvents() {
		var back onchain.Event
		if err := bcs.Unmarshal(bcs.Marshal(&ev), &back); err != nil || !reflect.DeepEqual(back, ev) {
			t.Errorf("event %d: %+v, %v", i, back, err)
		}
	}
	ckpt := ledgerapi.HashValue{7}
	info := onchain.TransactionInfo{GasUsed: 9, Status: vectorStatuses()["abortInfo"], StateCheckpointHash: &ckpt}
	var infoBack onchain.TransactionInfo
	if err := bcs.Unmarshal(bcs.Marshal(&info), &infoBack); err != nil || !reflect.DeepEqual(infoBack, info) {
		t.Errorf("info: %+v, %v", infoBack, err)
	}
	meta := onchain.BlockMetadata{ID: ckpt, Epoch: 2, Round: 3, Proposer: alice, PreviousBlockVotesBitvec: []byte{0xf0},
		FailedProposerIndices: []uint32{4, 5}, TimestampUsecs: 6}
	var metaBack onchain.BlockMetadata
	if err := bcs.Unmarshal(bcs.Marshal(&meta), &metaBack); err != nil || !reflect.DeepEqual(metaBack, meta) {
		t.Errorf("block metadata: %+v, %v", metaBack, err)
	}

	// Records of the three variants this package decodes.
	ws := onchain.WriteSet{{Key: onchain.ResourceKey(alice, coinStore), Value: []byte{1}, Created: true}}
	genesis, err := (&onchain.ChangeSet{WriteSet: ws, Events: vectorEvents()}).AppendBCS(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range []onchain.TransactionOnChainData{
		{Version: 0, Variant: onchain.VariantGenesis, Body: genesis, Info: info, Events: vectorEvents(), Changes: ws},
		{Version: 1, Variant: onchain.VariantBlockMetadata, Body: meta.AppendBCS(nil), Info: info, Events: []onchain.Event{}, Changes: onchain.WriteSet{}},
		{Version: 2, Variant: onchain.VariantStateCheckpoint, Body: onchain.StateCheckpointBody(ckpt), Info: info,
			AccumulatorRootHash: ckpt, Events: []onchain.Event{}, Changes: onchain.WriteSet{}},
	} {
		b, err := rec.AppendBCS(nil)
		if err != nil {
			t.Fatal(err)
		}
		var back onchain.TransactionOnChainData
		d := bcs.NewDecoder(b)
		back.UnmarshalBCSWith(d, nil)
		if err := d.Finish(); err != nil || !reflect.DeepEqual(back, rec) {
			t.Errorf("version %d:\n got %+v\nwant %+v\n%v", rec.Version, back, rec, err)
		}
	}
	// A user transaction needs a reader of its body.
	user := onchain.TransactionOnChainData{Variant: onchain.VariantUser, Body: []byte{1, 2, 3}, Events: []onchain.Event{}, Changes: onchain.WriteSet{}}
	b, _ := user.AppendBCS(nil)
	var back onchain.TransactionOnChainData
	d := bcs.NewDecoder(b)
	if back.UnmarshalBCSWith(d, nil); d.Err() == nil {
		t.Error("a user transaction decoded without a body reader")
	}
	d = bcs.NewDecoder(b)
	back.UnmarshalBCSWith(d, func(d *bcs.Decoder) { d.Fixed(make([]byte, 3), "body") })
	if err := d.Finish(); err != nil || !reflect.DeepEqual(back, user) {
		t.Errorf("user record: %+v, %v", back, err)
	}
}

// TestEventRejects checks that a V1 event cannot carry the zero key, which
// marks module events.
func TestEventRejects(t *testing.T) {
	v1 := onchain.Event{Key: onchain.EventKey{CreationNumber: 1}, Type: ledgerapi.TypeU8, Data: []byte{1}}
	b := v1.AppendBCS(nil)
	b[1] = 0 // creation number 1 → 0: the zero key
	var ev onchain.Event
	if err := bcs.Unmarshal(b, &ev); err == nil {
		t.Errorf("a V1 event with the zero key decoded: %+v", ev)
	}
	if err := bcs.Unmarshal([]byte{2, 1, 0}, &ev); err == nil {
		t.Error("ContractEvent variant 2 decoded")
	}
}
