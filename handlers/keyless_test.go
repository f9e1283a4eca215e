package handlers_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/handlers"
)

// TestKeylessREST: genesis holds at 0x1 the keyless Configuration and
// Groth16VerificationKey an Aptos test network's genesis installs (the
// SDK reads both there before verifying a keyless signature), rendered
// as Aptos renders them (u16/u32 as numbers, u64 as a string, the
// training wheels key as an Option); the module's ABI is served.
func TestKeylessREST(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	var res struct {
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	getJSONInto(t, s.base+"/accounts/0x1/resource/0x1::keyless_account::Configuration", &res)
	wantCfg := `{"max_commited_epk_bytes":93,"max_exp_horizon_secs":"10000000","max_extra_field_bytes":350,"max_iss_val_bytes":120,` +
		`"max_jwt_header_b64_bytes":300,"max_signatures_per_txn":3,"override_aud_vals":["test.recovery.aud"],"training_wheels_pubkey":{"vec":[]}}`
	if res.Type != "0x1::keyless_account::Configuration" || compactJSON(t, res.Data) != wantCfg {
		t.Errorf("Configuration: %s %s\nwant %s", res.Type, res.Data, wantCfg)
	}
	getJSONInto(t, s.base+"/accounts/0x1/resource/0x1::keyless_account::Groth16VerificationKey", &res)
	wantVK := `{"alpha_g1":"0xe2f26dbea299f5223b646cb1fb33eadb059d9407559d7441dfd902e3a79a4d2d",` +
		`"beta_g2":"0xabb73dc17fbc13021e2471e0c08bd67d8401f52b73d6d07483794cad4778180e0c06f33bbc4c79a9cadef253a68084d382f17788f885c9afd176f7cb2f036789",` +
		`"delta_g2":"0x6176de7d77e614e09ef5e8e19cbf785ffed405d6531cee13cd71a46e2b4ef30deb18f6976c172bdcd7ea8ab2b509991bb5ce34f9fbb42486b78aac62a894a480",` +
		`"gamma_abc_g1":["0x7e92d0c6818f2e51248cd1e8e82eb14521d990b0bb155ab0e3cf99b888bc5387","0xbe1ad9f5fec081770956f846e1d0ea97219a3f6499acc33e1a67aef6d6e16898"],` +
		`"gamma_g2":"0xedf692d95cbdde46ddda5ef7d422436779445c5e66006a42761e1f12efde0018c212f3aeb785e49712e7a9353349aaf1255dfb31b7bf60723a480d9293938e19"}`
	if res.Type != "0x1::keyless_account::Groth16VerificationKey" || compactJSON(t, res.Data) != wantVK {
		t.Errorf("Groth16VerificationKey: %s %s\nwant %s", res.Type, res.Data, wantVK)
	}

	var mod struct {
		ABI struct {
			Name             string `json:"name"`
			ExposedFunctions []struct {
				Name       string   `json:"name"`
				IsEntry    bool     `json:"is_entry"`
				Params     []string `json:"params"`
				Return     []string `json:"return"`
				Visibility string   `json:"visibility"`
			} `json:"exposed_functions"`
			Structs []struct {
				Name      string   `json:"name"`
				Abilities []string `json:"abilities"`
				Fields    []struct {
					Name string `json:"name"`
					Type string `json:"type"`
				} `json:"fields"`
			} `json:"structs"`
		} `json:"abi"`
	}
	getJSONInto(t, s.base+"/accounts/0x1/module/keyless_account", &mod)
	if mod.ABI.Name != "keyless_account" || len(mod.ABI.ExposedFunctions) != 15 || len(mod.ABI.Structs) != 3 {
		t.Fatalf("module keyless_account: %+v", mod.ABI)
	}
	funcs := map[string]string{}
	for _, f := range mod.ABI.ExposedFunctions {
		funcs[f.Name] = f.Visibility + " (" + strings.Join(f.Params, ",") + "): " + strings.Join(f.Return, ",")
	}
	for name, want := range map[string]string{
		"new_configuration":                     "public (vector<0x1::string::String>,u16,u64,0x1::option::Option<vector<u8>>,u16,u16,u16,u32): 0x1::keyless_account::Configuration",
		"new_groth16_verification_key":          "public (vector<u8>,vector<u8>,vector<u8>,vector<u8>,vector<vector<u8>>): 0x1::keyless_account::Groth16VerificationKey",
		"update_training_wheels_for_next_epoch": "public (&signer,0x1::option::Option<vector<u8>>): ",
		"on_new_epoch":                          "friend (&signer): ",
	} {
		if funcs[name] != want {
			t.Errorf("%s: %q, want %q", name, funcs[name], want)
		}
	}
	for _, st := range mod.ABI.Structs {
		if st.Name != "Configuration" {
			continue
		}
		var fields []string
		for _, f := range st.Fields {
			fields = append(fields, f.Name+":"+f.Type)
		}
		got := strings.Join(st.Abilities, ",") + " " + strings.Join(fields, " ")
		want := "copy,drop,store,key override_aud_vals:vector<0x1::string::String> max_signatures_per_txn:u16 max_exp_horizon_secs:u64 " +
			"training_wheels_pubkey:0x1::option::Option<vector<u8>> max_commited_epk_bytes:u16 max_iss_val_bytes:u16 " +
			"max_extra_field_bytes:u16 max_jwt_header_b64_bytes:u32"
		if got != want {
			t.Errorf("Configuration ABI: %s\nwant %s", got, want)
		}
	}
}
