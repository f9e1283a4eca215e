package vmstub_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptostoken"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptostokenobjects"
	"github.com/ledgernode/ledgernode/vmstub/framework/movestdlib"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// TestFrameworkTreeLayout: every file of a framework folder is its doc.go
// or named after one of the Move modules the folder declares (module.go,
// module_topic.go, and their tests), and every declared module has its
// file, at the folder's address.
func TestFrameworkTreeLayout(t *testing.T) {
	folders := map[string]struct {
		addr    string
		modules []native.Module
	}{
		"movestdlib":        {"0x1", movestdlib.Modules()},
		"aptosstdlib":       {"0x1", aptosstdlib.Modules()},
		"aptosframework":    {"0x1", aptosframework.Modules()},
		"aptostokenobjects": {"0x4", aptostokenobjects.Modules()},
		"aptostoken":        {"0x3", aptostoken.Modules()},
	}
	for dir, f := range folders {
		names := map[string]bool{}
		for _, m := range f.modules {
			if m.Address.ShortString() != f.addr {
				t.Errorf("%s declares %s::%s, not at %s", dir, m.Address.ShortString(), m.Name, f.addr)
			}
			names[m.Name] = true
		}
		entries, err := os.ReadDir(filepath.Join("framework", dir))
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		hasDoc := false
		for _, e := range entries {
			file := strings.TrimSuffix(strings.TrimSuffix(e.Name(), ".go"), "_test")
			if file == "doc" {
				hasDoc = true
				continue
			}
			found := false
			for n := range names {
				if file == n || strings.HasPrefix(file, n+"_") {
					found, seen[n] = true, true
				}
			}
			if !found {
				t.Errorf("framework/%s/%s is named after no module of the folder", dir, e.Name())
			}
		}
		if !hasDoc {
			t.Errorf("framework/%s has no doc.go", dir)
		}
		for n := range names {
			if !seen[n] {
				t.Errorf("framework/%s declares %s but has no %s.go", dir, n, n)
			}
		}
	}
}
