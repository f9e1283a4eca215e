package indexer_test

import (
	"bytes"
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/ledgernode/ledgernode/indexer"
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/storage/pebblestore"
	"github.com/ledgernode/ledgernode/storage/statefile"
	"github.com/ledgernode/ledgernode/vmstub"
)

// BenchmarkCheckpoint measures, over a ledger of N transfers to fresh
// accounts (event layouts decoded, as the server runs): "save" writes a
// checkpoint of the whole index, fsync included (its size reported as MB
// and B/transfer); "restart=checkpoint" starts an indexer over it (load,
// no version left to index after it); "restart=rebuild" starts one
// without, indexing the whole ledger again (what every restart cost
// before checkpoints). Restarts run over the ledger in memory and in
// Pebble on disk (the same ledger, loaded from a dump).
//
//	go test -run '^$' -bench Checkpoint -benchtime 3x ./indexer
func BenchmarkCheckpoint(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{1000, 5000} {
		c := newChain(b)
		for i := 0; i < n; i++ {
			d := c.devs[i%3]
			c.submit(d.Sign(c.raw(d.Address, vmstub.TransferPayload(ledgerapi.Address{0: 0x43, 30: byte(i >> 8), 31: byte(i)}, 1))))
			if i%100 == 99 {
				c.mine()
			}
		}
		c.mine()
		dir := b.TempDir()
		ix := withCheckpoints(c, dir, &events{}, true)
		lastVersion(b, ix)
		indexer.WaitCheckpoints(ix)
		suffix := "/transfers=" + strconv.Itoa(n)
		b.Run("save"+suffix, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				indexer.ForgetCheckpoint(ix)
				if err := ix.Checkpoint(ctx); err != nil {
					b.Fatal(err)
				}
			}
			fi, err := os.Stat(indexer.CheckpointPath(ix))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(fi.Size())/1e6, "MB")
			b.ReportMetric(float64(fi.Size())/float64(n), "B/transfer")
		})
		var dump bytes.Buffer
		if _, err := statefile.Write(ctx, c.store, &dump); err != nil {
			b.Fatal(err)
		}
		ps, err := pebblestore.Open(b.TempDir(), pebblestore.Options{NoSync: true})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := statefile.Load(ctx, ps, &dump); err != nil {
			b.Fatal(err)
		}
		for _, ledger := range []struct {
			name  string
			store storage.Reader
		}{{"memstore", c.store}, {"pebble", ps}} {
			opts := func(ev *events) indexer.Options {
				o := indexer.Options{Modules: c.vm, Now: time.Now}
				if ev != nil {
					o.Checkpoint = &indexer.CheckpointOptions{Dir: dir, Every: 1 << 62, Report: ev.add}
				}
				return o
			}
			b.Run("restart=checkpoint/ledger="+ledger.name+suffix, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					var ev events
					lastVersion(b, indexer.New(ledger.store, opts(&ev)))
					if len(ev.only(indexer.CheckpointLoaded)) != 1 {
						b.Fatalf("not loaded: %+v", ev.all)
					}
				}
			})
			b.Run("restart=rebuild/ledger="+ledger.name+suffix, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					lastVersion(b, indexer.New(ledger.store, opts(nil)))
				}
			})
		}
		ps.Close()
	}
}
