package handlers

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// The OpenAPI 3.0 document of the API is assembled from the route table:
// every route becomes an operation with its method, path and operation id,
// and the rest (parameters, bodies, responses) comes from operationDocs.
// A route without an entry there still appears, marked x-undocumented, so a
// new route cannot silently drop out of the document (the tests reject the
// marker).

// Media types of the document itself.
const (
	contentTypeYAML = "application/x-yaml"
	contentTypeHTML = "text/html; charset=utf-8"
)

// undocumentedRoutes are the routes outside the document: the document
// itself (as in the real node, whose spec.json and spec.yaml are not
// operations of its spec; the /spec explorer is).
var undocumentedRoutes = map[string]bool{"spec_json": true, "spec_yaml": true}

// ledgerHeaderDocs are the ledger headers every success carries (errors
// carry them when the ledger could be read).
var ledgerHeaderDocs = []struct{ name, format, desc string }{
	{ledgerapi.HeaderChainID, "uint8", "The chain id."},
	{ledgerapi.HeaderLedgerVersion, "uint64", "The current ledger version."},
	{ledgerapi.HeaderLedgerOldest, "uint64", "The oldest ledger version not pruned."},
	{ledgerapi.HeaderLedgerTimestamp, "uint64", "The current chain timestamp in microseconds."},
	{ledgerapi.HeaderEpoch, "uint64", "The current epoch."},
	{ledgerapi.HeaderBlockHeight, "uint64", "The current block height."},
	{ledgerapi.HeaderOldestBlockHeight, "uint64", "The oldest block height not pruned."},
}

// optionalHeaderDocs are the headers only some successes carry.
var optionalHeaderDocs = map[string]jsonObj{
	ledgerapi.HeaderGasUsed: {"required": true, "description": "The gas used by the call.", "schema": integer("uint64", "")},
	ledgerapi.HeaderCursor: {"required": false, "schema": str(""),
		"description": "Present while more items remain: pass it as start to get the next page."},
}

func ledgerHeader(format, desc string, required bool) jsonObj {
	return jsonObj{"required": required, "description": desc, "schema": integer(format, "")}
}

// openAPIDocument builds the document from the route table.
func (a *API) openAPIDocument() jsonObj {
	paths := jsonObj{}
	for _, rt := range a.routes() {
		if undocumentedRoutes[rt.operationID] {
			continue
		}
		p := openAPIPath(rt.path)
		item, _ := paths[p].(jsonObj)
		if item == nil {
			item = jsonObj{}
			paths[p] = item
		}
		item[strings.ToLower(rt.method)] = operation(rt.operationID, p)
	}
	headers := jsonObj{}
	for _, h := range ledgerHeaderDocs {
		headers[h.name] = ledgerHeader(h.format, h.desc, true)
	}
	for name, h := range optionalHeaderDocs {
		headers[name] = h
	}
	responses := jsonObj{"Error": jsonObj{
		"description": "Any other error, for example 405 web_framework_error for a wrong method.",
		"headers":     errorHeaders(),
		"content":     jsonContent(jsonObj{"schema": ref("AptosError")}),
	}}
	for _, st := range errorStatuses() {
		responses[errorResponseName(st)] = errorResponse(st)
	}
	tags := make([]any, len(openAPITags))
	for i, t := range openAPITags {
		tags[i] = t
	}
	return jsonObj{
		"openapi": "3.0.3",
		"info": jsonObj{
			"title":   "Ledger node REST API",
			"version": "1.0.0",
			"description": "The HTTP interface of a ledger node, compatible with the Aptos fullnode REST API v1. " +
				"Bodies are JSON unless an operation says BCS; u64 values are decimal strings. " +
				"Every success carries the X-NODE ledger headers, which describe the latest ledger even when an older ledger_version is read.",
			"license": jsonObj{"name": "Apache 2.0", "url": "https://www.apache.org/licenses/LICENSE-2.0.html"},
		},
		"servers": []any{jsonObj{"url": "/v1"}},
		"tags":    tags,
		"paths":   paths,
		"components": jsonObj{
			"schemas":   openAPISchemas(),
			"headers":   headers,
			"responses": responses,
		},
	}
}

var pathVarRE = regexp.MustCompile(`\{([^{}:]+)(:[^{}]*)?\}`)

// openAPIPath turns a gorilla/mux template into an OpenAPI path template
// (dropping {name:pattern} patterns).
func openAPIPath(muxPath string) string { return pathVarRE.ReplaceAllString(muxPath, "{$1}") }

// operation documents one route.
func operation(id, path string) jsonObj {
	op := jsonObj{"operationId": id}
	d, known := operationDocs[id]
	if !known {
		op["summary"] = "Undocumented operation " + id
		op["x-undocumented"] = true
	}
	if d.summary != "" {
		op["summary"] = d.summary
	}
	if d.description != "" {
		op["description"] = d.description
	}
	if d.tag != "" {
		op["tags"] = []string{d.tag}
	}
	var params []any
	for _, m := range pathVarRE.FindAllStringSubmatch(path, -1) {
		p := jsonObj{"name": m[1], "in": "path", "required": true}
		if doc, ok := pathParams[m[1]]; ok {
			p["schema"], p["description"] = doc["schema"], doc["description"]
		} else {
			p["schema"] = str("")
			op["x-undocumented"] = true
		}
		params = append(params, p)
	}
	for _, q := range d.query {
		params = append(params, q)
	}
	if len(params) > 0 {
		op["parameters"] = params
	}
	if d.body != nil {
		op["requestBody"] = d.body
	}
	responses := jsonObj{}
	for _, r := range d.ok {
		content := r.content
		if desc, ok := bcsOutput[id]; ok && r.status < 300 {
			content = jsonObj{ledgerapi.ContentTypeBCS: jsonObj{"schema": binarySchema(desc)}}
			for k, v := range r.content {
				content[k] = v
			}
		}
		resp := jsonObj{"description": r.description, "content": content}
		hs := jsonObj{}
		if !d.noLedgerHeaders {
			for _, h := range ledgerHeaderDocs {
				hs[h.name] = jsonObj{"$ref": "#/components/headers/" + h.name}
			}
		}
		for _, h := range d.headers {
			hs[h] = jsonObj{"$ref": "#/components/headers/" + h}
			if _, ok := optionalHeaderDocs[h]; !ok {
				op["x-undocumented"] = true
			}
		}
		if len(hs) > 0 {
			resp["headers"] = hs
		}
		responses[strconv.Itoa(r.status)] = resp
	}
	for _, st := range d.errors {
		responses[strconv.Itoa(st)] = jsonObj{"$ref": "#/components/responses/" + errorResponseName(st)}
	}
	responses["default"] = jsonObj{"$ref": "#/components/responses/Error"}
	op["responses"] = responses
	return op
}

// frameworkStatuses are statuses that only web_framework_error produces.
var frameworkStatuses = []int{http.StatusMethodNotAllowed, http.StatusLengthRequired, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType}

// errorStatuses lists the statuses of the error responses in components:
// every status StatusOf maps a code to, and the framework ones.
func errorStatuses() []int {
	seen := map[int]bool{}
	var out []int
	for _, c := range ledgerapi.ErrorCodes {
		if st := StatusOf(c); !seen[st] {
			seen[st] = true
			out = append(out, st)
		}
	}
	for _, st := range frameworkStatuses {
		if !seen[st] {
			seen[st] = true
			out = append(out, st)
		}
	}
	return out
}

func errorResponseName(status int) string { return fmt.Sprintf("Error%d", status) }

// errorCodesFor lists the error codes a response with this status can carry.
func errorCodesFor(status int) []string {
	var codes []string
	for _, c := range ledgerapi.ErrorCodes {
		if StatusOf(c) == status {
			codes = append(codes, string(c))
		}
	}
	for _, st := range frameworkStatuses {
		if st == status {
			codes = append(codes, string(ledgerapi.CodeWebFrameworkError))
		}
	}
	return codes
}

// errorResponse documents an error status with the codes StatusOf maps to it.
func errorResponse(status int) jsonObj {
	codes := errorCodesFor(status)
	schema := jsonObj{"allOf": []any{ref("AptosError"), jsonObj{"type": "object", "properties": jsonObj{
		"error_code": jsonObj{"type": "string", "enum": codes}}}}}
	headers := errorHeaders()
	if status == http.StatusServiceUnavailable {
		headers["Retry-After"] = jsonObj{"required": false, "schema": integer("uint32", ""),
			"description": "Seconds to wait before retrying: set when a view or simulation was refused or stopped because the node is busy."}
	}
	return jsonObj{
		"description": fmt.Sprintf("%s: error_code %s.", http.StatusText(status), strings.Join(codes, ", ")),
		"headers":     headers,
		"content":     jsonContent(jsonObj{"schema": schema}),
	}
}

// errorHeaders are the ledger headers, optional on errors.
func errorHeaders() jsonObj {
	hs := jsonObj{}
	for _, h := range ledgerHeaderDocs {
		hs[h.name] = ledgerHeader(h.format, h.desc+" Present when the ledger could be read.", false)
	}
	return hs
}

// specJSON serves GET /spec.json: the OpenAPI document as JSON.
func (a *API) specJSON(r *http.Request) (*reply, error) {
	return &reply{info: a.headerInfo(r), body: a.openAPIDocument()}, nil
}

// headerInfo is the ledger info for the headers of a response that does
// not read the ledger otherwise; nil (no headers) when it cannot be read.
func (a *API) headerInfo(r *http.Request) *storage.LedgerInfo {
	info, err := a.snapshot(r.Context())
	if err != nil {
		return nil
	}
	return &info
}

// specYAML serves GET /spec.yaml: the same document as YAML.
func (a *API) specYAML(r *http.Request) (*reply, error) {
	b, err := documentYAML(a.openAPIDocument())
	if err != nil {
		return nil, err
	}
	return &reply{info: a.headerInfo(r), raw: b, rawCT: contentTypeYAML}, nil
}

// specExplorer serves GET /spec: an HTML page listing the operations.
func (a *API) specExplorer(r *http.Request) (*reply, error) {
	b, err := a.explorerHTML()
	if err != nil {
		return nil, err
	}
	return &reply{info: a.headerInfo(r), raw: b, rawCT: contentTypeHTML}, nil
}
