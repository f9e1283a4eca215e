package aptosframework

// 0x1::jwks (continued): the functions. Anyone may install federated key
// sets at their own address (update_federated_jwk_set,
// patch_federated_jwks) and read the patched key sets at 0x1; the rest
// is the framework's (system_addresses' PERMISSION_DENIED for another
// signer). The functions that stage a change for the next epoch go
// through config_buffer, which this node does not have: after the
// framework check they fail with UNIMPLEMENTED_FUNCTIONALITY, and
// on_new_epoch has nothing pending to apply.

import (
	"bytes"
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// jwksMeterOf charges a call's walk over key sets: an element per entry
// visited and the bytes compared.
func jwksMeterOf(c *native.Context) jwksMeter {
	return func(elems, n int) error {
		if err := c.ChargeElems(elems); err != nil {
			return err
		}
		return native.ChargeRead(c.NativeContext, n)
	}
}

// jwksArg decodes argument v into dst, its bytes charged.
func jwksArg(c *native.Context, v movevm.Value, dst bcs.Unmarshaler) error {
	b, err := native.SerializeCharged(c.NativeContext, v)
	if err != nil {
		return err
	}
	return bcs.Unmarshal(b, dst)
}

// jwksBytes is a vector<u8> (or a String's bytes) argument.
type jwksBytes []byte

func (b *jwksBytes) UnmarshalBCS(d *bcs.Decoder) { *b = d.ReadBytes("vector<u8>") }

// jwksStrings is a vector<String> argument.
type jwksStrings []string

func (s *jwksStrings) UnmarshalBCS(d *bcs.Decoder) {
	*s = make(jwksStrings, d.SeqLen("vector<String>", 1))
	for i := range *s {
		(*s)[i] = d.String("String")
	}
}

// jwksProviders is a vector<ProviderJWKs> argument.
type jwksProviders []providerJWKs

func (p *jwksProviders) UnmarshalBCS(d *bcs.Decoder) {
	*p = make(jwksProviders, d.SeqLen("vector<ProviderJWKs>", 10))
	for i := range *p {
		(*p)[i].UnmarshalBCS(d)
	}
}

// readJWKs reads a resource holding one AllProvidersJWKs at a
// (MISSING_DATA when it does not exist, as borrow_global).
func readJWKs(h native.Host, a ledgerapi.Address, tag ledgerapi.StructTag, dst bcs.Unmarshaler) error {
	ok, err := readResource(h, a, tag, dst)
	if err == nil && !ok {
		err = missingData(tag, a)
	}
	return err
}

// jwksOption encodes an Option of v (nil: none).
func jwksOption(v bcs.Marshaler) []byte {
	e := bcs.NewEncoder(64)
	if v == nil {
		e.SeqLen(0)
	} else {
		e.SeqLen(1)
		v.MarshalBCS(e)
	}
	return e.Bytes()
}

// rawBytes marshals as a vector<u8>.
type rawBytes []byte

func (b rawBytes) MarshalBCS(e *bcs.Encoder) { e.WriteBytes(b) }

// patchFederatedJWKs is patch_federated_jwks(owner, patches): the
// patches applied in order to the owner's FederatedJWKs (created empty
// first), which must stay under MAX_FEDERATED_JWKS_SIZE_BYTES.
func patchFederatedJWKs(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var patches jwksPatches
	if err := jwksArg(c, args[1], &patches); err != nil {
		return nil, err
	}
	return nil, installFederated(c, signerAddress(args[0]), patches)
}

// installFederated applies patches to owner's FederatedJWKs.
func installFederated(c *native.Context, owner ledgerapi.Address, patches jwksPatches) error {
	if owner == addr {
		return c.Abort(native.Code(native.InvalidArgument, eFederatedJWKsAtFramework))
	}
	h := hostOf(c)
	var fed allProvidersJWKs
	if _, err := readResource(h, owner, FederatedJWKsTag, &fed); err != nil {
		return err
	}
	m := jwksMeterOf(c)
	for i := range patches {
		if err := fed.apply(m, &patches[i]); err != nil {
			return err
		}
	}
	b := encode(&fed)
	if len(b) >= maxFederatedJWKsSizeBytes {
		return c.Abort(native.Code(native.InvalidArgument, eFederatedJWKsTooLarge))
	}
	return h.SetResource(owner, FederatedJWKsTag, b)
}

// updateFederatedJWKSet is update_federated_jwk_set(owner, iss, kids,
// algs, es, ns): the owner's key set for iss replaced by the RSA keys
// given (one per index; none, or vectors of different lengths, abort
// EINVALID_FEDERATED_JWK_SET). The patches are remove-all, then one
// upsert per key from the last to the first, as on Aptos.
func updateFederatedJWKSet(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var iss jwksBytes
	if err := jwksArg(c, args[1], &iss); err != nil {
		return nil, err
	}
	var attrs [4]jwksStrings // kid, alg, e, n
	for i := range attrs {
		if err := jwksArg(c, args[2+i], &attrs[i]); err != nil {
			return nil, err
		}
	}
	n := len(attrs[0])
	if n == 0 || len(attrs[1]) != n || len(attrs[2]) != n || len(attrs[3]) != n {
		return nil, c.Abort(native.Code(native.InvalidArgument, eInvalidFederatedJWKSet))
	}
	patches := make(jwksPatches, 0, n+1)
	patches = append(patches, jwksAny{typeName: patchRemoveAllName, data: []byte{0}})
	for i := n - 1; i >= 0; i-- {
		patches = append(patches, upsertPatch(iss, rsaJWK(attrs[0][i], attrs[1][i], attrs[2][i], attrs[3][i])))
	}
	return nil, installFederated(c, signerAddress(args[0]), patches)
}

// optionNotSet is option's EOPTION_NOT_SET, option::extract's abort on
// None.
const optionNotSet = 0x40001

// getPatchedJWK is get_patched_jwk(issuer, id) (option's EOPTION_NOT_SET
// without such a key) or, with opt, try_get_patched_jwk.
func getPatchedJWK(opt bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		var issuer, id jwksBytes
		if err := jwksArg(c, args[0], &issuer); err != nil {
			return nil, err
		}
		if err := jwksArg(c, args[1], &id); err != nil {
			return nil, err
		}
		var patched allProvidersJWKs
		if err := readJWKs(hostOf(c), addr, PatchedJWKsTag, &patched); err != nil {
			return nil, err
		}
		k, err := patched.find(jwksMeterOf(c), issuer, id)
		if err != nil {
			return nil, err
		}
		var v movevm.Value
		switch {
		case opt && k == nil:
			v, err = msResult(c, "0x1::option::Option<0x1::jwks::JWK>", jwksOption(nil))
		case opt:
			v, err = msResult(c, "0x1::option::Option<0x1::jwks::JWK>", jwksOption(k))
		case k == nil:
			return nil, &movevm.Abort{Module: module1("option"), Code: optionNotSet}
		default:
			v, err = msResult(c, "0x1::jwks::JWK", encode(k))
		}
		return []movevm.Value{v}, err
	}
}

// newPatch builds new_patch_<kind>(args…): a Patch whose Any holds the
// variant name and its fields' BCS (PatchRemoveAll's one false
// dummy_field when there is none).
func newPatch(name string, nargs int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		data := []byte{0}
		if nargs > 0 {
			var err error
			if data, err = serializeArgs(c, args[:nargs]); err != nil {
				return nil, err
			}
		}
		p := jwksAny{typeName: name, data: data}
		v, err := msResult(c, "0x1::jwks::Patch", encode(&p))
		return []movevm.Value{v}, err
	}
}

// newRSAJWK is new_rsa_jwk(kid, alg, e, n): an RSA_JWK of kty "RSA".
func newRSAJWK(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var s [4]jwksBytes
	for i := range s {
		if err := jwksArg(c, args[i], &s[i]); err != nil {
			return nil, err
		}
	}
	k := rsaJWK(string(s[0]), string(s[1]), string(s[2]), string(s[3]))
	v, err := msResult(c, "0x1::jwks::JWK", encode(&k))
	return []movevm.Value{v}, err
}

// newUnsupportedJWK is new_unsupported_jwk(id, payload).
func newUnsupportedJWK(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	data, err := serializeArgs(c, args)
	if err != nil {
		return nil, err
	}
	k := jwksAny{typeName: unsupportedJWKName, data: data}
	v, err := msResult(c, "0x1::jwks::JWK", encode(&k))
	return []movevm.Value{v}, err
}

// jwksInitialize is initialize(fx): the four resources at 0x1, which
// genesis has published already (RESOURCE_ALREADY_EXISTS).
func jwksInitialize(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := assertFramework(signerAddress(args[0])); err != nil {
		return nil, err
	}
	h := hostOf(c)
	if err := moveTo(h, addr, SupportedOIDCProvidersTag, &oidcProviders{}); err != nil {
		return nil, err
	}
	for _, tag := range []ledgerapi.StructTag{ObservedJWKsTag, PatchesTag, PatchedJWKsTag} {
		if err := moveTo(h, addr, tag, &allProvidersJWKs{}); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// oidcProviderChange is upsert_oidc_provider(fx, name, url) or, without a
// url, remove_oidc_provider(fx, name): during genesis only
// (chain_status's ENOT_OPERATING afterwards), the provider of that name
// swap-removed and, for an upsert, the new one pushed; the old URL is
// returned.
func oidcProviderChange(upsert bool) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		if err := assertFramework(signerAddress(args[0])); err != nil {
			return nil, err
		}
		h := hostOf(c)
		if _, operating, err := h.Resource(addr, GenesisEndMarkerTag); err != nil {
			return nil, err
		} else if operating {
			return nil, abortIn("chain_status", native.InvalidState, ENotOperating)
		}
		var name, url jwksBytes
		if err := jwksArg(c, args[1], &name); err != nil {
			return nil, err
		}
		if upsert {
			if err := jwksArg(c, args[2], &url); err != nil {
				return nil, err
			}
		}
		var set oidcProviders
		if err := readJWKs(h, addr, SupportedOIDCProvidersTag, &set); err != nil {
			return nil, err
		}
		if err := c.ChargeElems(len(set.names)); err != nil {
			return nil, err
		}
		var old bcs.Marshaler
		if i := slices.IndexFunc(set.names, func(n []byte) bool { return bytes.Equal(n, name) }); i >= 0 {
			old = rawBytes(set.urls[i])
			last := len(set.names) - 1
			set.names[i], set.urls[i] = set.names[last], set.urls[last]
			set.names, set.urls = set.names[:last], set.urls[:last]
		}
		if upsert {
			set.names, set.urls = append(set.names, name), append(set.urls, url)
		}
		if err := putResource(h, addr, SupportedOIDCProvidersTag, &set); err != nil {
			return nil, err
		}
		v, err := msResult(c, "0x1::option::Option<vector<u8>>", jwksOption(old))
		return []movevm.Value{v}, err
	}
}

var (
	upsertOIDCProvider = oidcProviderChange(true)
	removeOIDCProvider = oidcProviderChange(false)
)

// oidcForNextEpoch is (upsert|remove)_oidc_provider_for_next_epoch: the
// framework's only, staged through config_buffer, which this node lacks.
func oidcForNextEpoch(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := assertFramework(signerAddress(args[0])); err != nil {
		return nil, err
	}
	return nil, &movevm.Error{Status: onchain.UNIMPLEMENTED_FUNCTIONALITY,
		Message: "0x1::jwks: OIDC provider changes for the next epoch need 0x1::config_buffer, which this node does not have"}
}

// jwksOnNewEpoch is on_new_epoch(framework): no change is ever pending
// here, so nothing to apply.
func jwksOnNewEpoch(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, assertFramework(signerAddress(args[0]))
}
