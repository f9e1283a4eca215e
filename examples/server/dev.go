package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/devapi"
	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/statefile"
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

var loadState = flag.String("load-state", "", "start from a ledger dump (GET "+devapi.DefaultPathPrefix+"/dump, statefile format): "+
	"the ledger is loaded into an empty store (in memory, or a new -data-dir) and continues from there")

// loadStateFile loads -load-state into store, which must be empty, before
// the node starts; the node then continues the loaded ledger.
func loadStateFile(store storage.ReadWriter, chainID uint8, log zerolog.Logger) error {
	if *loadState == "" {
		return nil
	}
	f, err := os.Open(*loadState)
	if err != nil {
		return fmt.Errorf("-load-state: %w", err)
	}
	defer f.Close()
	hdr, err := statefile.ReadHeader(f)
	if err != nil {
		return fmt.Errorf("-load-state %s: %w", *loadState, err)
	}
	if hdr.Info.ChainID != chainID {
		return fmt.Errorf("-load-state %s holds a ledger of chain id %d, not %d (-chain-id)", *loadState, hdr.Info.ChainID, chainID)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	info, err := statefile.Load(context.Background(), store, f)
	if err != nil {
		return fmt.Errorf("-load-state %s: %w", *loadState, err)
	}
	log.Info().Str("file", *loadState).Uint64("version", info.Version).Uint64("block_height", info.BlockHeight).Msg("ledger loaded")
	return nil
}
