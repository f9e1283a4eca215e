package aptostoken

// 0x3::token, values made from arguments: create_token_id,
// create_token_data_id and create_token_id_raw (the name lengths
// checked), create_royalty, create_token_mutability_config and
// create_collection_mutability_config (a mutate_setting shorter than the
// config fails as vector indexing does).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// boolsOf is the vector<bool> (or &vector<bool>) argument v.
func boolsOf(c *native.Context, v movevm.Value) ([]bool, error) {
	v = deref(v)
	out := make([]bool, v.Len())
	for i := range out {
		out[i] = v.Elem(i).AsBool()
	}
	return out, c.ChargeElems(len(out))
}

// configOf is the first n flags of mutate_setting, as the module indexes
// them (a shorter vector fails as vector indexing does).
func configOf(setting []bool, n int) (flags, error) {
	if len(setting) < n {
		return nil, &movevm.Error{Status: onchain.VECTOR_OPERATION_ERROR, Message: "mutate_setting: index out of bounds"}
	}
	return flags(append([]bool(nil), setting[:n]...)), nil
}

// checkNames is create_token_data_id's check of the name lengths.
func checkNames(collection, name string) error {
	if uint64(len(collection)) > maxCollectionNameLength {
		return tokenAbort(native.InvalidArgument, eCollectionNameTooLong)
	}
	if uint64(len(name)) > maxNFTNameLength {
		return tokenAbort(native.InvalidArgument, eNFTNameTooLong)
	}
	return nil
}

// createRoyalty is create_royalty (numerator at most the denominator).
func createRoyalty(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	r := &royalty{Numerator: args[0].AsU64(), Denominator: args[1].AsU64(), Payee: args[2].AsAddress()}
	if r.Numerator > r.Denominator {
		return nil, c.Abort(native.Code(native.InvalidArgument, eInvalidRoyaltyNumeratorDenominator))
	}
	return ret1(structValue(c, royaltyTag, r))
}

// mutabilityConfig is create_token_mutability_config (5 flags) and
// create_collection_mutability_config (3).
func mutabilityConfig(t string, n int) native.Func {
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		setting, err := boolsOf(c, args[0])
		if err != nil {
			return nil, err
		}
		f, err := configOf(setting, n)
		if err != nil {
			return nil, err
		}
		tag, err := ledgerapi.ParseTypeTag(t)
		if err != nil {
			return nil, err
		}
		return ret1(toValue(c, tag, f))
	}
}

// createTokenID is create_token_id.
func createTokenID(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	t, err := c.TypeOf(ledgerapi.StructType(tokenIDTag))
	if err != nil {
		return nil, err
	}
	return ret1(c.Struct(t, args[0], args[1]))
}

// createTokenDataID is create_token_data_id.
func createTokenDataID(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id, err := tokenDataIDArgs(c, args)
	if err != nil {
		return nil, err
	}
	return ret1(structValue(c, tokenDataIDTag, id))
}

// tokenDataIDArgs is create_token_data_id of args (creator, collection,
// name).
func tokenDataIDArgs(c *native.Context, args []movevm.Value) (*tokenDataID, error) {
	s, err := stringArgs(c, args[1], args[2])
	if err != nil {
		return nil, err
	}
	if err := checkNames(s[0], s[1]); err != nil {
		return nil, err
	}
	return &tokenDataID{Creator: args[0].AsAddress(), Collection: s[0], Name: s[1]}, nil
}

// tokenIDArgs is create_token_id_raw of args (creator, collection, name,
// property_version).
func tokenIDArgs(c *native.Context, args []movevm.Value) (*tokenID, error) {
	id, err := tokenDataIDArgs(c, args)
	if err != nil {
		return nil, err
	}
	return &tokenID{Data: *id, PropertyVersion: args[3].AsU64()}, nil
}

// createTokenIDRaw is create_token_id_raw.
func createTokenIDRaw(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id, err := tokenIDArgs(c, args)
	if err != nil {
		return nil, err
	}
	return ret1(structValue(c, tokenIDTag, id))
}
