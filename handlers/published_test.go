package handlers_test

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

var cafeAddr = ledgerapi.MustParseAddress("0xcafe")

// vaultModule builds 0xcafe::vault as a compiler would (bodies, not
// natives): Item and Vault structs, an #[event] Deposited, an entry
// function deposit(&signer, u64) and a #[view] total(address): u64.
func vaultModule(t *testing.T) ([]byte, *bytecode.ModuleABI) {
	t.Helper()
	b := bytecode.NewModuleBuilder(cafeAddr, "vault").Version(bytecode.Version7)
	str := b.ImportStruct(b.ModuleRef(ledgerapi.AddressOne, "string"), "String", bytecode.AbilityCopy|bytecode.AbilityDrop|bytecode.AbilityStore)
	item := b.Struct("Item", bytecode.AbilityDrop|bytecode.AbilityStore,
		bytecode.Field("label", bytecode.StructOf(str)), bytecode.Field("n", bytecode.U64))
	b.Struct("Vault", bytecode.AbilityKey, bytecode.Field("owner", bytecode.Address), bytecode.Field("items", bytecode.Vector(b.StructType(item))))
	b.Struct("Deposited", bytecode.AbilityDrop|bytecode.AbilityStore, bytecode.Field("amount", bytecode.U64))
	b.Function("deposit", bytecode.Public|bytecode.Entry, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Ref(bytecode.Signer), bytecode.U64},
		Code: []bytecode.Instruction{bytecode.I(bytecode.OpRet)}})
	b.Function("total", bytecode.Public, bytecode.Fn{Params: []bytecode.SignatureToken{bytecode.Address}, Returns: []bytecode.SignatureToken{bytecode.U64},
		Code: []bytecode.Instruction{bytecode.I(bytecode.OpLdU64, 0), bytecode.I(bytecode.OpRet)}})
	b.MetadataV1(&bytecode.MetadataV1{
		StructAttributes: map[string][]bytecode.KnownAttribute{"Deposited": {{Kind: bytecode.AttributeEvent}}},
		FunAttributes:    map[string][]bytecode.KnownAttribute{"total": {{Kind: bytecode.AttributeView}}}})
	code, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	m, _ := b.Module()
	abi, err := m.ABI()
	if err != nil {
		t.Fatal(err)
	}
	return code, abi
}

// vaultBCS is Vault{owner, items: [Item{label, n}]}.
func vaultBCS(owner ledgerapi.Address, label string, n uint64) []byte {
	e := bcs.NewEncoder(64)
	e.Fixed(owner[:])
	e.SeqLen(1)
	e.String(label)
	e.U64(n)
	return e.Bytes()
}

func version(t *testing.T, txn map[string]any) uint64 {
	t.Helper()
	v, err := strconv.ParseUint(txn["version"].(string), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestPublishedModule stores a builder-made module through a transaction
// and reads it back at the versions around it: the module, its ABI, a
// resource, an event and a table item of its types, and what calling its
// functions answers.
func TestPublishedModule(t *testing.T) {
	s := newDeployStack(t)
	dev := s.vm.DevAccounts()[0].Address
	code, abi := vaultModule(t)
	vaultType := "0xcafe::vault::Vault"

	// A Vault stored before its module: no layout yet, so hex.
	before := s.run(t, 0, deploy("put", vmstub.StringValue(vaultType), vmstub.BytesValue(vaultBCS(dev, "gold", 3))))
	vBefore := version(t, before)
	resURL := s.base + "/accounts/" + dev.String() + "/resource/" + vaultType
	var res struct {
		Data json.RawMessage `json:"data"`
	}
	getJSONInto(t, resURL, &res)
	if !bytes.HasPrefix(res.Data, []byte(`"0x`)) {
		t.Fatalf("a resource of an unpublished type renders %s", res.Data)
	}

	// Publishing writes the bytes under 0xcafe's module key; the write set
	// shows them with their ABI.
	pub := s.run(t, 0, deploy("publish", vmstub.BytesValue(code)))
	if pub["success"] != true {
		t.Fatalf("publish: %v", pub["vm_status"])
	}
	vPub := version(t, pub)
	var change map[string]any
	for _, c := range pub["changes"].([]any) {
		if c := c.(map[string]any); c["type"] == "write_module" {
			change = c
		}
	}
	data, _ := json.Marshal(change["data"])
	var written moduleJSON
	if err := json.Unmarshal(data, &written); err != nil || change["address"] != "0x000000000000000000000000000000000000000000000000000000000000cafe" ||
		!bytes.Equal(written.Bytecode, code) || !sameJSON(written.ABI, abi) {
		t.Fatalf("write_module change %v", change)
	}

	// The module at and after its version, not before.
	var mod moduleJSON
	getJSONInto(t, s.base+"/accounts/0xcafe/module/vault", &mod)
	if !bytes.Equal(mod.Bytecode, code) || !sameJSON(mod.ABI, abi) || !mod.ABI.ExposedFunctions[1].IsView || !mod.ABI.Structs[2].IsEvent {
		t.Fatalf("module %+v", mod.ABI)
	}
	status, _, raw, _ := doReq(t, "GET", s.base+"/accounts/0xcafe/module/vault?ledger_version="+u64(vPub), ledgerapi.ContentTypeBCS, "", nil)
	if status != 200 || !bytes.Equal(raw, code) {
		t.Fatalf("BCS at %d: %d", vPub, status)
	}
	status, _, raw, _ = doReq(t, "GET", s.base+"/accounts/0xcafe/module/vault?ledger_version="+u64(vPub-1), "", "", nil)
	if status != 404 || !strings.Contains(string(raw), "module_not_found") {
		t.Fatalf("the module before its version: %d %s", status, raw)
	}
	for v, want := range map[uint64]int{vPub - 1: 0, vPub: 1} {
		var list []moduleJSON
		getJSONInto(t, s.base+"/accounts/0xcafe/modules?ledger_version="+u64(v), &list)
		if len(list) != want {
			t.Fatalf("modules at %d: %d", v, len(list))
		}
	}

	// Values of its types render through the stored layouts from its
	// version on; the earlier version still has no layout.
	getJSONInto(t, resURL, &res)
	if want := `{"items":[{"label":"gold","n":"3"}],"owner":"` + dev.String() + `"}`; string(res.Data) != want {
		t.Fatalf("Vault %s, want %s", res.Data, want)
	}
	getJSONInto(t, resURL+"?ledger_version="+u64(vBefore), &res)
	if !bytes.HasPrefix(res.Data, []byte(`"0x`)) {
		t.Fatalf("Vault before its module %s", res.Data)
	}
	emitted := s.run(t, 0, deploy("emit", vmstub.StringValue("0xcafe::vault::Deposited"), vmstub.BytesValue(vmstub.U64Value(5))))
	if ev := emitted["events"].([]any)[0].(map[string]any); ev["type"] != "0xcafe::vault::Deposited" || !sameJSON(ev["data"], map[string]string{"amount": "5"}) {
		t.Fatalf("event %v", ev)
	}
	handle := ledgerapi.MustParseAddress("0x7ab1e")
	itemBCS := vaultBCS(dev, "silver", 9)[33:] // the Item alone
	s.run(t, 0, deploy("put_item", vmstub.AddressValue(handle), vmstub.BytesValue(vmstub.AddressValue(dev)), vmstub.BytesValue(itemBCS)))
	status, body, _ := post(t, s.base+"/tables/"+handle.String()+"/item", ledgerapi.ContentTypeJSON,
		[]byte(`{"key_type":"address","value_type":"0xcafe::vault::Item","key":"`+dev.String()+`"}`))
	if status != 200 || body["label"] != "silver" || body["n"] != "9" {
		t.Fatalf("table item: %d %v", status, body)
	}
	testPublishedCalls(t, s, vPub)
}

// testPublishedCalls: the published functions resolve, their arguments
// are checked and they run as Move code (deposit returns at once, total
// returns 0); before the module's version they do not exist.
func testPublishedCalls(t *testing.T, s *stack, vPub uint64) {
	call := func(fn string, args ...[]byte) txn.TransactionPayload {
		return vmstub.EntryPayload(cafeAddr, "vault", fn, nil, args...)
	}
	for _, c := range []struct {
		payload txn.TransactionPayload
		status  string
	}{
		{call("deposit", vmstub.U64Value(5)), "Executed successfully"},
		{call("deposit"), "NUMBER_OF_ARGUMENTS_MISMATCH"},
		{call("deposit", []byte{1}), "FAILED_TO_DESERIALIZE_ARGUMENT"},
		{call("total", vmstub.AddressValue(cafeAddr)), "EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION"},
		{call("nope"), "FUNCTION_RESOLUTION_FAILURE"},
	} {
		out := s.run(t, 1, c.payload)
		if out["success"] != (c.status == "Executed successfully") || out["vm_status"] != c.status || out["gas_used"] == "0" {
			t.Errorf("%s: success %v, %v, gas %v", c.payload.EntryFunction.Function, out["success"], out["vm_status"], out["gas_used"])
		}
	}
	// JSON arguments convert by the stored signature.
	status, body, _ := post(t, s.base+"/transactions/encode_submission", ledgerapi.ContentTypeJSON, []byte(`{"sender":"0x1","sequence_number":"0",`+
		`"max_gas_amount":"1000","gas_unit_price":"100","expiration_timestamp_secs":"9999999999","payload":{"type":"entry_function_payload",`+
		`"function":"0xcafe::vault::deposit","type_arguments":[],"arguments":["5"]}}`))
	if status != 200 {
		t.Fatalf("encode_submission: %d %v", status, body)
	}
	view := []byte(`{"function":"0xcafe::vault::total","type_arguments":[],"arguments":["0xcafe"]}`)
	status, _, raw, _ := doReq(t, "POST", s.base+"/view", ledgerapi.ContentTypeJSON, ledgerapi.ContentTypeJSON, view)
	if status != 200 || string(raw) != `["0"]` {
		t.Fatalf("view: %d %s", status, raw)
	}
	f := txn.EntryFunction{Module: ledgerapi.ModuleId{Address: cafeAddr, Name: "vault"}, Function: "total", Args: [][]byte{vmstub.AddressValue(cafeAddr)}}
	status, _, raw, _ = doReq(t, "POST", s.base+"/view", ledgerapi.ContentTypeJSON, ledgerapi.ContentTypeAptosViewFunctionBCS, bcs.Marshal(&f))
	if status != 200 || string(raw) != `["0"]` {
		t.Fatalf("BCS view: %d %s", status, raw)
	}
	status, body, _ = post(t, s.base+"/view?ledger_version="+u64(vPub-1), ledgerapi.ContentTypeJSON, view)
	if status != 400 || body["vm_error_code"] != float64(1091) {
		t.Fatalf("view before the module: %d %v", status, body)
	}
	// Bytes that are not a module do not get stored.
	if out := s.run(t, 1, deploy("publish", vmstub.BytesValue([]byte("junk")))); out["success"] != false || out["vm_status"] != "CODE_DESERIALIZATION_ERROR" {
		t.Fatalf("junk: %v %v", out["success"], out["vm_status"])
	}
}

func u64(v uint64) string { return strconv.FormatUint(v, 10) }
