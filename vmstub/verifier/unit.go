package verifier

import (
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// unit is what the passes see of a module or a script: the shared pools,
// the module (nil for a script) and the functions with code.
type unit struct {
	pools  *bytecode.Pools
	module *bytecode.Module // nil for a script
	script *bytecode.Script // nil for a module
	cfg    *Config
	funcs  []*function // every function definition (the script's main is the only one)
	// defined maps a module's function handles to their definitions, so
	// per-instruction look-ups do not scan funcs.
	defined map[*bytecode.FunctionHandle]*function
	// spent is the verifier meter's units used so far by every pass over
	// every function of the unit: one budget (Config.MaxMeterUnits) bounds
	// them all, as Aptos bounds a module with the per-function limit.
	spent uint64
}

// meterLimit is the budget left for the next metered pass (0: no limit;
// an exhausted budget leaves one unit, which the pass's first charge
// exceeds).
func (u *unit) meterLimit() uint64 {
	if u.cfg == nil || u.cfg.MaxMeterUnits <= 0 {
		return 0
	}
	limit := uint64(u.cfg.MaxMeterUnits)
	if u.spent >= limit {
		return 1
	}
	return limit - u.spent
}

// spend adds a finished pass's units to the unit's total.
func (u *unit) spend(units uint64) {
	if u.spent += units; u.spent < units {
		u.spent = ^uint64(0)
	}
}

// function is one function definition with what the code passes need.
type function struct {
	index      int                      // function definition index (0 for a script's main)
	def        *bytecode.FunctionDef    // nil for a script
	handle     *bytecode.FunctionHandle // nil for a script
	typeParams []bytecode.AbilitySet
	params     bytecode.Signature
	returns    bytecode.Signature
	locals     bytecode.Signature // params then the code unit's locals
	code       *bytecode.CodeUnit // nil for a native
	cfg        *controlFlowGraph  // set for functions with code once control flow passed
}

func newModuleUnit(m *bytecode.Module, cfg *Config) *unit {
	u := &unit{pools: &m.Pools, module: m, cfg: cfg,
		defined: make(map[*bytecode.FunctionHandle]*function, len(m.FunctionDefs))}
	for i := range m.FunctionDefs {
		d := &m.FunctionDefs[i]
		h := &m.FunctionHandles[d.Function]
		fn := &function{index: i, def: d, handle: h, typeParams: h.TypeParameters,
			params: m.Signatures[h.Parameters], returns: m.Signatures[h.Return], code: d.Code}
		fn.locals = append(fn.locals, fn.params...)
		if d.Code != nil {
			fn.locals = append(fn.locals, m.Signatures[d.Code.Locals]...)
		}
		u.funcs = append(u.funcs, fn)
		u.defined[h] = fn
	}
	return u
}

func newScriptUnit(s *bytecode.Script, cfg *Config) *unit {
	u := &unit{pools: &s.Pools, script: s, cfg: cfg}
	fn := &function{index: 0, typeParams: s.TypeParameters, params: s.Signatures[s.Parameters], code: &s.Code}
	fn.locals = append(fn.locals, fn.params...)
	fn.locals = append(fn.locals, s.Signatures[s.Code.Locals]...)
	u.funcs = append(u.funcs, fn)
	return u
}

// structHandle returns a struct handle of the pools.
func (u *unit) structHandle(i bytecode.StructHandleIndex) *bytecode.StructHandle {
	return &u.pools.StructHandles[i]
}

// abilities returns the abilities of t, where the type parameters in
// scope have the constraints tparams. References have copy and drop; a
// vector has its element's; a struct instance has its declared abilities
// restricted by its non-phantom arguments' (key needs store in each); a
// function type has the abilities it declares.
func (u *unit) abilities(t *bytecode.SignatureToken, tparams []bytecode.AbilitySet) bytecode.AbilitySet {
	const prim = bytecode.AbilityCopy | bytecode.AbilityDrop | bytecode.AbilityStore
	switch t.Kind {
	case bytecode.TypeSigner:
		return bytecode.AbilityDrop
	case bytecode.TypeReference, bytecode.TypeMutReference:
		return bytecode.AbilityCopy | bytecode.AbilityDrop
	case bytecode.TypeParam:
		if int(t.Param) < len(tparams) {
			return tparams[t.Param]
		}
		return 0
	case bytecode.TypeVector:
		return u.abilities(t.Elem, tparams) & prim
	case bytecode.TypeFunction:
		return t.Abilities
	case bytecode.TypeStruct:
		return u.structHandle(t.Struct).Abilities
	case bytecode.TypeStructInst:
		h := u.structHandle(t.Struct)
		out := h.Abilities
		for i := range t.Args {
			if i < len(h.TypeParameters) && h.TypeParameters[i].IsPhantom {
				continue
			}
			a := u.abilities(&t.Args[i], tparams)
			// copy, drop, store need the same of the argument; key needs store.
			req := a & prim
			if a&bytecode.AbilityStore != 0 {
				req |= bytecode.AbilityKey
			}
			out &= req
		}
		return out
	}
	return prim // bool, integers, address
}
