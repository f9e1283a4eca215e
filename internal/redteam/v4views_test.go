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

// TestV4ConcurrentViews has 50 clients run, all at once, a view each
// within every per-call limit (8 copies of a 60 KB constant held during
// 100,000 empty loops), while GET /v1
// is probed and a bystander sends a transfer. Every view answers 200 or a
// 4xx (a refusal by admission control is fine), every probe answers 200,
// the transfer commits, and the heap stays bounded: what one view may hold
// must not be multiplied by however many clients come.
func TestV4ConcurrentViews(t *testing.T) {
	n := startNode(t)
	published := n.publish(n.attacker, "Hog", []string{"hog"}, hogModule(t, n))
	fn := n.attacker.Address.String() + "::hog::hold"
	n.mem.stepPeak()
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	startGate := make(chan struct{})
	for range concurrentViews {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-startGate
			status, _ := n.view(fn, nil, strconv.Itoa(8), strconv.Itoa(100_000))
			mu.Lock()
			statuses[status]++
			mu.Unlock()
		}()
	}
	close(startGate)
	// Meanwhile: the node answers, and an ordinary transfer goes through.
	var slowest time.Duration
	for range 5 {
		began := time.Now()
		n.alive()
		slowest = max(slowest, time.Since(began))
	}
	began := time.Now()
	o := n.run(n.bystander, vmstub.TransferPayload(n.bystander.Address, 1), 10_000)
	if o.refused || !o.txn.Success {
		t.Errorf("a transfer sent during the views: %s", o)
	}
	transfer := time.Since(began)
	wg.Wait()
	t.Logf("%d concurrent views of hog::hold(8, 100000) (published %v): answers %v; heap +%d MiB; GET /v1 at most %s, a transfer committed in %s",
		concurrentViews, published, statuses, n.mem.stepPeak(), slowest, transfer)
	for status := range statuses {
		if status != 200 && (status < 400 || status >= 500) {
			t.Errorf("a view answered %d", status)
		}
	}
}
