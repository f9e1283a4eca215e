package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/vmstub"
)

// childArgs carries a child server's command line (fields separated by
// 0x1f): TestMain then runs main with it, so the test binary serves as the
// server binary, built once with the tests.
const childArgs = "LEDGERNODE_TEST_SERVER_CHILD_ARGS"

// proc is a server child process on a fixed address.
type proc struct {
	t    *testing.T
	name string
	args []string
	addr string
	cmd  *exec.Cmd
	log  *os.File // the child's stderr
}

// startProc starts a server child on a free loopback port with args and
// waits until its API answers.
func startProc(t *testing.T, name string, args ...string) *proc {
	t.Helper()
	port, err := pgtest.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	log, err := os.CreateTemp(t.TempDir(), "server-*.log")
	if err != nil {
		t.Fatal(err)
	}
	p := &proc{t: t, name: name, args: args, addr: fmt.Sprintf("127.0.0.1:%d", port), log: log}
	p.start()
	t.Cleanup(func() {
		p.kill()
		if t.Failed() {
			if b, err := os.ReadFile(log.Name()); err == nil {
				t.Logf("%s's log (last 4 KiB):\n%s", name, b[max(0, len(b)-4096):])
			}
		}
		log.Close()
	})
	return p
}

// base is the API URL.
func (p *proc) base() string { return "http://" + p.addr + "/v1" }

func (p *proc) start() {
	p.t.Helper()
	args := append([]string{"-addr", p.addr, "-quiet", "-log-level", "error", "-indexer-addr=", "-ready-addr="}, p.args...)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childArgs+"="+strings.Join(args, "\x1f"))
	cmd.Stdout, cmd.Stderr = io.Discard, p.log
	if err := cmd.Start(); err != nil {
		p.t.Fatal(err)
	}
	p.cmd = cmd
	deadline := time.Now().Add(30 * time.Second)
	for {
		if resp, err := http.Get(p.base()); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			p.kill()
			p.t.Fatalf("%s never became ready", p.name)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// kill sends SIGKILL and reaps the process (idempotent).
func (p *proc) kill() {
	if p.cmd != nil {
		p.cmd.Process.Kill()
		p.cmd.Wait()
		p.cmd = nil
	}
}

// restart kills the process and starts it again on the same address.
func (p *proc) restart() {
	p.t.Helper()
	p.kill()
	p.start()
}

var client = &http.Client{Timeout: 30 * time.Second}

// apiError is an error body as the API sends it.
type apiError struct {
	Message   string `json:"message"`
	ErrorCode string `json:"error_code"`
}

// committedTxn is what the test reads of a transaction's JSON.
type committedTxn struct {
	Type    string `json:"type"`
	Version string `json:"version"`
	Success bool   `json:"success"`
	Hash    string `json:"hash"`
}

// submit posts st's BCS to base and returns the status and body.
func submit(base string, st *txn.SignedTransaction) (int, []byte, error) {
	resp, err := client.Post(base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, bytes.NewReader(st.Bytes()))
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, body, err
}

// waitCommitted asks base's wait_by_hash for hash until it is committed
// or within passes; it returns the transaction.
func waitCommitted(base string, hash ledgerapi.HashValue, within time.Duration) (committedTxn, error) {
	deadline := time.Now().Add(within)
	for {
		resp, err := client.Get(base + "/transactions/wait_by_hash/" + hash.String())
		if err != nil {
			return committedTxn{}, err
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return committedTxn{}, err
		}
		var tx committedTxn
		if resp.StatusCode == http.StatusOK && json.Unmarshal(body, &tx) == nil && tx.Type == "user_transaction" {
			return tx, nil
		}
		if time.Now().After(deadline) {
			return committedTxn{}, fmt.Errorf("wait_by_hash %s: %d %s", hash, resp.StatusCode, body)
		}
		if resp.StatusCode != http.StatusOK {
			time.Sleep(50 * time.Millisecond)
		}
	}
}

// transfer signs a transfer of amount from d to to at seq.
func transfer(d vmstub.DevAccount, to ledgerapi.Address, seq, amount uint64) *txn.SignedTransaction {
	return d.Sign(txn.RawTransaction{Sender: d.Address, SequenceNumber: seq, Payload: vmstub.TransferPayload(to, amount),
		MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Hour).Unix()), ChainID: 4})
}

// sequenceNumber reads addr's sequence number from base.
func sequenceNumber(base string, addr ledgerapi.Address) (uint64, error) {
	resp, err := client.Get(base + "/accounts/" + addr.String())
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var acct struct {
		SequenceNumber ledgerapi.U64 `json:"sequence_number"`
	}
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("account %s: status %d", addr, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(&acct); err != nil {
		return 0, err
	}
	return uint64(acct.SequenceNumber), nil
}

// jsonError checks that a response is an API error body.
func jsonError(resp *http.Response, body []byte) error {
	var e apiError
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") || json.Unmarshal(body, &e) != nil || e.ErrorCode == "" || e.Message == "" {
		return fmt.Errorf("status %d, %s: %q is not a JSON API error", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	return nil
}
