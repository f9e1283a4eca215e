package aptosframework

// 0x1::jwks: the JSON web keys keyless accounts are checked against. The
// structs keep Aptos's layouts (a JWK and a Patch hold their variant in a
// copyable_any::Any); genesis publishes SupportedOIDCProviders, ObservedJWKs,
// Patches and PatchedJWKs at 0x1 as an Aptos test network's genesis does:
// no provider, nothing observed and one patch upserting the test RSA key of
// issuer "test.oidc.provider". The key sets and patches are worked on as Go
// values (jwks_patch.go); the functions are in jwks_funcs.go and, for
// those over ObservedJWKs and Patches, jwks_observed.go.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Types of 0x1::jwks's resources.
var (
	SupportedOIDCProvidersTag = tag1("jwks", "SupportedOIDCProviders")
	ObservedJWKsTag           = tag1("jwks", "ObservedJWKs")
	PatchesTag                = tag1("jwks", "Patches")
	PatchedJWKsTag            = tag1("jwks", "PatchedJWKs")
	FederatedJWKsTag          = tag1("jwks", "FederatedJWKs")
)

// Abort reasons of 0x1::jwks.
const (
	eJWKsUnexpectedEpoch       = 1
	eJWKsUnexpectedVersion     = 2
	eUnknownPatchVariant       = 3
	eUnknownJWKVariant         = 4
	eJWKsIssuerNotFound        = 5
	eJWKIDNotFound             = 6
	eFederatedJWKsAtFramework  = 7
	eFederatedJWKsTooLarge     = 8
	eInvalidFederatedJWKSet    = 9
	maxFederatedJWKsSizeBytes  = 2048 // MAX_FEDERATED_JWKS_SIZE_BYTES
	eNativeMissingValidatorSet = 0x0101
)

// The type names a JWK's or a Patch's Any carries for each variant.
const (
	rsaJWKName            = "0x1::jwks::RSA_JWK"
	unsupportedJWKName    = "0x1::jwks::UnsupportedJWK"
	patchRemoveAllName    = "0x1::jwks::PatchRemoveAll"
	patchRemoveIssuerName = "0x1::jwks::PatchRemoveIssuer"
	patchRemoveJWKName    = "0x1::jwks::PatchRemoveJWK"
	patchUpsertJWKName    = "0x1::jwks::PatchUpsertJWK"
)

// JWKs declares 0x1::jwks.
func JWKs() native.Module {
	const (
		bytes    = "vector<u8>"
		str      = "0x1::string::String"
		anyT     = "0x1::copyable_any::Any"
		jwk      = "0x1::jwks::JWK"
		patch    = "0x1::jwks::Patch"
		all      = "0x1::jwks::AllProvidersJWKs"
		provider = "0x1::jwks::ProviderJWKs"
		signer   = "&signer"
		optBytes = "0x1::option::Option<vector<u8>>"
		copyAb   = native.AbilityCopy
		drop     = native.AbilityDrop
		store    = native.AbilityStore
		key      = native.AbilityKey
	)
	cds := []string{copyAb, drop, store}
	fn := func(name string, impl native.Func, ret []string, params ...string) native.Function {
		return native.Function{Name: name, Params: params, Return: ret, Impl: impl}
	}
	one := func(t string) []string { return []string{t} }
	return native.Module{Address: addr, Name: "jwks", Friends: []string{"0x1::genesis", "0x1::reconfiguration_with_dkg"},
		Structs: []native.Struct{
			{Name: "OIDCProvider", Abilities: cds, Fields: []string{"name: " + bytes, "config_url: " + bytes}},
			{Name: "SupportedOIDCProviders", Abilities: []string{copyAb, drop, key, store}, Fields: []string{"providers: vector<0x1::jwks::OIDCProvider>"}},
			{Name: "UnsupportedJWK", Abilities: cds, Fields: []string{"id: " + bytes, "payload: " + bytes}},
			{Name: "RSA_JWK", Abilities: cds, Fields: []string{"kid: " + str, "kty: " + str, "alg: " + str, "e: " + str, "n: " + str}},
			{Name: "JWK", Abilities: cds, Fields: []string{"variant: " + anyT}},
			{Name: "ProviderJWKs", Abilities: cds, Fields: []string{"issuer: " + bytes, "version: u64", "jwks: vector<" + jwk + ">"}},
			{Name: "AllProvidersJWKs", Abilities: cds, Fields: []string{"entries: vector<" + provider + ">"}},
			{Name: "ObservedJWKs", Abilities: []string{copyAb, drop, key, store}, Fields: []string{"jwks: " + all}},
			{Name: "ObservedJWKsUpdated", Abilities: []string{drop, store}, IsEvent: true, Fields: []string{"epoch: u64", "jwks: " + all}},
			{Name: "Patch", Abilities: cds, Fields: []string{"variant: " + anyT}},
			{Name: "PatchRemoveAll", Abilities: cds, Fields: []string{"dummy_field: bool"}},
			{Name: "PatchRemoveIssuer", Abilities: cds, Fields: []string{"issuer: " + bytes}},
			{Name: "PatchRemoveJWK", Abilities: cds, Fields: []string{"issuer: " + bytes, "jwk_id: " + bytes}},
			{Name: "PatchUpsertJWK", Abilities: cds, Fields: []string{"issuer: " + bytes, "jwk: " + jwk}},
			{Name: "Patches", Abilities: []string{key}, Fields: []string{"patches: vector<" + patch + ">"}},
			{Name: "PatchedJWKs", Abilities: []string{drop, key}, Fields: []string{"jwks: " + all}},
			{Name: "FederatedJWKs", Abilities: []string{drop, key}, Fields: []string{"jwks: " + all}},
		},
		Functions: []native.Function{
			fn("patch_federated_jwks", patchFederatedJWKs, nil, signer, "vector<"+patch+">"),
			{Name: "update_federated_jwk_set", IsEntry: true, Params: []string{signer, bytes, "vector<" + str + ">", "vector<" + str + ">", "vector<" + str + ">", "vector<" + str + ">"},
				Impl: updateFederatedJWKSet},
			fn("get_patched_jwk", getPatchedJWK(false), one(jwk), bytes, bytes),
			fn("try_get_patched_jwk", getPatchedJWK(true), one("0x1::option::Option<"+jwk+">"), bytes, bytes),
			fn("upsert_oidc_provider", upsertOIDCProvider, one(optBytes), signer, bytes, bytes),
			fn("upsert_oidc_provider_for_next_epoch", oidcForNextEpoch, one(optBytes), signer, bytes, bytes),
			fn("remove_oidc_provider", removeOIDCProvider, one(optBytes), signer, bytes),
			fn("remove_oidc_provider_for_next_epoch", oidcForNextEpoch, one(optBytes), signer, bytes),
			{Name: "on_new_epoch", Visibility: native.Friend, Params: []string{signer}, Impl: jwksOnNewEpoch},
			fn("set_patches", setPatches, nil, signer, "vector<"+patch+">"),
			fn("new_patch_remove_all", newPatch(patchRemoveAllName, 0), one(patch)),
			fn("new_patch_remove_issuer", newPatch(patchRemoveIssuerName, 1), one(patch), bytes),
			fn("new_patch_remove_jwk", newPatch(patchRemoveJWKName, 2), one(patch), bytes, bytes),
			fn("new_patch_upsert_jwk", newPatch(patchUpsertJWKName, 2), one(patch), bytes, jwk),
			fn("new_rsa_jwk", newRSAJWK, one(jwk), str, str, str, str),
			fn("new_unsupported_jwk", newUnsupportedJWK, one(jwk), bytes, bytes),
			fn("initialize", jwksInitialize, nil, signer),
			fn("upsert_into_observed_jwks", upsertIntoObservedJWKs, nil, signer, "vector<"+provider+">"),
			fn("remove_issuer_from_observed_jwks", removeIssuerFromObservedJWKs, one("0x1::option::Option<"+provider+">"), signer, bytes),
		},
		Errors: []native.AbortReason{
			{Reason: eJWKsUnexpectedEpoch, Name: "EUNEXPECTED_EPOCH", Description: "The epoch of an update is not the current one."},
			{Reason: eJWKsUnexpectedVersion, Name: "EUNEXPECTED_VERSION", Description: "The version of an update is not the one expected."},
			{Reason: eUnknownPatchVariant, Name: "EUNKNOWN_PATCH_VARIANT", Description: "A patch holds a variant this module does not know."},
			{Reason: eUnknownJWKVariant, Name: "EUNKNOWN_JWK_VARIANT", Description: "A JWK holds a variant this module does not know."},
			{Reason: eJWKsIssuerNotFound, Name: "EISSUER_NOT_FOUND", Description: "No key set for the issuer."},
			{Reason: eJWKIDNotFound, Name: "EJWK_ID_NOT_FOUND", Description: "No key with the id."},
			{Reason: eFederatedJWKsAtFramework, Name: "EINSTALL_FEDERATED_JWKS_AT_APTOS_FRAMEWORK", Description: "Federated key sets cannot be installed at the framework's address."},
			{Reason: eFederatedJWKsTooLarge, Name: "EFEDERATED_JWKS_TOO_LARGE", Description: "The federated key set would exceed MAX_FEDERATED_JWKS_SIZE_BYTES."},
			{Reason: eInvalidFederatedJWKSet, Name: "EINVALID_FEDERATED_JWK_SET", Description: "The key attributes are empty or of different lengths."},
			{Reason: eNativeMissingValidatorSet, Name: "ENATIVE_MISSING_RESOURCE_VALIDATOR_SET", Description: "The validator set is missing."},
			{Reason: 0x0102, Name: "ENATIVE_MISSING_RESOURCE_OBSERVED_JWKS", Description: "ObservedJWKs is missing."},
			{Reason: 0x0103, Name: "ENATIVE_INCORRECT_VERSION", Description: "An update's version is not the one expected."},
			{Reason: 0x0104, Name: "ENATIVE_MULTISIG_VERIFICATION_FAILED", Description: "An update's multi-signature does not verify."},
			{Reason: 0x0105, Name: "ENATIVE_NOT_ENOUGH_VOTING_POWER", Description: "An update's signers lack the voting power needed."},
		},
		Genesis: jwksGenesis,
	}
}

// jwksAny is a copyable_any::Any, the variant a JWK or a Patch holds: the
// variant's type name and its BCS.
type jwksAny struct {
	typeName string
	data     []byte
}

func (a *jwksAny) MarshalBCS(e *bcs.Encoder) {
	e.String(a.typeName)
	e.WriteBytes(a.data)
}

func (a *jwksAny) UnmarshalBCS(d *bcs.Decoder) {
	a.typeName = d.String("Any.type_name")
	a.data = d.ReadBytes("Any.data")
}

// providerJWKs is a ProviderJWKs: an issuer's keys, sorted by their ids.
type providerJWKs struct {
	issuer  []byte
	version uint64
	jwks    []jwksAny
}

func (p *providerJWKs) MarshalBCS(e *bcs.Encoder) {
	e.WriteBytes(p.issuer)
	e.U64(p.version)
	e.SeqLen(len(p.jwks))
	for i := range p.jwks {
		p.jwks[i].MarshalBCS(e)
	}
}

func (p *providerJWKs) UnmarshalBCS(d *bcs.Decoder) {
	p.issuer = d.ReadBytes("ProviderJWKs.issuer")
	p.version = d.U64("ProviderJWKs.version")
	p.jwks = make([]jwksAny, d.SeqLen("ProviderJWKs.jwks", 2))
	for i := range p.jwks {
		p.jwks[i].UnmarshalBCS(d)
	}
}

// allProvidersJWKs is an AllProvidersJWKs (and the one field of
// ObservedJWKs, PatchedJWKs and FederatedJWKs): key sets sorted by issuer.
type allProvidersJWKs struct {
	entries []providerJWKs
}

func (a *allProvidersJWKs) MarshalBCS(e *bcs.Encoder) {
	e.SeqLen(len(a.entries))
	for i := range a.entries {
		a.entries[i].MarshalBCS(e)
	}
}

func (a *allProvidersJWKs) UnmarshalBCS(d *bcs.Decoder) {
	a.entries = make([]providerJWKs, d.SeqLen("AllProvidersJWKs.entries", 10))
	for i := range a.entries {
		a.entries[i].UnmarshalBCS(d)
	}
}

// jwksPatches is a vector<Patch> (and the Patches resource).
type jwksPatches []jwksAny

func (p *jwksPatches) MarshalBCS(e *bcs.Encoder) {
	e.SeqLen(len(*p))
	for i := range *p {
		(*p)[i].MarshalBCS(e)
	}
}

func (p *jwksPatches) UnmarshalBCS(d *bcs.Decoder) {
	*p = make(jwksPatches, d.SeqLen("vector<Patch>", 2))
	for i := range *p {
		(*p)[i].UnmarshalBCS(d)
	}
}

// oidcProviders is SupportedOIDCProviders: name and configuration URL
// pairs.
type oidcProviders struct {
	names, urls [][]byte
}

func (o *oidcProviders) MarshalBCS(e *bcs.Encoder) {
	e.SeqLen(len(o.names))
	for i := range o.names {
		e.WriteBytes(o.names[i])
		e.WriteBytes(o.urls[i])
	}
}

func (o *oidcProviders) UnmarshalBCS(d *bcs.Decoder) {
	n := d.SeqLen("SupportedOIDCProviders.providers", 2)
	o.names, o.urls = make([][]byte, n), make([][]byte, n)
	for i := 0; i < n; i++ {
		o.names[i] = d.ReadBytes("OIDCProvider.name")
		o.urls[i] = d.ReadBytes("OIDCProvider.config_url")
	}
}

// rsaJWK builds the JWK of an RSA key (kty "RSA").
func rsaJWK(kid, alg, e, n string) jwksAny {
	enc := bcs.NewEncoder(len(kid) + len(alg) + len(e) + len(n) + 16)
	for _, s := range []string{kid, "RSA", alg, e, n} {
		enc.String(s)
	}
	return jwksAny{typeName: rsaJWKName, data: enc.Bytes()}
}

// upsertPatch builds the PatchUpsertJWK of key k for issuer.
func upsertPatch(issuer []byte, k jwksAny) jwksAny {
	e := bcs.NewEncoder(len(issuer) + len(k.data) + 64)
	e.WriteBytes(issuer)
	k.MarshalBCS(e)
	return jwksAny{typeName: patchUpsertJWKName, data: e.Bytes()}
}

// The test key an Aptos test network's genesis patches in for issuer
// "test.oidc.provider" (its secure test RSA key, kid "test-rsa").
const (
	testOIDCIssuer = "test.oidc.provider"
	testRSAKid     = "test-rsa"
	testRSAModulus = "y5Efs1ZzisLLKCARSvTztgWj5JFP3778dZWt-od78fmOZFxem3a_aYbOXSJToRp862do0PxJ4PDMpmqwV5f7KplFI6NswQV-WPufQH8IaHXZtuPdCjPOcHybcDiLkO12d0dG6iZQUzypjAJf63APcadio-4JDNWlGC5_Ow_XQ9lIY71kTMiT9lkCCd0ZxqEifGtnJe5xSoZoaMRKrvlOw-R6iVjLUtPAk5hyUX95LDKxwAR-oshnj7gmATejga2EvH9ozdn3M8Go11PSDa04OQxPcA25OoDTfxLvT28LRpSXrbmUWZ-O_lGtDl3ZAtjIguYGEobTk4N11eRssC95Cw"
)

// jwksGenesis publishes the module's resources at 0x1 as initialize and
// set_patches would: no OIDC provider, no observed key, the test key's
// patch, and PatchedJWKs regenerated from them.
func jwksGenesis(h native.Host) error {
	patches := jwksPatches{upsertPatch([]byte(testOIDCIssuer), rsaJWK(testRSAKid, "RS256", "AQAB", testRSAModulus))}
	writes := []struct {
		tag ledgerapi.StructTag
		v   bcs.Marshaler
	}{
		{SupportedOIDCProvidersTag, &oidcProviders{}},
		{ObservedJWKsTag, &allProvidersJWKs{}},
		{PatchesTag, &patches},
		{PatchedJWKsTag, &allProvidersJWKs{}},
	}
	for _, w := range writes {
		if err := putResource(h, addr, w.tag, w.v); err != nil {
			return err
		}
	}
	return regeneratePatchedJWKs(h, nil)
}
