package vmstub_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// TestEveryStatusIsNamed reads the executor's sources (this package, the
// interpreter, the publisher, the verifier) and checks that each status
// code they write as a number has its name in onchain's table, so that
// vm_status never reads STATUS_CODE_<n>, and that a VMStatus literal's
// name is the table's. A status is a number written as a StatusCode
// constant or conversion, as the Status field of a composite literal, or
// as the Code of a VMStatus literal.
func TestEveryStatusIsNamed(t *testing.T) {
	fset := token.NewFileSet()
	var found int
	check := func(pos token.Pos, lit ast.Expr, name string) {
		b, ok := lit.(*ast.BasicLit)
		if !ok || b.Kind != token.INT {
			return
		}
		n, err := strconv.ParseUint(b.Value, 0, 64)
		if err != nil {
			t.Errorf("%s: %s: %v", fset.Position(pos), b.Value, err)
			return
		}
		found++
		known, ok := onchain.StatusCode(n).Name()
		switch {
		case !ok:
			t.Errorf("%s: status %d has no name in onchain's table", fset.Position(pos), n)
		case name != "" && name != known:
			t.Errorf("%s: status %d is named %s, onchain's table says %s", fset.Position(pos), n, name, known)
		}
	}
	isStatusType := func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.Ident:
			return x.Name == "StatusCode"
		case *ast.SelectorExpr:
			return x.Sel.Name == "StatusCode"
		}
		return false
	}
	isVMStatus := func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.Ident:
			return x.Name == "VMStatus"
		case *ast.SelectorExpr:
			return x.Sel.Name == "VMStatus"
		}
		return false
	}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.ValueSpec:
				if x.Type != nil && isStatusType(x.Type) {
					for _, v := range x.Values {
						check(v.Pos(), v, "")
					}
				}
			case *ast.CallExpr:
				if isStatusType(x.Fun) && len(x.Args) == 1 {
					check(x.Pos(), x.Args[0], "")
				}
			case *ast.CompositeLit:
				var code ast.Expr
				var name string
				for _, el := range x.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					key, _ := kv.Key.(*ast.Ident)
					switch {
					case key == nil:
					case key.Name == "Status":
						check(kv.Pos(), kv.Value, "")
					case key.Name == "Code" && isVMStatus(x.Type):
						code = kv.Value
					case key.Name == "Name" && isVMStatus(x.Type):
						if s, ok := kv.Value.(*ast.BasicLit); ok {
							name, _ = strconv.Unquote(s.Value)
						}
					}
				}
				if code != nil {
					check(x.Pos(), code, name)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 50 {
		t.Fatalf("found %d numeric statuses: the sources were not read as expected", found)
	}
}
