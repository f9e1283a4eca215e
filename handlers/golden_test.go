package handlers_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestGoldenBodies compares response bodies over a deterministic fixture
// ledger (storagetest chain: fixed hashes and timestamps) with reviewed
// files in testdata/golden. Regenerate with: go test ./handlers -run Golden -update
func TestGoldenBodies(t *testing.T) {
	base, _ := newEmptyBlocksServer(t, 3, 0)
	cases := []struct{ name, path string }{
		{"ledger_info", "/"},
		{"block_by_height_with_transactions", "/blocks/by_height/2?with_transactions=true"},
		{"block_by_version", "/blocks/by_version/1"},
		{"transactions_first_page", "/transactions?start=0&limit=3"},
		{"transaction_by_version_genesis", "/transactions/by_version/0"},
		{"events_empty", "/accounts/0x1/events/0"},
		{"error_block_not_found", "/blocks/by_height/99"},
		{"error_version_not_found", "/blocks/by_version/99"},
		{"error_bad_limit", "/transactions?limit=0"},
		{"error_unknown_route", "/nope"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, err := http.Get(base + c.path)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var pretty bytes.Buffer
			if err := json.Indent(&pretty, raw, "", "  "); err != nil {
				t.Fatalf("not JSON: %s", raw)
			}
			pretty.WriteByte('\n')
			file := filepath.Join("testdata", "golden", c.name+".json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, pretty.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(pretty.Bytes(), want) {
				t.Errorf("%s differs from %s:\n%s", c.path, file, diffLines(string(want), pretty.String()))
			}
		})
	}
}

// diffLines shows the first differing line, enough to locate a change.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + itoa(i+1) + ":\n want: " + a + "\n  got: " + b
		}
	}
	return "(identical lines, different bytes)"
}

func itoa(i int) string { return u(uint64(i)) }
