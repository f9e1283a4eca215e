package storagetest

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/storage"
)

// aliasBlock commits a block whose transaction has every kind of nested
// memory: a generic resource key, a table item key, event type arguments.
func aliasBlock(f *fixture) (storage.Block, []storage.Transaction) {
	a := AccountAddress(0)
	generic := storage.ResourceKey(a, ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "m", Name: "G",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.VectorOf(ledgerapi.TypeU8)}})
	spec := f.c.Transfer(a, AccountAddress(1), 5)
	spec.Changes = append(spec.Changes, put(generic, "generic"), put(storage.TableItemKey(a, []byte{9, 9}), "item"))
	spec.Events[0].Type = ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "coin", Name: "E",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.TypeU64}})
	return f.c.Block(spec)
}

// scribble overwrites every byte and nested value reachable from t.
func scribble(t *storage.Transaction) {
	fill(t.Payload)
	if t.Sender != nil {
		*t.Sender = ledgerapi.AddressZero
	}
	if t.SequenceNumber != nil {
		*t.SequenceNumber = 999
	}
	if t.Info.StateCheckpointHash != nil {
		*t.Info.StateCheckpointHash = ledgerapi.HashValue{}
	}
	for i := range t.Events {
		fill(t.Events[i].Data)
		scribbleType(&t.Events[i].Type)
	}
	for i := range t.Changes {
		scribbleKey(&t.Changes[i].Key)
		fill(t.Changes[i].Value)
	}
}

func scribbleKey(k *storage.StateKey) {
	fill(k.Key)
	for i := range k.Resource.TypeArgs {
		scribbleType(&k.Resource.TypeArgs[i])
	}
}

func scribbleType(tt *ledgerapi.TypeTag) {
	if tt.Elem != nil {
		tt.Elem.Kind = ledgerapi.KindBool
	}
	if tt.Struct != nil {
		tt.Struct.Name = "Scribbled"
		for i := range tt.Struct.TypeArgs {
			tt.Struct.TypeArgs[i] = ledgerapi.TypeBool
		}
	}
}

func fill(b []byte) {
	for i := range b {
		b[i] = 0xee
	}
}

func testAliasingInputs(t *testing.T, f *fixture) {
	f.start(3)
	b, txns := aliasBlock(f)
	want := make([]storage.Transaction, len(txns))
	for i := range txns {
		want[i] = txns[i].Clone()
	}
	f.commit(b, txns)
	for i := range txns {
		scribble(&txns[i])
	}
	checkAliasFree(t, f, b, want)
}

func testAliasingOutputs(t *testing.T, f *fixture) {
	f.start(3)
	b, txns := aliasBlock(f)
	f.commit(b, txns)
	user := b.FirstVersion + 1
	for range 2 { // the second round reads what the first round scribbled on
		tx, _ := f.s.TransactionByVersion(f.ctx, user)
		scribble(&tx)
		tx, _ = f.s.TransactionByHash(f.ctx, TxnHash(user))
		scribble(&tx)
		list, _ := f.s.Transactions(f.ctx, user, 1, b.LastVersion)
		for i := range list {
			scribble(&list[i])
		}
		list, _ = f.s.AccountTransactions(f.ctx, AccountAddress(0), 0, 10, b.LastVersion)
		for i := range list {
			scribble(&list[i])
		}
		for _, w := range txns[1].Changes {
			v, _ := f.s.StateValue(f.ctx, w.Key, b.LastVersion)
			fill(v)
		}
		page, _ := f.s.Resources(f.ctx, AccountAddress(0), nil, 100, b.LastVersion)
		for i := range page.Items {
			scribbleKey(&page.Items[i].Key)
			fill(page.Items[i].Value)
		}
		fill(page.Next)
		evs, _ := f.s.Events(f.ctx, WithdrawStream(AccountAddress(0)), 0, 10, b.LastVersion)
		for i := range evs {
			fill(evs[i].Event.Data)
			scribbleType(&evs[i].Event.Type)
		}
	}
	checkAliasFree(t, f, b, f.m.txns[b.FirstVersion:])
}

// checkAliasFree compares what the store returns with the original block.
func checkAliasFree(t *testing.T, f *fixture, b storage.Block, want []storage.Transaction) {
	t.Helper()
	for _, w := range want {
		got, err := f.s.TransactionByVersion(f.ctx, w.Version)
		checkErr(t, "TransactionByVersion", err, nil)
		checkEqual(t, "transaction after scribbling", got, w)
		for _, c := range w.Changes {
			v, err := f.s.StateValue(f.ctx, c.Key, b.LastVersion)
			checkErr(t, "StateValue", err, nil)
			checkEqual(t, "state value after scribbling", v, c.Value)
		}
	}
	checkEqual(t, "resources after scribbling",
		paginate(t, f, storage.StateResource, AccountAddress(0), 100, b.LastVersion),
		f.m.listing(storage.StateResource, AccountAddress(0), b.LastVersion))
	evs, err := f.s.Events(f.ctx, WithdrawStream(AccountAddress(0)), 0, 10, b.LastVersion)
	checkErr(t, "Events", err, nil)
	checkEqual(t, "events after scribbling", evs, f.m.events(WithdrawStream(AccountAddress(0)), b.LastVersion))
}
