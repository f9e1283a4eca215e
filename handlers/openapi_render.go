package handlers

import (
	"bytes"
	"encoding/json"
	"html/template"
	"regexp"
	"slices"
	"strings"
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
	switch t := tree.(type) {
	case map[string]any:
		if len(t) > 0 {
			yamlMap(&out, t, 0, false)
			return out.Bytes(), nil
		}
	case []any:
		if len(t) > 0 {
			yamlList(&out, t, 0, false)
			return out.Bytes(), nil
		}
	}
	out.WriteString(strings.TrimPrefix(yamlInline(tree), " "))
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// yamlValue writes v after a "key:" or "-": scalars and empty collections
// on the same line, other collections as an indented block below.
func yamlValue(out *bytes.Buffer, v any, indent int) {
	switch t := v.(type) {
	case map[string]any:
		if len(t) > 0 {
			out.WriteByte('\n')
			yamlMap(out, t, indent, false)
			return
		}
	case []any:
		if len(t) > 0 {
			out.WriteByte('\n')
			yamlList(out, t, indent, false)
			return
		}
	}
	out.WriteString(yamlInline(v))
	out.WriteByte('\n')
}

// yamlKeyRank puts the document's top-level keys in their usual order
// (higher first); other keys are sorted.
var yamlKeyRank = map[string]int{"openapi": 6, "info": 5, "servers": 4, "tags": 3, "paths": 2, "components": 1}

// yamlMap writes a block mapping; inline means the first key continues a
// "- " already written.
func yamlMap(out *bytes.Buffer, m map[string]any, indent int, inline bool) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if ra, rb := yamlKeyRank[a], yamlKeyRank[b]; ra != rb {
			return rb - ra
		}
		return strings.Compare(a, b)
	})
	for i, k := range keys {
		if i > 0 || !inline {
			out.WriteString(strings.Repeat(" ", indent))
		}
		out.WriteString(yamlString(k))
		out.WriteByte(':')
		yamlValue(out, m[k], indent+2)
	}
}

// yamlList writes a block sequence; inline as for yamlMap.
func yamlList(out *bytes.Buffer, l []any, indent int, inline bool) {
	for i, v := range l {
		if i > 0 || !inline {
			out.WriteString(strings.Repeat(" ", indent))
		}
		out.WriteByte('-')
		switch t := v.(type) {
		case map[string]any:
			if len(t) > 0 {
				out.WriteByte(' ')
				yamlMap(out, t, indent+2, true)
				continue
			}
		case []any:
			if len(t) > 0 {
				out.WriteByte(' ')
				yamlList(out, t, indent+2, true)
				continue
			}
		}
		yamlValue(out, v, indent+2)
	}
}

// yamlInline renders a scalar or an empty collection, with a leading space.
func yamlInline(v any) string {
	switch t := v.(type) {
	case nil:
		return " null"
	case bool:
		if t {
			return " true"
		}
		return " false"
	case json.Number:
		return " " + t.String()
	case string:
		return " " + yamlString(t)
	case map[string]any:
		return " {}"
	case []any:
		return " []"
	}
	return " null"
}

var yamlPlainRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_ ./()-]*$`)

// yamlString writes s plain when YAML reads it back as the same string,
// and double-quoted otherwise (JSON string escapes are YAML escapes).
func yamlString(s string) string {
	if yamlPlainRE.MatchString(s) && !strings.HasSuffix(s, " ") {
		switch strings.ToLower(s) {
		case "true", "false", "null", "yes", "no", "on", "off", "y", "n":
		default:
			return s
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
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
