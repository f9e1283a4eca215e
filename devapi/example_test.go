package devapi_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/ledgernode/ledgernode/devapi"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
)

// Mount the dev API next to the REST API, take a snapshot, mine two empty
// blocks and revert them.
func Example() {
	vm, _ := vmstub.New(vmstub.Options{})
	n, _ := node.New(memstore.New(memstore.Options{}), mempool.New(mempool.Options{}), vm, node.Options{})
	n.Start(context.Background())
	defer n.Close()
	dev, _ := devapi.New(n, devapi.Options{})
	mux := http.NewServeMux()
	mux.Handle(devapi.DefaultPathPrefix+"/", dev)
	srv := httptest.NewServer(mux)
	defer srv.Close()

	post := func(path, body string) {
		resp, err := http.Post(srv.URL+devapi.DefaultPathPrefix+path, "application/json", strings.NewReader(body))
		if err != nil {
			panic(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		fmt.Printf("%s %d %s\n", path, resp.StatusCode, b) // bodies end without a newline, as the REST API's
	}
	post("/snapshot", "")
	post("/mine", `{"blocks":2}`)
	post("/revert", `{"id":"1"}`)
	post("/revert", `{"id":"2"}`)
	// Output:
	// /snapshot 200 {"id":"1","version":"0","block_height":"0"}
	// /mine 200 {"block_heights":["1","2"],"ledger_version":"4"}
	// /revert 200 {"id":"1","version":"0","block_height":"0"}
	// /revert 400 {"message":"snapshot 2 is unknown: it was never taken, or a revert to an earlier snapshot invalidated it","error_code":"invalid_input","vm_error_code":null}
}
