package main

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// TestGuestbookBytecode: the host module is served as a Move module
// generated from its Go declaration: the bytes deserialize as
// 0xcafe::guestbook with every function native, the metadata marks the
// views and the event, and the ABI the API serves is the one the bytes give.
func TestGuestbookBytecode(t *testing.T) {
	_, c, ctx := start(t)
	var mod struct {
		Bytecode ledgerapi.HexBytes `json:"bytecode"`
		ABI      json.RawMessage    `json:"abi"`
	}
	if err := c.get(ctx, "/accounts/"+guestbookAddr.String()+"/module/guestbook", &mod); err != nil {
		t.Fatal(err)
	}
	m, err := bytecode.DeserializeModule(mod.Bytecode)
	if err != nil {
		t.Fatalf("the served bytecode does not deserialize: %v", err)
	}
	self := m.ModuleHandles[m.SelfHandle]
	if m.AddressIdentifiers[self.Address] != guestbookAddr || m.Identifiers[self.Name] != "guestbook" || len(m.FunctionDefs) != 3 {
		t.Fatalf("module %s::%s with %d functions", m.AddressIdentifiers[self.Address], m.Identifiers[self.Name], len(m.FunctionDefs))
	}
	for _, d := range m.FunctionDefs {
		if d.Code != nil {
			t.Errorf("%s is not native", m.Identifiers[m.FunctionHandles[d.Function].Name])
		}
	}
	md := m.RuntimeMetadata()
	if !md.IsView("get") || !md.IsView("count") || md.IsView("sign") || !md.IsEvent("Signed") || md.ErrorMap[eNoEntry].CodeName != "ENO_ENTRY" {
		t.Fatalf("metadata %+v", md)
	}
	abi, err := m.ABI()
	if err != nil {
		t.Fatal(err)
	}
	var served, derived any
	b, _ := json.Marshal(abi)
	if json.Unmarshal(b, &derived) != nil || json.Unmarshal(mod.ABI, &served) != nil || !reflect.DeepEqual(served, derived) {
		t.Fatalf("served ABI\n%s\nbytes give\n%s", mod.ABI, b)
	}
}
