package onchain

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// ErrInvalidStateKey reports a state key that cannot be encoded (an unknown
// kind, a name that is not a Move identifier, a malformed type) or bytes
// that are not the encoding of one.
var ErrInvalidStateKey = errors.New("onchain: invalid state key")

func invalidKey(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidStateKey, fmt.Sprintf(format, args...))
}

// StateKeyKind says which part of the state a StateKey addresses.
type StateKeyKind uint8

// State key kinds. The zero value is not a valid kind.
const (
	// StateResource is one Move resource stored under an account. Resource
	// groups are not modelled: each member resource is its own key.
	StateResource StateKeyKind = iota + 1
	// StateModule is a module's bytecode stored under an account.
	StateModule
	// StateTableItem is an item of a Move table.
	StateTableItem
)

// String returns "resource", "module" or "table_item".
func (k StateKeyKind) String() string {
	switch k {
	case StateResource:
		return "resource"
	case StateModule:
		return "module"
	case StateTableItem:
		return "table_item"
	}
	return fmt.Sprintf("StateKeyKind(%d)", uint8(k))
}

// StateKey addresses one state value: aptos-core's StateKey. Which fields
// are used depends on Kind: Address and Resource for resources, Address and
// Module for modules, Handle and Key for table items.
type StateKey struct {
	// Kind selects the variant.
	Kind StateKeyKind
	// Address is the account holding a resource or module.
	Address ledgerapi.Address
	// Resource is the resource type (StateResource).
	Resource ledgerapi.StructTag
	// Module is the module name (StateModule).
	Module string
	// Handle is the table handle (StateTableItem).
	Handle ledgerapi.Address
	// Key is the BCS of the table key (StateTableItem).
	Key []byte
}

// ResourceKey returns the key of resource tag under addr.
func ResourceKey(addr ledgerapi.Address, tag ledgerapi.StructTag) StateKey {
	return StateKey{Kind: StateResource, Address: addr, Resource: tag}
}

// ModuleKey returns the key of module name under addr.
func ModuleKey(addr ledgerapi.Address, name string) StateKey {
	return StateKey{Kind: StateModule, Address: addr, Module: name}
}

// TableItemKey returns the key of the item of table handle whose key has
// BCS bytes key.
func TableItemKey(handle ledgerapi.Address, key []byte) StateKey {
	return StateKey{Kind: StateTableItem, Handle: handle, Key: key}
}

// String describes the key for messages and logs.
func (k StateKey) String() string {
	switch k.Kind {
	case StateResource:
		return fmt.Sprintf("resource %s at %s", k.Resource, k.Address)
	case StateModule:
		return fmt.Sprintf("module %s at %s", k.Module, k.Address)
	case StateTableItem:
		return fmt.Sprintf("table item 0x%x of %s", k.Key, k.Handle)
	}
	return k.Kind.String()
}

// Equal reports whether k and o address the same state value.
func (k *StateKey) Equal(o *StateKey) bool {
	if k.Kind != o.Kind {
		return false
	}
	switch k.Kind {
	case StateResource:
		// The fields that tell a session's keys apart soonest come
		// first, and each is compared once (this is the executor's
		// lookup of every state access).
		a, b := &k.Resource, &o.Resource
		if a.Name != b.Name || k.Address != o.Address || a.Module != b.Module ||
			a.Address != b.Address || len(a.TypeArgs) != len(b.TypeArgs) {
			return false
		}
		for i := range a.TypeArgs {
			if !a.TypeArgs[i].Equal(b.TypeArgs[i]) {
				return false
			}
		}
		return true
	case StateModule:
		return k.Address == o.Address && k.Module == o.Module
	}
	return k.Handle == o.Handle && bytes.Equal(k.Key, o.Key)
}

// Validate reports whether k can be encoded: a known kind, Move identifiers
// where identifiers are expected, and a well-formed resource type. Errors
// wrap ErrInvalidStateKey.
func (k StateKey) Validate() error {
	switch k.Kind {
	case StateResource:
		return validStructTag(k.Resource, 0)
	case StateModule:
		if !ledgerapi.ValidIdentifier(k.Module) {
			return invalidKey("module name %q is not a Move identifier", k.Module)
		}
		return nil
	case StateTableItem:
		return nil
	}
	return invalidKey("unknown state key kind %d", uint8(k.Kind))
}

func validStructTag(s ledgerapi.StructTag, depth int) error {
	if !ledgerapi.ValidIdentifier(s.Module) || !ledgerapi.ValidIdentifier(s.Name) {
		return invalidKey("struct tag %s has an invalid identifier", s)
	}
	if len(s.TypeArgs) > ledgerapi.MaxTypeArgs {
		return invalidKey("struct tag %s has too many type arguments", s)
	}
	for _, a := range s.TypeArgs {
		if err := validTypeTag(a, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func validTypeTag(t ledgerapi.TypeTag, depth int) error {
	if depth > ledgerapi.MaxTypeTagNesting {
		return invalidKey("type tag nests deeper than %d", ledgerapi.MaxTypeTagNesting)
	}
	switch t.Kind {
	case ledgerapi.KindVector:
		if t.Elem == nil {
			return invalidKey("vector type tag without element type")
		}
		return validTypeTag(*t.Elem, depth+1)
	case ledgerapi.KindStruct:
		if t.Struct == nil {
			return invalidKey("struct type tag without struct")
		}
		return validStructTag(*t.Struct, depth)
	}
	if t.Kind > ledgerapi.KindU256 {
		return invalidKey("unknown type tag kind %d", uint8(t.Kind))
	}
	return nil
}

// BCS variant indices of aptos-core's StateKey and access Path enums.
const (
	variantAccessPath = 0
	variantTableItem  = 1
	pathCode          = 0
	pathResource      = 1
)

// Encode returns the canonical encoding of k: the BCS of aptos-core's
// StateKey enum (AccessPath{address, BCS(Path)} for resources and modules,
// TableItem{handle, key} for table items). It fails with
// ErrInvalidStateKey when k does not Validate.
func (k StateKey) Encode() ([]byte, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	return k.appendEncoded(make([]byte, 0, k.encodedSize())), nil
}

// AppendEncode appends Encode's bytes to dst. Lookups pass a stack buffer
// (KeyBufferSize bytes hold any framework key) so that encoding a key to
// find it allocates nothing. On error dst is returned unchanged.
func (k StateKey) AppendEncode(dst []byte) ([]byte, error) {
	if err := k.Validate(); err != nil {
		return dst, err
	}
	return k.appendEncoded(dst), nil
}

// KeyBufferSize is a stack buffer size for AppendEncode that holds the
// encoding of every resource and module key of the bundled framework.
const KeyBufferSize = 256

// EncodedSize is the length of Encode's bytes for a valid key, computed
// without encoding it (the write-size limits count keys this way).
func (k StateKey) EncodedSize() int { return k.encodedSize() }

func (k StateKey) encodedSize() int {
	if k.Kind == StateTableItem {
		return 1 + ledgerapi.AddressLength + bcs.ULEB128Size(len(k.Key)) + len(k.Key)
	}
	n := k.pathSize()
	return 1 + ledgerapi.AddressLength + bcs.ULEB128Size(n) + n
}

// appendEncoded writes the encoding of a valid key.
func (k StateKey) appendEncoded(dst []byte) []byte {
	if k.Kind == StateTableItem {
		dst = bcs.AppendULEB128(dst, variantTableItem)
		dst = append(dst, k.Handle[:]...)
		return bcs.AppendBytes(dst, k.Key)
	}
	dst = bcs.AppendULEB128(dst, variantAccessPath)
	dst = append(dst, k.Address[:]...)
	dst = bcs.AppendSeqLen(dst, k.pathSize())
	if k.Kind == StateModule {
		dst = bcs.AppendULEB128(dst, pathCode)
		dst = append(dst, k.Address[:]...)
		return bcs.AppendString(dst, k.Module)
	}
	dst = bcs.AppendULEB128(dst, pathResource)
	return k.Resource.AppendBCS(dst)
}

// pathSize is the size of the BCS of the access Path of a valid resource or
// module key.
func (k StateKey) pathSize() int {
	if k.Kind == StateModule {
		return 1 + ledgerapi.AddressLength + stringSize(k.Module)
	}
	return 1 + structTagSize(k.Resource)
}

func structTagSize(s ledgerapi.StructTag) int {
	n := ledgerapi.AddressLength + stringSize(s.Module) + stringSize(s.Name) + bcs.ULEB128Size(len(s.TypeArgs))
	for _, a := range s.TypeArgs {
		n += typeTagSize(a)
	}
	return n
}

func typeTagSize(t ledgerapi.TypeTag) int {
	switch t.Kind {
	case ledgerapi.KindVector:
		return 1 + typeTagSize(*t.Elem)
	case ledgerapi.KindStruct:
		return 1 + structTagSize(*t.Struct)
	}
	return 1
}

func stringSize(s string) int { return bcs.ULEB128Size(len(s)) + len(s) }

// Hash returns the state key hash as aptos-core computes it:
// sha3-256(salt("APTOS::StateKey") ‖ tag ‖ body), where the body of a table
// item is the handle followed by the raw key bytes (no length prefix) and
// the body of an access path is its BCS, so for resources and modules the
// hashed bytes after the salt are exactly Encode's.
func (k StateKey) Hash() (ledgerapi.HashValue, error) {
	if err := k.Validate(); err != nil {
		return ledgerapi.HashValue{}, err
	}
	if k.Kind == StateTableItem {
		return crypto.SHA3_256(saltStateKey[:], []byte{variantTableItem}, k.Handle[:], k.Key), nil
	}
	var buf [KeyBufferSize]byte
	return hashWith(&saltStateKey, k.appendEncoded(buf[:0])), nil
}

// ParseStateKey decodes a canonical encoding (see Encode). Trailing bytes,
// resource-group paths and raw keys are rejected with ErrInvalidStateKey.
func ParseStateKey(b []byte) (StateKey, error) {
	var k stateKeyDecoder
	if err := bcs.Unmarshal(b, &k); err != nil {
		return StateKey{}, invalidKey("%v", err)
	}
	return k.key, nil
}

type stateKeyDecoder struct{ key StateKey }

// UnmarshalBCS decodes the StateKey enum.
func (s *stateKeyDecoder) UnmarshalBCS(d *bcs.Decoder) {
	switch d.Variant("StateKey", 2) {
	case variantTableItem:
		s.key.Kind = StateTableItem
		d.Fixed(s.key.Handle[:], "StateKey.handle")
		s.key.Key = d.ReadBytes("StateKey.key")
		return
	}
	d.Fixed(s.key.Address[:], "AccessPath.address")
	path := d.ReadBytes("AccessPath.path")
	if d.Failed() {
		return
	}
	var p pathDecoder
	if err := bcs.Unmarshal(path, &p); err != nil {
		d.Failf(bcs.ErrInvalidValue, "AccessPath.path", "%v", err)
		return
	}
	if p.kind == StateModule && p.module.Address != s.key.Address {
		d.Fail(bcs.ErrInvalidValue, "AccessPath.path", "module address differs from the access path address")
		return
	}
	s.key.Kind, s.key.Module, s.key.Resource = p.kind, p.module.Name, p.resource
}

type pathDecoder struct {
	kind     StateKeyKind
	module   ledgerapi.ModuleId
	resource ledgerapi.StructTag
}

// UnmarshalBCS decodes the access Path enum (code or resource).
func (p *pathDecoder) UnmarshalBCS(d *bcs.Decoder) {
	if d.Variant("Path", 2) == pathCode {
		p.kind = StateModule
		p.module.UnmarshalBCS(d)
		return
	}
	p.kind = StateResource
	p.resource.UnmarshalBCS(d)
}

// compareKeys orders two key encodings as aptos-core's StateKey Ord does:
// by variant, then address or handle, then the access path's or table
// key's bytes compared lexicographically, that is, the encodings compared
// without the length prefix of the path or key. This is the order of a
// write set's BTreeMap, in which the API lists a transaction's changes; the
// BCS of the map is in the plain byte order of the encodings instead.
func compareKeys(a, b []byte) int {
	const head = 1 + ledgerapi.AddressLength
	if c := bytes.Compare(a[:head], b[:head]); c != 0 {
		return c
	}
	return bytes.Compare(skipULEB(a[head:]), skipULEB(b[head:]))
}

// skipULEB returns b after its leading ULEB128.
func skipULEB(b []byte) []byte {
	for i, c := range b {
		if c < 0x80 {
			return b[i+1:]
		}
	}
	return nil
}
