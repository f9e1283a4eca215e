package vmstub_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// TestEveryStatusIsNamed reads the executor's sources (this package, the
// interpreter, the publisher, the verifier) and checks that no status code
// is written as a number: every status is one of onchain's named
// constants, so that vm_status never reads STATUS_CODE_<n> and onchain's
// table stays the one home of codes and names. A status is what is written
// as a StatusCode constant or conversion, as the Status field of a
// composite literal, or as the Code or Name of a VMStatus literal.
func TestEveryStatusIsNamed(t *testing.T) {
	fset := token.NewFileSet()
	var named int
	check := func(pos token.Pos, e ast.Expr) {
		switch x := e.(type) {
		case *ast.BasicLit:
			t.Errorf("%s: status written as %s: use onchain's constant", fset.Position(pos), x.Value)
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && id.Name == "onchain" && isStatusName(x.Sel.Name) {
				if _, ok := statusByName[x.Sel.Name]; !ok {
					t.Errorf("%s: onchain.%s has no name in onchain's table", fset.Position(pos), x.Sel.Name)
				}
			}
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
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok && id.Name == "onchain" && isStatusName(x.Sel.Name) {
					named++
				}
			case *ast.ValueSpec:
				if x.Type != nil && isStatusType(x.Type) {
					for _, v := range x.Values {
						check(v.Pos(), v)
					}
				}
			case *ast.CallExpr:
				if isStatusType(x.Fun) && len(x.Args) == 1 {
					check(x.Pos(), x.Args[0])
				}
			case *ast.CompositeLit:
				for _, el := range x.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					key, _ := kv.Key.(*ast.Ident)
					switch {
					case key == nil:
					case key.Name == "Status":
						check(kv.Pos(), kv.Value)
					case (key.Name == "Code" || key.Name == "Name") && isVMStatus(x.Type):
						t.Errorf("%s: VMStatus written by hand: use onchain's StatusCode.VMStatus", fset.Position(kv.Pos()))
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if named < 200 {
		t.Fatalf("found %d named statuses: the sources were not read as expected", named)
	}
}

// isStatusName reports whether an identifier is spelled as a status code's
// name (upper case and underscores, as onchain's constants are).
func isStatusName(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return strings.Contains(s, "_") || s == "ABORTED" || s == "EXECUTED" || s == "MALFORMED" || s == "UNREACHABLE"
}

// statusByName maps the names of onchain's codes, as far as its table
// names the range of codes a VM reports, to their codes.
var statusByName = func() map[string]onchain.StatusCode {
	m := map[string]onchain.StatusCode{}
	for c := onchain.StatusCode(0); c < 5000; c++ {
		if n, ok := c.Name(); ok {
			m[n] = c
		}
	}
	return m
}()
