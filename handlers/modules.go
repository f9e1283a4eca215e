package handlers

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/storage"
)

// Modules describes the Move modules of the ledger as stored in the state
// it is given (one ledger version): their ABIs, the layouts of their
// structs (to render resources, events, table items and view results as
// JSON) and the signatures of their functions (to convert JSON
// arguments). A module published at version V is unknown at V-1. The
// executor implements it (vmstub.VM); ledgerapi/modules holds the
// decoding, for hosts that implement it themselves.
type Modules interface {
	// ModulesAt returns the modules stored in state, which is the
	// committed state at one ledger version. The API keeps the resolver of
	// recent versions and shares it among the requests reading them, so it
	// must be safe for concurrent use (modules.Set is).
	ModulesAt(state storage.View) modules.Resolver
}

// moduleVersions is how many versions' module resolvers are kept.
const moduleVersions = 64

// modsKey keys the resolvers by version and by the store's revert count
// when it was read, so that a resolver of a reverted version is never used
// for the version committed again.
type modsKey struct{ reverts, version uint64 }

// modulesAt returns the modules stored at version, nil without
// Deps.Modules. Committed state never changes, so one resolver serves every
// request at its version and keeps what it loaded; it reads the store
// without a request's context, which could end before the resolver does.
func (a *API) modulesAt(version uint64) modules.Resolver {
	return a.modulesAtKeep(version, true)
}

// modulesAtKeep is modulesAt that keeps a new resolver only when keep is
// set: renderings of older versions one at a time (a page of
// transactions) would push the recent versions out.
func (a *API) modulesAtKeep(version uint64, keep bool) modules.Resolver {
	if a.deps.Modules == nil {
		return nil
	}
	key := modsKey{a.reverts(), version}
	if res, ok := a.mods.Get(key); ok {
		return res
	}
	res := a.deps.Modules.ModulesAt(storage.StateAt{Ctx: context.Background(), Reader: a.deps.Store, Version: version})
	if keep {
		a.mods.Add(key, res)
	}
	return res
}

// renderer turns stored records into the JSON shapes of the API. Move
// values render through the modules stored at its version, resolved only
// when a rendering needs them (cached renderings need none). A renderer
// serves one request.
type renderer struct {
	a       *API
	version uint64
	reverts uint64 // the store's revert count when the renderer was made
	once    bool   // a version read once: its resolver is not kept
	res     modules.Resolver
	done    bool
}

// renderAt returns a renderer reading modules at version.
func (a *API) renderAt(version uint64) renderer {
	return renderer{a: a, version: version, reverts: a.reverts()}
}

// renderOnce returns a renderer reading modules at version that does not
// keep a resolver for it.
func (a *API) renderOnce(version uint64) renderer {
	return renderer{a: a, version: version, reverts: a.reverts(), once: true}
}

// resolver returns the modules at the renderer's version (nil without
// Deps.Modules).
func (r *renderer) resolver() modules.Resolver {
	if !r.done && r.a != nil {
		r.done = true
		r.res = r.a.modulesAtKeep(r.version, !r.once)
	}
	return r.res
}

// valueJSON is value without the flag.
func (r *renderer) valueJSON(t ledgerapi.TypeTag, b []byte) json.RawMessage {
	out, _ := r.value(t, b)
	return out
}

// moduleBytecodeJSON is MoveModuleBytecode: the stored bytes and the ABI
// derived from them (null when they do not deserialize).
type moduleBytecodeJSON struct {
	Bytecode ledgerapi.HexBytes  `json:"bytecode"`
	ABI      *bytecode.ModuleABI `json:"abi"`
}

// module renders stored module bytes.
func (r *renderer) module(code []byte) moduleBytecodeJSON {
	out := moduleBytecodeJSON{Bytecode: code}
	if res := r.resolver(); res != nil {
		if m, err := res.Decode(code); err == nil {
			out.ABI = m.ABI
		}
	}
	return out
}

// executorState is the committed state at one version as the executor
// reads it (views, simulations): module bytes come from the version's
// shared resolver, which reads each module once per version, and
// everything else from the store. The executor must not modify what it
// reads (see Executor).
type executorState struct {
	storage.StateAt
	mods modules.Resolver
}

// executorAt returns the state at version for the executor.
func (a *API) executorAt(ctx context.Context, version uint64) storage.View {
	return executorState{storage.StateAt{Ctx: ctx, Reader: a.deps.Store, Version: version}, a.modulesAt(version)}
}

func (s executorState) StateValue(key storage.StateKey) ([]byte, error) {
	if key.Kind == storage.StateModule && s.mods != nil {
		m, err := s.mods.Module(ledgerapi.ModuleId{Address: key.Address, Name: key.Module})
		switch {
		case err == nil:
			return m.Code, nil
		case errors.Is(err, modules.ErrModuleNotFound):
			return nil, &storage.StateNotFoundError{Key: key, Version: s.Version}
		}
		// Undecodable bytes or a failed read: the store answers.
	}
	return s.StateAt.StateValue(key)
}

// LendStateValue implements storage.ViewLender: modules as StateValue
// serves them (the resolver's bytes, shared), the rest lent by the store.
func (s executorState) LendStateValue(key storage.StateKey) ([]byte, error) {
	if key.Kind == storage.StateModule && s.mods != nil {
		return s.StateValue(key)
	}
	return s.StateAt.LendStateValue(key)
}

// stored reports whether t's module, when t is a struct, is stored at the
// renderer's version.
func (r *renderer) stored(t ledgerapi.TypeTag) bool {
	if t.Kind != ledgerapi.KindStruct {
		return true
	}
	res := r.resolver()
	if res == nil {
		return false
	}
	_, err := res.Module(t.Struct.ModuleID())
	return err == nil
}
