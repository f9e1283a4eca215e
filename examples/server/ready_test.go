package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
)

// TestReadyAnswer: GET / names each service as a localnet's readiness
// endpoint does, with nothing not ready; other paths and methods are
// refused.
func TestReadyAnswer(t *testing.T) {
	srv := httptest.NewServer(readyHandler(readyServices("127.0.0.1:8080", "127.0.0.1:8081", "127.0.0.1:8090")))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	const want = `{"ready":[{"NodeApi":"http://127.0.0.1:8080/"},{"Http":["http://127.0.0.1:8081/","Faucet"]},` +
		`{"IndexerApiMetadata":"http://127.0.0.1:8090/"}],"not_ready":[]}`
	if resp.StatusCode != http.StatusOK || string(body) != want || resp.Header.Get("Content-Type") != "application/json" {
		t.Errorf("GET / = %d %s %q, want 200 %s", resp.StatusCode, resp.Header.Get("Content-Type"), body, want)
	}
	for _, c := range []struct{ method, path string }{{"GET", "/v1"}, {"POST", "/"}} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			t.Errorf("%s %s = 200, want a refusal", c.method, c.path)
		}
	}
	if got := readyServices("a:1", "", ""); len(got) != 1 {
		t.Errorf("without faucet and indexer: %v", got)
	}
}

// TestReadyEndpoint: the bundled server answers on -ready-addr that its
// API is up, naming the address it serves.
func TestReadyEndpoint(t *testing.T) {
	port, err := pgtest.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	p := startProc(t, "server", "-ready-addr", addr, "-faucet-addr=")
	resp, err := client.Get("http://" + addr + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got readyAnswer
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET / = %d, %v", resp.StatusCode, err)
	}
	if len(got.Ready) != 1 || got.Ready[0]["NodeApi"] != "http://"+p.addr+"/" || len(got.NotReady) != 0 {
		t.Errorf("ready answer: %+v", got)
	}
}
