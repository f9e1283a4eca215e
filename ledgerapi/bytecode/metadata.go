package bytecode

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// Keys of the Aptos metadata entries.
const (
	MetadataKeyV0 = "aptos::metadata_v0" // error map only
	MetadataKeyV1 = "aptos::metadata_v1"
)

// Kinds of KnownAttribute.
const (
	AttributeLegacyView          uint8 = 0 // an early compiler's view marker, still honoured
	AttributeView                uint8 = 1
	AttributeResourceGroup       uint8 = 2
	AttributeResourceGroupMember uint8 = 3
	AttributeEvent               uint8 = 4
	AttributeRandomness          uint8 = 5
)

// KnownAttribute is an attribute of a struct or function in the metadata.
type KnownAttribute struct {
	Kind uint8
	Args []string
}

// ErrorDescription names an abort code.
type ErrorDescription struct {
	CodeName        string
	CodeDescription string
}

// MetadataV1 is Aptos's RuntimeModuleMetadataV1, the BCS value stored under
// MetadataKeyV1: an error map and attributes of structs and functions, by name.
type MetadataV1 struct {
	ErrorMap         map[uint64]ErrorDescription
	StructAttributes map[string][]KnownAttribute
	FunAttributes    map[string][]KnownAttribute
}

// IsView reports whether function name is marked as a view function (md
// may be nil: no metadata).
func (md *MetadataV1) IsView(name string) bool {
	return md != nil && has(md.FunAttributes[name], AttributeView, AttributeLegacyView)
}

// IsRandomness reports whether function name is marked #[randomness] (md
// may be nil).
func (md *MetadataV1) IsRandomness(name string) bool {
	return md != nil && has(md.FunAttributes[name], AttributeRandomness, AttributeRandomness)
}

// IsEvent reports whether struct name is marked as an event (md may be nil).
func (md *MetadataV1) IsEvent(name string) bool {
	return md != nil && has(md.StructAttributes[name], AttributeEvent, AttributeEvent)
}

func has(attrs []KnownAttribute, a, b uint8) bool {
	for _, x := range attrs {
		if x.Kind == a || x.Kind == b {
			return true
		}
	}
	return false
}

// DecodeMetadataV1 decodes the value of a MetadataKeyV1 entry. Like the BCS
// reader of the reference, it wants canonical maps (keys in increasing
// order of their encoding, no duplicates) and no trailing bytes.
func DecodeMetadataV1(b []byte) (*MetadataV1, error) {
	md := &MetadataV1{}
	if err := bcs.Unmarshal(b, (*metadataV1)(md)); err != nil {
		return nil, fmt.Errorf("bytecode: %s: %w", MetadataKeyV1, err)
	}
	return md, nil
}

// DecodeMetadataV0 decodes the value of a MetadataKeyV0 entry (an error
// map) as a MetadataV1 without attributes, as the reference upgrades it.
func DecodeMetadataV0(b []byte) (*MetadataV1, error) {
	md := &MetadataV1{}
	if err := bcs.Unmarshal(b, (*metadataV0)(md)); err != nil {
		return nil, fmt.Errorf("bytecode: %s: %w", MetadataKeyV0, err)
	}
	return md, nil
}

// Encode returns the BCS encoding of md, maps in canonical order.
func (md *MetadataV1) Encode() []byte { return bcs.Marshal((*metadataV1)(md)) }

// RuntimeMetadata finds the module's Aptos metadata as the reference does:
// the first MetadataKeyV1 entry (nil if it does not decode), else the
// first MetadataKeyV0 entry. Attributes of version-5 units are dropped, as
// the reference drops them. Nil means none.
func (m *Module) RuntimeMetadata() *MetadataV1 { return m.runtimeMetadata(m.Version) }

// RuntimeMetadata is Module.RuntimeMetadata for a script.
func (s *Script) RuntimeMetadata() *MetadataV1 { return s.runtimeMetadata(s.Version) }

func (p *Pools) runtimeMetadata(version uint32) *MetadataV1 {
	find := func(key string) []byte {
		for _, e := range p.Metadata {
			if string(e.Key) == key {
				return e.Value
			}
		}
		return nil
	}
	if v := find(MetadataKeyV1); v != nil {
		md, err := DecodeMetadataV1(v)
		if err != nil {
			return nil
		}
		if version == Version5 {
			md.StructAttributes, md.FunAttributes = nil, nil
		}
		return md
	}
	if v := find(MetadataKeyV0); v != nil {
		if md, err := DecodeMetadataV0(v); err == nil {
			return md
		}
	}
	return nil
}

type metadataV0 MetadataV1

func (md *metadataV0) MarshalBCS(e *bcs.Encoder) { (*metadataV1)(md).errorMap(e) }

func (md *metadataV0) UnmarshalBCS(d *bcs.Decoder) { md.ErrorMap = decodeErrorMap(d) }

type metadataV1 MetadataV1

func (md *metadataV1) errorMap(e *bcs.Encoder) {
	entries := make([][]byte, 0, len(md.ErrorMap))
	for code, desc := range md.ErrorMap {
		var ee bcs.Encoder
		ee.U64(code)
		ee.String(desc.CodeName)
		ee.String(desc.CodeDescription)
		entries = append(entries, ee.Bytes())
	}
	writeMap(e, entries, 8)
}

func (md *metadataV1) MarshalBCS(e *bcs.Encoder) {
	md.errorMap(e)
	for _, m := range []map[string][]KnownAttribute{md.StructAttributes, md.FunAttributes} {
		entries := make([][]byte, 0, len(m))
		for name, attrs := range m {
			var ee bcs.Encoder
			ee.String(name)
			ee.SeqLen(len(attrs))
			for _, a := range attrs {
				ee.U8(a.Kind)
				ee.SeqLen(len(a.Args))
				for _, s := range a.Args {
					ee.String(s)
				}
			}
			entries = append(entries, ee.Bytes())
		}
		writeMap(e, entries, -1)
	}
}

// writeMap writes encoded entries sorted by their key's encoding; keyLen
// is the fixed key size, or -1 for a string key (length-prefixed).
func writeMap(e *bcs.Encoder, entries [][]byte, keyLen int) {
	key := func(b []byte) []byte {
		if keyLen >= 0 {
			return b[:keyLen]
		}
		n, size := uint64(0), 0
		for shift := 0; ; shift += 7 {
			c := b[size]
			size++
			n |= uint64(c&0x7F) << shift
			if c&0x80 == 0 {
				break
			}
		}
		return b[:size+int(n)]
	}
	sort.Slice(entries, func(i, j int) bool { return bytes.Compare(key(entries[i]), key(entries[j])) < 0 })
	e.SeqLen(len(entries))
	for _, x := range entries {
		e.Fixed(x)
	}
}

func (md *metadataV1) UnmarshalBCS(d *bcs.Decoder) {
	md.ErrorMap = decodeErrorMap(d)
	md.StructAttributes = decodeAttributes(d, "struct_attributes")
	md.FunAttributes = decodeAttributes(d, "fun_attributes")
}

// canonicalKey checks that a map key's encoding follows the previous one.
func canonicalKey(d *bcs.Decoder, prev *[]byte, start int, what string) {
	k := d.Since(start)
	if *prev != nil && bytes.Compare(k, *prev) <= 0 {
		d.Fail(bcs.ErrNotCanonical, what, "map keys out of order or repeated")
	}
	*prev = k
}

func decodeErrorMap(d *bcs.Decoder) map[uint64]ErrorDescription {
	n := d.SeqLen("error_map", 10)
	out := make(map[uint64]ErrorDescription, n)
	var prev []byte
	for i := 0; i < n && !d.Failed(); i++ {
		start := d.Offset()
		code := d.U64("error_map.key")
		canonicalKey(d, &prev, start, "error_map")
		out[code] = ErrorDescription{CodeName: d.String("code_name"), CodeDescription: d.String("code_description")}
	}
	return out
}

func decodeAttributes(d *bcs.Decoder, what string) map[string][]KnownAttribute {
	n := d.SeqLen(what, 2)
	out := make(map[string][]KnownAttribute, n)
	var prev []byte
	for i := 0; i < n && !d.Failed(); i++ {
		start := d.Offset()
		name := d.String(what + ".key")
		canonicalKey(d, &prev, start, what)
		k := d.SeqLen(what+".value", 2)
		attrs := make([]KnownAttribute, 0, k)
		for j := 0; j < k && !d.Failed(); j++ {
			a := KnownAttribute{Kind: d.U8("kind")}
			m := d.SeqLen("args", 1)
			for l := 0; l < m && !d.Failed(); l++ {
				a.Args = append(a.Args, d.String("arg"))
			}
			attrs = append(attrs, a)
		}
		out[name] = attrs
	}
	return out
}
