package verifier

// checkFriends refuses a module declaring itself a friend
// (INVALID_FRIEND_DECL_WITH_SELF) or a friend at another address
// (INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS).
func checkFriends(u *unit) error {
	m := u.module
	if m == nil {
		return nil
	}
	self := m.ModuleHandles[m.SelfHandle]
	selfAddr := m.AddressIdentifiers[self.Address]
	for i, f := range m.FriendDecls {
		addr := m.AddressIdentifiers[f.Address]
		if addr == selfAddr && m.Identifiers[f.Name] == m.Identifiers[self.Name] {
			return fail(vsFriendDeclWithSelf, "friend declaration %d names the module itself", i)
		}
		if addr != selfAddr {
			return fail(vsFriendDeclOutsideAddress, "friend declaration %d names a module at %s", i, addr)
		}
	}
	return nil
}
