package verifier

import "github.com/ledgernode/ledgernode/ledgerapi/onchain"

// Aptos's verifier meter units for reference safety.
const (
	stepBaseCost      = 10      // per instruction
	stepPerLocalCost  = 20      // per instruction and local
	stepPerItemCost   = 50      // per instruction and graph node or edge
	joinBaseCost      = 100     // per join
	joinPerLocalCost  = 10      // per join and local
	joinPerItemCost   = 50      // per join and graph node or edge (of the state joined into)
	callAcquiresCost  = 100     // per resource a called function acquires
	refEdgeCost       = 100     // first edge from a reference argument to a returned reference (×1.5 each next)
	maxGrowingCharges = 1 << 14 // 128 reference arguments × 128 returned references
)

// refMeter bounds the work of reference safety on one function: units
// charged as Aptos charges them, and work, the edge operations of the
// borrow graph, each against limit (0: no limit).
type refMeter struct {
	limit uint64
	units uint64
	work  uint64
}

// add charges units and reports whether the limit is exceeded.
func (m *refMeter) add(units uint64) bool {
	if m.limit == 0 {
		return false
	}
	m.units = satAdd(m.units, units)
	return m.units > m.limit
}

// addItems charges perItem for each of n items.
func (m *refMeter) addItems(perItem uint64, n int) bool {
	if n <= 0 {
		return false
	}
	if perItem > ^uint64(0)/uint64(n) {
		return m.add(^uint64(0))
	}
	return m.add(perItem * uint64(n))
}

// addGrowing charges n items, the first base units and each next one 1.5
// times the previous (rounded down, in float32 as Aptos computes it).
func (m *refMeter) addGrowing(base uint64, n int) bool {
	if m.limit == 0 || n <= 0 {
		return false
	}
	unit := base
	for range min(n, maxGrowingCharges) {
		if m.add(unit) {
			return true
		}
		unit = uint64(float32(1.5) * float32(unit))
	}
	return false
}

func satAdd(a, b uint64) uint64 {
	if a+b < a {
		return ^uint64(0)
	}
	return a + b
}

// chargeStep charges one instruction executed in state s.
func (a *refAnalysis) chargeStep(s *refState) error {
	m := &a.meter
	if m.limit == 0 {
		return nil
	}
	if m.add(stepBaseCost) || m.addItems(stepPerLocalCost, len(s.locals)) || m.addItems(stepPerItemCost, s.g.size()) {
		return a.tooComplex()
	}
	return nil
}

// chargeJoin charges a join into the entry state s of a block.
func (a *refAnalysis) chargeJoin(s *refState) error {
	m := &a.meter
	if m.limit == 0 {
		return nil
	}
	if m.add(joinBaseCost) || m.addItems(joinPerLocalCost, len(s.locals)) || m.addItems(joinPerItemCost, s.g.size()) {
		return a.tooComplex()
	}
	return nil
}

// checkWork refuses the function once the graph's own work exceeds the
// limit: real code does a few edge operations per instruction, far less
// than the units an instruction costs, so only hostile graphs get there.
func (a *refAnalysis) checkWork() error {
	if a.meter.limit != 0 && a.meter.work > a.meter.limit {
		return a.tooComplex()
	}
	return nil
}

func (a *refAnalysis) tooComplex() error {
	return a.fn.failAt(onchain.CONSTRAINT_NOT_SATISFIED, -1, "program too complex: reference safety exceeds %d meter units", a.meter.limit)
}
