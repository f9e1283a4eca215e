package verifier

import "github.com/ledgernode/ledgernode/ledgerapi/bytecode"

// initModuleName is the function Aptos runs when a module is first published.
const initModuleName = "init_module"

// checkInitModule refuses an init_module that is not private, returns
// values, does not take exactly one signer or &signer, or is generic
// (INVALID_INIT_MODULE), checked in that order as Aptos does.
func checkInitModule(u *unit) error {
	if u.module == nil {
		return nil
	}
	for _, fn := range u.funcs {
		if u.ident(fn.handle.Name) != initModuleName {
			continue
		}
		switch {
		case fn.def.Visibility != bytecode.Private:
			return fn.failAt(vsInvalidInitModule, -1, "init_module must be private")
		case len(fn.returns) > 0:
			return fn.failAt(vsInvalidInitModule, -1, "init_module must not return values")
		case len(fn.params) != 1 || !isSignerOrRef(&fn.params[0]):
			return fn.failAt(vsInvalidInitModule, -1, "init_module must take exactly one signer or &signer")
		case len(fn.typeParams) > 0:
			return fn.failAt(vsInvalidInitModule, -1, "init_module must not be generic")
		}
	}
	return nil
}

// isSignerOrRef reports whether t is signer or &signer.
func isSignerOrRef(t *bytecode.SignatureToken) bool {
	if t.Kind == bytecode.TypeReference && t.Elem != nil {
		t = t.Elem
	}
	return t.Kind == bytecode.TypeSigner
}
