package movestdlib

// 0x1::features: the chain's feature flags, a bitset (bit n of byte n/8
// for feature n) in the Features resource at 0x1, and the flags set for
// the next epoch in PendingFeatures; is_enabled (#[view]) and the
// get_*_feature / *_enabled pairs of each named flag (features_flags.go),
// change_feature_flags_for_next_epoch and on_new_epoch (0x1's signer only,
// PERMISSION_DENIED(EFRAMEWORK_SIGNER_NEEDED) otherwise) and the deprecated
// change_feature_flags (INVALID_STATE(EAPI_DISABLED) always), as on Aptos
// (its functions up to LAZY_MODULE_INITIALIZATION, 127; the *_enabled
// functions of flags Aptos retired answer its constants whatever the
// bitset holds).
//
// Genesis writes Features with the flags this node behaves as (Enabled
// lists them): the hashes, chain id and multi-ed25519 v2 natives
// (3, 4, 7, 8), dependency checks and friends treated as private on
// upgrade (1, 2), bytecode v6, v7, v8 and function values (5, 40, 86,
// 89), resource groups (9), multisig accounts and their v2 enhancement
// (10, 55), struct constructor arguments (15), fee payers (22), AUIDs
// (23), module events and the framework's migration to them (26, 57),
// aggregator v2 with is_at_least (30, 66), single-sender authenticators
// (33), concurrent token v2 collections and fungible asset supplies (37,
// 50), object code deployment (52), the object nesting check (53), the
// transaction context extension (59), the coin-to-fungible-asset
// migration with APT in fungible stores (60, 64, 65, 90), native derived
// addresses (62), dispatchable fungible assets (63), collection owners
// (79), account abstraction, derivable included (85, 88) and orderless
// transactions (94). Every other flag is off: staking and governance,
// keyless and JWK consensus, bulletproofs and the generic algebra
// (crypto_algebra aborts), permissioned signers, concurrent fungible
// balances, the default account resource, the monotonically increasing
// counter (98), the flags from 96 on (fee distribution, function
// reflection, SLH-DSA, encrypted transactions, multisig scripts and
// timelocks, transaction limits, storage slot natives, the trading
// natives 118-121, the gas refund minted as a fungible asset (124: this
// node refunds no storage fee), function-value dispatch (125, which needs
// function reflection) and lazy module initialization (127, no
// aptos_framework::init here)). The framework's own gates read the
// resource through FeatureEnabled, as Aptos's Move code calls the
// *_enabled functions.

import (
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Feature flags the framework's modules gate on (Aptos's numbers).
const (
	FeatureSHA512AndRIPEMD160       = 3
	FeatureMultiEd25519PKValidateV2 = 7
	FeatureBlake2b256               = 8
	FeatureCollectionOwner          = 79
)

// Enabled lists the feature flags genesis enables: those this node
// implements and behaves as (see the file's header).
var Enabled = []uint64{1, 2, 3, 4, 5, 7, 8, 9, 10, 15, 22, 23, 26, 30, 33, 37, 40, 50, 52, 53, 55, 57, 59, 60,
	62, 63, 64, 65, 66, 79, 85, 86, 88, 89, 90, 94}

// Abort reasons of 0x1::features.
const (
	eFrameworkSignerNeeded   = 1 // EFRAMEWORK_SIGNER_NEEDED (EINVALID_FEATURE has the same value)
	eAPIDisabled             = 2 // EAPI_DISABLED
	eFeatureCannotBeDisabled = 3 // EFEATURE_CANNOT_BE_DISABLED
)

// FeaturesTag and PendingFeaturesTag are 0x1::features' resources.
var (
	FeaturesTag        = ledgerapi.StructTag{Address: addr, Module: "features", Name: "Features"}
	PendingFeaturesTag = ledgerapi.StructTag{Address: addr, Module: "features", Name: "PendingFeatures"}
)

// Features declares 0x1::features.
func Features() native.Module {
	bitset := []string{"features: vector<u8>"}
	key := []string{native.AbilityKey}
	fns := flagFunctions()
	fns = append(fns,
		native.Function{Name: "is_enabled", IsView: true, Params: []string{"u64"}, Return: []string{"bool"}, Impl: isEnabled},
		native.Function{Name: "change_feature_flags", Params: []string{"&signer", "vector<u64>", "vector<u64>"}, Impl: changeFeatureFlags},
		native.Function{Name: "change_feature_flags_for_next_epoch", Params: []string{"&signer", "vector<u64>", "vector<u64>"}, Impl: changeForNextEpoch},
		native.Function{Name: "on_new_epoch", Params: []string{"&signer"}, Impl: onNewEpoch},
	)
	return native.Module{Address: addr, Name: "features",
		Structs: []native.Struct{
			{Name: "Features", Abilities: key, Fields: bitset},
			{Name: "PendingFeatures", Abilities: key, Fields: bitset},
		},
		Functions: fns,
		Errors: []native.AbortReason{
			{Reason: eFrameworkSignerNeeded, Name: "EFRAMEWORK_SIGNER_NEEDED", Description: "The provided signer has not a framework address."},
			{Reason: eAPIDisabled, Name: "EAPI_DISABLED", Description: "The function is deprecated and disabled."},
			{Reason: eFeatureCannotBeDisabled, Name: "EFEATURE_CANNOT_BE_DISABLED", Description: "Deployed to production, and disabling is deprecated."},
		},
		Genesis: func(h native.Host) error {
			var bits []byte
			for _, f := range Enabled {
				bits = setFeature(bits, f, true)
			}
			return h.SetResource(addr, FeaturesTag, bcs.AppendBytes(nil, bits))
		},
	}
}

// FeatureEnabled tells whether feature is set in the Features resource at
// 0x1 (false without one), as features::is_enabled does; the read is
// charged to c.
func FeatureEnabled(c *native.Context, feature uint64) (bool, error) {
	bits, _, err := readBitset(native.Metered(c), FeaturesTag)
	return hasFeature(bits, feature), err
}

// readBitset reads the bitset of resource tag (Features or
// PendingFeatures) at 0x1; ok is false when it does not exist.
func readBitset(h native.Host, tag ledgerapi.StructTag) (bits []byte, ok bool, err error) {
	b, ok, err := h.Resource(addr, tag)
	if err != nil || !ok {
		return nil, ok, err
	}
	d := bcs.NewDecoder(b)
	bits = d.ReadBytes("features")
	if err := d.Finish(); err != nil {
		return nil, false, errInvariant("0x1::features::" + tag.Name + " is not a vector<u8>: " + err.Error())
	}
	return bits, true, nil
}

// hasFeature is contains: whether bit feature%8 of byte feature/8 is set.
func hasFeature(bits []byte, feature uint64) bool {
	i := feature / 8
	return i < uint64(len(bits)) && bits[i]&(1<<(feature%8)) != 0
}

// setFeature is set: it sets or clears feature's bit, growing bits with
// zero bytes up to its byte first.
func setFeature(bits []byte, feature uint64, on bool) []byte {
	i := int(feature / 8)
	if i >= len(bits) {
		bits = append(bits, make([]byte, i+1-len(bits))...)
	}
	if on {
		bits[i] |= 1 << (feature % 8)
	} else {
		bits[i] &^= 1 << (feature % 8)
	}
	return bits
}

// maxBitsetBytes bounds the bitset a diff may grow: a feature number
// beyond it would need more bytes than a transaction may write.
const maxBitsetBytes = 1 << 16

// applyDiff is apply_diff: enable's features set, then disable's cleared.
// A feature past maxBitsetBytes*8 fails as Aptos's growing loop would run
// out of gas.
func applyDiff(c *native.Context, bits []byte, enable, disable movevm.Value) ([]byte, error) {
	if err := c.ChargeElems(enable.Len() + disable.Len()); err != nil {
		return nil, err
	}
	for _, diff := range []struct {
		v  movevm.Value
		on bool
	}{{enable, true}, {disable, false}} {
		for i := 0; i < diff.v.Len(); i++ {
			f := diff.v.Elem(i).AsU64()
			if f/8 >= maxBitsetBytes {
				return nil, &movevm.Error{Status: onchain.OUT_OF_GAS, Message: "0x1::features: feature number too large for its bitset"}
			}
			if grow := int(f/8) + 1 - len(bits); grow > 0 {
				if err := native.ChargeOutput(c.NativeContext, grow, len(bits)+grow); err != nil {
					return nil, err
				}
			}
			bits = setFeature(bits, f, diff.on)
		}
	}
	return bits, nil
}

// frameworkSigner aborts with PERMISSION_DENIED(EFRAMEWORK_SIGNER_NEEDED)
// unless s (a &signer) is 0x1's.
func frameworkSigner(c *native.Context, s movevm.Value) error {
	v, _ := s.Deref()
	if v.AsAddress() != addr {
		return c.Abort(native.Code(native.PermissionDenied, eFrameworkSignerNeeded))
	}
	return nil
}

// isEnabled is is_enabled(feature).
func isEnabled(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	ok, err := FeatureEnabled(c, args[0].AsU64())
	return []movevm.Value{movevm.Bool(ok)}, err
}

// changeFeatureFlags is the deprecated change_feature_flags: it always
// aborts with INVALID_STATE(EAPI_DISABLED), as on Aptos.
func changeFeatureFlags(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
	return nil, c.Abort(native.Code(native.InvalidState, eAPIDisabled))
}

// changeForNextEpoch is change_feature_flags_for_next_epoch(framework,
// enable, disable): the diff applied to the pending bitset (or, without
// one, to the effective one, or to an empty one) and kept in
// PendingFeatures until on_new_epoch.
func changeForNextEpoch(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := frameworkSigner(c, args[0]); err != nil {
		return nil, err
	}
	h := native.Metered(c)
	bits, ok, err := readBitset(h, PendingFeaturesTag)
	if err == nil && !ok {
		bits, _, err = readBitset(h, FeaturesTag)
	}
	if err != nil {
		return nil, err
	}
	bits = slices.Clone(bits)
	if bits, err = applyDiff(c, bits, args[1], args[2]); err != nil {
		return nil, err
	}
	return nil, h.SetResource(addr, PendingFeaturesTag, bcs.AppendBytes(nil, bits))
}

// onNewEpoch is on_new_epoch(framework): the pending bitset, when there is
// one, becomes the effective one and PendingFeatures is removed.
func onNewEpoch(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := frameworkSigner(c, args[0]); err != nil {
		return nil, err
	}
	h := native.Metered(c)
	bits, ok, err := readBitset(h, PendingFeaturesTag)
	if err != nil || !ok {
		return nil, err
	}
	if err := h.DeleteResource(addr, PendingFeaturesTag); err != nil {
		return nil, err
	}
	return nil, h.SetResource(addr, FeaturesTag, bcs.AppendBytes(nil, bits))
}

// Gated is f behind feature: when the Features resource does not enable
// it, the call aborts with code (in f's module) before f runs, as Aptos's
// Move code asserts features::*_enabled() first.
func Gated(feature, code uint64, f native.Func) native.Func {
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		if ok, err := FeatureEnabled(c, feature); err != nil {
			return nil, err
		} else if !ok {
			return nil, c.Abort(code)
		}
		return f(c, targs, args)
	}
}
