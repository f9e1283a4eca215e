package handlers_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
)

// doReq does one request with the given Accept header and returns the
// status, the Content-Type and the body.
func doReq(t *testing.T, method, url, accept, contentType string, body []byte) (int, string, []byte, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header.Get("Content-Type"), b, resp.Header
}

// getBCS fetches url as BCS and fails unless it is a 200 application/x-bcs.
func getBCS(t *testing.T, url string) []byte {
	t.Helper()
	status, ct, b, _ := doReq(t, "GET", url, ledgerapi.ContentTypeBCS, "", nil)
	if status != 200 || ct != ledgerapi.ContentTypeBCS {
		t.Fatalf("GET %s as BCS: %d %s %s", url, status, ct, b)
	}
	return b
}

// getJSONInto fetches url as JSON into v.
func getJSONInto(t *testing.T, url string, v any) {
	t.Helper()
	status, _, b, _ := doReq(t, "GET", url, ledgerapi.ContentTypeJSON, "", nil)
	if status != 200 {
		t.Fatalf("GET %s: %d %s", url, status, b)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

// onChain is a decoded TransactionOnChainData with its user transaction.
type onChain struct {
	onchain.TransactionOnChainData
	user *txn.SignedTransaction
}

// decodeOnChain reads one TransactionOnChainData through package onchain's
// decoder, which also checks that the write set's keys are in canonical
// order.
func decodeOnChain(t *testing.T, d *bcs.Decoder) onChain {
	t.Helper()
	var o onChain
	o.UnmarshalBCSWith(d, func(d *bcs.Decoder) {
		o.user = new(txn.SignedTransaction)
		o.user.UnmarshalBCS(d)
	})
	if d.Failed() {
		t.Fatalf("TransactionOnChainData does not decode: %v", d.Err())
	}
	return o
}

func TestBCSOutput(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	dev := s.vm.DevAccounts()
	st := s.transfer(t, dev[0], 0, dev[1].Address, 1234)
	if status, body, _ := post(t, s.base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes()); status != 202 {
		t.Fatalf("submit: %d %v", status, body)
	}
	var committed map[string]any
	getJSONInto(t, s.base+"/transactions/wait_by_hash/"+st.Hash().String(), &committed)
	version, _ := strconv.ParseUint(committed["version"].(string), 10, 64)

	t.Run("ledger info", func(t *testing.T) {
		var j map[string]any
		getJSONInto(t, s.base+"/", &j)
		d := bcs.NewDecoder(getBCS(t, s.base+"/"))
		chainID := d.U8("chain id")
		epoch := d.U64("epoch")
		d.U64("ledger version")
		oldest := d.U64("oldest")
		d.U64("timestamp")
		role := d.Variant("role", 2)
		d.U64("oldest block height")
		d.U64("block height")
		if err := d.Finish(); err != nil {
			t.Fatal(err)
		}
		if _, ok := j["git_hash"].(string); !ok {
			t.Errorf("the JSON ledger info has no git_hash: %v", j) // the BCS one has none (Finish above)
		}
		if float64(chainID) != j["chain_id"] || strconv.FormatUint(epoch, 10) != j["epoch"] ||
			strconv.FormatUint(oldest, 10) != j["oldest_ledger_version"] || role != 1 {
			t.Fatalf("BCS ledger info (chain %d epoch %d oldest %d role %d) disagrees with %v", chainID, epoch, oldest, role, j)
		}
	})

	t.Run("healthy", func(t *testing.T) {
		d := bcs.NewDecoder(getBCS(t, s.base+"/-/healthy"))
		if msg := d.String("message"); msg != "aptos-node:ok" || d.Finish() != nil {
			t.Fatalf("healthy: %q %v", msg, d.Err())
		}
	})

	t.Run("account", func(t *testing.T) {
		d := bcs.NewDecoder(getBCS(t, s.base+"/accounts/"+dev[0].Address.String()))
		key := d.ReadBytes("auth key")
		seq := d.U64("sequence number")
		want, _ := st.Auth.Sender.AuthKey()
		if d.Failed() || !bytes.Equal(key, want[:]) || seq != 1 {
			t.Fatalf("account: key %x seq %d err %v", key, seq, d.Err())
		}
		// An address with no Account resource gets the synthesized one.
		fresh := ledgerapi.Address{31: 0x77}
		d = bcs.NewDecoder(getBCS(t, s.base+"/accounts/"+fresh.String()))
		key = d.ReadBytes("auth key")
		if seq := d.U64("sequence number"); !bytes.Equal(key, fresh[:]) || seq != 0 || d.Failed() {
			t.Fatalf("fresh account: key %x seq %d %v", key, seq, d.Err())
		}
	})

	t.Run("resource and resources", func(t *testing.T) {
		raw, err := s.store.StateValue(t.Context(), storage.ResourceKey(dev[0].Address,
			ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "account", Name: "Account"}), version)
		if err != nil {
			t.Fatal(err)
		}
		got := getBCS(t, s.base+"/accounts/"+dev[0].Address.String()+"/resource/0x1::account::Account")
		if !bytes.Equal(got, raw) {
			t.Fatalf("resource bytes %x, stored %x", got, raw)
		}
		var list []map[string]any
		getJSONInto(t, s.base+"/accounts/0x1/resources", &list)
		d := bcs.NewDecoder(getBCS(t, s.base+"/accounts/0x1/resources"))
		n := d.SeqLen("map", 1)
		var prev []byte
		for range n {
			start := d.Offset()
			var tag ledgerapi.StructTag
			tag.UnmarshalBCS(d)
			key := append([]byte(nil), d.Since(start)...)
			if prev != nil && bytes.Compare(prev, key) >= 0 {
				t.Fatalf("resource map keys out of order at %s", tag)
			}
			prev = key
			d.ReadBytes("value")
		}
		if err := d.Finish(); err != nil || n != len(list) || n == 0 {
			t.Fatalf("resources: %d BCS entries, %d JSON, err %v", n, len(list), err)
		}
	})

	t.Run("modules and module", func(t *testing.T) {
		var list []map[string]any
		getJSONInto(t, s.base+"/accounts/0x1/modules", &list)
		d := bcs.NewDecoder(getBCS(t, s.base+"/accounts/0x1/modules"))
		n := d.SeqLen("map", 1)
		var first ledgerapi.ModuleId
		var firstCode []byte
		for i := range n {
			var m ledgerapi.ModuleId
			m.UnmarshalBCS(d)
			code := d.ReadBytes("bytecode")
			if i == 0 {
				first, firstCode = m, code
			}
		}
		if err := d.Finish(); err != nil || n != len(list) || n == 0 {
			t.Fatalf("modules: %d BCS entries, %d JSON, err %v", n, len(list), err)
		}
		got := getBCS(t, s.base+"/accounts/0x1/module/"+first.Name)
		if !bytes.Equal(got, firstCode) {
			t.Fatalf("module %s bytecode differs from the listing", first.Name)
		}
	})

	t.Run("balance", func(t *testing.T) {
		var j json.Number
		getJSONInto(t, s.base+"/accounts/"+dev[1].Address.String()+"/balance/0x1::aptos_coin::AptosCoin", &j)
		b := getBCS(t, s.base+"/accounts/"+dev[1].Address.String()+"/balance/0x1::aptos_coin::AptosCoin")
		if len(b) != 8 || strconv.FormatUint(binary.LittleEndian.Uint64(b), 10) != j.String() {
			t.Fatalf("balance BCS %x, JSON %s", b, j)
		}
	})

	t.Run("transaction by version, hash and wait", func(t *testing.T) {
		for _, path := range []string{"/transactions/by_version/" + strconv.FormatUint(version, 10),
			"/transactions/by_hash/" + st.Hash().String(), "/transactions/wait_by_hash/" + st.Hash().String()} {
			d := bcs.NewDecoder(getBCS(t, s.base+path))
			if v := d.Variant("transaction data", 2); v != 0 {
				t.Fatalf("%s: variant %d, want OnChain", path, v)
			}
			o := decodeOnChain(t, d)
			if err := d.Finish(); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if o.Version != version || o.user == nil || o.user.Hash() != st.Hash() || o.Info.TransactionHash != st.Hash() ||
				strconv.FormatUint(o.Info.GasUsed, 10) != committed["gas_used"] || !o.Info.Status.Success() ||
				o.AccumulatorRootHash.String() != committed["accumulator_root_hash"] ||
				len(o.Events) != len(committed["events"].([]any)) || len(o.Changes) != len(committed["changes"].([]any)) {
				t.Fatalf("%s: decoded %+v disagrees with the JSON transaction", path, o)
			}
			for i, ev := range o.Events {
				want := committed["events"].([]any)[i].(map[string]any)["type"]
				if ev.Type.String() != want {
					t.Fatalf("event %d type %s, JSON %v", i, ev.Type, want)
				}
			}
		}
	})

	t.Run("pending by hash", func(t *testing.T) {
		// A transaction parked behind a sequence gap stays pending.
		parked := s.transfer(t, dev[2], 5, dev[1].Address, 1)
		if status, body, _ := post(t, s.base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, parked.Bytes()); status != 202 {
			t.Fatalf("submit: %d %v", status, body)
		}
		b := getBCS(t, s.base+"/transactions/by_hash/"+parked.Hash().String())
		if b[0] != 1 || !bytes.Equal(b[1:], parked.Bytes()) {
			t.Fatalf("pending BCS is not Pending(SignedTransaction)")
		}
	})

	t.Run("transaction lists", func(t *testing.T) {
		for _, path := range []string{"/transactions?start=" + strconv.FormatUint(version, 10) + "&limit=1",
			"/accounts/" + dev[0].Address.String() + "/transactions"} {
			d := bcs.NewDecoder(getBCS(t, s.base+path))
			if n := d.SeqLen("list", 1); n != 1 {
				t.Fatalf("%s: %d transactions", path, n)
			}
			if o := decodeOnChain(t, d); o.Version != version || d.Finish() != nil {
				t.Fatalf("%s: version %d err %v", path, o.Version, d.Err())
			}
		}
	})

	t.Run("summaries", func(t *testing.T) {
		d := bcs.NewDecoder(getBCS(t, s.base+"/accounts/"+dev[0].Address.String()+"/transaction_summaries"))
		n := d.SeqLen("summaries", 1)
		d.Variant("summary", 1)
		var sender ledgerapi.Address
		sender.UnmarshalBCS(d)
		kind := d.Variant("replay protector", 2)
		seq := d.U64("sequence number")
		v := d.U64("version")
		var h ledgerapi.HashValue
		h.UnmarshalBCS(d)
		if err := d.Finish(); err != nil || n != 1 || sender != dev[0].Address || kind != 1 || seq != 0 || v != version || h != st.Hash() {
			t.Fatalf("summary: n=%d sender %s kind %d seq %d version %d hash %s err %v", n, sender, kind, seq, v, h, err)
		}
	})

	t.Run("block", func(t *testing.T) {
		var j map[string]any
		getJSONInto(t, s.base+"/blocks/by_version/"+strconv.FormatUint(version, 10), &j)
		for _, with := range []bool{false, true} {
			d := bcs.NewDecoder(getBCS(t, s.base+"/blocks/by_version/"+strconv.FormatUint(version, 10)+"?with_transactions="+strconv.FormatBool(with)))
			height := d.U64("height")
			var h ledgerapi.HashValue
			h.UnmarshalBCS(d)
			d.U64("timestamp")
			first, last := d.U64("first"), d.U64("last")
			if has := d.Option("transactions"); has != with {
				t.Fatalf("with_transactions=%v: option %v", with, has)
			}
			if with {
				n := d.SeqLen("transactions", 1)
				if uint64(n) != last-first+1 {
					t.Fatalf("block has %d transactions, range %d..%d", n, first, last)
				}
				for v := first; v <= last; v++ {
					if o := decodeOnChain(t, d); o.Version != v {
						t.Fatalf("block transaction %d has version %d", v, o.Version)
					}
				}
			}
			if err := d.Finish(); err != nil || strconv.FormatUint(height, 10) != j["block_height"] || h.String() != j["block_hash"] ||
				strconv.FormatUint(first, 10) != j["first_version"] {
				t.Fatalf("block BCS disagrees with %v (err %v)", j, err)
			}
		}
	})

	t.Run("events", func(t *testing.T) {
		// Every block emits a NewBlockEvent into 0x1's block stream.
		var j []map[string]any
		path := "/accounts/0x1/events/0x1::block::BlockResource/new_block_events"
		getJSONInto(t, s.base+path, &j)
		d := bcs.NewDecoder(getBCS(t, s.base+path))
		n := d.SeqLen("events", 1)
		for i := range n {
			v := d.U64("version")
			var ev onchain.Event
			ev.UnmarshalBCS(d)
			if strconv.FormatUint(v, 10) != j[i]["version"] || ev.Type.String() != j[i]["type"] {
				t.Fatalf("event %d: version %d type %s, JSON %v", i, v, ev.Type, j[i])
			}
		}
		if err := d.Finish(); err != nil || n != len(j) || n == 0 {
			t.Fatalf("events: %d BCS, %d JSON, err %v", n, len(j), err)
		}
	})

	t.Run("view", func(t *testing.T) {
		body := []byte(`{"function":"0x1::account::get_sequence_number","type_arguments":[],"arguments":["` + dev[0].Address.String() + `"]}`)
		status, ct, b, h := doReq(t, "POST", s.base+"/view", ledgerapi.ContentTypeBCS, ledgerapi.ContentTypeJSON, body)
		if status != 200 || ct != ledgerapi.ContentTypeBCS || h.Get(ledgerapi.HeaderGasUsed) == "" {
			t.Fatalf("view: %d %s %s", status, ct, b)
		}
		d := bcs.NewDecoder(b)
		if n := d.SeqLen("values", 1); n != 1 {
			t.Fatalf("view: %d values", n)
		}
		if seq := d.U64("value"); seq != 1 || d.Finish() != nil {
			t.Fatalf("view: sequence %d err %v", seq, d.Err())
		}
	})

	t.Run("estimate gas price", func(t *testing.T) {
		var j map[string]any
		getJSONInto(t, s.base+"/estimate_gas_price", &j)
		b := getBCS(t, s.base+"/estimate_gas_price")
		if len(b) != 8 || float64(binary.LittleEndian.Uint64(b)) != j["gas_estimate"] {
			t.Fatalf("gas estimate BCS %x, JSON %v", b, j)
		}
	})

	t.Run("simulate", func(t *testing.T) {
		sim := s.transfer(t, dev[0], 1, dev[1].Address, 5)
		sim.Auth.Sender.Signature = make([]byte, 64)
		status, ct, b, h := doReq(t, "POST", s.base+"/transactions/simulate", ledgerapi.ContentTypeBCS, ledgerapi.ContentTypeAptosSignedTxnBCS, sim.Bytes())
		if status != 200 || ct != ledgerapi.ContentTypeBCS {
			t.Fatalf("simulate: %d %s %s", status, ct, b)
		}
		d := bcs.NewDecoder(b)
		o := decodeOnChain(t, d)
		if err := d.Finish(); err != nil || !o.Info.Status.Success() || strconv.FormatUint(o.Info.GasUsed, 10) != h.Get(ledgerapi.HeaderGasUsed) ||
			o.user == nil || o.user.Raw.SequenceNumber != 1 {
			t.Fatalf("simulate: %+v err %v", o, err)
		}
	})

	t.Run("table item", func(t *testing.T) {
		// The OriginatingAddress table at 0x1 maps auth keys to addresses;
		// its handle is in the resource.
		var res map[string]any
		getJSONInto(t, s.base+"/accounts/0x1/resource/0x1::account::OriginatingAddress", &res)
		handle := res["data"].(map[string]any)["address_map"].(map[string]any)["handle"].(string)
		body := []byte(`{"key_type":"address","value_type":"address","key":"0x1"}`)
		status, _, b, _ := doReq(t, "POST", s.base+"/tables/"+handle+"/item", ledgerapi.ContentTypeBCS, ledgerapi.ContentTypeJSON, body)
		if status != 404 {
			t.Fatalf("missing table item as BCS: %d %s", status, b)
		}
		var e map[string]any
		if json.Unmarshal(b, &e) != nil || e["error_code"] != "table_item_not_found" {
			t.Fatalf("errors stay JSON under Accept BCS: %s", b)
		}
	})

	t.Run("submit and encode_submission", func(t *testing.T) {
		next := s.transfer(t, dev[1], 0, dev[0].Address, 1)
		status, _, b, _ := doReq(t, "POST", s.base+"/transactions", ledgerapi.ContentTypeBCS, ledgerapi.ContentTypeAptosSignedTxnBCS, next.Bytes())
		if status != 202 || len(b) != 0 {
			t.Fatalf("submit with Accept BCS: %d %q", status, b)
		}
		req := []byte(`{"sender":"` + dev[0].Address.String() + `","sequence_number":"1","max_gas_amount":"1000","gas_unit_price":"100","expiration_timestamp_secs":"99999999999","payload":{"type":"entry_function_payload","function":"0x1::aptos_account::transfer","type_arguments":[],"arguments":["0x2","1"]}}`)
		status, _, b, _ = doReq(t, "POST", s.base+"/transactions/encode_submission", ledgerapi.ContentTypeBCS, ledgerapi.ContentTypeJSON, req)
		var e map[string]any
		if status != 400 || json.Unmarshal(b, &e) != nil || e["error_code"] != "bcs_not_supported" {
			t.Fatalf("encode_submission with Accept BCS: %d %s", status, b)
		}
	})
}

func TestAcceptNegotiation(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	cases := []struct {
		accept string
		bcs    bool
	}{
		{"", false},
		{"*/*", false},
		{"text/html", false},
		{"application/json, text/plain, */*", false},
		{"application/json, application/x-bcs", false},
		{"application/x-bcs, application/json", true},
		{"application/x-bcs", true},
		{"Application/X-BCS", true},
		{"text/html, application/x-bcs;q=0.9", true},
	}
	for _, c := range cases {
		status, ct, b, _ := doReq(t, "GET", s.base+"/", c.accept, "", nil)
		if status != 200 {
			t.Fatalf("Accept %q: %d %s", c.accept, status, b)
		}
		if got := ct == ledgerapi.ContentTypeBCS; got != c.bcs {
			t.Fatalf("Accept %q: Content-Type %s, want BCS=%v", c.accept, ct, c.bcs)
		}
	}
}

// TestResourcesBCSCursor pages resources as BCS: the cursor header is set
// and the pages together hold every resource once.
func TestResourcesBCSCursor(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	var all []map[string]any
	getJSONInto(t, s.base+"/accounts/0x1/resources", &all)
	seen := map[string]bool{}
	cursor := ""
	for page := 0; ; page++ {
		u := s.base + "/accounts/0x1/resources?limit=2"
		if cursor != "" {
			u += "&start=" + url.QueryEscape(cursor)
		}
		status, _, b, h := doReq(t, "GET", u, ledgerapi.ContentTypeBCS, "", nil)
		if status != 200 {
			t.Fatalf("page %d: %d %s", page, status, b)
		}
		d := bcs.NewDecoder(b)
		n := d.SeqLen("map", 1)
		for range n {
			var tag ledgerapi.StructTag
			tag.UnmarshalBCS(d)
			d.ReadBytes("value")
			if seen[tag.String()] {
				t.Fatalf("%s listed twice", tag)
			}
			seen[tag.String()] = true
		}
		if err := d.Finish(); err != nil {
			t.Fatal(err)
		}
		if cursor = h.Get(ledgerapi.HeaderCursor); cursor == "" {
			break
		}
		if h.Get("X-Aptos-Cursor") != cursor {
			t.Fatalf("X-Aptos-Cursor %q, X-NODE-CURSOR %q", h.Get("X-Aptos-Cursor"), cursor)
		}
	}
	if len(seen) != len(all) {
		t.Fatalf("BCS pages listed %d resources, JSON %d", len(seen), len(all))
	}
}
