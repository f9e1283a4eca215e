package devapi

import (
	"net/http"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

type impersonationOut struct {
	// Accounts are the impersonated accounts; Auto is set when every
	// account is.
	Accounts []ledgerapi.Address `json:"accounts"`
	Auto     bool                `json:"auto"`
}

func (a *API) impersonationJSON() impersonationOut {
	addrs, auto := a.node.Impersonation()
	if addrs == nil {
		addrs = []ledgerapi.Address{}
	}
	return impersonationOut{Accounts: addrs, Auto: auto}
}

func (a *API) getImpersonation(*http.Request) (any, error) { return a.impersonationJSON(), nil }

// addressIn reads {"address"}.
func addressIn(r *http.Request) (ledgerapi.Address, error) {
	var in struct {
		Address *string `json:"address"`
	}
	if err := decode(r, &in); err != nil {
		return ledgerapi.Address{}, err
	}
	return parseAddress(in.Address)
}

func (a *API) impersonate(r *http.Request) (any, error) {
	addr, err := addressIn(r)
	if err != nil {
		return nil, err
	}
	a.node.Impersonate(addr)
	a.opts.Logger.Info().Stringer("account", addr).Msg("impersonating")
	return a.impersonationJSON(), nil
}

func (a *API) stopImpersonating(r *http.Request) (any, error) {
	addr, err := addressIn(r)
	if err != nil {
		return nil, err
	}
	a.node.StopImpersonating(addr)
	return a.impersonationJSON(), nil
}

func (a *API) autoImpersonate(r *http.Request) (any, error) {
	var in struct {
		Enabled *bool `json:"enabled"`
	}
	if err := decode(r, &in); err != nil {
		return nil, err
	}
	if in.Enabled == nil {
		return nil, invalid("enabled is required")
	}
	a.node.SetAutoImpersonate(*in.Enabled)
	return a.impersonationJSON(), nil
}
