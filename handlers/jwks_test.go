package handlers_test

import (
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub"
)

// rsaJWKJSON is a JWK holding an RSA_JWK as the API renders it: the Any's
// type name and the BCS of {kid, kty "RSA", alg, e, n}.
func rsaJWKJSON(kid, alg, e, n string) string {
	enc := bcs.NewEncoder(64)
	for _, s := range []string{kid, "RSA", alg, e, n} {
		enc.String(s)
	}
	return `{"variant":{"data":"0x` + hex.EncodeToString(enc.Bytes()) + `","type_name":"0x1::jwks::RSA_JWK"}}`
}

// strVec is the BCS of a vector<String>.
func strVec(ss ...string) []byte {
	enc := bcs.NewEncoder(64)
	enc.SeqLen(len(ss))
	for _, s := range ss {
		enc.String(s)
	}
	return enc.Bytes()
}

// compactJSON re-encodes js with sorted keys and no spaces.
func compactJSON(t *testing.T, js []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestJWKsREST: genesis holds the test key of "test.oidc.provider" in
// PatchedJWKs (the SDK reads it there); update_federated_jwk_set stores
// the sender's FederatedJWKs sorted by kid, replaces it on a second call,
// refuses mismatched attribute vectors (EINVALID_FEDERATED_JWK_SET) and a
// set of 2 KiB or more (EFEDERATED_JWKS_TOO_LARGE); the module's ABI is
// served.
func TestJWKsREST(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	owner := s.vm.DevAccounts()[0].Address
	var res struct {
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	getJSONInto(t, s.base+"/accounts/0x1/resource/0x1::jwks::PatchedJWKs", &res)
	testN := "y5Efs1ZzisLLKCARSvTztgWj5JFP3778dZWt-od78fmOZFxem3a_aYbOXSJToRp862do0PxJ4PDMpmqwV5f7KplFI6NswQV-WPufQH8IaHXZtuPdCjPOcHybcDiLkO12d0dG6iZQUzypjAJf63APcadio-4JDNWlGC5_Ow_XQ9lIY71kTMiT9lkCCd0ZxqEifGtnJe5xSoZoaMRKrvlOw-R6iVjLUtPAk5hyUX95LDKxwAR-oshnj7gmATejga2EvH9ozdn3M8Go11PSDa04OQxPcA25OoDTfxLvT28LRpSXrbmUWZ-O_lGtDl3ZAtjIguYGEobTk4N11eRssC95Cw"
	want := `{"jwks":{"entries":[{"issuer":"0x` + hex.EncodeToString([]byte("test.oidc.provider")) + `","jwks":[` +
		rsaJWKJSON("test-rsa", "RS256", "AQAB", testN) + `],"version":"0"}]}}`
	if got := compactJSON(t, res.Data); got != want {
		t.Errorf("PatchedJWKs\n got  %s\n want %s", got, want)
	}
	getJSONInto(t, s.base+"/accounts/0x1/resource/0x1::jwks::Patches", &res)
	if !strings.Contains(string(res.Data), `"type_name":"0x1::jwks::PatchUpsertJWK"`) {
		t.Errorf("Patches: %s", res.Data)
	}

	iss := "test.federated.oidc.provider"
	update := func(kids, algs, es, ns []string) map[string]any {
		return s.run(t, 0, vmstub.EntryPayload(ledgerapi.AddressOne, "jwks", "update_federated_jwk_set", nil,
			vmstub.BytesValue([]byte(iss)), strVec(kids...), strVec(algs...), strVec(es...), strVec(ns...)))
	}
	if out := update([]string{"kid-b", "kid-a"}, []string{"RS256", "RS384"}, []string{"AQAB", "AQAC"}, []string{"nb", "na"}); out["success"] != true {
		t.Fatalf("update_federated_jwk_set: %v", out["vm_status"])
	}
	fedURL := s.base + "/accounts/" + owner.String() + "/resource/0x1::jwks::FederatedJWKs"
	getJSONInto(t, fedURL, &res)
	entry := func(keys ...string) string {
		return `{"jwks":{"entries":[{"issuer":"0x` + hex.EncodeToString([]byte(iss)) + `","jwks":[` + strings.Join(keys, ",") + `],"version":"0"}]}}`
	}
	if got, want := compactJSON(t, res.Data), entry(rsaJWKJSON("kid-a", "RS384", "AQAC", "na"), rsaJWKJSON("kid-b", "RS256", "AQAB", "nb")); got != want {
		t.Errorf("FederatedJWKs\n got  %s\n want %s", got, want)
	}
	if out := update([]string{"kid-c"}, []string{"RS256"}, []string{"AQAB"}, []string{"nc"}); out["success"] != true {
		t.Fatalf("second update: %v", out["vm_status"])
	}
	getJSONInto(t, fedURL, &res)
	if got, want := compactJSON(t, res.Data), entry(rsaJWKJSON("kid-c", "RS256", "AQAB", "nc")); got != want {
		t.Errorf("FederatedJWKs after the second update\n got  %s\n want %s", got, want)
	}
	if out := update([]string{"k"}, []string{"RS256", "RS256"}, []string{"AQAB"}, []string{"n"}); out["success"] != false ||
		!strings.Contains(out["vm_status"].(string), "EINVALID_FEDERATED_JWK_SET(0x10009)") {
		t.Errorf("mismatched vectors: %v", out["vm_status"])
	}
	big := strings.Repeat("n", 2000)
	if out := update([]string{"k"}, []string{"RS256"}, []string{"AQAB"}, []string{big}); out["success"] != false ||
		!strings.Contains(out["vm_status"].(string), "EFEDERATED_JWKS_TOO_LARGE(0x10008)") {
		t.Errorf("oversized set: %v", out["vm_status"])
	}
	getJSONInto(t, fedURL, &res)
	if got, want := compactJSON(t, res.Data), entry(rsaJWKJSON("kid-c", "RS256", "AQAB", "nc")); got != want {
		t.Errorf("FederatedJWKs after the refused updates\n got  %s\n want %s", got, want)
	}

	var mod struct {
		ABI struct {
			Name             string `json:"name"`
			ExposedFunctions []struct {
				Name       string   `json:"name"`
				IsEntry    bool     `json:"is_entry"`
				Params     []string `json:"params"`
				Visibility string   `json:"visibility"`
			} `json:"exposed_functions"`
			Structs []struct {
				Name string `json:"name"`
			} `json:"structs"`
		} `json:"abi"`
	}
	getJSONInto(t, s.base+"/accounts/0x1/module/jwks", &mod)
	found := false
	for _, f := range mod.ABI.ExposedFunctions {
		if f.Name == "update_federated_jwk_set" {
			found = f.IsEntry && f.Visibility == "public" && strings.Join(f.Params, ",") ==
				"&signer,vector<u8>,vector<0x1::string::String>,vector<0x1::string::String>,vector<0x1::string::String>,vector<0x1::string::String>"
		}
	}
	if mod.ABI.Name != "jwks" || !found || len(mod.ABI.Structs) != 17 {
		t.Errorf("module jwks: %+v", mod.ABI)
	}
}
