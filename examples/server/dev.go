package main

import (
	"flag"
	"net/http"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/devapi"
	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/node"
)

// The dev API's flags, kept here with the code that uses them.
var devAPI = flag.Bool("dev-api", false, "serve the development controls (snapshot/revert, mining, time) under "+
	devapi.DefaultPathPrefix+"/ on the API address; never on a shared node")

var autoImpersonate = flag.Bool("auto-impersonate", false, "accept transactions from any account without checking its "+
	"signature (impersonation; see the dev API); for local testing only")

// mountDev mounts the dev API on router when -dev-api is given (without
// it the paths stay with the REST API, which answers them 404), and turns
// on -auto-impersonate.
func mountDev(router *http.ServeMux, n *node.Node, mods handlers.Modules, log zerolog.Logger) {
	if *autoImpersonate {
		n.SetAutoImpersonate(true)
		log.Warn().Msg("auto-impersonation: signatures are not checked")
	}
	if !*devAPI {
		return
	}
	d, err := devapi.New(n, devapi.Options{Logger: log, Modules: mods})
	if err != nil {
		panic(err) // only for a nil node
	}
	router.Handle(devapi.DefaultPathPrefix+"/", d)
	log.Warn().Str("prefix", devapi.DefaultPathPrefix).Msg("dev API enabled: anyone who can reach the API can rewrite the ledger")
}
