package txn

import (
	"bytes"
	"encoding/json"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

// The JSON of a submission's answer is written for every accepted
// transaction, and encoding/json spends most of its time there on
// reflection. The AppendJSON methods below write the same bytes
// encoding/json would (without HTML escaping, as the API encodes) for the
// common shapes, and report false for any other, in which case the caller
// truncates what was written and falls back to encoding/json.

// AppendJSON writes p as encoding/json would. It reports false (leaving
// partial output) when a string would need escaping or an argument is not
// valid JSON.
func (p EntryFunctionPayloadJSON) AppendJSON(buf *bytes.Buffer) bool {
	if !PlainJSONString(p.Function) || !PlainJSONString(p.Type) {
		return false
	}
	buf.WriteString(`{"function":"`)
	buf.WriteString(p.Function)
	buf.WriteString(`","type_arguments":`)
	ok := appendJSONList(buf, p.TypeArguments == nil, len(p.TypeArguments), func(i int) bool {
		s := p.TypeArguments[i].String()
		if !PlainJSONString(s) {
			return false
		}
		buf.WriteByte('"')
		buf.WriteString(s)
		buf.WriteByte('"')
		return true
	})
	buf.WriteString(`,"arguments":`)
	ok = ok && appendJSONList(buf, p.Arguments == nil, len(p.Arguments), func(i int) bool {
		if p.Arguments[i] == nil {
			buf.WriteString("null")
			return true
		}
		return json.Compact(buf, p.Arguments[i]) == nil
	})
	if !ok {
		return false
	}
	buf.WriteString(`,"type":"`)
	buf.WriteString(p.Type)
	buf.WriteString(`"}`)
	return true
}

// appendJSONList writes null for a nil slice, else [elem(0),…] with
// elem writing each element; it stops at the first element that fails.
func appendJSONList(buf *bytes.Buffer, isNil bool, n int, elem func(i int) bool) bool {
	if isNil {
		buf.WriteString("null")
		return true
	}
	buf.WriteByte('[')
	for i := range n {
		if i > 0 {
			buf.WriteByte(',')
		}
		if !elem(i) {
			return false
		}
	}
	buf.WriteByte(']')
	return true
}

// AppendJSON writes a single-key signature (public_key, signature and type
// only, both values hex bytes) as encoding/json would; any other shape
// reports false.
func (s *signatureJSON) AppendJSON(buf *bytes.Buffer) bool {
	pub, ok1 := s.PublicKey.(ledgerapi.HexBytes)
	sig, ok2 := s.Signature.(ledgerapi.HexBytes)
	if !ok1 || !ok2 || !PlainJSONString(s.Type) ||
		s.PublicKeys != nil || s.Signatures != nil || s.Threshold != nil || s.Bitmap != nil ||
		s.SignaturesRequired != nil || s.Sender != nil || s.SecondarySignerAddresses != nil ||
		s.SecondarySigners != nil || s.FeePayerAddress != nil || s.FeePayerSigner != nil ||
		s.FunctionInfo != "" || s.AuthData != nil {
		return false
	}
	var tmp [260]byte // a key or signature up to 128 bytes stays on the stack
	buf.WriteString(`{"public_key":`)
	buf.Write(pub.AppendJSON(tmp[:0]))
	buf.WriteString(`,"signature":`)
	buf.Write(sig.AppendJSON(tmp[:0]))
	buf.WriteString(`,"type":"`)
	buf.WriteString(s.Type)
	buf.WriteString(`"}`)
	return true
}

// PlainJSONString reports whether encoding/json writes s between quotes
// unchanged: printable ASCII without '"' or '\'.
func PlainJSONString(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
