package main

import (
	"encoding/json"
	"flag"
	"net"
	"net/http"

	"github.com/rs/zerolog"

	"github.com/ledgernode/ledgernode/middleware"
)

// readyConfig is the readiness endpoint's flag. An Aptos localnet answers
// GET / on 127.0.0.1:8070 once every service it runs is up, and the
// official TypeScript SDK's test setup checks there before it uses a
// local node: with nothing listening it tries to start a localnet of its
// own. Serving it lets such suites run against this node unchanged.
type readyConfig struct {
	readyAddr string
}

func (c *readyConfig) flags() {
	flag.StringVar(&c.readyAddr, "ready-addr", defaultReadyAddr,
		"readiness endpoint listen address, GET / answers which services are up as a localnet does (empty disables)")
}

// defaultReadyAddr is where a localnet serves its readiness endpoint.
const defaultReadyAddr = "127.0.0.1:8070"

// readyService is one entry of the readiness answer, named as a localnet
// names its health checks: {"NodeApi": url}, {"Http": [url, name]},
// {"IndexerApiMetadata": url}.
type readyService map[string]any

// readyAnswer is the body of GET /: every service is up by the time the
// endpoint listens (it starts after the others), so not_ready is empty.
type readyAnswer struct {
	Ready    []readyService `json:"ready"`
	NotReady []readyService `json:"not_ready"`
}

// readyServices lists the services this server runs, by their URLs.
func readyServices(apiAddr, faucetAddr, indexerAddr string) []readyService {
	out := []readyService{{"NodeApi": "http://" + apiAddr + "/"}}
	if faucetAddr != "" {
		out = append(out, readyService{"Http": []string{"http://" + faucetAddr + "/", "Faucet"}})
	}
	if indexerAddr != "" {
		out = append(out, readyService{"IndexerApiMetadata": "http://" + indexerAddr + "/"})
	}
	return out
}

// readyHandler answers GET / with the readiness of services, 200 when
// all are ready; other paths are 404 and other methods 405.
func readyHandler(services []readyService) http.Handler {
	body, err := json.Marshal(readyAnswer{Ready: services, NotReady: []readyService{}})
	if err != nil {
		panic(err) // maps of strings always marshal
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	})
	return mux
}

// listenReady returns the readiness endpoint's server and listener, or
// nils when it is disabled (see listenOptional).
func listenReady(c *readyConfig, services []readyService, log zerolog.Logger) (*http.Server, net.Listener, error) {
	ln, err := listenOptional("ready-addr", &c.readyAddr, defaultReadyAddr, "readiness endpoint", log)
	if ln == nil || err != nil {
		return nil, nil, err
	}
	return newServer(middleware.Chain(readyHandler(services), middleware.Recover(log), middleware.CORS())), ln, nil
}
