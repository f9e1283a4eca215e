package storage

import (
	"crypto/sha3"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

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

// StateKey addresses one state value. Which fields are used depends on Kind:
// Address and Resource for resources, Address and Module for modules, Handle
// and Key for table items.
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

// Validate reports whether k can be encoded: a known kind, Move identifiers
// where identifiers are expected, and a well-formed resource type.
func (k StateKey) Validate() error {
	switch k.Kind {
	case StateResource:
		return validStructTag(k.Resource, 0)
	case StateModule:
		if !ledgerapi.ValidIdentifier(k.Module) {
			return invalidArg("module name %q is not a Move identifier", k.Module)
		}
		return nil
	case StateTableItem:
		return nil
	}
	return invalidArg("unknown state key kind %d", uint8(k.Kind))
}

func validStructTag(s ledgerapi.StructTag, depth int) error {
	if !ledgerapi.ValidIdentifier(s.Module) || !ledgerapi.ValidIdentifier(s.Name) {
		return invalidArg("struct tag %s has an invalid identifier", s)
	}
	if len(s.TypeArgs) > ledgerapi.MaxTypeArgs {
		return invalidArg("struct tag %s has too many type arguments", s)
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
		return invalidArg("type tag nests deeper than %d", ledgerapi.MaxTypeTagNesting)
	}
	switch t.Kind {
	case ledgerapi.KindVector:
		if t.Elem == nil {
			return invalidArg("vector type tag without element type")
		}
		return validTypeTag(*t.Elem, depth+1)
	case ledgerapi.KindStruct:
		if t.Struct == nil {
			return invalidArg("struct type tag without struct")
		}
		return validStructTag(*t.Struct, depth)
	}
	if t.Kind > ledgerapi.KindU256 {
		return invalidArg("unknown type tag kind %d", uint8(t.Kind))
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
// TableItem{handle, key} for table items). Listings are ordered by these
// bytes, and cursors are encodings. It fails with ErrInvalidArgument when k
// does not Validate.
func (k StateKey) Encode() ([]byte, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	return k.appendEncoded(make([]byte, 0, k.encodedSize())), nil
}

// AppendEncode appends Encode's bytes to dst. Lookups pass a stack buffer
// (KeyBufferSize bytes hold any framework key) so that encoding a key to
// find it allocates nothing.
func (k StateKey) AppendEncode(dst []byte) ([]byte, error) {
	if err := k.Validate(); err != nil {
		return dst, err
	}
	return k.appendEncoded(dst), nil
}

// KeyBufferSize is a stack buffer size for AppendEncode that holds the
// encoding of every resource and module key of the bundled framework.
const KeyBufferSize = 256

func (k StateKey) encodedSize() int {
	if k.Kind == StateTableItem {
		return 1 + ledgerapi.AddressLength + ulebSize(len(k.Key)) + len(k.Key)
	}
	n := k.pathSize()
	return 1 + ledgerapi.AddressLength + ulebSize(n) + n
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
	n := ledgerapi.AddressLength + stringSize(s.Module) + stringSize(s.Name) + ulebSize(len(s.TypeArgs))
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

func stringSize(s string) int { return ulebSize(len(s)) + len(s) }

func ulebSize(n int) int {
	size := 1
	for ; n >= 0x80; n >>= 7 {
		size++
	}
	return size
}

// stateKeySalt is sha3-256("APTOS::StateKey"), aptos-core's domain separator
// for state key hashes.
var stateKeySalt = sha3.Sum256([]byte("APTOS::StateKey"))

// Hash returns the state key hash as aptos-core computes it:
// sha3-256(salt ‖ tag ‖ body), where the body of a table item is the handle
// followed by the raw key bytes (no length prefix) and the body of an access
// path is its BCS, so for resources and modules the hashed bytes after the
// salt are exactly Encode's.
func (k StateKey) Hash() (ledgerapi.HashValue, error) {
	if err := k.Validate(); err != nil {
		return ledgerapi.HashValue{}, err
	}
	h := sha3.New256()
	h.Write(stateKeySalt[:])
	if k.Kind == StateTableItem {
		h.Write([]byte{variantTableItem})
		h.Write(k.Handle[:])
		h.Write(k.Key)
	} else {
		enc, _ := k.Encode()
		h.Write(enc)
	}
	var out ledgerapi.HashValue
	h.Sum(out[:0])
	return out, nil
}

// ParseStateKey decodes a canonical encoding (see Encode). Trailing bytes,
// resource-group paths and raw keys are rejected with ErrInvalidArgument.
func ParseStateKey(b []byte) (StateKey, error) {
	var k stateKeyDecoder
	if err := bcs.Unmarshal(b, &k); err != nil {
		return StateKey{}, invalidArg("state key: %v", err)
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
