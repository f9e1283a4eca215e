package verifier

import "github.com/ledgernode/ledgernode/ledgerapi/onchain"

// checkFriends refuses a module declaring itself a friend
// (INVALID_FRIEND_DECL_WITH_SELF), then one with a friend at another
// address (INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS).
// Identifiers and addresses are unique after the duplication pass, so
// comparing indexes compares names and addresses.
func checkFriends(u *unit) error {
	m := u.module
	if m == nil {
		return nil
	}
	self := m.ModuleHandles[m.SelfHandle]
	for i, f := range m.FriendDecls {
		if f == self {
			return fail(onchain.INVALID_FRIEND_DECL_WITH_SELF, "friend declaration %d names the module itself", i)
		}
	}
	selfAddr := m.AddressIdentifiers[self.Address]
	for i, f := range m.FriendDecls {
		if addr := m.AddressIdentifiers[f.Address]; addr != selfAddr {
			return fail(onchain.INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS, "friend declaration %d names %s::%s, at another address", i, addr.ShortString(), m.Identifiers[f.Name])
		}
	}
	return nil
}
