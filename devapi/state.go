package devapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/modules"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/statefile"
)

// writeOut is the write-set transaction a state setter committed.
type writeOut struct {
	Version ledgerapi.U64       `json:"version"`
	Hash    ledgerapi.HashValue `json:"hash"`
}

func writeJSONOut(t storage.Transaction) writeOut {
	return writeOut{Version: ledgerapi.U64(t.Version), Hash: t.Hash}
}

// stateError maps a setter's error.
func stateError(err error) error {
	if errors.Is(err, node.ErrInvalidState) {
		return invalid("%v", err)
	}
	return nodeError(err)
}

func (a *API) setBalance(r *http.Request) (any, error) {
	var in struct {
		Address *string        `json:"address"`
		Octas   *ledgerapi.U64 `json:"octas"`
	}
	if err := decode(r, &in); err != nil {
		return nil, err
	}
	addr, err := parseAddress(in.Address)
	if err != nil {
		return nil, err
	}
	if in.Octas == nil {
		return nil, invalid("octas is required")
	}
	t, err := a.node.SetBalance(r.Context(), addr, uint64(*in.Octas))
	if err != nil {
		return nil, stateError(err)
	}
	return writeJSONOut(t), nil
}

func (a *API) setSequenceNumber(r *http.Request) (any, error) {
	var in struct {
		Address        *string        `json:"address"`
		SequenceNumber *ledgerapi.U64 `json:"sequence_number"`
	}
	if err := decode(r, &in); err != nil {
		return nil, err
	}
	addr, err := parseAddress(in.Address)
	if err != nil {
		return nil, err
	}
	if in.SequenceNumber == nil || *in.SequenceNumber >= 1<<63 {
		return nil, invalid("sequence_number is required, below 2^63")
	}
	t, err := a.node.SetSequenceNumber(r.Context(), addr, uint64(*in.SequenceNumber))
	if err != nil {
		return nil, stateError(err)
	}
	return writeJSONOut(t), nil
}

// setResource writes a resource given as JSON of a struct with the key
// ability, converted to BCS by the layout the modules stored at the
// latest version give it.
func (a *API) setResource(r *http.Request) (any, error) {
	if a.opts.Modules == nil {
		return nil, ledgerapi.NewError(ledgerapi.CodeAPIDisabled, "set_resource needs the modules (devapi.Options.Modules)")
	}
	var in struct {
		Address *string         `json:"address"`
		Type    *string         `json:"type"`
		Data    json.RawMessage `json:"data"`
	}
	if err := decode(r, &in); err != nil {
		return nil, err
	}
	addr, err := parseAddress(in.Address)
	if err != nil {
		return nil, err
	}
	if in.Type == nil || len(in.Data) == 0 {
		return nil, invalid("type and data are required")
	}
	tag, err := ledgerapi.ParseStructTag(*in.Type)
	if err != nil {
		return nil, invalid("invalid type %q: %v", *in.Type, err)
	}
	state, _, err := a.node.LatestState(r.Context())
	if err != nil {
		return nil, err
	}
	res := a.opts.Modules.ModulesAt(state)
	m, err := res.Module(ledgerapi.ModuleId{Address: tag.Address, Name: tag.Module})
	switch {
	case errors.Is(err, modules.ErrModuleNotFound):
		return nil, invalid("module %s::%s is not stored", tag.Address, tag.Module)
	case err != nil:
		return nil, err
	}
	if s := m.Struct(tag.Name); s == nil || s.Abilities&bytecode.AbilityKey == 0 {
		return nil, invalid("%s is not a struct with the key ability", tag.Name)
	}
	b, err := movevalue.Codec{Resolver: res}.JSONToBCS(ledgerapi.StructType(tag), in.Data)
	if err != nil {
		return nil, invalid("data is not a %s: %v", *in.Type, err)
	}
	t, err := a.node.WriteState(r.Context(), []storage.WriteOp{{Key: storage.ResourceKey(addr, tag), Value: b}})
	if err != nil {
		return nil, stateError(err)
	}
	return writeJSONOut(t), nil
}

func parseAddress(s *string) (ledgerapi.Address, error) {
	if s == nil {
		return ledgerapi.Address{}, invalid("address is required")
	}
	addr, err := ledgerapi.ParseAddress(*s)
	if err != nil {
		return ledgerapi.Address{}, invalid("invalid address %q: %v", *s, err)
	}
	return addr, nil
}

// dump answers the ledger as a statefile download (see node.Dump). It is
// built in memory first, so a failure is still a JSON error.
func (a *API) dump(r *http.Request) (any, error) {
	var buf bytes.Buffer
	info, err := a.node.Dump(r.Context(), &buf)
	if errors.Is(err, statefile.ErrPrunedHistory) {
		return nil, ledgerapi.NewError(ledgerapi.CodeVersionPruned, "the ledger's history is pruned (oldest version %d): a dump needs all of it", info.OldestVersion)
	}
	if err != nil {
		return nil, err
	}
	return &file{name: fmt.Sprintf("ledger-%d-v%d.state", info.ChainID, info.Version), body: buf.Bytes()}, nil
}
