package aptosframework

import (
	"errors"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
)

// unsupportedKey is an UnsupportedJWK {id, payload} as a JWK's Any.
func unsupportedKey(id, payload string) jwksAny {
	e := bcs.NewEncoder(32)
	e.WriteBytes([]byte(id))
	e.WriteBytes([]byte(payload))
	return jwksAny{typeName: unsupportedJWKName, data: e.Bytes()}
}

func removeIssuerPatch(issuer string) jwksAny {
	return jwksAny{typeName: patchRemoveIssuerName, data: bcs.AppendBytes(nil, []byte(issuer))}
}

func removeJWKPatch(issuer, id string) jwksAny {
	return jwksAny{typeName: patchRemoveJWKName, data: bcs.AppendBytes(bcs.AppendBytes(nil, []byte(issuer)), []byte(id))}
}

// describe lists a's issuers with their versions and their keys' ids and
// payloads ("bob@222[k1=p1 k2=p2]").
func describe(t *testing.T, a *allProvidersJWKs) string {
	t.Helper()
	var parts []string
	for _, e := range a.entries {
		var keys []string
		for i := range e.jwks {
			d := bcs.NewDecoder(e.jwks[i].data)
			id, payload := d.ReadBytes("id"), d.ReadBytes("payload")
			if e.jwks[i].typeName == rsaJWKName {
				payload = []byte("rsa")
			}
			keys = append(keys, string(id)+"="+string(payload))
		}
		parts = append(parts, string(e.issuer)+"@"+string(rune('0'+e.version))+"["+strings.Join(keys, " ")+"]")
	}
	return strings.Join(parts, " ")
}

// TestJWKsPatches: patches keep issuers and keys sorted, replace a key of
// the same id in place, start a new issuer at version 0, keep an
// issuer's version through key changes, leave an issuer without keys in
// place when its last key goes, ignore removals of what is not there, and
// an unknown variant aborts with EUNKNOWN_PATCH_VARIANT (0x10003).
func TestJWKsPatches(t *testing.T) {
	a := allProvidersJWKs{entries: []providerJWKs{
		{issuer: []byte("bob"), version: 2, jwks: []jwksAny{unsupportedKey("k1", "p1"), unsupportedKey("k3", "p3")}},
	}}
	steps := []struct {
		patch jwksAny
		want  string
	}{
		{upsertPatch([]byte("bob"), unsupportedKey("k2", "p2")), "bob@2[k1=p1 k2=p2 k3=p3]"},
		{upsertPatch([]byte("bob"), unsupportedKey("k3", "p3b")), "bob@2[k1=p1 k2=p2 k3=p3b]"},
		{upsertPatch([]byte("alice"), rsaJWK("kA", "RS256", "AQAB", "n")), "alice@0[kA=rsa] bob@2[k1=p1 k2=p2 k3=p3b]"},
		{upsertPatch([]byte("carl"), unsupportedKey("k0", "p0")), "alice@0[kA=rsa] bob@2[k1=p1 k2=p2 k3=p3b] carl@0[k0=p0]"},
		{removeJWKPatch("bob", "k2"), "alice@0[kA=rsa] bob@2[k1=p1 k3=p3b] carl@0[k0=p0]"},
		{removeJWKPatch("bob", "nope"), "alice@0[kA=rsa] bob@2[k1=p1 k3=p3b] carl@0[k0=p0]"},
		{removeJWKPatch("dave", "k1"), "alice@0[kA=rsa] bob@2[k1=p1 k3=p3b] carl@0[k0=p0]"},
		{removeJWKPatch("carl", "k0"), "alice@0[kA=rsa] bob@2[k1=p1 k3=p3b] carl@0[]"},
		{removeIssuerPatch("alice"), "bob@2[k1=p1 k3=p3b] carl@0[]"},
		{removeIssuerPatch("alice"), "bob@2[k1=p1 k3=p3b] carl@0[]"},
		{jwksAny{typeName: patchRemoveAllName, data: []byte{0}}, ""},
	}
	for i, s := range steps {
		if err := a.apply(nil, &s.patch); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if got := describe(t, &a); got != s.want {
			t.Fatalf("step %d (%s):\n got  %s\n want %s", i, s.patch.typeName, got, s.want)
		}
	}
	var abort *movevm.Abort
	bad := jwksAny{typeName: "0x1::jwks::PatchSomethingElse", data: []byte{0}}
	if err := a.apply(nil, &bad); !errors.As(err, &abort) || abort.Code != 0x10003 || abort.Module.Name != "jwks" {
		t.Errorf("unknown patch variant: %v", err)
	}
	odd := allProvidersJWKs{entries: []providerJWKs{{issuer: []byte("x"), jwks: []jwksAny{{typeName: "0x1::m::OtherJWK", data: []byte{0}}}}}}
	up := upsertPatch([]byte("x"), unsupportedKey("k", "p"))
	if err := odd.apply(nil, &up); !errors.As(err, &abort) || abort.Code != 0x10004 {
		t.Errorf("unknown JWK variant: %v", err)
	}
}
