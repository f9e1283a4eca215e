package movevm

import (
	"encoding/binary"
	"errors"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// ModuleLoader reads the modules calls link against.
type ModuleLoader interface {
	// LoadModule returns the module stored under id, or nil and no error
	// when there is none. An *Error is the loader refusing the module (its
	// status is the call's, e.g. VERIFICATION_ERROR); any other error is
	// the store's own failure (STORAGE_ERROR).
	LoadModule(id ledgerapi.ModuleId) (*bytecode.Module, error)
}

// ModuleMap is a ModuleLoader over modules held in memory.
type ModuleMap map[ledgerapi.ModuleId]*bytecode.Module

// LoadModule implements ModuleLoader.
func (m ModuleMap) LoadModule(id ledgerapi.ModuleId) (*bytecode.Module, error) { return m[id], nil }

// Add puts a module under its own id.
func (m ModuleMap) Add(mod *bytecode.Module) {
	m[moduleID(&mod.Pools, mod.SelfHandle)] = mod
}

// loadedModule is a module (or the transaction's script) as a session
// links it: its handles resolved on first use.
type loadedModule struct {
	id      ledgerapi.ModuleId
	pools   *bytecode.Pools
	m       *bytecode.Module // nil for a script
	script  bool
	structs map[string]bytecode.StructDefIndex
	funcs   map[string]int
	defs    []*StructType       // per struct definition
	fdefs   []*Function         // per function definition
	sh      []*StructType       // per struct handle, resolved on use
	fh      []*Function         // per function handle, resolved on use
	consts  []*Value            // per constant, decoded on use
	plain   *typeCtx            // instantiation context without type arguments
	ctxs    map[string]*typeCtx // instantiation contexts by the ids of their type arguments
	ctx0    typeCtx             // what plain points to (one allocation with the module)
}

// Function is a function of a loaded module or a script's main function.
type Function struct {
	Module     ledgerapi.ModuleId
	Name       string
	mod        *loadedModule
	index      uint16 // function definition index
	def        *bytecode.FunctionDef
	TypeParams []bytecode.AbilitySet
	params     bytecode.Signature
	returns    bytecode.Signature
	locals     bytecode.Signature
	code       []bytecode.Instruction
	native     NativeFunc
	isNative   bool
}

// IsEntry reports an entry function; IsPublic a public one.
func (f *Function) IsEntry() bool  { return f.def != nil && f.def.IsEntry }
func (f *Function) IsPublic() bool { return f.def != nil && f.def.Visibility == bytecode.Public }

func moduleID(p *bytecode.Pools, h bytecode.ModuleHandleIndex) ledgerapi.ModuleId {
	mh := p.ModuleHandles[h]
	return ledgerapi.ModuleId{Address: p.AddressIdentifiers[mh.Address], Name: p.Identifiers[mh.Name]}
}

// newLoaded links the pools of a module with structs and funcs
// definitions (none for a script). The per-handle and per-definition
// tables share one allocation per element type.
func newLoaded(id ledgerapi.ModuleId, p *bytecode.Pools, structs, funcs int) *loadedModule {
	lm := &loadedModule{id: id, pools: p, consts: make([]*Value, len(p.ConstantPool))}
	nsh, nfh := len(p.StructHandles), len(p.FunctionHandles)
	st, fn := make([]*StructType, nsh+structs), make([]*Function, nfh+funcs)
	lm.sh, lm.defs = st[:nsh:nsh], st[nsh:]
	lm.fh, lm.fdefs = fn[:nfh:nfh], fn[nfh:]
	lm.ctx0.mod = lm
	lm.plain = &lm.ctx0
	return lm
}

// module returns the linked module id, loading it on first use.
func (s *Session) module(id ledgerapi.ModuleId) (*loadedModule, error) {
	if lm, ok := s.modules[id]; ok {
		return lm, nil
	}
	m, err := s.env.Modules.LoadModule(id)
	if err != nil {
		var refused *Error
		if errors.As(err, &refused) {
			return nil, refused // the loader's own verdict (VERIFICATION_ERROR)
		}
		return nil, errorf(onchain.STORAGE_ERROR, "loading module %s: %v", id, err)
	}
	if m == nil {
		return nil, errorf(onchain.LINKER_ERROR, "module %s does not exist", id)
	}
	if got := moduleID(&m.Pools, m.SelfHandle); got != id {
		return nil, errorf(onchain.LINKER_ERROR, "module stored under %s names itself %s", id, got)
	}
	if len(s.modules) >= s.vm.limits.MaxModules {
		return nil, errorf(onchain.MISSING_DEPENDENCY, "more than %d modules loaded in one session", s.vm.limits.MaxModules)
	}
	lm := newLoaded(id, &m.Pools, len(m.StructDefs), len(m.FunctionDefs))
	lm.m = m
	ix := s.vm.index(m)
	lm.structs, lm.funcs = ix.structs, ix.funcs
	s.modules[id] = lm
	return lm, nil
}

// structHandle resolves a struct handle of lm to its definition, checking
// that the handle declares what the definition has.
func (s *Session) structHandle(lm *loadedModule, h bytecode.StructHandleIndex) (*StructType, error) {
	if int(h) >= len(lm.sh) {
		return nil, errorf(onchain.LINKER_ERROR, "struct handle %d out of range", h)
	}
	if st := lm.sh[h]; st != nil {
		return st, nil
	}
	sh := lm.pools.StructHandles[h]
	name := lm.pools.Identifiers[sh.Name]
	owner, err := s.module(moduleID(lm.pools, sh.Module))
	if err != nil {
		return nil, err
	}
	di, ok := owner.structs[name]
	if !ok {
		return nil, errorf(onchain.LINKER_ERROR, "struct %s::%s does not exist", owner.id, name)
	}
	st, err := s.structAt(owner, di)
	if err != nil {
		return nil, err
	}
	if st.Abilities != sh.Abilities || len(st.Params) != len(sh.TypeParameters) {
		return nil, errorf(onchain.LINKER_ERROR, "struct %s::%s is declared with other abilities or type parameters", owner.id, name)
	}
	for i, p := range st.Params {
		if p != sh.TypeParameters[i] {
			return nil, errorf(onchain.LINKER_ERROR, "struct %s::%s type parameter %d is declared differently", owner.id, name, i)
		}
	}
	lm.sh[h] = st
	return st, nil
}

// functionHandle resolves a function handle of lm, checking signature and
// visibility from lm.
func (s *Session) functionHandle(lm *loadedModule, h bytecode.FunctionHandleIndex) (*Function, error) {
	if int(h) >= len(lm.fh) {
		return nil, errorf(onchain.LINKER_ERROR, "function handle %d out of range", h)
	}
	if f := lm.fh[h]; f != nil {
		return f, nil
	}
	fh := &lm.pools.FunctionHandles[h]
	name := lm.pools.Identifiers[fh.Name]
	owner, err := s.module(moduleID(lm.pools, fh.Module))
	if err != nil {
		return nil, err
	}
	di, ok := owner.funcs[name]
	if !ok {
		return nil, errorf(onchain.LINKER_ERROR, "function %s::%s does not exist", owner.id, name)
	}
	f := s.funcAt(owner, di)
	if !sameAbilities(f.TypeParams, fh.TypeParameters) ||
		!sameSig(owner, f.params, lm, lm.pools.Signatures[fh.Parameters]) ||
		!sameSig(owner, f.returns, lm, lm.pools.Signatures[fh.Return]) {
		return nil, errorf(onchain.LINKER_ERROR, "function %s::%s is declared with another signature", owner.id, name)
	}
	if owner != lm {
		switch f.def.Visibility {
		case bytecode.Public:
		case bytecode.Friend:
			if !isFriend(owner, lm.id) || lm.script {
				return nil, errorf(onchain.LINKER_ERROR, "%s::%s is friend-only and %s is not a friend", owner.id, name, lm.id)
			}
		default:
			return nil, errorf(onchain.LINKER_ERROR, "%s::%s is private", owner.id, name)
		}
	}
	lm.fh[h] = f
	return f, nil
}

func isFriend(owner *loadedModule, id ledgerapi.ModuleId) bool {
	for _, fd := range owner.m.FriendDecls {
		if owner.pools.AddressIdentifiers[fd.Address] == id.Address && owner.pools.Identifiers[fd.Name] == id.Name {
			return true
		}
	}
	return false
}

func sameAbilities(a, b []bytecode.AbilitySet) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func sameSig(ma *loadedModule, a bytecode.Signature, mb *loadedModule, b bytecode.Signature) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameToken(ma, &a[i], mb, &b[i]) {
			return false
		}
	}
	return true
}

// sameToken compares types written in two modules: struct handles match
// when they name the same module and struct.
func sameToken(ma *loadedModule, a *bytecode.SignatureToken, mb *loadedModule, b *bytecode.SignatureToken) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case bytecode.TypeStruct, bytecode.TypeStructInst:
		ha, hb := ma.pools.StructHandles[a.Struct], mb.pools.StructHandles[b.Struct]
		if moduleID(ma.pools, ha.Module) != moduleID(mb.pools, hb.Module) ||
			ma.pools.Identifiers[ha.Name] != mb.pools.Identifiers[hb.Name] || len(a.Args) != len(b.Args) {
			return false
		}
	case bytecode.TypeParam:
		return a.Param == b.Param
	case bytecode.TypeVector, bytecode.TypeReference, bytecode.TypeMutReference:
		return sameToken(ma, a.Elem, mb, b.Elem)
	case bytecode.TypeFunction:
		if a.Abilities != b.Abilities || len(a.Results) != len(b.Results) || len(a.Args) != len(b.Args) {
			return false
		}
		for i := range a.Results {
			if !sameToken(ma, &a.Results[i], mb, &b.Results[i]) {
				return false
			}
		}
	}
	for i := range a.Args {
		if !sameToken(ma, &a.Args[i], mb, &b.Args[i]) {
			return false
		}
	}
	return true
}

// typeCtx is an instantiation context: a module and the type arguments of
// the running function, with the types its instructions name cached.
type typeCtx struct {
	mod   *loadedModule
	targs []*Type
	cache map[uint32]any // made by the first put
}

// put caches x under k.
func (c *typeCtx) put(k uint32, x any) {
	if c.cache == nil {
		c.cache = make(map[uint32]any, 8)
	}
	c.cache[k] = x
}

func (s *Session) ctxFor(lm *loadedModule, targs []*Type) *typeCtx {
	if len(targs) == 0 {
		return lm.plain
	}
	var buf [64]byte
	key := buf[:0]
	for _, t := range targs {
		key = binary.LittleEndian.AppendUint32(key, uint32(t.id))
	}
	if c, ok := lm.ctxs[string(key)]; ok {
		return c
	}
	if lm.ctxs == nil {
		lm.ctxs = map[string]*typeCtx{}
	}
	c := &typeCtx{mod: lm, targs: targs}
	lm.ctxs[string(key)] = c
	return c
}

// typeOf instantiates a signature token of lm with targs.
func (s *Session) typeOf(lm *loadedModule, t *bytecode.SignatureToken, targs []*Type) (*Type, error) {
	if p, ok := primByToken[t.Kind]; ok {
		return p, nil
	}
	if err := s.env.Gas.Charge(typeNodeCost); err != nil {
		return nil, err
	}
	switch t.Kind {
	case bytecode.TypeVector, bytecode.TypeReference, bytecode.TypeMutReference:
		if t.Elem == nil {
			return nil, errorf(onchain.INVALID_SIGNATURE_TOKEN, "malformed type")
		}
		e, err := s.typeOf(lm, t.Elem, targs)
		if err != nil {
			return nil, err
		}
		if t.Kind == bytecode.TypeVector {
			return s.types.vectorOf(e)
		}
		return s.types.refOf(e, t.Kind == bytecode.TypeMutReference)
	case bytecode.TypeParam:
		if int(t.Param) >= len(targs) {
			return nil, errorf(onchain.TYPE_RESOLUTION_FAILURE, "type parameter %d out of range (%d type arguments)", t.Param, len(targs))
		}
		return targs[t.Param], nil
	case bytecode.TypeStruct, bytecode.TypeStructInst:
		st, err := s.structHandle(lm, t.Struct)
		if err != nil {
			return nil, err
		}
		args, err := s.typesOf(lm, t.Args, targs)
		if err != nil {
			return nil, err
		}
		return s.types.structOf(st, args)
	case bytecode.TypeFunction:
		args, err := s.typesOf(lm, t.Args, targs)
		if err != nil {
			return nil, err
		}
		res, err := s.typesOf(lm, t.Results, targs)
		if err != nil {
			return nil, err
		}
		return s.types.functionOf(args, res, t.Abilities)
	}
	return nil, errorf(onchain.INVALID_SIGNATURE_TOKEN, "type %s is not supported", t)
}

func (s *Session) typesOf(lm *loadedModule, ts []bytecode.SignatureToken, targs []*Type) ([]*Type, error) {
	if len(ts) == 0 {
		return nil, nil
	}
	out := make([]*Type, len(ts))
	for i := range ts {
		t, err := s.typeOf(lm, &ts[i], targs)
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
}
