package vmstub_test

import (
	"encoding/hex"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// jwksModule calls 0x1::jwks as Move code would: get(issuer, kid)
// (get_patched_jwk), init(s) (initialize), set(s) (set_patches(s,
// vector[new_patch_remove_all()])), upsert(s, name, url)
// (upsert_oidc_provider) and fed(s, iss, id, payload, rm)
// (patch_federated_jwks(s, vector[upsert of UnsupportedJWK {id, payload},
// removal of key rm])).
func jwksModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "jw")
	b := k.b
	sig, bytesT := bytecode.Ref(bytecode.Signer), bytecode.Vector(bytecode.U8)
	jwks := b.ModuleRef(one, "jwks")
	jwkT := bytecode.StructOf(b.ImportStruct(jwks, "JWK", stringAbil))
	patchT := bytecode.StructOf(b.ImportStruct(jwks, "Patch", stringAbil))
	get := k.fn("jwks", "get_patched_jwk", nil, []tok{bytesT, bytesT}, []tok{jwkT})
	initF := k.fn("jwks", "initialize", nil, []tok{sig}, nil)
	setF := k.fn("jwks", "set_patches", nil, []tok{sig, bytecode.Vector(patchT)}, nil)
	removeAll := k.fn("jwks", "new_patch_remove_all", nil, nil, []tok{patchT})
	upsertProv := k.fn("jwks", "upsert_oidc_provider", nil, []tok{sig, bytesT, bytesT}, []tok{optOf(bytesT)})
	unsupported := k.fn("jwks", "new_unsupported_jwk", nil, []tok{bytesT, bytesT}, []tok{jwkT})
	upsertJWK := k.fn("jwks", "new_patch_upsert_jwk", nil, []tok{bytesT, jwkT}, []tok{patchT})
	removeJWK := k.fn("jwks", "new_patch_remove_jwk", nil, []tok{bytesT, bytesT}, []tok{patchT})
	patchFed := k.fn("jwks", "patch_federated_jwks", nil, []tok{sig, bytecode.Vector(patchT)}, nil)
	patches := uint64(b.Signature(patchT))
	entry := func(name string, params []tok, code ...bytecode.Instruction) {
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: params, Code: append(code, in(bytecode.OpRet))})
	}
	entry("get", []tok{bytesT, bytesT}, in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 1), callF(get), in(bytecode.OpPop))
	entry("init", []tok{sig}, in(bytecode.OpMoveLoc, 0), callF(initF))
	entry("set", []tok{sig}, in(bytecode.OpMoveLoc, 0), callF(removeAll), in(bytecode.OpVecPack, patches, 1), callF(setF))
	entry("upsert", []tok{sig, bytesT, bytesT}, in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 2),
		callF(upsertProv), in(bytecode.OpPop))
	entry("fed", []tok{sig, bytesT, bytesT, bytesT, bytesT}, in(bytecode.OpMoveLoc, 0),
		in(bytecode.OpCopyLoc, 1), in(bytecode.OpMoveLoc, 2), in(bytecode.OpMoveLoc, 3), callF(unsupported), callF(upsertJWK),
		in(bytecode.OpMoveLoc, 1), in(bytecode.OpMoveLoc, 4), callF(removeJWK),
		in(bytecode.OpVecPack, patches, 2), callF(patchFed))
	return mustBytes(t, b)
}

// TestJWKsFromMove: Move code reads the genesis test key with
// get_patched_jwk (option's EOPTION_NOT_SET for an unknown kid); the
// framework's functions abort in system_addresses with
// PERMISSION_DENIED(ENOT_APTOS_FRAMEWORK_ADDRESS) (0x50003) for a user's
// signer; patch_federated_jwks applies patches built in Move in order (an
// upsert, then a removal of a key) to the sender's FederatedJWKs.
func TestJWKsFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Jw", onchain.UpgradeCompatible, []string{"jw"}, stdDeps...), jwksModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	run := func(fn string, args ...[]byte) string {
		return c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "jw", fn, nil, args...)))).Info.Status.String()
	}
	bs := func(s string) []byte { return vmstub.BytesValue([]byte(s)) }
	if got := run("get", bs("test.oidc.provider"), bs("test-rsa")); got != "Executed successfully" {
		t.Errorf("get_patched_jwk(test-rsa): %s", got)
	}
	if got, want := run("get", bs("test.oidc.provider"), bs("test-rsa2")), "Move abort in 0x1::option: EOPTION_NOT_SET(0x40001)"; len(got) < len(want) || got[:len(want)] != want {
		t.Errorf("get_patched_jwk(test-rsa2): %s, want %s…", got, want)
	}
	denied := "Move abort in 0x1::system_addresses: ENOT_APTOS_FRAMEWORK_ADDRESS(0x50003): The address/account did not correspond to the core framework address"
	for _, call := range []struct {
		fn   string
		args [][]byte
	}{{"init", nil}, {"set", nil}, {"upsert", [][]byte{bs("https://x"), bs("https://x/conf")}}} {
		if got := run(call.fn, call.args...); got != denied {
			t.Errorf("%s: %s, want %s", call.fn, got, denied)
		}
	}
	fed := func() string {
		b, err := c.StateValue(storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: one, Module: "jwks", Name: "FederatedJWKs"}))
		if err != nil {
			t.Fatal(err)
		}
		return render(t, movevalue.Codec{Resolver: c.vm.ModulesAt(c)}, structType("0x1::jwks::FederatedJWKs"), b)
	}
	key := func(id, payload string) string {
		data := append(bs(id), bs(payload)...)
		return `{"variant":{"data":"0x` + hex.EncodeToString(data) + `","type_name":"0x1::jwks::UnsupportedJWK"}}`
	}
	set := func(keys string) string {
		return `{"jwks":{"entries":[{"issuer":"0x` + hex.EncodeToString([]byte("iss")) + `","jwks":[` + keys + `],"version":"0"}]}}`
	}
	if got := run("fed", bs("iss"), bs("id1"), bs("p1"), bs("none")); got != "Executed successfully" {
		t.Fatalf("fed: %s", got)
	}
	if got, want := fed(), set(key("id1", "p1")); got != want {
		t.Errorf("FederatedJWKs\n got  %s\n want %s", got, want)
	}
	if got := run("fed", bs("iss"), bs("id0"), bs("p0"), bs("id1")); got != "Executed successfully" {
		t.Fatalf("fed: %s", got)
	}
	if got, want := fed(), set(key("id0", "p0")); got != want {
		t.Errorf("FederatedJWKs after upserting id0 and removing id1\n got  %s\n want %s", got, want)
	}
	if got := run("fed", bs("iss"), bs("id2"), bs("p2"), bs("none")); got != "Executed successfully" {
		t.Fatalf("fed: %s", got)
	}
	if got, want := fed(), set(key("id0", "p0")+","+key("id2", "p2")); got != want {
		t.Errorf("FederatedJWKs after upserting id2\n got  %s\n want %s", got, want)
	}
}
