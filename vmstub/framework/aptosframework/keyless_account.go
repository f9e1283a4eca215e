package aptosframework

// 0x1::keyless_account: the Groth16 verification key and the
// configuration keyless accounts are checked against. Genesis publishes
// both at 0x1 (keyless_account_genesis.go) as an Aptos test network's
// genesis does. Groth16VerificationKey and Configuration are members of
// the module's Group resource group on Aptos; this node stores them as
// separate resources (it groups only 0x1::object::ObjectGroup), which
// the REST API renders the same way.
//
// Anyone may build a key or a configuration; every other function is
// the framework's (system_addresses' PERMISSION_DENIED for another
// signer). The genesis-only setters abort with chain_status's
// ENOT_OPERATING once the chain runs, as on Aptos. The functions that
// stage a change for the next epoch go through config_buffer, which this
// node does not have: after the framework check (and, for
// update_training_wheels_for_next_epoch, the key's validation) they fail
// with UNIMPLEMENTED_FUNCTIONALITY, and on_new_epoch has nothing pending
// to apply.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Types of 0x1::keyless_account's resources.
var (
	Groth16VerificationKeyTag = tag1("keyless_account", "Groth16VerificationKey")
	KeylessConfigurationTag   = tag1("keyless_account", "Configuration")
)

// Abort reasons of 0x1::keyless_account (plain codes: Aptos raises them
// without an error category).
const (
	eTrainingWheelsPKWrongSize = 1
	eInvalidBN254G1            = 2
	eInvalidBN254G2            = 3
)

// keylessPKValidateCost is the charge of validating a training wheels
// key, that of ed25519's key validation.
const keylessPKValidateCost = 1000

// KeylessAccount declares 0x1::keyless_account.
func KeylessAccount() native.Module {
	const (
		bytes   = "vector<u8>"
		str     = "0x1::string::String"
		vk      = "0x1::keyless_account::Groth16VerificationKey"
		config  = "0x1::keyless_account::Configuration"
		signer  = "&signer"
		optPK   = "0x1::option::Option<vector<u8>>"
		copyAb  = native.AbilityCopy
		drop    = native.AbilityDrop
		store   = native.AbilityStore
		keyAbil = native.AbilityKey
	)
	fn := func(name string, impl native.Func, ret []string, params ...string) native.Function {
		return native.Function{Name: name, Params: params, Return: ret, Impl: impl}
	}
	one := func(t string) []string { return []string{t} }
	return native.Module{Address: addr, Name: "keyless_account", Friends: []string{"0x1::reconfiguration_with_dkg"},
		Structs: []native.Struct{
			{Name: "Group", Fields: []string{"dummy_field: bool"}},
			{Name: "Groth16VerificationKey", Abilities: []string{drop, keyAbil, store}, Fields: []string{
				"alpha_g1: " + bytes, "beta_g2: " + bytes, "gamma_g2: " + bytes, "delta_g2: " + bytes, "gamma_abc_g1: vector<vector<u8>>"}},
			{Name: "Configuration", Abilities: []string{copyAb, drop, keyAbil, store}, Fields: []string{
				"override_aud_vals: vector<" + str + ">", "max_signatures_per_txn: u16", "max_exp_horizon_secs: u64",
				"training_wheels_pubkey: " + optPK, "max_commited_epk_bytes: u16", "max_iss_val_bytes: u16",
				"max_extra_field_bytes: u16", "max_jwt_header_b64_bytes: u32"}},
		},
		Functions: []native.Function{
			fn("new_groth16_verification_key", keylessConstruct(vk), one(vk), bytes, bytes, bytes, bytes, "vector<vector<u8>>"),
			fn("new_configuration", keylessConstruct(config), one(config),
				"vector<"+str+">", "u16", "u64", optPK, "u16", "u16", "u16", "u32"),
			fn("update_groth16_verification_key", keylessGenesisPublish(Groth16VerificationKeyTag), nil, signer, vk),
			fn("update_configuration", keylessGenesisPublish(KeylessConfigurationTag), nil, signer, config),
			fn("update_training_wheels", keylessGenesisEdit(editTrainingWheels), nil, signer, optPK),
			fn("update_max_exp_horizon", keylessGenesisEdit(editMaxExpHorizon), nil, signer, "u64"),
			fn("remove_all_override_auds", keylessGenesisEdit(editRemoveAuds), nil, signer),
			fn("add_override_aud", keylessGenesisEdit(editAddAud), nil, signer, str),
			fn("set_groth16_verification_key_for_next_epoch", keylessForNextEpoch, nil, signer, vk),
			fn("set_configuration_for_next_epoch", keylessForNextEpoch, nil, signer, config),
			fn("update_training_wheels_for_next_epoch", trainingWheelsForNextEpoch, nil, signer, optPK),
			fn("update_max_exp_horizon_for_next_epoch", keylessForNextEpoch, nil, signer, "u64"),
			fn("remove_all_override_auds_for_next_epoch", keylessForNextEpoch, nil, signer),
			fn("add_override_aud_for_next_epoch", keylessForNextEpoch, nil, signer, str),
			{Name: "on_new_epoch", Visibility: native.Friend, Params: []string{signer}, Impl: keylessOnNewEpoch},
		},
		Errors: []native.AbortReason{
			{Reason: eTrainingWheelsPKWrongSize, Name: "E_TRAINING_WHEELS_PK_WRONG_SIZE", Description: "The training wheels public key is not a valid 32-byte Ed25519 key."},
			{Reason: eInvalidBN254G1, Name: "E_INVALID_BN254_G1_SERIALIZATION", Description: "A serialized BN254 G1 point is invalid."},
			{Reason: eInvalidBN254G2, Name: "E_INVALID_BN254_G2_SERIALIZATION", Description: "A serialized BN254 G2 point is invalid."},
		},
		Genesis: keylessGenesis,
	}
}

// groth16VK is a Groth16VerificationKey: compressed BN254 points.
type groth16VK struct {
	alphaG1, betaG2, gammaG2, deltaG2 []byte
	gammaABCG1                        [][]byte
}

func (v *groth16VK) MarshalBCS(e *bcs.Encoder) {
	for _, b := range [][]byte{v.alphaG1, v.betaG2, v.gammaG2, v.deltaG2} {
		e.WriteBytes(b)
	}
	e.SeqLen(len(v.gammaABCG1))
	for _, b := range v.gammaABCG1 {
		e.WriteBytes(b)
	}
}

// keylessConfig is a Configuration.
type keylessConfig struct {
	overrideAudVals      []string
	maxSignaturesPerTxn  uint16
	maxExpHorizonSecs    uint64
	trainingWheelsPubkey []byte // when hasTrainingWheels
	hasTrainingWheels    bool
	maxCommitedEPKBytes  uint16
	maxIssValBytes       uint16
	maxExtraFieldBytes   uint16
	maxJWTHeaderB64Bytes uint32
}

func (k *keylessConfig) MarshalBCS(e *bcs.Encoder) {
	e.SeqLen(len(k.overrideAudVals))
	for _, s := range k.overrideAudVals {
		e.String(s)
	}
	e.U16(k.maxSignaturesPerTxn)
	e.U64(k.maxExpHorizonSecs)
	keylessOptionBytes(e, k.hasTrainingWheels, k.trainingWheelsPubkey)
	e.U16(k.maxCommitedEPKBytes)
	e.U16(k.maxIssValBytes)
	e.U16(k.maxExtraFieldBytes)
	e.U32(k.maxJWTHeaderB64Bytes)
}

func (k *keylessConfig) UnmarshalBCS(d *bcs.Decoder) {
	k.overrideAudVals = make([]string, d.SeqLen("Configuration.override_aud_vals", 1))
	for i := range k.overrideAudVals {
		k.overrideAudVals[i] = d.String("String")
	}
	k.maxSignaturesPerTxn = d.U16("Configuration.max_signatures_per_txn")
	k.maxExpHorizonSecs = d.U64("Configuration.max_exp_horizon_secs")
	k.hasTrainingWheels, k.trainingWheelsPubkey = keylessReadOptionBytes(d)
	k.maxCommitedEPKBytes = d.U16("Configuration.max_commited_epk_bytes")
	k.maxIssValBytes = d.U16("Configuration.max_iss_val_bytes")
	k.maxExtraFieldBytes = d.U16("Configuration.max_extra_field_bytes")
	k.maxJWTHeaderB64Bytes = d.U32("Configuration.max_jwt_header_b64_bytes")
}

// keylessOptionBytes encodes an Option<vector<u8>>.
func keylessOptionBytes(e *bcs.Encoder, some bool, b []byte) {
	if !some {
		e.SeqLen(0)
		return
	}
	e.SeqLen(1)
	e.WriteBytes(b)
}

// keylessReadOptionBytes decodes an Option<vector<u8>>.
func keylessReadOptionBytes(d *bcs.Decoder) (bool, []byte) {
	if d.SeqLen("Option<vector<u8>>", 1) == 0 {
		return false, nil
	}
	return true, d.ReadBytes("vector<u8>")
}

// keylessOptionArg is an Option<vector<u8>> argument.
type keylessOptionArg struct {
	some bool
	b    []byte
}

func (o *keylessOptionArg) UnmarshalBCS(d *bcs.Decoder) { o.some, o.b = keylessReadOptionBytes(d) }

// keylessConstruct builds new_groth16_verification_key or
// new_configuration: the struct of typ whose fields are the arguments
// in order.
func keylessConstruct(typ string) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		data, err := serializeArgs(c, args)
		if err != nil {
			return nil, err
		}
		v, err := msResult(c, typ, data)
		return []movevm.Value{v}, err
	}
}

// keylessAssertGenesis is chain_status::assert_genesis: ENOT_OPERATING
// once genesis has ended.
func keylessAssertGenesis(c *native.Context) error {
	_, operating, err := hostOf(c).Resource(addr, GenesisEndMarkerTag)
	if err != nil {
		return err
	}
	if operating {
		return abortIn("chain_status", native.InvalidState, ENotOperating)
	}
	return nil
}

// keylessGenesisPublish is update_groth16_verification_key or
// update_configuration: during genesis only, the value published at 0x1
// (RESOURCE_ALREADY_EXISTS when there is one already).
func keylessGenesisPublish(tag ledgerapi.StructTag) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		if err := assertFramework(signerAddress(args[0])); err != nil {
			return nil, err
		}
		if err := keylessAssertGenesis(c); err != nil {
			return nil, err
		}
		b, err := native.SerializeCharged(c.NativeContext, args[1])
		if err != nil {
			return nil, err
		}
		return nil, moveTo(hostOf(c), addr, tag, rawResource(b))
	}
}

// rawResource marshals as the BCS it holds.
type rawResource []byte

func (r rawResource) MarshalBCS(e *bcs.Encoder) { e.Fixed(r) }

// keylessEdit changes the Configuration for one of the deprecated
// genesis-time setters, given the call's arguments after the signer.
type keylessEdit func(c *native.Context, cfg *keylessConfig, args []movevm.Value) error

// keylessGenesisEdit is a deprecated genesis-time setter: during genesis
// only, the Configuration at 0x1 edited in place (MISSING_DATA without
// one).
func keylessGenesisEdit(edit keylessEdit) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		if err := assertFramework(signerAddress(args[0])); err != nil {
			return nil, err
		}
		if err := keylessAssertGenesis(c); err != nil {
			return nil, err
		}
		h := hostOf(c)
		var cfg keylessConfig
		if ok, err := readResource(h, addr, KeylessConfigurationTag, &cfg); err != nil {
			return nil, err
		} else if !ok {
			return nil, missingData(KeylessConfigurationTag, addr)
		}
		if err := edit(c, &cfg, args[1:]); err != nil {
			return nil, err
		}
		return nil, putResource(h, addr, KeylessConfigurationTag, &cfg)
	}
}

func editTrainingWheels(c *native.Context, cfg *keylessConfig, args []movevm.Value) error {
	var pk keylessOptionArg
	if err := jwksArg(c, args[0], &pk); err != nil {
		return err
	}
	if pk.some && len(pk.b) != 32 {
		return c.Abort(eTrainingWheelsPKWrongSize)
	}
	cfg.hasTrainingWheels, cfg.trainingWheelsPubkey = pk.some, pk.b
	return nil
}

func editMaxExpHorizon(_ *native.Context, cfg *keylessConfig, args []movevm.Value) error {
	cfg.maxExpHorizonSecs = args[0].AsU64()
	return nil
}

func editRemoveAuds(_ *native.Context, cfg *keylessConfig, _ []movevm.Value) error {
	cfg.overrideAudVals = nil
	return nil
}

func editAddAud(c *native.Context, cfg *keylessConfig, args []movevm.Value) error {
	var aud jwksBytes
	if err := jwksArg(c, args[0], &aud); err != nil {
		return err
	}
	cfg.overrideAudVals = append(cfg.overrideAudVals, string(aud))
	return nil
}

// errNoConfigBuffer is the failure of a change staged for the next
// epoch: it needs 0x1::config_buffer, which this node does not have.
func errNoConfigBuffer() error {
	return &movevm.Error{Status: onchain.UNIMPLEMENTED_FUNCTIONALITY,
		Message: "0x1::keyless_account: changes for the next epoch need 0x1::config_buffer, which this node does not have"}
}

// keylessForNextEpoch is a *_for_next_epoch function: the framework's
// only, staged through config_buffer.
func keylessForNextEpoch(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := assertFramework(signerAddress(args[0])); err != nil {
		return nil, err
	}
	return nil, errNoConfigBuffer()
}

// trainingWheelsForNextEpoch is update_training_wheels_for_next_epoch:
// the framework's only; a key given must be a valid Ed25519 key
// (E_TRAINING_WHEELS_PK_WRONG_SIZE) before the change is staged.
func trainingWheelsForNextEpoch(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if err := assertFramework(signerAddress(args[0])); err != nil {
		return nil, err
	}
	var pk keylessOptionArg
	if err := jwksArg(c, args[1], &pk); err != nil {
		return nil, err
	}
	if pk.some {
		if len(pk.b) != crypto.Ed25519PublicKeyLength {
			return nil, c.Abort(eTrainingWheelsPKWrongSize)
		}
		if err := c.Charge(keylessPKValidateCost); err != nil {
			return nil, err
		}
		if crypto.ValidateEd25519PublicKey(pk.b) != nil {
			return nil, c.Abort(eTrainingWheelsPKWrongSize)
		}
	}
	return nil, errNoConfigBuffer()
}

// keylessOnNewEpoch is on_new_epoch(framework): no change is ever
// pending here, so nothing to apply.
func keylessOnNewEpoch(_ *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	return nil, assertFramework(signerAddress(args[0]))
}
