package onchain

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// The records of 0x1::code, the framework module that publishes Move
// packages. Their BCS encodings are Aptos's: the fields in declaration
// order, an Option<T> as a zero- or one-element vector (one tag byte, 0 or
// 1, for the sizes that occur), a String as length-prefixed UTF-8.
//
// The decoders are strict where Aptos's Move deserializer is lenient: a
// String that is not UTF-8 and an Option holding more than one element are
// refused (Move's from_bytes accepts both, as it checks neither).

// UpgradePolicy is 0x1::code::UpgradePolicy { policy: u8 }, encoded as its
// single byte.
type UpgradePolicy uint8

// Upgrade policies, ordered from weakest to strongest.
const (
	// UpgradeArbitrary allows any upgrade; the framework now refuses to
	// publish new packages with it.
	UpgradeArbitrary UpgradePolicy = 0
	// UpgradeCompatible allows upgrades that pass the compatibility check.
	UpgradeCompatible UpgradePolicy = 1
	// UpgradeImmutable forbids upgrades.
	UpgradeImmutable UpgradePolicy = 2
)

// String names the policy as Aptos's tools do: "arbitrary", "compatible",
// "immutable"; other values as "policy(N)".
func (p UpgradePolicy) String() string {
	switch p {
	case UpgradeArbitrary:
		return "arbitrary"
	case UpgradeCompatible:
		return "compatible"
	case UpgradeImmutable:
		return "immutable"
	}
	return fmt.Sprintf("policy(%d)", uint8(p))
}

// PackageRegistry is 0x1::code::PackageRegistry, the resource at an address
// listing the packages published there.
type PackageRegistry struct {
	Packages []PackageMetadata
}

// PackageMetadata is 0x1::code::PackageMetadata: what a package declares
// about itself when it is published (metadata_serialized of
// publish_package_txn) and what the registry keeps.
type PackageMetadata struct {
	Name          string
	UpgradePolicy UpgradePolicy
	// UpgradeNumber counts upgrades; the framework assigns it on publishing.
	UpgradeNumber uint64
	// SourceDigest is the hex SHA-256 digest of the sources, as the tools
	// compute it.
	SourceDigest string
	// Manifest is the gzipped Move.toml.
	Manifest []byte
	Modules  []ModuleMetadata
	Deps     []PackageDep
	// Extension is reserved; nil is None.
	Extension *Any
}

// ModuleMetadata is 0x1::code::ModuleMetadata.
type ModuleMetadata struct {
	Name string
	// Source is the gzipped source text; empty when not provided.
	Source []byte
	// SourceMap is the compressed BCS source map; empty when not provided.
	SourceMap []byte
	// Extension is reserved; nil is None.
	Extension *Any
}

// PackageDep is 0x1::code::PackageDep: a package this one depends on.
type PackageDep struct {
	Account     ledgerapi.Address
	PackageName string
}

// Any is 0x1::copyable_any::Any: a type name and a BCS value.
type Any struct {
	TypeName string
	Data     []byte
}

// MarshalBCS writes the registry.
func (r *PackageRegistry) MarshalBCS(e *bcs.Encoder) {
	e.SeqLen(len(r.Packages))
	for i := range r.Packages {
		r.Packages[i].MarshalBCS(e)
	}
}

// UnmarshalBCS reads a registry.
func (r *PackageRegistry) UnmarshalBCS(d *bcs.Decoder) {
	// The smallest package is 1+1+8+1+1+1+1+1 bytes.
	n := d.SeqLen("PackageRegistry.packages", 15)
	r.Packages = make([]PackageMetadata, 0, n)
	for i := 0; i < n && !d.Failed(); i++ {
		var p PackageMetadata
		p.UnmarshalBCS(d)
		r.Packages = append(r.Packages, p)
	}
}

// MarshalBCS writes the package metadata.
func (p *PackageMetadata) MarshalBCS(e *bcs.Encoder) {
	e.String(p.Name)
	e.U8(uint8(p.UpgradePolicy))
	e.U64(p.UpgradeNumber)
	e.String(p.SourceDigest)
	e.WriteBytes(p.Manifest)
	e.SeqLen(len(p.Modules))
	for i := range p.Modules {
		p.Modules[i].MarshalBCS(e)
	}
	e.SeqLen(len(p.Deps))
	for _, dep := range p.Deps {
		dep.Account.MarshalBCS(e)
		e.String(dep.PackageName)
	}
	marshalAny(e, p.Extension)
}

// UnmarshalBCS reads package metadata.
func (p *PackageMetadata) UnmarshalBCS(d *bcs.Decoder) {
	p.Name = d.String("PackageMetadata.name")
	p.UpgradePolicy = UpgradePolicy(d.U8("PackageMetadata.upgrade_policy"))
	p.UpgradeNumber = d.U64("PackageMetadata.upgrade_number")
	p.SourceDigest = d.String("PackageMetadata.source_digest")
	p.Manifest = d.ReadBytes("PackageMetadata.manifest")
	n := d.SeqLen("PackageMetadata.modules", 4)
	p.Modules = make([]ModuleMetadata, 0, n)
	for i := 0; i < n && !d.Failed(); i++ {
		var m ModuleMetadata
		m.UnmarshalBCS(d)
		p.Modules = append(p.Modules, m)
	}
	n = d.SeqLen("PackageMetadata.deps", ledgerapi.AddressLength+1)
	p.Deps = make([]PackageDep, 0, n)
	for i := 0; i < n && !d.Failed(); i++ {
		var dep PackageDep
		dep.Account.UnmarshalBCS(d)
		dep.PackageName = d.String("PackageDep.package_name")
		p.Deps = append(p.Deps, dep)
	}
	p.Extension = unmarshalAny(d, "PackageMetadata.extension")
}

// MarshalBCS writes the module metadata.
func (m *ModuleMetadata) MarshalBCS(e *bcs.Encoder) {
	e.String(m.Name)
	e.WriteBytes(m.Source)
	e.WriteBytes(m.SourceMap)
	marshalAny(e, m.Extension)
}

// UnmarshalBCS reads module metadata.
func (m *ModuleMetadata) UnmarshalBCS(d *bcs.Decoder) {
	m.Name = d.String("ModuleMetadata.name")
	m.Source = d.ReadBytes("ModuleMetadata.source")
	m.SourceMap = d.ReadBytes("ModuleMetadata.source_map")
	m.Extension = unmarshalAny(d, "ModuleMetadata.extension")
}

func marshalAny(e *bcs.Encoder, a *Any) {
	e.Option(a != nil)
	if a != nil {
		e.String(a.TypeName)
		e.WriteBytes(a.Data)
	}
}

func unmarshalAny(d *bcs.Decoder, what string) *Any {
	if !d.Option(what) {
		return nil
	}
	return &Any{TypeName: d.String(what + ".type_name"), Data: d.ReadBytes(what + ".data")}
}

// Encode returns the registry's BCS bytes, the value stored in the resource.
func (r *PackageRegistry) Encode() []byte { return bcs.Marshal(r) }

// Encode returns the metadata's BCS bytes (metadata_serialized).
func (p *PackageMetadata) Encode() []byte { return bcs.Marshal(p) }

// DecodePackageRegistry reads a registry, refusing trailing bytes.
func DecodePackageRegistry(b []byte) (*PackageRegistry, error) {
	var r PackageRegistry
	if err := bcs.Unmarshal(b, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// DecodePackageMetadata reads package metadata, refusing trailing bytes.
func DecodePackageMetadata(b []byte) (*PackageMetadata, error) {
	var p PackageMetadata
	if err := bcs.Unmarshal(b, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// ModuleNames lists the names of the package's modules in order.
func (p *PackageMetadata) ModuleNames() []string {
	out := make([]string, len(p.Modules))
	for i, m := range p.Modules {
		out[i] = m.Name
	}
	return out
}
