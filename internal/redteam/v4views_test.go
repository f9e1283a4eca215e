package redteam

import (
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/vmstub"
)

// concurrentViews is how many clients run a view at once, as in the issue.
const concurrentViews = 50

// storm has concurrentViews clients run hog::hold(copies, spins) all at
// once while GET /v1 is probed and the bystander sends a transfer. Every
// view answers 200 or a 4xx, or is turned away at once by admission
// control (429 or 503),
// every probe answers 200 and the transfer commits; latencies are logged,
// not asserted.
func (n *node) storm(copies, spins int) {
	t := n.t
	published := n.publish(n.attacker, "Hog", []string{"hog"}, hogModule(t, n))
	fn := n.attacker.Address.String() + "::hog::hold"
	n.mem.stepPeak()
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	gate := make(chan struct{})
	began := time.Now()
	for range concurrentViews {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			status, _ := n.view(fn, nil, strconv.Itoa(copies), strconv.Itoa(spins))
			mu.Lock()
			statuses[status]++
			mu.Unlock()
		}()
	}
	close(gate)
	var slowest time.Duration
	for range 5 {
		probe := time.Now()
		n.alive()
		slowest = max(slowest, time.Since(probe))
	}
	sent := time.Now()
	o := n.run(n.bystander, vmstub.TransferPayload(n.bystander.Address, 1), 10_000)
	if o.refused || !o.txn.Success {
		t.Errorf("a transfer sent during the views: %s", o)
	}
	transfer := time.Since(sent)
	wg.Wait()
	t.Logf("%d concurrent views of hog::hold(%d, %d) (published %v): answers %v in %s; heap +%d MiB; GET /v1 at most %s, a transfer committed in %s",
		concurrentViews, copies, spins, published, statuses, time.Since(began), n.mem.stepPeak(), slowest, transfer)
	for status := range statuses {
		if status != 200 && (status < 400 || status >= 500) && !shed("/view", status) {
			t.Errorf("a view answered %d", status)
		}
	}
}

// TestV4ConcurrentViews: 50 clients at once, each view within every
// per-call limit (6 copies of a 60 KB constant held during 400,000 empty
// loops). The heap stays bounded: what one view may hold must not be
// multiplied by however many clients come.
func TestV4ConcurrentViews(t *testing.T) { startNode(t).storm(6, 400_000) }

// TestViewAdmission: 50 clients at once, each view spinning a million
// loops. Nothing answers a 5xx, GET /v1 answers and a transfer commits
// meanwhile.
func TestViewAdmission(t *testing.T) { startNode(t).storm(0, 1_000_000) }
