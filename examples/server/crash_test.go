package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/pebblestore"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/vmstub"
)

// The crash test runs the server in a child process (this test binary,
// re-executed with these variables set) so that it can be killed with
// SIGKILL in the middle of a load.
const (
	childAddr = "LEDGERNODE_TEST_SERVER_ADDR"
	childDir  = "LEDGERNODE_TEST_SERVER_DATA_DIR"
)

func TestMain(m *testing.M) {
	if args := os.Getenv(childArgs); args != "" { // scaleout_test.go's children
		os.Args = append(os.Args[:1], strings.Split(args, "\x1f")...)
		main()
		os.Exit(0)
	}
	if addr := os.Getenv(childAddr); addr != "" {
		err := run(config{addr: addr, chainID: 4, accounts: crashSenders, seed: "crash", logLevel: "error",
			dataDir: os.Getenv(childDir), quiet: true})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(pgtest.Main(m))
}

const crashSenders = 4

func startChild(t *testing.T, dir string) (*exec.Cmd, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childAddr+"="+addr, childDir+"="+dir)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	base := "http://" + addr + "/v1"
	deadline := time.Now().Add(20 * time.Second)
	for {
		if resp, err := http.Get(base); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return cmd, base
			}
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the child server never became ready")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// balances sums the APT of the dev and root accounts at version v, read
// straight from their primary fungible stores.
func balances(t *testing.T, s storage.Reader, v uint64) uint64 {
	t.Helper()
	store := ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "fungible_asset", Name: "FungibleStore"}
	accts := append(vmstub.DevAccounts("crash", crashSenders), vmstub.RootAccount("crash"))
	var total uint64
	for _, a := range accts {
		raw, err := s.StateValue(context.Background(), storage.ResourceKey(crypto.PrimaryStoreAddress(a.Address, ledgerapi.AddressA), store), v)
		if err != nil {
			t.Fatalf("balance of %s at %d: %v", a.Address, v, err)
		}
		total += binary.LittleEndian.Uint64(raw[32:40])
	}
	return total
}

// TestCrashMidLoadLosesNoBlock kills the server with SIGKILL while
// transfers are being submitted, then checks the reopened ledger: it holds
// at least the latest version the server reported before the kill, every
// block is wholly present (contiguous versions, every transaction
// readable, nothing beyond the ledger info), APT is conserved (balances
// plus burnt fees equal the genesis balances), and a restarted server
// continues the ledger and accepts new transactions.
func TestCrashMidLoadLosesNoBlock(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	dir := t.TempDir()
	cmd, base := startChild(t, dir)
	devs := vmstub.DevAccounts("crash", crashSenders)
	var accepted atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i, d := range devs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			to := devs[(i+1)%len(devs)].Address
			for seq := uint64(0); ; seq++ {
				select {
				case <-stop:
					return
				default:
				}
				st := d.Sign(txn.RawTransaction{Sender: d.Address, SequenceNumber: seq, Payload: vmstub.TransferPayload(to, 1+seq),
					MaxGasAmount: 10_000, GasUnitPrice: 100, ExpirationTimestampSecs: uint64(time.Now().Add(time.Hour).Unix()), ChainID: 4})
				resp, err := http.Post(base+"/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, bytes.NewReader(st.Bytes()))
				if err != nil {
					return // the server is gone
				}
				resp.Body.Close()
				if resp.StatusCode == http.StatusAccepted {
					accepted.Add(1)
				} else {
					time.Sleep(time.Millisecond) // per-account mempool cap: back off
					seq--
				}
			}
		}()
	}
	// The observer records the highest ledger version the server reported
	// before it was killed: that version was committed, so the reopened
	// ledger must hold it.
	var observed atomic.Uint64
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			resp, err := http.Get(base)
			if err != nil {
				return // the server is gone
			}
			resp.Body.Close()
			v, err := strconv.ParseUint(resp.Header.Get(ledgerapi.HeaderLedgerVersion), 10, 64)
			if err == nil && v > observed.Load() {
				observed.Store(v)
			}
		}
	}()
	time.Sleep(1500 * time.Millisecond)
	if err := cmd.Process.Kill(); err != nil { // SIGKILL, mid-load
		t.Fatal(err)
	}
	cmd.Wait()
	close(stop)
	wg.Wait()
	if accepted.Load() == 0 || observed.Load() == 0 {
		t.Fatalf("%d transactions accepted and version %d observed before the kill", accepted.Load(), observed.Load())
	}

	s, err := pebblestore.Open(dir, pebblestore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	info, err := s.LedgerInfo(ctx)
	if err != nil {
		s.Close()
		t.Fatal(err)
	}
	if info.Version < observed.Load() {
		s.Close()
		t.Fatalf("the server reported version %d before the kill; the reopened ledger ends at %d", observed.Load(), info.Version)
	}
	next, burnt := uint64(0), uint64(0)
	for h := uint64(0); h <= info.BlockHeight; h++ {
		b, err := s.BlockByHeight(ctx, h)
		if err != nil || b.FirstVersion != next {
			s.Close()
			t.Fatalf("block %d: %+v %v (next version %d)", h, b, err, next)
		}
		txns, err := s.Transactions(ctx, b.FirstVersion, int(b.LastVersion-b.FirstVersion+1), info.Version)
		if err != nil || len(txns) != int(b.LastVersion-b.FirstVersion+1) {
			s.Close()
			t.Fatalf("block %d: %d of its transactions readable: %v", h, len(txns), err)
		}
		for _, tx := range txns {
			if tx.Kind == storage.KindUser {
				burnt += tx.Info.GasUsed * 100
			}
		}
		next = b.LastVersion + 1
	}
	if next != info.Version+1 {
		s.Close()
		t.Fatalf("blocks end at version %d, ledger info says %d", next-1, info.Version)
	}
	if _, err := s.TransactionByVersion(ctx, info.Version+1); err == nil {
		s.Close()
		t.Fatal("a transaction beyond the ledger info survived")
	}
	if got, genesis := balances(t, s, info.Version)+burnt, balances(t, s, 0); got != genesis {
		s.Close()
		t.Fatalf("balances + burnt fees %d, genesis %d", got, genesis)
	}
	s.Close()
	t.Logf("killed after %d accepted transactions, version %d reported; reopened ledger: %d blocks, %d versions, all whole",
		accepted.Load(), observed.Load(), info.BlockHeight+1, info.Version+1)

	// A restarted server continues the same ledger.
	cmd, base = startChild(t, dir)
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	resp, err := http.Get(base)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if v := resp.Header.Get(ledgerapi.HeaderLedgerVersion); v != ledgerapi.U64(info.Version).String() {
		t.Fatalf("restarted server at version %s, ledger was at %d", v, info.Version)
	}
}
