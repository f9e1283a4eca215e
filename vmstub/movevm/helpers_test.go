package movevm

import (
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

var (
	cafe  = ledgerapi.MustParseAddress("0xcafe")
	alice = ledgerapi.MustParseAddress("0xa11ce")
)

// memStore is a Storage in memory, keyed by address and struct tag.
type memStore map[string][]byte

func storeKey(a ledgerapi.Address, tag ledgerapi.StructTag) string {
	return a.String() + "/" + tag.String()
}

func (m memStore) Resource(a ledgerapi.Address, tag ledgerapi.StructTag) ([]byte, bool, error) {
	b, ok := m[storeKey(a, tag)]
	return b, ok, nil
}

// apply writes a session's changes into the store.
func (m memStore) apply(ws []Write) {
	for _, w := range ws {
		if w.Deleted {
			delete(m, storeKey(w.Address, w.Tag))
		} else {
			m[storeKey(w.Address, w.Tag)] = w.Data
		}
	}
}

// build makes a module at 0xcafe named name.
func build(t testing.TB, name string, f func(b *bytecode.ModuleBuilder)) *bytecode.Module {
	t.Helper()
	b := bytecode.NewModuleBuilder(cafe, name)
	b.Version(bytecode.VersionMax)
	f(b)
	m, err := b.Module()
	if err != nil {
		t.Fatal(err)
	}
	return m // not serialized: some tests run what the reader would reject
}

// testEnv is a VM, modules and a store for tests.
type testEnv struct {
	vm    *VM
	mods  ModuleMap
	store memStore
	gas   *Budget
	sess  *Session // the session call uses, so that values pass between calls
}

func newEnv(mods ...*bytecode.Module) *testEnv {
	e := &testEnv{vm: New(nil, Limits{}), mods: ModuleMap{}, store: memStore{}}
	for _, m := range mods {
		e.mods.Add(m)
	}
	return e
}

func (e *testEnv) session() *Session {
	env := Env{Modules: e.mods, Storage: e.store}
	if e.gas != nil {
		env.Gas = e.gas
	}
	return e.vm.NewSession(env)
}

// call runs module::fn of 0xcafe with values as arguments.
func (e *testEnv) call(module, fn string, targs []ledgerapi.TypeTag, args ...Value) ([]Value, error) {
	if e.sess == nil {
		e.sess = e.session()
	}
	s := e.sess
	rets, err := s.run(func() (*Function, []*Type, []Value, error) {
		f, err := s.resolve(ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: cafe, Name: module}, Name: fn})
		if err != nil {
			return nil, nil, nil, err
		}
		ts, err := s.typeArgs(targs)
		own := make([]Value, len(args)) // the callee may consume them
		for i, a := range args {
			own[i], _ = copyValue(a, 1<<20)
		}
		return f, ts, own, err
	})
	if err == nil {
		res, ferr := s.Finish()
		if ferr != nil {
			return nil, ferr
		}
		e.store.apply(res.Writes)
	}
	return rets, err
}

// eval runs code as the body of a function returning rets.
func eval(t testing.TB, rets []bytecode.SignatureToken, locals []bytecode.SignatureToken, code ...bytecode.Instruction) ([]Value, error) {
	t.Helper()
	m := build(t, "t", func(b *bytecode.ModuleBuilder) {
		b.Function("f", bytecode.Public, bytecode.Fn{Returns: rets, Locals: locals, Code: code})
	})
	return newEnv(m).call("t", "f", nil)
}

// wantStatus fails unless err carries status st.
func wantStatus(t testing.TB, err error, st onchain.StatusCode) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %s", st)
	}
	if got := StatusOf(err); got != st {
		t.Fatalf("status %s (%v), want %s", got, err, st)
	}
}

func wantAbort(t testing.TB, err error, module string, code uint64) {
	t.Helper()
	var a *Abort
	if !errors.As(err, &a) {
		t.Fatalf("got %v, want an abort", err)
	}
	if a.Module.Name != module || a.Code != code {
		t.Fatalf("abort in %s with 0x%x, want %s with 0x%x", a.Module, a.Code, module, code)
	}
}

// I is bytecode.I.
var I = bytecode.I

// entry runs entry function module::fn of 0xcafe as a transaction does and
// applies its writes to the store.
func (e *testEnv) entry(module, fn string, targs []ledgerapi.TypeTag, signers []ledgerapi.Address, args ...[]byte) (*Result, error) {
	e.sess = nil
	s := e.session()
	err := s.ExecuteEntry(ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: cafe, Name: module}, Name: fn}, targs, signers, args)
	res, ferr := s.Finish()
	if ferr != nil {
		return nil, ferr
	}
	e.store.apply(res.Writes)
	return res, err
}
