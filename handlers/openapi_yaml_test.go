package handlers_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/ledgernode/ledgernode/handlers"
)

// asJSONValue decodes YAML and passes it through JSON, so that it compares
// with a decoded JSON document as a generic value.
func asJSONValue(t *testing.T, y []byte) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(y, &v); err != nil {
		t.Fatalf("the YAML does not parse: %v\n%s", err, y)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("the YAML holds what JSON cannot: %v", err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSpecYAMLEqualsSpecJSON parses spec.json and spec.yaml as generic
// values: they are the same document.
func TestSpecYAMLEqualsSpecJSON(t *testing.T) {
	s := newStack(t, handlers.Options{}, 0)
	_, j := fetch(t, s.base+"/spec.json")
	resp, y := fetch(t, s.base+"/spec.yaml")
	if resp.StatusCode != 200 {
		t.Fatalf("spec.yaml: %d", resp.StatusCode)
	}
	var fromJSON any
	if err := json.Unmarshal(j, &fromJSON); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fromJSON, asJSONValue(t, y)) {
		t.Fatal("spec.yaml and spec.json hold different documents")
	}
	if !strings.HasPrefix(string(y), "openapi: ") {
		t.Fatalf("spec.yaml does not open with the OpenAPI version: %.80s", y)
	}
}

// TestDocumentYAMLScalars renders values YAML could read as another type
// or that need quoting: each reads back as the JSON value it was.
func TestDocumentYAMLScalars(t *testing.T) {
	doc := map[string]any{
		"strings": []any{"", "1", "0x1", "1e3", "true", "yes", "no", "on", "null", "~", "-", "- x", "a: b", "#x", "x #y",
			" lead", "trail ", "multi\nline\n", "tab\there", "quote \"x\" 'y'", "ünïcode ✓", "{x}", "[1]", "&a", "*a", "!t", "%x", "@x", "`x`",
			"<b>&amp;</b>", "\u2028", "\x01"},
		"numbers": []any{0, -1, 18446744073709551615.0, 1.5, 1e-9},
		"bools":   []any{true, false},
		"null":    nil,
		"empty":   map[string]any{"map": map[string]any{}, "list": []any{}},
		"nested":  []any{[]any{map[string]any{"k": []any{}}}},
		"yes":     "key that YAML 1.1 reads as a bool",
	}
	y, err := handlers.DocumentYAML(doc)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(doc)
	var want any
	json.Unmarshal(b, &want)
	if got := asJSONValue(t, y); !reflect.DeepEqual(got, want) {
		t.Fatalf("read back:\n%v\nwant\n%v\nYAML:\n%s", got, want, y)
	}
}
