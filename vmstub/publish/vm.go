package publish

import (
	"strconv"
	"strings"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// The steps the VM runs on the publish request, after the Move code of
// 0x1::code returned.

// deserialize reads every binary of the bundle, in order.
func (c *checker) deserialize() error {
	cfg := bytecode.Config{MaxVersion: c.req.Config.MaxVersion, AllowTrailingBytes: !c.req.Config.RejectTrailingBytes}
	for i, code := range c.req.Code {
		m, err := cfg.DeserializeModule(code)
		if err != nil {
			return &Error{Status: onchain.CODE_DESERIALIZATION_ERROR, Message: "module " + strconv.Itoa(i) + ": " + err.Error(), Err: err}
		}
		u := newUnit(m)
		u.bytes = code
		c.units = append(c.units, u)
	}
	return nil
}

// dependenciesExist is the walk that charges gas for the dependencies and
// friends outside the bundle: each must exist. Aptos skips the special
// addresses 0x0..0xf here; their modules are looked up when linking.
func (c *checker) dependenciesExist() error {
	inBundle := map[ledgerapi.ModuleId]bool{}
	for _, u := range c.units {
		inBundle[u.id] = true
	}
	for _, u := range c.units {
		for _, id := range append(u.deps(), u.friends()...) {
			if inBundle[id] || id.Address.IsSpecial() {
				continue
			}
			d, err := c.stored(id)
			if err != nil {
				return err
			}
			if d == nil {
				return linkerError(id)
			}
		}
	}
	return nil
}

// validateRequest checks the bundle against the request: natives only at
// special addresses and never entry, exactly the modules the metadata
// lists, dependencies only on the declared packages, well-formed Aptos
// metadata in each module.
func (c *checker) validateRequest() error {
	for _, u := range c.units {
		for _, d := range u.m.FunctionDefs {
			if d.Code == nil && (d.IsEntry || !u.id.Address.IsSpecial()) {
				return fail(onchain.USER_DEFINED_NATIVE_NOT_ALLOWED, "Cannot publish native function to non-special address (%s::%s)",
					u.id, u.ident(u.m.FunctionHandles[d.Function].Name))
			}
		}
	}
	expected := map[string]bool{}
	for _, n := range c.meta.ModuleNames() {
		expected[n] = true
	}
	mismatch := func(format string, args ...any) error {
		return fail(onchain.CONSTRAINT_NOT_SATISFIED, "metadata and code bundle mismatch: "+format, args...)
	}
	for _, u := range c.units {
		if !expected[u.id.Name] {
			return mismatch("unregistered module: '%s'", u.id.Name)
		}
		delete(expected, u.id.Name)
		for _, dep := range u.deps() {
			if ok := c.allowed[dep.Address]; !ok[""] && !ok[dep.Name] {
				return mismatch("unregistered dependency: '%s'", dep)
			}
		}
		if msg := checkModuleMetadata(u); msg != "" {
			return mismatch("%s", msg)
		}
	}
	if len(expected) > 0 {
		return mismatch("not all registered modules published")
	}
	return nil
}

// stage puts the bundle over the stored modules: each module at the
// sender's address, compatible with the module it replaces, once.
func (c *checker) stage() error {
	cfg := c.req.Config
	skipCompat := cfg.AllowArbitrary && c.meta.UpgradePolicy == onchain.UpgradeArbitrary
	c.staged = map[ledgerapi.ModuleId]*unit{}
	for _, u := range c.units {
		if u.id.Address != c.req.Sender {
			return fail(onchain.MODULE_ADDRESS_DOES_NOT_MATCH_SENDER, "Compiled modules address %s does not match the sender %s",
				u.id.Address, c.req.Sender)
		}
		old, err := c.stored(u.id)
		if err != nil {
			return err
		}
		if old != nil {
			u.upgrade = true
			if !skipCompat {
				if reasons := incompatibilities(old, u, cfg.CheckFriendLinking); len(reasons) > 0 {
					return fail(onchain.BACKWARD_INCOMPATIBLE_MODULE_UPDATE,
						"Module update failure: new module not compatible with existing module in `%s`: %s", u.id, strings.Join(reasons, ", "))
				}
			}
		}
		if c.staged[u.id] != nil {
			return fail(onchain.DUPLICATE_MODULE_NAME, "Module %s occurs more than once in published bundle", u.id)
		}
		c.staged[u.id] = u
	}
	return nil
}

// initModules lists the new modules defining init_module, which must be
// private, generic-free, take one signer or &signer and return nothing.
func (c *checker) initModules() error {
	for _, u := range c.units {
		i, ok := u.funcs["init_module"]
		if u.upgrade || !ok {
			continue
		}
		d := u.m.FunctionDefs[i]
		h := u.m.FunctionHandles[d.Function]
		params, ret := u.sig(h.Parameters), u.sig(h.Return)
		msg := ""
		switch {
		case d.Visibility != bytecode.Private:
			msg = "init_module function must be private, but it is not"
		case len(ret) != 0:
			msg = "init_module function must return 0 values, but returns " + strconv.Itoa(len(ret))
		case len(params) != 1:
			msg = "init_module function should have a single signer or &signer parameter, but has " + strconv.Itoa(len(params)) + " parameters"
		case !isSignerOrRef(params[0]):
			msg = "init_module function expects a single signer or &signer parameter, but its parameter type is different"
		case len(h.TypeParameters) != 0:
			msg = "init_module function cannot have type parameters"
		}
		if msg != "" {
			return fail(onchain.INVALID_INIT_MODULE, "%s (%s)", msg, u.id)
		}
		c.result.InitModules = append(c.result.InitModules, u.id)
	}
	return nil
}

func isSignerOrRef(t bytecode.SignatureToken) bool {
	return t.Kind == bytecode.TypeSigner || t.Kind == bytecode.TypeReference && t.Elem != nil && t.Elem.Kind == bytecode.TypeSigner
}

// limits checks the writes against Aptos's write-set limits and fills in
// the result's modules.
func (c *checker) limits() error {
	if len(c.units)+1 > MaxWriteOpsPerTransaction {
		return fail(onchain.STORAGE_WRITE_LIMIT_REACHED, "Too many write ops.")
	}
	var total uint64
	add := func(what string, size uint64) error {
		if size > MaxBytesPerWriteOp {
			return fail(onchain.STORAGE_WRITE_LIMIT_REACHED, "the write of %s is %d bytes, more than %d", what, size, MaxBytesPerWriteOp)
		}
		if total += size; total > MaxBytesAllWriteOps {
			return fail(onchain.STORAGE_WRITE_LIMIT_REACHED, "the writes reach %d bytes, more than %d", total, MaxBytesAllWriteOps)
		}
		return nil
	}
	for _, u := range c.units {
		key := moduleKeySizeWithoutName + bcs.ULEB128Size(len(u.id.Name)) + len(u.id.Name)
		if err := add(u.id.String(), uint64(len(u.bytes)+key)); err != nil {
			return err
		}
		c.result.Modules = append(c.result.Modules, Module{ID: u.id, Bytes: u.bytes, Module: u.m, Upgrade: u.upgrade})
	}
	if err := add("the package registry", uint64(len(c.result.Registry.Encode())+registryKeySize)); err != nil {
		return err
	}
	c.result.WriteBytes = total
	return nil
}
