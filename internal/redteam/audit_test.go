package redteam

import (
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/ledgerapi"
)

const (
	// heapBound is how much the live heap may grow over the node's own
	// during an attack: generous, far below what the attacks reached.
	heapBound = 256 << 20
	// heapAbort stops the test binary before an unbounded attack takes
	// the machine down with it.
	heapAbort = 1536 << 20
)

// audit runs after the test's attacks: the node still answers, the ledger
// holds every transaction once, no value was created or moved off a victim,
// and the heap stayed bounded.
func (n *node) audit() {
	t := n.t
	t.Helper()
	peak := n.mem.stop()
	if t.Failed() && !n.reachable() {
		return
	}
	n.alive()
	fees, seen := map[ledgerapi.Address]uint64{}, map[string]bool{}
	var burnt uint64
	for start := 0; ; start += 100 {
		var page []committed
		n.getJSON("/transactions?start="+strconv.Itoa(start)+"&limit=100", &page)
		for _, tx := range page {
			if tx.Type != "user_transaction" {
				continue
			}
			if seen[tx.Hash] {
				t.Errorf("transaction %s committed twice", tx.Hash)
			}
			seen[tx.Hash] = true
			fee := parseU64(t, tx.GasUsed) * parseU64(t, tx.GasUnitPrice)
			sender, err := ledgerapi.ParseAddress(tx.Sender)
			if err != nil {
				t.Fatal(err)
			}
			fees[sender] += fee
			burnt += fee
		}
		if len(page) < 100 {
			break
		}
	}
	supply := n.supply()
	if supply != n.genesisSupply-burnt {
		t.Errorf("APT supply %d, want genesis %d less the fees burnt %d: value was created or destroyed (%+d)",
			supply, n.genesisSupply, burnt, int64(supply)-int64(n.genesisSupply-burnt))
	}
	var sum uint64
	for _, a := range n.holders {
		b := n.balance(a)
		sum += b
		want := n.start[a] - fees[a]
		switch {
		case a == n.attacker.Address && b > want:
			t.Errorf("the attacker holds %d, more than its %d at the start less its fees %d: it gained %d", b, n.start[a], fees[a], b-want)
		case a != n.attacker.Address && b != want:
			t.Errorf("account %s holds %d, want %d (its start less its own fees): the attacker moved its APT", a, b, want)
		}
	}
	if sum != supply {
		t.Errorf("the balances add up to %d, the supply is %d", sum, supply)
	}
	if peak > heapBound {
		t.Errorf("the heap grew by %d MiB during the attack (bound %d MiB)", peak>>20, heapBound>>20)
	}
	t.Logf("audit: %d user transactions, %d octas burnt, supply %d; heap peak +%d MiB; %d views or simulations turned away",
		len(seen), burnt, supply, peak>>20, n.shed.Load())
}

// reachable reports whether GET /v1 answers at all.
func (n *node) reachable() bool {
	resp, err := n.client.Get(n.base)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == 200
}

// memWatch samples the live heap while a test runs and keeps its peak
// above the heap at the start.
type memWatch struct {
	base   uint64
	done   chan struct{}
	wg     sync.WaitGroup
	mu     sync.Mutex
	peak   uint64 // since the start
	step   uint64 // since the last call of stepPeak
	name   string
	sample []metrics.Sample
}

const heapMetric = "/memory/classes/heap/objects:bytes"

func watchMemory(t *testing.T) *memWatch {
	runtime.GC()
	m := &memWatch{done: make(chan struct{}), name: t.Name(), sample: []metrics.Sample{{Name: heapMetric}}}
	m.base = m.read()
	m.wg.Add(1)
	go m.loop()
	return m
}

func (m *memWatch) read() uint64 {
	metrics.Read(m.sample)
	return m.sample[0].Value.Uint64()
}

func (m *memWatch) loop() {
	defer m.wg.Done()
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-m.done:
			return
		case <-tick.C:
		}
		h := m.read()
		if h < m.base {
			continue
		}
		m.mu.Lock()
		m.peak = max(m.peak, h-m.base)
		m.step = max(m.step, h-m.base)
		m.mu.Unlock()
		if h-m.base > heapAbort {
			panic(m.name + ": the heap grew by more than " + strconv.Itoa(heapAbort>>20) +
				" MiB: memory is unbounded; stopping before the machine runs out")
		}
	}
}

// stepPeak returns the peak growth since its last call, in MiB, and
// collects the garbage, so that the next step starts from a clean heap.
func (m *memWatch) stepPeak() uint64 {
	m.mu.Lock()
	p := m.step
	m.mu.Unlock()
	runtime.GC()
	m.mu.Lock()
	m.step = 0
	m.mu.Unlock()
	return p >> 20
}

// stop ends the sampling and returns the peak growth.
func (m *memWatch) stop() uint64 {
	select {
	case <-m.done:
	default:
		close(m.done)
	}
	m.wg.Wait()
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.peak
}
