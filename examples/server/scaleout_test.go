package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/pgstore"
	"github.com/ledgernode/ledgernode/storage/pgstore/pgtest"
	"github.com/ledgernode/ledgernode/vmstub"
)

// scaleLoad drives signed transfers through the replicas: sender i submits
// to replica i%2 and waits for each transaction on that same replica
// (read-your-writes through wait_by_hash), recording what was reported
// committed. A failed submission or wait (the writer or the database
// down) re-reads the sender's sequence number and goes on.
type scaleLoad struct {
	replicas []*proc
	devs     []vmstub.DevAccount
	healthy  atomic.Bool   // the writer and the database are up: every wait must succeed
	changes  atomic.Uint64 // counts the changes of healthy

	mu        sync.Mutex
	committed map[ledgerapi.HashValue]uint64 // hash → version a replica reported
	misses    []string                       // waits that failed while healthy
	notJSON   []string                       // error answers that were not JSON API errors

	stop chan struct{}
	wg   sync.WaitGroup
}

func (l *scaleLoad) start() {
	l.stop = make(chan struct{})
	for i, d := range l.devs {
		l.wg.Add(1)
		go l.sender(d, l.devs[(i+1)%len(l.devs)].Address, l.replicas[i%len(l.replicas)])
	}
}

func (l *scaleLoad) halt() { close(l.stop); l.wg.Wait() }

// setHealthy records whether every wait must succeed from now on. A wait
// counts only if the system stayed healthy all along: a transaction the
// writer accepted just before it was killed is lost with its mempool,
// though the restarted writer may be healthy again before the wait ends.
func (l *scaleLoad) setHealthy(h bool) {
	l.changes.Add(1)
	l.healthy.Store(h)
}

// healthyAt returns the health generation when healthy, ok false otherwise.
func (l *scaleLoad) healthyAt() (gen uint64, ok bool) {
	gen = l.changes.Load()
	return gen, l.healthy.Load() && l.changes.Load() == gen
}

func (l *scaleLoad) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.committed)
}

func (l *scaleLoad) sender(d vmstub.DevAccount, to ledgerapi.Address, rep *proc) {
	defer l.wg.Done()
	seq, synced := uint64(0), false
	for n := uint64(1); ; n++ {
		select {
		case <-l.stop:
			return
		default:
		}
		if !synced {
			var err error
			if seq, err = sequenceNumber(rep.base(), d.Address); err != nil {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			synced = true
		}
		st := transfer(d, to, seq, n)
		gen, wasHealthy := l.healthyAt()
		code, body, err := submit(rep.base(), st)
		if err != nil || code != http.StatusAccepted {
			if code >= 500 {
				l.checkJSON(code, body)
			}
			synced = false
			time.Sleep(20 * time.Millisecond)
			continue
		}
		tx, err := waitCommitted(rep.base(), st.Hash(), 10*time.Second)
		if err != nil {
			if now, ok := l.healthyAt(); wasHealthy && ok && now == gen {
				l.mu.Lock()
				l.misses = append(l.misses, err.Error())
				l.mu.Unlock()
			}
			synced = false
			continue
		}
		v, _ := strconv.ParseUint(tx.Version, 10, 64)
		l.mu.Lock()
		l.committed[st.Hash()] = v
		l.mu.Unlock()
		seq++
	}
}

func (l *scaleLoad) checkJSON(code int, body []byte) {
	resp := &http.Response{StatusCode: code, Header: http.Header{"Content-Type": {"application/json"}}}
	if err := jsonError(resp, body); err != nil {
		l.mu.Lock()
		l.notJSON = append(l.notJSON, err.Error())
		l.mu.Unlock()
	}
}

// observeWriter records the highest ledger version the writer reports
// until stop closes.
func observeWriter(base string, stop <-chan struct{}, observed *atomic.Uint64) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		resp, err := http.Get(base)
		if err != nil {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		resp.Body.Close()
		if v, err := strconv.ParseUint(resp.Header.Get(ledgerapi.HeaderLedgerVersion), 10, 64); err == nil && v > observed.Load() {
			observed.Store(v)
		}
	}
}

// checkLedger opens the database read-only and checks that it holds every
// version the writer reported and every transaction reported committed, at
// its version, and that every block is whole.
func checkLedger(t *testing.T, dsn string, observed uint64, committed map[ledgerapi.HashValue]uint64) storage.LedgerInfo {
	t.Helper()
	ctx := context.Background()
	s, err := pgstore.Open(ctx, pgstore.Options{DSN: dsn, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	info, err := s.LedgerInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.Version < observed {
		t.Fatalf("the writer reported version %d; the database ends at %d", observed, info.Version)
	}
	for h, v := range committed {
		tx, err := s.TransactionByHash(ctx, h)
		if err != nil || tx.Version != v {
			t.Fatalf("transaction %s reported committed at %d: %d, %v", h, v, tx.Version, err)
		}
	}
	next := uint64(0)
	for h := uint64(0); h <= info.BlockHeight; h++ {
		b, err := s.BlockByHeight(ctx, h)
		if err != nil || b.FirstVersion != next {
			t.Fatalf("block %d: %+v %v (next version %d)", h, b, err, next)
		}
		n := int(b.LastVersion - b.FirstVersion + 1)
		if txns, err := s.Transactions(ctx, b.FirstVersion, n, info.Version); err != nil || len(txns) != n {
			t.Fatalf("block %d: %d of its %d transactions readable: %v", h, len(txns), n, err)
		}
		next = b.LastVersion + 1
	}
	if next != info.Version+1 {
		t.Fatalf("blocks end at version %d, the ledger info says %d", next-1, info.Version)
	}
	return info
}

// waitGrowth waits until the load has more than n commits.
func waitGrowth(t *testing.T, l *scaleLoad, n int, within time.Duration, what string) {
	t.Helper()
	deadline := time.Now().Add(within)
	for l.count() <= n {
		if time.Now().After(deadline) {
			t.Fatalf("%s: no transaction committed through the replicas within %v", what, within)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestScaleOut runs PostgreSQL with a streaming standby, a writer and two
// API replicas (one on the primary, one on the standby) as child
// processes, and drives signed transfers through the replicas while it:
// kills the writer with SIGKILL mid-load (every version it reported and
// every transaction reported committed is in the database, blocks whole)
// and restarts it (the ledger continues); kills and restarts a replica;
// stops the database (requests answer JSON errors, promptly) and starts it
// again (the processes recover by themselves). Every wait_by_hash on the
// replica a transaction was submitted to returns it committed while the
// writer and database are up.
func TestScaleOut(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and child processes")
	}
	pg := pgtest.NewServer(t, false)
	ctx := context.Background()
	if err := pgtest.CreateDatabase(ctx, pg.DSN("postgres"), "ledger"); err != nil {
		t.Fatal(err)
	}
	dsn := pg.DSN("ledger")
	common := []string{"-accounts", "5", "-seed", "scale"}
	writer := startProc(t, "writer", append([]string{"-postgres", dsn, "-faucet-addr="}, common...)...)
	standby, err := pg.Standby()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(standby.Stop)
	onPrimary := startProc(t, "replica on the primary", append([]string{"-postgres", dsn, "-forward", writer.base()}, common...)...)
	onStandby := startProc(t, "replica on the standby", append([]string{"-postgres", standby.DSN("ledger"), "-forward", writer.base()}, common...)...)

	devs := vmstub.DevAccounts("scale", 5)
	checkForwarding(t, writer, []*proc{onPrimary, onStandby}, devs[4])
	l := &scaleLoad{replicas: []*proc{onPrimary, onStandby}, devs: devs[:4],
		committed: map[ledgerapi.HashValue]uint64{}}
	l.setHealthy(true)
	var observed atomic.Uint64
	stopObserver := make(chan struct{})
	go observeWriter(writer.base(), stopObserver, &observed)
	l.start()
	defer func() {
		select {
		case <-l.stop:
		default:
			l.halt()
		}
	}()

	// Healthy load, then SIGKILL of the writer mid-load.
	waitGrowth(t, l, 40, 30*time.Second, "healthy load")
	l.setHealthy(false)
	writer.kill()
	close(stopObserver)
	before := l.count()
	time.Sleep(300 * time.Millisecond) // submissions meanwhile get the replicas' JSON 503
	l.mu.Lock()
	snapshot := make(map[ledgerapi.HashValue]uint64, len(l.committed))
	for h, v := range l.committed {
		snapshot[h] = v
	}
	l.mu.Unlock()
	info := checkLedger(t, dsn, observed.Load(), snapshot)
	t.Logf("writer killed after %d transfers committed through the replicas; writer reported version %d, database holds %d, blocks whole",
		before, observed.Load(), info.Version)

	// The restarted writer continues the ledger; a replica killed
	// mid-load comes back serving.
	writer.restart()
	l.setHealthy(true)
	waitGrowth(t, l, l.count()+20, 30*time.Second, "after the writer restarted")
	l.setHealthy(false)
	onStandby.restart()
	l.setHealthy(true)
	waitGrowth(t, l, l.count()+20, 30*time.Second, "after the standby's replica restarted")

	// The database stops: JSON errors, promptly; then it comes back.
	l.setHealthy(false)
	if err := pg.Halt(false); err != nil {
		t.Fatal(err)
	}
	// The replica follows the ledger info in memory and drops it as soon
	// as its LISTEN connection fails: GET /v1 may answer from memory for
	// that moment, then errors like every read.
	for _, path := range []string{"", "/accounts/" + l.devs[0].Address.String() + "/resource/0x1::account::Account"} {
		var resp *http.Response
		var body []byte
		var start time.Time
		for deadline := time.Now().Add(5 * time.Second); ; {
			start = time.Now()
			r, err := http.Get(onPrimary.base() + path)
			if err != nil {
				t.Fatal(err)
			}
			resp = r
			body, _ = io.ReadAll(r.Body)
			r.Body.Close()
			if r.StatusCode != http.StatusOK || time.Now().After(deadline) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if resp.StatusCode < 500 || jsonError(resp, body) != nil || time.Since(start) > 15*time.Second {
			t.Fatalf("GET /v1%s on the replica with the database down: %d %q after %v", path, resp.StatusCode, body, time.Since(start))
		}
		t.Logf("database down: GET /v1%s on the replica answered %d %s in %v", path, resp.StatusCode, body, time.Since(start).Round(time.Millisecond))
	}
	time.Sleep(time.Second)
	if err := pg.Restart(); err != nil {
		t.Fatal(err)
	}
	downAt := l.count()
	waitGrowth(t, l, downAt+20, 60*time.Second, "after the database restarted")
	l.setHealthy(false)
	l.halt()

	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.misses) > 0 {
		t.Errorf("%d waits on the submitting replica did not see the commit while all was up; first: %s", len(l.misses), l.misses[0])
	}
	if len(l.notJSON) > 0 {
		t.Errorf("%d error answers were not JSON API errors; first: %s", len(l.notJSON), l.notJSON[0])
	}
	final := checkLedger(t, dsn, 0, l.committed)
	t.Logf("%d transfers committed through the replicas; final ledger version %d", len(l.committed), final.Version)
}

// checkForwarding checks, before any load, what a replica adds to the
// writer: a refused submission comes back from each replica exactly as the
// writer answers it (status, body, content type), and a transaction parked
// in the writer's mempool (a sequence number gap) is reported pending by
// by_hash on each replica, which finds it only at the writer.
func checkForwarding(t *testing.T, writer *proc, replicas []*proc, d vmstub.DevAccount) {
	t.Helper()
	stale := transfer(d, d.Address, 0, 1)
	stale.Raw.ChainID = 9 // refused by the writer: wrong chain id
	stale = d.Sign(stale.Raw)
	wantCode, wantBody, err := submit(writer.base(), stale)
	if err != nil || wantCode != http.StatusBadRequest {
		t.Fatalf("the writer's answer to a wrong chain id: %d %s %v", wantCode, wantBody, err)
	}
	for _, r := range replicas {
		code, body, err := submit(r.base(), stale)
		if err != nil || code != wantCode || string(body) != string(wantBody) {
			t.Errorf("%s forwarded the refusal as %d %s (%v); the writer answers %d %s", r.name, code, body, err, wantCode, wantBody)
		}
	}
	parked := transfer(d, d.Address, 5, 1) // sequence numbers 0..4 never come
	if code, body, err := submit(replicas[0].base(), parked); err != nil || code != http.StatusAccepted {
		t.Fatalf("submitting a parked transaction through %s: %d %s %v", replicas[0].name, code, body, err)
	}
	for _, r := range replicas {
		resp, err := client.Get(r.base() + "/transactions/by_hash/" + parked.Hash().String())
		if err != nil {
			t.Fatal(err)
		}
		var tx committedTxn
		err = json.NewDecoder(resp.Body).Decode(&tx)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || tx.Type != "pending_transaction" || tx.Hash != parked.Hash().String() {
			t.Errorf("by_hash of a parked transaction on %s: %d %+v %v", r.name, resp.StatusCode, tx, err)
		}
	}
}
