package ledgernode_test

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/ledgernode/ledgernode"

// allowedImports lists, for each package (matched by longest prefix), the
// module packages it may import directly: each entry with its subpackages,
// or only the package itself when written with a leading "=". Packages of
// the module not matched here may import anything (examples). Standard
// library and third-party imports are not restricted by this table.
var allowedImports = map[string][]string{
	"ledgerapi/bcs":              {},
	"ledgerapi":                  {"ledgerapi"},
	"ledgerapi/bytecode":         {"=ledgerapi", "ledgerapi/bcs", "ledgerapi/onchain"},
	"ledgerapi/bytecode/samples": {"=ledgerapi", "ledgerapi/bytecode"},
	"ledgerapi/onchain":          {"=ledgerapi", "ledgerapi/bcs", "ledgerapi/crypto"},
	"ledgerapi/modules":          {"=ledgerapi", "ledgerapi/bcs", "ledgerapi/bytecode", "ledgerapi/movevalue", "ledgerapi/txn"},
	"storage":                    {"storage", "ledgerapi"},
	"storage/memstore":           {"storage", "ledgerapi"},
	"storage/lrucache":           {"storage", "ledgerapi"},
	"storage/pebblestore":        {"storage", "ledgerapi"},
	"storage/pgstore":            {"storage", "ledgerapi"},
	"storage/record":             {"storage", "ledgerapi"},
	"storage/statefile":          {"=storage", "storage/record", "ledgerapi"},
	"storage/storagetest":        {"storage", "ledgerapi"},
	"mempool":                    {"mempool", "ledgerapi"},
	"vmstub":                     {"vmstub", "storage", "ledgerapi"},
	"vmstub/movevm":              {"ledgerapi"},
	"vmstub/native":              {"=vmstub/movevm", "ledgerapi", "=storage"},
	"vmstub/framework":           {"vmstub/framework", "vmstub/native", "=vmstub/movevm", "ledgerapi", "=storage"},
	"vmstub/publish":             {"=ledgerapi", "ledgerapi/bcs", "ledgerapi/bytecode", "ledgerapi/onchain", "vmstub/verifier"},
	"vmstub/verifier":            {"=ledgerapi", "ledgerapi/bytecode", "ledgerapi/onchain"},
	"node":                       {"node", "storage", "mempool", "ledgerapi"},
	"handlers":                   {"handlers", "storage", "mempool", "ledgerapi"},
	"devapi":                     {"devapi", "node", "handlers", "storage", "ledgerapi"},
	"middleware":                 {"middleware", "ledgerapi"},
	"replica":                    {"handlers", "=storage", "storage/pgstore", "=ledgerapi", "ledgerapi/txn", "mempool"},
	"indexer":                    {"indexer/gql", "=storage", "ledgerapi"},
	"indexer/pgindex":            {"=indexer", "indexer/gql", "=storage", "ledgerapi"}, // a backend of the index: its schema and change feed
	"":                           {"ledgerapi", "storage", "mempool", "vmstub", "node", "handlers", "middleware"},
	"examples":                   nil, // anything
	"internal/restarttest":       {"ledgerapi", "storage", "mempool", "node", "vmstub"},
	"internal/redteam":           {}, // tests only: an attacker of the whole node over HTTP
}

// implementations are the packages that only hosts pick.
var implementations = []string{"storage/memstore", "storage/lrucache", "storage/pebblestore", "storage/pgstore", "vmstub", "middleware"}

func rel(pkg string) (string, bool) {
	if pkg == module {
		return "", true
	}
	if strings.HasPrefix(pkg, module+"/") {
		return strings.TrimPrefix(pkg, module+"/"), true
	}
	return "", false
}

// under reports whether p is dir or inside it ("" matches only the root).
func under(p, dir string) bool {
	if dir == "" {
		return p == ""
	}
	return p == dir || strings.HasPrefix(p, dir+"/")
}

func ruleFor(p string) (string, bool) {
	best, found := "", false
	for k := range allowedImports {
		if under(p, k) && (!found || len(k) > len(best)) {
			best, found = k, true
		}
	}
	return best, found
}

// TestImportRules enforces the package boundaries of the architecture:
// the wire vocabulary imports nothing else, backends never reach upwards,
// and handlers and node never import an implementation.
func TestImportRules(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		p, ok := rel(fields[0])
		if !ok {
			continue
		}
		rule, ok := ruleFor(p)
		if !ok {
			t.Errorf("package %q has no import rule; add it to allowedImports", p)
			continue
		}
		allowed := allowedImports[rule]
		for _, imp := range fields[1:] {
			q, ok := rel(imp)
			if !ok {
				continue
			}
			checked++
			if under(q, "examples") && !under(p, "examples") {
				t.Errorf("%s imports %s: only examples may import examples", p, q)
			}
			if (under(p, "handlers") || under(p, "node")) && !under(p, "examples") {
				for _, impl := range implementations {
					if under(q, impl) {
						t.Errorf("%s imports implementation %s: hosts choose implementations", p, q)
					}
				}
			}
			if allowed == nil {
				continue
			}
			permitted := false
			for _, a := range allowed {
				if exact, ok := strings.CutPrefix(a, "="); ok && q == exact || !ok && under(q, a) {
					permitted = true
				}
			}
			if !permitted {
				t.Errorf("%s may not import %s (allowed: %v)", p, q, allowed)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no module-internal imports were checked; the test is not looking at the module")
	}
}
