package aptostoken

// 0x3::token, burning: burn (by the owner, when the token data's
// default properties hold TOKEN_BURNABLE_BY_OWNER true) and
// burn_by_creator (TOKEN_BURNABLE_BY_CREATOR). A token data with a
// maximum tracks its supply: it is deleted when its supply reaches zero,
// and its collection (when that tracks its supply too) loses one, deleted
// in turn at zero.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// readBool is property_map::read_bool of m.
func (m *propMap) readBool(key string) (bool, error) {
	i := m.find(key)
	if i < 0 {
		return false, pmAbort(ePropertyNotExist)
	}
	p := m.Entries[i]
	if p.Type != "bool" {
		return false, pmAbort(native.Code(native.InvalidState, eTypeNotMatch))
	}
	if len(p.Value) != 1 || p.Value[0] > 1 {
		return false, fromBCSAbort(0x10001)
	}
	return p.Value[0] == 1, nil
}

// burnable checks the flag key of the token data's default properties
// (denied with reason when absent or false).
func burnable(td *tokenData, key string, reason uint64) error {
	if td.DefaultProperties.find(key) < 0 {
		return tokenAbort(native.PermissionDenied, reason)
	}
	ok, err := td.DefaultProperties.readBool(key)
	if err != nil {
		return err
	}
	if !ok {
		return tokenAbort(native.PermissionDenied, reason)
	}
	return nil
}

// burnFrom burns amount of id held by owner; creatorBurns is
// burn_by_creator.
func burnFrom(c *native.Context, owner ledgerapi.Address, id *tokenID, amount uint64, creatorBurns bool) error {
	h := native.Metered(c)
	td, cs, err := readTokenData(h, &id.Data)
	if err != nil {
		return err
	}
	if creatorBurns {
		err = burnable(td, burnableByCreator, eCreatorCannotBurnToken)
	} else {
		err = burnable(td, burnableByOwner, eOwnerCannotBurnToken)
	}
	if err != nil {
		return err
	}
	t, err := withdraw(c, owner, id, amount)
	if err != nil {
		return err
	}
	if err := emit(c, tag3("token", "Burn"), idAmountEvent(owner, id, t.Amount)); err != nil {
		return err
	}
	if td.Maximum == 0 {
		return nil
	}
	if td.Supply < t.Amount {
		return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "token::burn: supply underflows"}
	}
	td.Supply -= t.Amount
	if td.Supply > 0 {
		return tablePut(h, cs.TokenData, &id.Data, td)
	}
	if err := tableDel(h, cs.TokenData, &id.Data); err != nil {
		return err
	}
	var cd collectionData
	key := bcsStr(id.Data.Collection)
	if ok, err := tableGet(h, cs.CollectionData, key, &cd); err != nil {
		return err
	} else if !ok {
		return tableAbort()
	}
	if cd.Maximum == 0 {
		return nil
	}
	if cd.Supply == 0 {
		return &movevm.Error{Status: onchain.ARITHMETIC_ERROR, Message: "token::burn: collection supply underflows"}
	}
	cd.Supply--
	if cd.Supply > 0 {
		return tablePut(h, cs.CollectionData, key, &cd)
	}
	return tableDel(h, cs.CollectionData, key)
}

// burnArgs reads (collection, name, property_version, amount) after the
// address creator: the token id, amount > 0 first (ENO_BURN_TOKEN_WITH_ZERO_AMOUNT).
func burnArgs(c *native.Context, creator ledgerapi.Address, args []movevm.Value) (*tokenID, uint64, error) {
	amount := args[3].AsU64()
	if amount == 0 {
		return nil, 0, tokenAbort(native.InvalidArgument, eNoBurnTokenWithZeroAmount)
	}
	id, err := tokenIDArgs(c, []movevm.Value{movevm.Address(creator), args[0], args[1], args[2]})
	return id, amount, err
}

// burnByOwner is burn(owner, creators_address, collection, name,
// property_version, amount).
func burnByOwner(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id, amount, err := burnArgs(c, args[1].AsAddress(), args[2:])
	if err != nil {
		return nil, err
	}
	return nil, burnFrom(c, signerAddr(args[0]), id, amount, false)
}

// burnByCreator is burn_by_creator(creator, owner, collection, name,
// property_version, amount).
func burnByCreator(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id, amount, err := burnArgs(c, signerAddr(args[0]), args[2:])
	if err != nil {
		return nil, err
	}
	return nil, burnFrom(c, args[1].AsAddress(), id, amount, true)
}
