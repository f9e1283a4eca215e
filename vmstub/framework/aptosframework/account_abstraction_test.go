package aptosframework

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// AuthenticateAbstraction's checks, each with account_abstraction's abort:
// no DispatchableAuthenticator, a function it does not list, a derivable
// authenticator whose address does not derive from its key, and one that
// does (no derivable function is registered here).
func TestAuthenticateAbstractionChecks(t *testing.T) {
	h := newMapHost()
	a := ledgerapi.MustParseAddress("0xa11ce")
	f := txn.FunctionInfo{ModuleAddress: a, ModuleName: "m", FunctionName: "auth"}
	other := txn.FunctionInfo{ModuleAddress: a, ModuleName: "m", FunctionName: "zzz"}
	x := &txn.AbstractionAuthenticator{FunctionInfo: f}
	check := func(err error, want uint64) {
		t.Helper()
		if code := abortCode(t, err, "account_abstraction"); code != want {
			t.Fatalf("abort 0x%x, want 0x%x", code, want)
		}
	}
	check(AuthenticateAbstraction(h, a, x), native.Code(native.NotFound, eDispatchableAuthenticatorIsNotUsed))
	if err := putResource(h, aaResourceAddr(a), dispatchableAuthTag, &dispatchAuth{funcs: []txn.FunctionInfo{f}}); err != nil {
		t.Fatal(err)
	}
	if err := AuthenticateAbstraction(h, a, x); err != nil {
		t.Fatalf("registered function refused: %v", err)
	}
	check(AuthenticateAbstraction(h, a, &txn.AbstractionAuthenticator{FunctionInfo: other}), native.Code(native.NotFound, eFunctionInfoExistence))

	pk := []byte{9, 9}
	derived := DeriveAccountAddress(f, pk)
	dx := &txn.AbstractionAuthenticator{FunctionInfo: f, Derivable: true, AbstractPublicKey: pk}
	check(AuthenticateAbstraction(h, a, dx), native.Code(native.InvalidState, eInconsistentSignerAddress))
	check(AuthenticateAbstraction(h, derived, dx), native.Code(native.NotFound, eDerivableAANotInitialized))

	// Registered derivable functions: f is accepted, another is not; a
	// second registration of f aborts in big_ordered_map.
	if err := RegisterDerivable(h, other); err != nil {
		t.Fatal(err)
	}
	check(AuthenticateAbstraction(h, derived, dx), native.Code(native.NotFound, eFunctionInfoExistence))
	if err := RegisterDerivable(h, f); err != nil {
		t.Fatal(err)
	}
	if err := AuthenticateAbstraction(h, derived, dx); err != nil {
		t.Fatalf("registered derivable function refused: %v", err)
	}
	if code := abortCode(t, RegisterDerivable(h, f), "big_ordered_map"); code != native.Code(native.InvalidArgument, 1) {
		t.Fatalf("duplicate registration abort 0x%x", code)
	}
	// The map's degrees come from its first key, other (38 bytes: a 32-byte
	// address, "m", "zzz"), and value (1 byte): 4096/38 and 4096/39.
	d, _, err := derivableOf(h)
	if err != nil || len(d.funcs) != 2 || d.funcs[0] != f || d.inner != 4096/38 || d.leaf != 4096/39 {
		t.Fatalf("derivable map %+v %v", d, err)
	}

	// The OrderedMap keeps its keys sorted as Move compares FunctionInfos.
	if compareFunctionInfo(f, other) >= 0 || compareFunctionInfo(txn.FunctionInfo{ModuleName: "b"}, txn.FunctionInfo{ModuleName: "ab"}) <= 0 {
		t.Fatal("FunctionInfo order")
	}
}
