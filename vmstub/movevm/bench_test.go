package movevm

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	bc "github.com/ledgernode/ledgernode/ledgerapi/bytecode"
)

// BenchmarkInstructions runs a loop summing 1..n; it reports the
// interpreter's instructions per second (13 per iteration, 6 around).
func BenchmarkInstructions(b *testing.B) {
	const n = 100_000
	m := build(b, "t", func(mb *bc.ModuleBuilder) {
		mb.Function("f", bc.Public, bc.Fn{Returns: []bc.SignatureToken{bc.U64}, Locals: []bc.SignatureToken{bc.U64, bc.U64}, Code: sumLoop(n)})
	})
	e := newEnv(m)
	e.gas = &Budget{Limit: 1 << 62}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rets, err := e.call("t", "f", nil)
		if err != nil || rets[0].AsU64() != n*(n+1)/2 {
			b.Fatal(rets, err)
		}
	}
	instrs := float64(13*n+6) * float64(b.N)
	b.ReportMetric(instrs/b.Elapsed().Seconds(), "instr/s")
}

// BenchmarkCounterIncrement runs the entry function bump of a counter
// resource as a transaction would: a new session, the call, the writes
// applied to an in-memory store.
func BenchmarkCounterIncrement(b *testing.B) {
	e := newEnv(counterModule(b))
	if _, err := e.entry("g", "init", nil, []ledgerapi.Address{alice}); err != nil {
		b.Fatal(err)
	}
	arg := addrArg(alice)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := e.entry("g", "bump", nil, nil, arg)
		if err != nil || len(res.Writes) != 1 {
			b.Fatal(res, err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}
