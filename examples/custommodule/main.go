// Command custommodule shows a host extending the ledger with its own
// native module, written in Go, and a client using it through the REST API
// only.
//
//	go run ./examples/custommodule
//
// The host declares 0xcafe::guestbook (guestbook.go) through the native
// contract (vmstub/native) and registers it with the executor
// (vmstub.Options.Natives): a resource Entry {message, count} under each
// signer, a module event Signed {account, message}, a table address →
// String held by the resource Book at 0xcafe (created by the module's
// Genesis hook), the entry function sign(&signer, String) and the views
// get(address) and count(address), each a Go function over the
// interpreter's values. The declaration becomes the module's Move
// bytecode, stored at genesis; the API renders stored BCS with the struct
// layouts of those bytes, so resources, events and table items come back
// as JSON.
//
// The ledger is wired as examples/server wires it (memstore → mempool →
// vmstub → node → handlers) and served by an in-process HTTP server. The
// client then, over HTTP: signs sign("…") twice with a dev account and
// submits the BCS (POST /v1/transactions), waits for each transaction
// (GET /v1/transactions/wait_by_hash/{hash}), reads the Signed event of the
// committed transaction, the Entry resource, the Book resource and its
// table item (POST /v1/tables/{handle}/item), calls both views
// (POST /v1/view) and fetches the module's ABI.
package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"time"

	"github.com/ledgernode/ledgernode/handlers"
	"github.com/ledgernode/ledgernode/mempool"
	"github.com/ledgernode/ledgernode/middleware"
	"github.com/ledgernode/ledgernode/node"
	"github.com/ledgernode/ledgernode/storage/memstore"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// ledger is the embedded node with the guestbook module, served over HTTP.
type ledger struct {
	vm     *vmstub.VM
	server *httptest.Server
	node   *node.Node
}

// startLedger wires the node with the host module and serves the API under
// /v1 of an in-process HTTP server on 127.0.0.1.
func startLedger() (*ledger, error) {
	// Host modules declared through the native contract are registered
	// with Options.Natives: before genesis, as part of the genesis state.
	vm, err := vmstub.New(vmstub.Options{DevAccounts: 2, Natives: []native.Module{guestbookModule()}})
	if err != nil {
		return nil, err
	}
	store := memstore.New(memstore.Options{})
	pool := mempool.New(mempool.Options{})
	n, err := node.New(store, pool, vm, node.Options{})
	if err != nil {
		return nil, err
	}
	if err := n.Start(context.Background()); err != nil {
		return nil, err
	}
	api, err := handlers.New(handlers.Deps{
		Store: store, Submitter: n, Commits: n, Pending: pool, Executor: vm, Modules: vm,
	}, handlers.Options{})
	if err != nil {
		n.Close()
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("/v1", http.StripPrefix("/v1", api))
	mux.Handle("/v1/", http.StripPrefix("/v1", api))
	h := middleware.Chain(mux, middleware.RequestID(), middleware.MaxBody(handlers.DefaultMaxBodyBytes))
	return &ledger{vm: vm, server: httptest.NewServer(h), node: n}, nil
}

// Close stops the server, then the node.
func (l *ledger) Close() {
	l.server.Close()
	l.node.Close()
}

// report is what the client read back through the API.
type report struct {
	Account     string
	Txns        []userTransaction // the committed sign transactions
	Events      []event           // their 0xcafe::guestbook::Signed events
	Entry       entryJSON         // GET …/resource/0xcafe::guestbook::Entry
	TableHandle string            // Book.messages at 0xcafe
	TableItem   string            // POST /tables/{handle}/item for Account
	Get         string            // view get(Account)
	Count       string            // view count(Account)
	ABI         moduleABI         // GET /accounts/0xcafe/module/guestbook
}

type entryJSON struct {
	Message string `json:"message"`
	Count   string `json:"count"`
}

// guestbook runs the client's flow: it signs each message in turn as
// signer, then reads everything back. It prints each step to w.
func guestbook(ctx context.Context, c *client, signer vmstub.DevAccount, messages []string, w io.Writer) (*report, error) {
	rep := &report{Account: signer.Address.String()}
	for _, msg := range messages {
		hash, err := c.submit(ctx, signer, signCall(msg))
		if err != nil {
			return nil, fmt.Errorf("submit sign(%q): %w", msg, err)
		}
		tx, err := c.wait(ctx, hash)
		if err != nil {
			return nil, err
		}
		if !tx.Success {
			return nil, fmt.Errorf("sign(%q) failed: %s", msg, tx.VMStatus)
		}
		fmt.Fprintf(w, "signed %q: version %s, gas %s, %s\n", msg, tx.Version, tx.GasUsed, tx.VMStatus)
		rep.Txns = append(rep.Txns, *tx)
		for _, ev := range tx.Events {
			if ev.Type == signedType.String() {
				fmt.Fprintf(w, "  event %s %s\n", ev.Type, ev.Data)
				rep.Events = append(rep.Events, ev)
			}
		}
	}

	var res struct {
		Type string    `json:"type"`
		Data entryJSON `json:"data"`
	}
	if err := c.get(ctx, "/accounts/"+rep.Account+"/resource/"+entryTag.String(), &res); err != nil {
		return nil, fmt.Errorf("resource Entry: %w", err)
	}
	rep.Entry = res.Data
	fmt.Fprintf(w, "resource %s: message %q, count %s\n", res.Type, res.Data.Message, res.Data.Count)

	var book struct {
		Data struct {
			Messages struct {
				Handle string `json:"handle"`
			} `json:"messages"`
		} `json:"data"`
	}
	if err := c.get(ctx, "/accounts/"+guestbookAddr.String()+"/resource/"+bookTag.String(), &book); err != nil {
		return nil, fmt.Errorf("resource Book: %w", err)
	}
	rep.TableHandle = book.Data.Messages.Handle
	item := map[string]string{"key_type": "address", "value_type": "0x1::string::String", "key": rep.Account}
	if err := c.post(ctx, "/tables/"+rep.TableHandle+"/item", item, &rep.TableItem); err != nil {
		return nil, fmt.Errorf("table item: %w", err)
	}
	fmt.Fprintf(w, "table %s[%s] = %q\n", rep.TableHandle, rep.Account, rep.TableItem)

	var err error
	if rep.Get, err = viewString(ctx, c, "get", rep.Account); err != nil {
		return nil, err
	}
	if rep.Count, err = viewString(ctx, c, "count", rep.Account); err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "view get = %q, count = %s\n", rep.Get, rep.Count)

	var mod struct {
		ABI moduleABI `json:"abi"`
	}
	if err := c.get(ctx, "/accounts/"+guestbookAddr.String()+"/module/guestbook", &mod); err != nil {
		return nil, fmt.Errorf("module: %w", err)
	}
	rep.ABI = mod.ABI
	for _, f := range mod.ABI.ExposedFunctions {
		fmt.Fprintf(w, "abi fun %s::%s(%v) %v entry=%t view=%t\n", mod.ABI.Name, f.Name, f.Params, f.Return, f.IsEntry, f.IsView)
	}
	for _, s := range mod.ABI.Structs {
		fmt.Fprintf(w, "abi struct %s::%s %v %v\n", mod.ABI.Name, s.Name, s.Abilities, s.Fields)
	}
	return rep, nil
}

// viewString calls 0xcafe::guestbook::fn(addr) and returns its one value
// (a u64 comes back as a decimal string).
func viewString(ctx context.Context, c *client, fn, addr string) (string, error) {
	var out []string
	req := viewRequest{Function: "0xcafe::guestbook::" + fn, TypeArguments: []string{}, Arguments: []any{addr}}
	if err := c.post(ctx, "/view", req, &out); err != nil {
		return "", fmt.Errorf("view %s: %w", fn, err)
	}
	if len(out) != 1 {
		return "", fmt.Errorf("view %s returned %d values", fn, len(out))
	}
	return out[0], nil
}

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "custommodule:", err)
		os.Exit(1)
	}
}

// run starts the ledger, runs the client's flow against it and stops it.
func run(w io.Writer) error {
	l, err := startLedger()
	if err != nil {
		return err
	}
	defer l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := &client{base: l.server.URL + "/v1", hc: l.server.Client()}
	signer := l.vm.DevAccounts()[0] // the client holds this key
	fmt.Fprintf(w, "ledger API at %s, signing as %s\n", c.base, signer.Address)
	_, err = guestbook(ctx, c, signer, []string{"hello from Go", "signed twice"}, w)
	return err
}
