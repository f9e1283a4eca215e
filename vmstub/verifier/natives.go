package verifier

// checkNatives allows native functions only in modules at the special
// addresses 0x0..0xf (USER_DEFINED_NATIVE_NOT_ALLOWED), which also refuses
// every entry native outside them. Entry natives at the special addresses
// pass here: the node's own framework, generated at genesis, declares its
// entry functions native (their bodies are Go) and nobody but the
// framework can publish there; the publisher (vmstub/publish) refuses
// entry natives in every published bundle, as Aptos does.
func checkNatives(u *unit) error {
	m := u.module
	if m == nil {
		return nil
	}
	if m.AddressIdentifiers[m.ModuleHandles[m.SelfHandle].Address].IsSpecial() {
		return nil
	}
	for _, fn := range u.funcs {
		if fn.code == nil {
			return fn.failAt(vsUserDefinedNativeNotAllowed, -1, "native function %s outside the special addresses", u.ident(fn.handle.Name))
		}
	}
	return nil
}
