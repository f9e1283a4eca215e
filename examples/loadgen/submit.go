package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/vmstub"
)

// submitResult is what a submit run measured.
type submitResult struct {
	Accepted, Rejected, Retries int
	Committed, Failed           int
	Sampled                     int // transactions whose commit latency was measured
	Pruned                      int // committed but pruned before they could be read back
	Polls                       int // GET /accounts/{a} requests the commit poller sent
	SubmitPerSec, CommitPerSec  float64
	SubmitP50, SubmitP99        time.Duration
	CommitP50, CommitP99        time.Duration
	FirstError                  string
	RSSKiB                      []int
}

// sender is one account's queue of pre-signed transfers.
type sender struct {
	acct      vmstub.DevAccount
	base      uint64 // on-chain sequence number before the run
	txns      []*txn.SignedTransaction
	bodies    [][]byte
	submitted []time.Time // submit completion time per transaction
	accepted  atomic.Int64
	committed int // transactions seen committed (by the poller)
	commitAt  []time.Time
	stopped   atomic.Bool // a rejection: later transactions would never commit
}

func runSubmit(ctx context.Context, c config, out io.Writer) (*submitResult, error) {
	if c.senders <= 0 || c.n <= 0 {
		return nil, errors.New("-senders and -n must be positive")
	}
	cl := newClient(c.c)
	var ledger struct {
		ChainID uint8 `json:"chain_id"`
	}
	if err := getJSON(ctx, cl, c.url+"/", &ledger); err != nil {
		return nil, fmt.Errorf("reading the ledger info: %w", err)
	}
	senders, err := prepareSenders(ctx, cl, c)
	if err != nil {
		return nil, err
	}
	// Pre-sign every transfer offline.
	sink := ledgerapi.Address(crypto.SHA3_256([]byte("loadgen sink")))
	exp := uint64(time.Now().Add(30 * time.Minute).Unix())
	for i, s := range senders {
		count := c.n / len(senders)
		if i < c.n%len(senders) {
			count++
		}
		for q := range count {
			st := s.acct.Sign(txn.RawTransaction{Sender: s.acct.Address, SequenceNumber: s.base + uint64(q),
				Payload: vmstub.TransferPayload(sink, 1), MaxGasAmount: 10_000, GasUnitPrice: 100,
				ExpirationTimestampSecs: exp, ChainID: ledger.ChainID})
			s.txns = append(s.txns, st)
			s.bodies = append(s.bodies, st.Bytes())
		}
		s.submitted = make([]time.Time, count)
		s.commitAt = make([]time.Time, count)
	}
	fmt.Fprintf(out, "submit: %d transfers from %d senders, %d connections, chain id %d\n", c.n, len(senders), c.c, ledger.ChainID)

	var res submitResult
	var mu sync.Mutex
	var latencies []time.Duration
	var rejected, retries atomic.Int64
	var firstErr atomic.Value
	var rss []int
	stopRSS := make(chan struct{})
	if c.serverPID > 0 {
		go func() {
			t := time.NewTicker(time.Second)
			defer t.Stop()
			for {
				select {
				case <-stopRSS:
					return
				case <-t.C:
					if kb, err := rssKiB(c.serverPID); err == nil {
						mu.Lock()
						rss = append(rss, kb)
						mu.Unlock()
					}
				}
			}
		}()
	}

	start := time.Now()
	var sent atomic.Int64
	pace := func() {
		if c.rate <= 0 {
			return
		}
		due := start.Add(time.Duration(float64(sent.Add(1)-1) / c.rate * float64(time.Second)))
		if d := time.Until(due); d > 0 {
			time.Sleep(d)
		}
	}
	// The poller watches each sender's sequence number and stamps commits.
	pollDone := make(chan struct{})
	var polls int
	pollCtx, stopPoll := context.WithTimeout(ctx, c.timeout)
	defer stopPoll()
	go func() {
		defer close(pollDone)
		polls = pollCommits(pollCtx, cl, c.url, senders)
	}()

	// Submit→commit latency is sampled with wait_by_hash long polls, which
	// return as soon as the commit happens; at most maxWaiters at a time
	// (the server degrades waiters beyond its own cap to plain lookups).
	const maxWaiters = 32
	waitSlots := make(chan struct{}, maxWaiters)
	var waiters sync.WaitGroup
	var commitLat []time.Duration
	sample := func(h string, submitted time.Time) {
		if c.rate <= 0 {
			return // full speed: latency from the poller's stamps instead
		}
		select {
		case waitSlots <- struct{}{}:
		default:
			return // enough waiters in flight: not sampled
		}
		waiters.Add(1)
		go func() {
			defer waiters.Done()
			defer func() { <-waitSlots }()
			for ctx.Err() == nil {
				var t struct {
					Type string `json:"type"`
				}
				if err := getJSON(ctx, cl, c.url+"/transactions/wait_by_hash/"+h, &t); err != nil {
					return
				}
				if t.Type != "pending_transaction" {
					d := time.Since(submitted)
					mu.Lock()
					commitLat = append(commitLat, d)
					mu.Unlock()
					return
				}
			}
		}()
	}
	var wg sync.WaitGroup
	for w := range c.c {
		wg.Add(1)
		go func() { // worker w owns senders w, w+c, ...: each sender's order is kept
			defer wg.Done()
			var mine []*sender
			for i := w; i < len(senders); i += c.c {
				mine = append(mine, senders[i])
			}
			pc, err := newPoster(c.url, cl)
			if err != nil {
				firstErr.CompareAndSwap(nil, err.Error())
				for _, s := range mine {
					s.stopped.Store(true)
				}
				return
			}
			defer pc.close()
			var local []time.Duration
			for q := 0; ; q++ {
				active := false
				for _, s := range mine {
					if q >= len(s.txns) || s.stopped.Load() {
						continue
					}
					active = true
					for {
						pace()
						t0 := time.Now()
						status, body, err := pc.post(ctx, "/transactions", ledgerapi.ContentTypeAptosSignedTxnBCS, s.bodies[q])
						t1 := time.Now()
						if err == nil && status == http.StatusAccepted {
							local = append(local, t1.Sub(t0))
							s.submitted[q] = t1
							s.accepted.Add(1)
							sample(s.txns[q].Hash().String(), t1)
							break
						}
						if err == nil && status == http.StatusInsufficientStorage {
							retries.Add(1) // mempool full: back off and resubmit
							time.Sleep(2 * time.Millisecond)
							continue
						}
						rejected.Add(1)
						if err == nil {
							err = &apiError{status, string(body)}
						}
						firstErr.CompareAndSwap(nil, fmt.Sprintf("sender %s seq %d: %v", s.acct.Address, s.base+uint64(q), err))
						s.stopped.Store(true)
						break
					}
					if ctx.Err() != nil {
						return
					}
				}
				if !active {
					break
				}
			}
			mu.Lock()
			latencies = append(latencies, local...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	submitEnd := time.Now()
	<-pollDone
	waiters.Wait()
	close(stopRSS)

	for _, s := range senders {
		res.Accepted += int(s.accepted.Load())
		res.Committed += s.committed
	}
	res.Rejected, res.Retries, res.Polls = int(rejected.Load()), int(retries.Load()), polls
	if e := firstErr.Load(); e != nil {
		res.FirstError = e.(string)
	}
	res.SubmitPerSec = float64(res.Accepted) / submitEnd.Sub(start).Seconds()
	lastCommit := start
	res.Sampled = len(commitLat)
	for _, s := range senders {
		for q := range s.committed {
			if s.commitAt[q].After(lastCommit) {
				lastCommit = s.commitAt[q]
			}
			if res.Sampled == 0 && !s.submitted[q].IsZero() {
				commitLat = append(commitLat, max(0, s.commitAt[q].Sub(s.submitted[q])))
			}
		}
	}
	res.CommitPerSec = float64(res.Committed) / lastCommit.Sub(start).Seconds()
	sl, cl2 := sortedCopy(latencies), sortedCopy(commitLat)
	res.SubmitP50, res.SubmitP99 = percentile(sl, 50), percentile(sl, 99)
	res.CommitP50, res.CommitP99 = percentile(cl2, 50), percentile(cl2, 99)
	res.RSSKiB = rss

	// Every accepted transaction must be committed, with success.
	failed, pruned, err := checkCommitted(ctx, cl, c.url, senders)
	res.Failed, res.Pruned = failed, pruned
	printSubmit(out, &res)
	if err != nil {
		return &res, err
	}
	switch {
	case res.Committed < res.Accepted:
		return &res, fmt.Errorf("%d accepted transactions were not committed within %s", res.Accepted-res.Committed, c.timeout)
	case res.Failed > 0:
		return &res, fmt.Errorf("%d committed transactions failed", res.Failed)
	case res.Rejected > 0:
		return &res, fmt.Errorf("%d transactions rejected; first: %s", res.Rejected, res.FirstError)
	}
	return &res, nil
}

func printSubmit(out io.Writer, r *submitResult) {
	fmt.Fprintf(out, "accepted %d, rejected %d, mempool-full retries %d, committed %d, failed %d, pruned before read-back %d\n",
		r.Accepted, r.Rejected, r.Retries, r.Committed, r.Failed, r.Pruned)
	fmt.Fprintf(out, "submit throughput    %.0f txn/s\n", r.SubmitPerSec)
	fmt.Fprintf(out, "committed throughput %.0f txn/s\n", r.CommitPerSec)
	fmt.Fprintf(out, "submit latency       p50 %s  p99 %s\n", ms(r.SubmitP50), ms(r.SubmitP99))
	how := "seen by the sequence-number poller: an upper bound"
	if r.Sampled > 0 {
		how = fmt.Sprintf("%d transactions timed with wait_by_hash", r.Sampled)
	}
	fmt.Fprintf(out, "submit→commit        p50 %s  p99 %s  (%s)\n", ms(r.CommitP50), ms(r.CommitP99), how)
	fmt.Fprintf(out, "commit poller        %d GET /accounts/{a} while the run lasted\n", r.Polls)
	if len(r.RSSKiB) > 0 {
		lo, hi := minMax(r.RSSKiB)
		fmt.Fprintf(out, "server RSS           %d samples, first %d KiB, last %d KiB, min %d KiB, max %d KiB\n",
			len(r.RSSKiB), r.RSSKiB[0], r.RSSKiB[len(r.RSSKiB)-1], lo, hi)
		if tenths, flat := rssProfile(r.RSSKiB); tenths != "" {
			fmt.Fprintf(out, "server RSS by tenth  %s MiB; last 80%% of the run within %s\n", tenths, flat)
		}
	}
}

// minMax returns the smallest and largest of a non-empty v.
func minMax(v []int) (lo, hi int) {
	lo, hi = v[0], v[0]
	for _, x := range v {
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}

// rssProfile summarizes RSS samples taken once a second: the sample at the
// end of each tenth of the run (MiB), and the spread of the last 80% of the
// samples around their midpoint ("±x.x%"), which is how flat memory stayed
// once the run was under way. It returns "" for fewer than 10 samples.
func rssProfile(kib []int) (tenths, flat string) {
	if len(kib) < 10 {
		return "", ""
	}
	var b strings.Builder
	for i := 1; i <= 10; i++ {
		if i > 1 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d", kib[i*len(kib)/10-1]/1024)
	}
	lo, hi := minMax(kib[len(kib)/5:])
	mid := float64(lo+hi) / 2
	return b.String(), fmt.Sprintf("±%.1f%% (%d–%d MiB)", 100*float64(hi-lo)/2/mid, lo/1024, hi/1024)
}

// prepareSenders returns the sending accounts with their current sequence
// numbers: the server's dev accounts first, then accounts funded through
// the faucet.
func prepareSenders(ctx context.Context, cl *http.Client, c config) ([]*sender, error) {
	devs := vmstub.DevAccounts(c.seed, min(c.senders, c.accounts))
	if extra := c.senders - len(devs); extra > 0 {
		fresh := vmstub.DevAccounts("loadgen/"+c.seed, extra)
		if err := fund(ctx, cl, c, fresh); err != nil {
			return nil, err
		}
		devs = append(devs, fresh...)
	}
	out := make([]*sender, len(devs))
	for i, d := range devs {
		var acct struct {
			SequenceNumber ledgerapi.U64 `json:"sequence_number"`
		}
		if err := getJSON(ctx, cl, c.url+"/accounts/"+d.Address.String(), &acct); err != nil {
			return nil, fmt.Errorf("reading sender %s: %w", d.Address, err)
		}
		out[i] = &sender{acct: d, base: uint64(acct.SequenceNumber)}
	}
	return out, nil
}

// fund gives each account 10 APT through the faucet and waits for it.
func fund(ctx context.Context, cl *http.Client, c config, accts []vmstub.DevAccount) error {
	var wg sync.WaitGroup
	errs := make([]error, len(accts))
	for i, a := range accts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := []byte(`{"address":"` + a.Address.String() + `","amount":1000000000}`)
			status, b, err := do(ctx, cl, "POST", c.faucet+"/fund", "application/json", body)
			if err == nil && status != http.StatusOK {
				err = &apiError{status, string(b)}
			}
			var res struct {
				Hashes []string `json:"txn_hashes"`
			}
			if err == nil {
				err = json.Unmarshal(b, &res)
			}
			for _, h := range res.Hashes {
				if err == nil {
					var t struct {
						Type string `json:"type"`
					}
					for t.Type != "user_transaction" && err == nil {
						err = getJSON(ctx, cl, c.url+"/transactions/wait_by_hash/"+h, &t)
					}
				}
			}
			if err != nil {
				errs[i] = fmt.Errorf("funding %s: %w", a.Address, err)
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// pollPause separates the poller's sweeps: long enough that its reads are a
// small share of what the server serves during the run (they compete with
// the submissions for the same cores), short beside a run of seconds.
const pollPause = 20 * time.Millisecond

// pollCommits counts commits by watching each sender's on-chain sequence
// number, until every accepted transaction is committed or ctx ends. It
// reads only senders with an accepted transaction awaiting its commit. The
// stamp (for the committed throughput) is when a sweep first sees the
// commit, late by at most one sweep over the senders plus pollPause. It
// returns the number of requests it sent.
func pollCommits(ctx context.Context, cl *http.Client, url string, senders []*sender) int {
	const pollers = 4
	var sent atomic.Int64
	var wg sync.WaitGroup
	for p := range pollers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				pending := false
				for i := p; i < len(senders); i += pollers {
					s := senders[i]
					want := len(s.txns)
					if s.stopped.Load() {
						want = int(s.accepted.Load())
					}
					if s.committed >= want {
						continue
					}
					pending = true
					if int(s.accepted.Load()) <= s.committed {
						continue // nothing accepted is waiting for its commit
					}
					var acct struct {
						SequenceNumber ledgerapi.U64 `json:"sequence_number"`
					}
					sent.Add(1)
					if err := getJSON(ctx, cl, url+"/accounts/"+s.acct.Address.String(), &acct); err != nil {
						if ctx.Err() != nil {
							return
						}
						continue
					}
					now := time.Now()
					for uint64(s.committed) < uint64(acct.SequenceNumber)-s.base && s.committed < len(s.txns) {
						s.commitAt[s.committed] = now
						s.committed++
					}
				}
				if !pending || ctx.Err() != nil {
					return
				}
				time.Sleep(pollPause)
			}
		}()
	}
	wg.Wait()
	return int(sent.Load())
}

// checkCommitted reads every sender's committed transactions back and
// counts those that are not the ones sent or did not succeed, and those a
// pruning window removed before they could be read (their commit is known
// from the sequence numbers).
func checkCommitted(ctx context.Context, cl *http.Client, url string, senders []*sender) (failed, pruned int, err error) {
	for _, s := range senders {
		for start := 0; start < s.committed; start += 100 {
			var page []struct {
				Hash    ledgerapi.HashValue `json:"hash"`
				Success bool                `json:"success"`
			}
			u := url + "/accounts/" + s.acct.Address.String() + "/transactions?start=" + strconv.FormatUint(s.base+uint64(start), 10) + "&limit=100"
			err := getJSON(ctx, cl, u, &page)
			var ae *apiError
			if errors.As(err, &ae) && ae.status == http.StatusGone {
				pruned += min(100, s.committed-start)
				continue
			}
			if err != nil {
				return failed, pruned, fmt.Errorf("reading back %s: %w", s.acct.Address, err)
			}
			for i, t := range page {
				if start+i >= s.committed {
					break
				}
				if t.Hash != s.txns[start+i].Hash() || !t.Success {
					failed++
				}
			}
		}
	}
	return failed, pruned, nil
}
