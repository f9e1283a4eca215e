package publish

import (
	"fmt"
	"sort"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// compilationMetadataKey keys the compiler's CompilationMetadata entry.
const compilationMetadataKey = "compilation_metadata"

// checkModuleMetadata is Aptos's metadata verification on publishing. It
// returns what is wrong, or "" when nothing is:
//   - the metadata section holds only aptos::metadata_v0 or _v1 (at most
//     one of them) and compilation_metadata (at most once), each decoding;
//   - a view attribute names a function that returns values, a randomness
//     attribute a private or friend entry function, and no other function
//     attribute is known;
//   - a resource_group attribute names a struct without abilities, type
//     parameters or more than one field, a resource_group_member one a
//     struct with key, an event one any struct; no other struct attribute.
//
// Version-5 modules' attributes are ignored, as Aptos ignores them.
func checkModuleMetadata(u *unit) string {
	aptos, compilation := false, false
	for _, e := range u.m.Metadata {
		var err error
		switch key := string(e.Key); key {
		case bytecode.MetadataKeyV0, bytecode.MetadataKeyV1:
			if aptos {
				return "Duplicate key for metadata"
			}
			aptos = true
			if key == bytecode.MetadataKeyV0 {
				_, err = bytecode.DecodeMetadataV0(e.Value)
			} else {
				_, err = bytecode.DecodeMetadataV1(e.Value)
			}
		case compilationMetadataKey:
			if compilation {
				return "Duplicate key for metadata"
			}
			compilation = true
			err = bcs.Unmarshal(e.Value, &compilationMetadata{})
		default:
			return fmt.Sprintf("Unknown key found: %q", e.Key)
		}
		if err != nil {
			return fmt.Sprintf("Unable to deserialize value for %q: %v", e.Key, err)
		}
	}
	md := u.m.RuntimeMetadata()
	if md == nil {
		return ""
	}
	for _, name := range sortedKeys(md.FunAttributes) {
		for _, a := range md.FunAttributes[name] {
			if !u.validFunAttribute(name, a) {
				return fmt.Sprintf("Unknown attribute (%d) for key: %s", a.Kind, name)
			}
		}
	}
	for _, name := range sortedKeys(md.StructAttributes) {
		for _, a := range md.StructAttributes[name] {
			if !u.validStructAttribute(name, a) {
				return fmt.Sprintf("Unknown attribute (%d) for key: %s", a.Kind, name)
			}
		}
	}
	return ""
}

func (u *unit) validFunAttribute(name string, a bytecode.KnownAttribute) bool {
	i, ok := u.funcs[name]
	if !ok {
		return false
	}
	d := u.m.FunctionDefs[i]
	switch a.Kind {
	case bytecode.AttributeView, bytecode.AttributeLegacyView:
		return len(u.sig(u.m.FunctionHandles[d.Function].Return)) > 0
	case bytecode.AttributeRandomness:
		return d.IsEntry && d.Visibility != bytecode.Public
	}
	return false
}

func (u *unit) validStructAttribute(name string, a bytecode.KnownAttribute) bool {
	i, ok := u.structs[name]
	switch {
	case a.Kind == bytecode.AttributeResourceGroup && len(a.Args) > 0 && groupScope(a.Args[0]):
		if !ok {
			return false
		}
		d := u.m.StructDefs[i]
		h := u.m.StructHandles[d.Handle]
		return h.Abilities == 0 && len(h.TypeParameters) == 0 && d.Layout == bytecode.StructFields && len(d.Fields) == 1
	case a.Kind == bytecode.AttributeResourceGroupMember && len(a.Args) > 0 && isStructTag(a.Args[0]):
		return ok && u.m.StructHandles[u.m.StructDefs[i].Handle].Abilities.Has(bytecode.AbilityKey)
	case a.Kind == bytecode.AttributeEvent:
		return true
	}
	return false
}

// groupScope reports a resource group scope Aptos knows.
func groupScope(s string) bool { return s == "global" || s == "address" || s == "module_" }

func isStructTag(s string) bool {
	_, err := ledgerapi.ParseStructTag(s)
	return err == nil
}

func sortedKeys(m map[string][]bytecode.KnownAttribute) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// compilationMetadata is the compiler's CompilationMetadata { unstable:
// bool, compiler_version: String, language_version: String }, decoded only
// to check it decodes.
type compilationMetadata struct{}

func (compilationMetadata) MarshalBCS(*bcs.Encoder) {}

func (*compilationMetadata) UnmarshalBCS(d *bcs.Decoder) {
	d.Bool("unstable")
	d.String("compiler_version")
	d.String("language_version")
}
