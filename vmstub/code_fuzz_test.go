package vmstub_test

import (
	"maps"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// fork returns a copy of c for test t: what the copy executes does not
// change c.
func (c *chain) fork(t testing.TB) *chain {
	return &chain{t: t, vm: c.vm, state: maps.Clone(c.state), height: c.height, nowUs: c.nowUs, streams: maps.Clone(c.streams)}
}

// FuzzPublishPackage submits publish_package_txn with random metadata and
// module bytes (one or two modules) through the executor, over a chain
// where the sender has published a package. Whatever the bytes, the
// transaction is kept, never for an internal error (Options.InternalError
// hears of none); a refused one writes no module and no
// registry; an accepted one stores exactly the modules it lists, each
// readable through the modules at the new state, and a registry that
// decodes and names them.
func FuzzPublishPackage(f *testing.F) {
	rec := &internalErrors{}
	base := newChain(f, vmstub.Options{InternalError: rec.record})
	a := base.vm.DevAccounts()[0]
	meta := packageMeta("Counters", onchain.UpgradeCompatible, []string{"counter", "user"}, stdDeps...)
	if out := base.publish(a, meta, tallyModule(f, a.Address, true, false), userModule(f, a.Address)); !out.Info.Status.Success() {
		f.Fatal(out.Info.Status.String())
	}
	f.Add(meta, tallyModule(f, a.Address, true, true), userModule(f, a.Address))
	f.Add(packageMeta("Other", onchain.UpgradeImmutable, []string{"counter"}, stdDeps...), tallyModule(f, a.Address, true, false), []byte{})
	f.Add(packageMeta("New", onchain.UpgradeCompatible, []string{"user"}), userModule(f, a.Address), []byte{})
	f.Add([]byte{0}, []byte{0xa1, 0x1c, 0xeb, 0x0b, 7, 0, 0, 0x0a}, []byte{1})
	f.Fuzz(func(t *testing.T, meta, code1, code2 []byte) {
		c := base.fork(t)
		code := [][]byte{code1}
		if len(code2) > 0 {
			code = append(code, code2)
		}
		args := publishArgs(meta, code...)
		out, err := c.exec(a.Sign(c.raw(a, vmstub.EntryPayload(one, "code", "publish_package_txn", nil, args...))))
		if err != nil || len(rec.take()) > 0 {
			t.Fatalf("internal error: %v (%s)", err, out.Info.Status.String())
		}
		var written []ledgerapi.ModuleId
		wroteRegistry := false
		for _, w := range out.Changes {
			switch {
			case w.Key.Kind == storage.StateModule:
				written = append(written, ledgerapi.ModuleId{Address: w.Key.Address, Name: w.Key.Module})
			case w.Key.Kind == storage.StateResource && w.Key.Resource.Module == "code":
				wroteRegistry = true
			}
		}
		if !out.Info.Status.Success() {
			if len(written) > 0 || wroteRegistry {
				t.Fatalf("refused (%s) but wrote modules %v, registry %v", out.Info.Status.String(), written, wroteRegistry)
			}
			return
		}
		if !wroteRegistry || len(written) != len(code) {
			t.Fatalf("accepted: wrote %v and registry %v for %d modules", written, wroteRegistry, len(code))
		}
		names := map[string]bool{}
		for _, p := range c.registry(a.Address).Packages {
			for _, m := range p.Modules {
				names[m.Name] = true
			}
		}
		for _, id := range written {
			if id.Address != a.Address || !names[id.Name] {
				t.Fatalf("module %s stored but not listed (%v)", id, names)
			}
			if _, err := c.vm.ModulesAt(c).Module(id); err != nil {
				t.Fatalf("stored module %s does not read: %v", id, err)
			}
		}
	})
}
