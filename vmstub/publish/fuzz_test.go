package publish_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

// FuzzCheck publishes random metadata and module bytes (two modules, or
// one when the second is empty) from 0xcafe over a state holding a
// dependency package and a package at 0xcafe. Check never panics and never
// returns an untyped error (the resolver does not fail); what it accepts
// is consistent: every module reads back and is named in the metadata, the
// registry round-trips and holds the package, and the state is untouched.
func FuzzCheck(f *testing.F) {
	s := newState(f)
	s.store(f, "pkg", onchain.UpgradeCompatible, build(f, sender, "a", func(b *bytecode.ModuleBuilder) {
		b.Function("helper", bytecode.Public, bytecode.Fn{Params: u64s, Returns: u64s, Code: retL0})
	}))
	valid := metadata("pkg", onchain.UpgradeCompatible, []string{"a", "b"}, frameworkDep, depPkgDep)
	f.Add(valid, moduleA(f), moduleB(f), uint8(0))
	f.Add(valid, moduleB(f), moduleA(f), uint8(3))
	f.Add(metadata("pkg", onchain.UpgradeImmutable, []string{"a"}), moduleA(f), []byte{}, uint8(4))
	f.Add(metadata("new", onchain.UpgradeArbitrary, []string{"b"}, depPkgDep), moduleB(f), []byte{}, uint8(1))
	f.Add([]byte{0x03, 'p', 'k', 'g'}, []byte{0xa1, 0x1c, 0xeb, 0x0b, 6, 0, 0, 0}, []byte{0}, uint8(0))
	f.Fuzz(func(t *testing.T, meta, code1, code2 []byte, flags uint8) {
		code := [][]byte{code1}
		if len(code2) > 0 {
			code = append(code, code2)
		}
		cfg := publish.Config{AllowArbitrary: flags&1 != 0, LazyLoading: flags&2 != 0, CheckFriendLinking: flags&4 != 0,
			RejectTrailingBytes: flags&8 != 0}
		res, err := publish.Check(publish.Request{Sender: sender, Metadata: meta, Code: code, Resolver: s, Config: cfg})
		if len(s.registries[sender].Packages) != 1 {
			t.Fatal("the state was modified")
		}
		if err != nil {
			var e *publish.Error
			if !errors.As(err, &e) || e.Error() == "" {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			if _, named := e.Status.Name(); !named {
				t.Fatalf("status %d without a name: %v", e.Status, err)
			}
			if (e.Abort != nil) != (e.Status == onchain.ABORTED) {
				t.Fatalf("abort and status disagree: %+v", e)
			}
			return
		}
		if len(res.Modules) != len(code) || res.Package == nil || res.WriteBytes == 0 {
			t.Fatalf("result: %+v", res)
		}
		names := res.Package.ModuleNames()
		for i, m := range res.Modules {
			if !bytes.Equal(m.Bytes, code[i]) || m.ID.Address != sender || !contains(names, m.ID.Name) {
				t.Fatalf("module %d: %v not in %v", i, m.ID, names)
			}
			if _, err := (bytecode.Config{AllowTrailingBytes: true}).DeserializeModule(m.Bytes); err != nil {
				t.Fatal(err)
			}
		}
		back, err := onchain.DecodePackageRegistry(res.Registry.Encode())
		if err != nil || !bytes.Equal(back.Encode(), res.Registry.Encode()) {
			t.Fatalf("registry: %v", err)
		}
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
