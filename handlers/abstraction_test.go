package handlers_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

func rawFor(from ledgerapi.Address, seq uint64, p txn.TransactionPayload) txn.RawTransaction {
	return txn.RawTransaction{Sender: from, SequenceNumber: seq, Payload: p, MaxGasAmount: 100_000, GasUnitPrice: 100,
		ExpirationTimestampSecs: uint64(time.Now().Add(time.Minute).Unix()), ChainID: 4}
}

// TestAbstractionSignedTransactions: through the REST API, an account
// registers a published authentication function and submits a BCS
// transaction signed with an abstraction authenticator, which commits and
// renders its signature's function_info and the BCS of its auth data; a wrong digest is INVALID_SIGNATURE; an
// account without a registered function is refused.
func TestAbstractionSignedTransactions(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	dev := s.vm.DevAccounts()
	a, b := dev[0], dev[1]

	meta := onchain.PackageMetadata{Name: "AA", UpgradePolicy: onchain.UpgradeCompatible, SourceDigest: "0",
		Modules: []onchain.ModuleMetadata{{Name: "aa"}},
		Deps:    []onchain.PackageDep{{Account: ledgerapi.AddressOne, PackageName: "AptosFramework"}}}
	e := bcs.NewEncoder(512)
	e.SeqLen(1)
	code, err := samples.Authenticator(b.Address)
	if err != nil {
		t.Fatal(err)
	}
	e.WriteBytes(code)
	publish := vmstub.EntryPayload(ledgerapi.AddressOne, "code", "publish_package_txn", nil, vmstub.BytesValue(meta.Encode()), e.Bytes())
	st := b.Sign(rawFor(b.Address, 0, publish))
	s.submitAndWait(t, st.Bytes(), st.Hash())

	f := txn.FunctionInfo{ModuleAddress: b.Address, ModuleName: "aa", FunctionName: "authenticate"}
	add := vmstub.EntryPayload(ledgerapi.AddressOne, "account_abstraction", "add_authentication_function", nil,
		vmstub.AddressValue(f.ModuleAddress), vmstub.BytesValue([]byte(f.ModuleName)), vmstub.BytesValue([]byte(f.FunctionName)))
	st = a.Sign(rawFor(a.Address, 0, add))
	s.submitAndWait(t, st.Bytes(), st.Hash())
	// The authenticator lives in the ObjectGroup at the account's address
	// derived for 0xA (its APT primary store's), listed with the store's
	// resources; enums render with their "__variant__".
	status, v := getAny(t, s.base+"/accounts/"+crypto.PrimaryStoreAddress(a.Address, ledgerapi.AddressA).String()+"/resources")
	want := `{"data":{"__variant__":"V1","auth_functions":{"__variant__":"SortedVectorMap","entries":[{"key":{"function_name":"authenticate",` +
		`"module_address":"` + b.Address.String() + `","module_name":"aa"},"value":true}]}},"type":"0x1::account_abstraction::DispatchableAuthenticator"}`
	if js, _ := json.Marshal(v); status != 200 || !strings.Contains(string(js), want) {
		t.Fatalf("resources of the authenticator's address: %d %s", status, js)
	}

	sign := func(raw txn.RawTransaction, flip bool) *txn.SignedTransaction {
		d := txn.AASigningDigest(raw.SigningMessage(), f)
		if flip {
			d[0] ^= 1
		}
		return &txn.SignedTransaction{Raw: raw, Auth: txn.TransactionAuthenticator{Variant: txn.AuthSingleSender,
			Sender: txn.AccountAuthenticator{Variant: txn.AccountAbstraction, Abstraction: &txn.AbstractionAuthenticator{
				FunctionInfo: f, Digest: d[:], Authenticator: []byte(samples.AuthenticatorPassword)}}}}
	}
	st = sign(rawFor(a.Address, 1, vmstub.TransferPayload(b.Address, 5)), false)
	got := s.submitAndWait(t, st.Bytes(), st.Hash())
	js, _ := json.Marshal(got["signature"])
	d := txn.AASigningDigest(st.Raw.SigningMessage(), f)
	authData := "0x00" + "20" + ledgerapi.HexBytes(d[:]).String()[2:] + "0b" + ledgerapi.HexBytes(samples.AuthenticatorPassword).String()[2:]
	// A single sender's signature renders flattened under its own type, as
	// the other single-sender signatures do.
	for _, want := range []string{`"type":"single_sender"`, `"function_info":"` + f.String() + `"`, `"auth_data":"` + authData + `"`} {
		if !strings.Contains(string(js), want) {
			t.Fatalf("signature %s lacks %s", js, want)
		}
	}

	expectInvalidSignature(t, s, sign(rawFor(a.Address, 2, vmstub.TransferPayload(b.Address, 5)), true).Bytes())

	// b registered nothing: the node refuses the transaction.
	st = sign(rawFor(b.Address, 1, vmstub.TransferPayload(a.Address, 5)), false)
	status, body, _ := post(t, s.base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, st.Bytes())
	if status != 400 || body["vm_error_code"] != float64(onchain.ABORTED) {
		t.Fatalf("unregistered account: %d %v", status, body)
	}
}
