package aptosframework

// 0x1::jwks (continued): the framework's functions over ObservedJWKs and
// Patches. Each change of either regenerates PatchedJWKs: the observed
// key sets with every patch applied in order. A change of ObservedJWKs
// emits ObservedJWKsUpdated with the epoch (PerBlockRandomness's, which
// the block prologue keeps; 0 before the first block).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// setPatches is set_patches(fx, patches): Patches replaced, PatchedJWKs
// regenerated.
func setPatches(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := assertFramework(signerAddress(args[0])); err != nil {
		return nil, err
	}
	var patches jwksPatches
	if err := jwksArg(c, args[1], &patches); err != nil {
		return nil, err
	}
	h := hostOf(c)
	var old jwksPatches
	if err := readJWKs(h, addr, PatchesTag, &old); err != nil {
		return nil, err
	}
	if err := putResource(h, addr, PatchesTag, &patches); err != nil {
		return nil, err
	}
	return nil, regeneratePatchedJWKs(h, jwksMeterOf(c))
}

// regeneratePatchedJWKs writes PatchedJWKs: ObservedJWKs with Patches
// applied in order (genesis too, with no meter).
func regeneratePatchedJWKs(h native.Host, m jwksMeter) error {
	var jwks allProvidersJWKs
	if err := readJWKs(h, addr, ObservedJWKsTag, &jwks); err != nil {
		return err
	}
	var patches jwksPatches
	if err := readJWKs(h, addr, PatchesTag, &patches); err != nil {
		return err
	}
	for i := range patches {
		if err := jwks.apply(m, &patches[i]); err != nil {
			return err
		}
	}
	if err := readJWKs(h, addr, PatchedJWKsTag, &allProvidersJWKs{}); err != nil {
		return err
	}
	return putResource(h, addr, PatchedJWKsTag, &jwks)
}

// upsertIntoObservedJWKs is upsert_into_observed_jwks(fx, sets): each
// issuer's set upserted into ObservedJWKs in order, the event emitted,
// PatchedJWKs regenerated.
func upsertIntoObservedJWKs(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := assertFramework(signerAddress(args[0])); err != nil {
		return nil, err
	}
	var sets jwksProviders
	if err := jwksArg(c, args[1], &sets); err != nil {
		return nil, err
	}
	return nil, changeObserved(c, func(m jwksMeter, o *allProvidersJWKs) error {
		for _, s := range sets {
			if _, err := o.upsertProvider(m, s); err != nil {
				return err
			}
		}
		return nil
	})
}

// removeIssuerFromObservedJWKs is remove_issuer_from_observed_jwks(fx,
// issuer): the issuer's set taken out of ObservedJWKs and returned.
func removeIssuerFromObservedJWKs(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := assertFramework(signerAddress(args[0])); err != nil {
		return nil, err
	}
	var issuer jwksBytes
	if err := jwksArg(c, args[1], &issuer); err != nil {
		return nil, err
	}
	var old *providerJWKs
	err := changeObserved(c, func(m jwksMeter, o *allProvidersJWKs) (err error) {
		old, err = o.removeIssuer(m, issuer)
		return err
	})
	if err != nil {
		return nil, err
	}
	var opt bcs.Marshaler
	if old != nil {
		opt = old
	}
	v, err := msResult(c, "0x1::option::Option<0x1::jwks::ProviderJWKs>", jwksOption(opt))
	return []movevm.Value{v}, err
}

// changeObserved applies change to ObservedJWKs, writes it, emits
// ObservedJWKsUpdated and regenerates PatchedJWKs.
func changeObserved(c *native.Context, change func(jwksMeter, *allProvidersJWKs) error) error {
	h := hostOf(c)
	var observed allProvidersJWKs
	if err := readJWKs(h, addr, ObservedJWKsTag, &observed); err != nil {
		return err
	}
	if err := change(jwksMeterOf(c), &observed); err != nil {
		return err
	}
	b := encode(&observed)
	if err := h.SetResource(addr, ObservedJWKsTag, b); err != nil {
		return err
	}
	var epoch perBlockRandomness
	if _, err := readResource(h, addr, PerBlockRandomnessTag, &epoch); err != nil {
		return err
	}
	e := bcs.NewEncoder(8 + len(b))
	e.U64(epoch.Epoch)
	e.Fixed(b)
	if err := native.ChargeOutput(c.NativeContext, e.Len(), e.Len()); err != nil {
		return err
	}
	h.EmitBCS(observedJWKsUpdatedType, e.Bytes())
	return regeneratePatchedJWKs(h, jwksMeterOf(c))
}

// observedJWKsUpdatedType is the type of 0x1::jwks::ObservedJWKsUpdated.
var observedJWKsUpdatedType = ledgerapi.StructType(tag1("jwks", "ObservedJWKsUpdated"))
