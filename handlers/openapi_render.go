package handlers

import (
	"bytes"
	"encoding/json"
	"html/template"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// documentYAML renders a JSON-compatible tree as YAML: the tree goes
// through JSON first, so the YAML holds exactly what spec.json holds, with
// map keys sorted (the top-level keys of an OpenAPI document first).
func documentYAML(doc any) ([]byte, error) {
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2)
	if err := enc.Encode(yamlNode(tree)); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// yamlKeyRank puts the document's top-level keys in their usual order
// (higher first); other keys are sorted.
var yamlKeyRank = map[string]int{"openapi": 6, "info": 5, "servers": 4, "tags": 3, "paths": 2, "components": 1}

// yamlNode is the YAML node of a decoded JSON value, its scalars tagged
// with their JSON types (so that the string "1" stays a string); the YAML
// library quotes and escapes. JSON nests as deep as the document does,
// and the document is the API's own.
func yamlNode(v any) *yaml.Node {
	switch t := v.(type) {
	case map[string]any:
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b string) int {
			if ra, rb := yamlKeyRank[a], yamlKeyRank[b]; ra != rb {
				return rb - ra
			}
			return strings.Compare(a, b)
		})
		for _, k := range keys {
			n.Content = append(n.Content, yamlScalar("!!str", k), yamlNode(t[k]))
		}
		return n
	case []any:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for _, e := range t {
			n.Content = append(n.Content, yamlNode(e))
		}
		return n
	case string:
		return yamlScalar("!!str", t)
	case json.Number:
		if _, err := t.Int64(); err == nil {
			return yamlScalar("!!int", t.String())
		}
		return yamlScalar("!!float", t.String())
	case bool:
		return yamlScalar("!!bool", strconv.FormatBool(t))
	}
	return yamlScalar("!!null", "null")
}

func yamlScalar(tag, value string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: value}
}

type explorerOp struct{ Method, Path, ID, Summary, Description string }

type explorerTag struct {
	Name, Description string
	Ops               []explorerOp
}

var explorerPage = template.Must(template.New("spec").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:60em;padding:0 1em;color:#222}
h2{border-bottom:1px solid #ccc;padding-bottom:.2em}
table{border-collapse:collapse;width:100%}
td{padding:.3em .5em;vertical-align:top;border-bottom:1px solid #eee}
.m{font-weight:bold;font-family:monospace}
.p{font-family:monospace}
.d{color:#555;font-size:.9em}
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>Paths are relative to the <code>/v1</code> base. The OpenAPI 3.0 document:
<a href="spec.json">/v1/spec.json</a> (JSON), <a href="spec.yaml">/v1/spec.yaml</a> (YAML).</p>
{{range .Tags}}{{if .Ops}}<h2>{{.Name}}</h2>
<p class="d">{{.Description}}</p>
<table>
{{range .Ops}}<tr id="{{.ID}}"><td class="m">{{.Method}}</td><td class="p">{{.Path}}</td><td>{{.Summary}}<div class="d">{{.Description}} <code>{{.ID}}</code></div></td></tr>
{{end}}</table>
{{end}}{{end}}</body>
</html>
`))

// explorerHTML renders the explorer page from the route table, grouped by tag.
func (a *API) explorerHTML() ([]byte, error) {
	tags := make([]explorerTag, 0, len(openAPITags)+1)
	index := map[string]int{}
	for _, t := range openAPITags {
		index[t["name"].(string)] = len(tags)
		tags = append(tags, explorerTag{Name: t["name"].(string), Description: t["description"].(string)})
	}
	for _, rt := range a.routes() {
		if undocumentedRoutes[rt.operationID] {
			continue
		}
		d := operationDocs[rt.operationID]
		i, ok := index[d.tag]
		if !ok {
			index[d.tag] = len(tags)
			i = len(tags)
			tags = append(tags, explorerTag{Name: "Other"})
		}
		tags[i].Ops = append(tags[i].Ops, explorerOp{Method: rt.method, Path: openAPIPath(rt.path), ID: rt.operationID,
			Summary: d.summary, Description: d.description})
	}
	var b bytes.Buffer
	if err := explorerPage.Execute(&b, struct {
		Title string
		Tags  []explorerTag
	}{"Ledger node REST API", tags}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
