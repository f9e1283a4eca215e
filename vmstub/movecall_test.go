package vmstub_test

import (
	"strings"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode/samples"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

func messageModule(t testing.TB, addr ledgerapi.Address) []byte {
	code, err := samples.Message(addr)
	if err != nil {
		t.Fatal(err)
	}
	return code
}

func TestMoveEntryAndView(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Msg", onchain.UpgradeCompatible, []string{"message"}, stdDeps...), messageModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	mod := ledgerapi.ModuleId{Address: a.Address, Name: "message"}
	get := ledgerapi.EntryFunctionId{Module: mod, Name: "get_message"}
	set := func(msg string) storage.Transaction {
		return c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "message", "set_message", nil, vmstub.StringValue(msg)))))
	}

	// A view of a missing holder aborts with the module's error map.
	_, _, _, err := c.vm.View(c, get, nil, [][]byte{vmstub.AddressValue(a.Address)})
	if err == nil || !strings.Contains(err.Error(), "ENO_MESSAGE(0x1): There is no message present") {
		t.Fatalf("view without a holder: %v", err)
	}
	out := set("hello")
	if !out.Info.Status.Success() || out.Info.GasUsed == 0 {
		t.Fatalf("set_message: %s", out.Info.Status.String())
	}
	holder := storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: a.Address, Module: "message", Name: "MessageHolder"})
	if v, err := c.StateValue(holder); err != nil || string(v) != string(vmstub.StringValue("hello")) {
		t.Fatalf("MessageHolder: %x %v", v, err)
	}
	vals, types, gas, err := c.vm.View(c, get, nil, [][]byte{vmstub.AddressValue(a.Address)})
	if err != nil || string(vals[0]) != string(vmstub.StringValue("hello")) || types[0].String() != "0x1::string::String" || gas == 0 {
		t.Fatalf("get_message: %x %v %d %v", vals, types, gas, err)
	}

	// The second call emits MessageChange through event::emit.
	out = set("world")
	if !out.Info.Status.Success() {
		t.Fatalf("second set_message: %s", out.Info.Status.String())
	}
	changeType := ledgerapi.StructTag{Address: a.Address, Module: "message", Name: "MessageChange"}
	var found bool
	for _, e := range out.Events {
		if e.Type.String() == changeType.String() {
			found = true
			want := append(append(append([]byte(nil), a.Address[:]...), vmstub.StringValue("hello")...), vmstub.StringValue("world")...)
			if string(e.Data) != string(want) {
				t.Fatalf("MessageChange %x, want %x", e.Data, want)
			}
		}
	}
	if !found {
		t.Fatalf("events %v", eventTypes(out))
	}
	if v, _ := c.StateValue(holder); string(v) != string(vmstub.StringValue("world")) {
		t.Fatalf("MessageHolder after the update: %x", v)
	}

	// Invalid UTF-8 in the String argument is refused before any code runs.
	bad := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "message", "set_message", nil, []byte{1, 0xff}))))
	if bad.Info.Status.Success() {
		t.Fatal("a String argument that is not UTF-8 was accepted")
	}
	// Out of gas: one unit below what the same call used.
	used := set("again").Info.GasUsed
	raw := c.raw(a, vmstub.EntryPayload(a.Address, "message", "set_message", nil, vmstub.StringValue("again")))
	raw.MaxGasAmount = used - 1
	if out := c.mustExec(a.Sign(raw)); out.Info.Status.String() != "Out of gas" || out.Info.GasUsed != used-1 {
		t.Fatalf("set_message with max gas %d: %s, gas %d", used-1, out.Info.Status.String(), out.Info.GasUsed)
	}
}

func scriptPayload(t *testing.T, code []byte, err error, args ...txn.ScriptArgument) txn.TransactionPayload {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	return txn.TransactionPayload{Variant: txn.PayloadScript, Script: &txn.Script{Code: code, TyArgs: []ledgerapi.TypeTag{}, Args: args}}
}

func TestScripts(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	addrArg := func(x ledgerapi.Address) txn.ScriptArgument {
		return txn.ScriptArgument{Kind: txn.ArgAddress, Value: x[:]}
	}
	u64Arg := func(n uint64) txn.ScriptArgument {
		return txn.ScriptArgument{Kind: txn.ArgU64, Value: vmstub.U64Value(n)}
	}

	code, err := samples.TransferScript()
	before := c.balance(b.Address)
	out := c.mustExec(a.Sign(c.raw(a, scriptPayload(t, code, err, addrArg(b.Address), u64Arg(777)))))
	if !out.Info.Status.Success() || c.balance(b.Address) != before+777 {
		t.Fatalf("transfer script: %s, balance %d → %d", out.Info.Status.String(), before, c.balance(b.Address))
	}

	// Two signers (multi-agent): each pays the other.
	code, err = samples.PayEachOtherScript()
	ba, bb := c.balance(a.Address), c.balance(b.Address)
	raw := c.raw(a, scriptPayload(t, code, err, u64Arg(10)))
	out = c.mustExec(multiAgent(raw, a, b))
	fee := out.Info.GasUsed * raw.GasUnitPrice
	if !out.Info.Status.Success() || c.balance(a.Address) != ba-10+11-fee || c.balance(b.Address) != bb+10-11 {
		t.Fatalf("two-signer script: %s", out.Info.Status.String())
	}

	// Failures are kept: code that is no script, and a wrong argument count.
	out = c.mustExec(a.Sign(c.raw(a, scriptPayload(t, []byte{0xa1, 0x1c, 0xeb, 0x0b}, nil))))
	if out.Info.Status.String() != "CODE_DESERIALIZATION_ERROR" {
		t.Fatalf("junk script: %s", out.Info.Status.String())
	}
	code, err = samples.TransferScript()
	out = c.mustExec(a.Sign(c.raw(a, scriptPayload(t, code, err, addrArg(b.Address)))))
	if out.Info.Status.Success() {
		t.Fatal("a script with a missing argument succeeded")
	}
}

func TestMoveCreatesObjects(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	code, err := samples.Badges(a.Address)
	if err != nil {
		t.Fatal(err)
	}
	if out := c.publish(a, packageMeta("Badges", onchain.UpgradeCompatible, []string{"badges"}, stdDeps...), code); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	var objects []ledgerapi.Address
	for level := uint64(1); level <= 2; level++ {
		st := a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "badges", "mint", nil, vmstub.U64Value(level))))
		out := c.mustExec(st)
		if !out.Info.Status.Success() {
			t.Fatalf("mint: %s", out.Info.Status.String())
		}
		// The object's address is the transaction's first unique address.
		h := st.Hash()
		want := ledgerapi.Address(crypto.SHA3_256(h[:], vmstub.U64Value(1), []byte{0xFB}))
		var minted []byte
		for _, e := range out.Events {
			if strings.HasSuffix(e.Type.String(), "::badges::Minted") {
				minted = e.Data
			}
		}
		if string(minted) != string(append(want[:], vmstub.U64Value(level)...)) {
			t.Fatalf("Minted %x, want object %s level %d", minted, want, level)
		}
		core, err := c.StateValue(storage.ResourceKey(want, ledgerapi.StructTag{Address: one, Module: "object", Name: "ObjectCore"}))
		if err != nil || string(core[8:40]) != string(a.Address[:]) {
			t.Fatalf("ObjectCore of the badge: %x %v", core, err)
		}
		objects = append(objects, want)
	}
	levelOf := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "badges"}, Name: "level"}
	for i, obj := range objects {
		vals, _, _, err := c.vm.View(c, levelOf, nil, [][]byte{vmstub.AddressValue(obj)})
		if err != nil || string(vals[0]) != string(vmstub.U64Value(uint64(i+1))) {
			t.Fatalf("level of badge %d: %x %v", i, vals, err)
		}
	}
	// An Object<Badge> argument must name an object holding a Badge.
	if _, _, _, err := c.vm.View(c, levelOf, nil, [][]byte{vmstub.AddressValue(a.Address)}); err == nil {
		t.Fatal("level of an account that is no object")
	}
}

func TestMoveTables(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	code, err := samples.Scores(a.Address)
	if err != nil {
		t.Fatal(err)
	}
	out := c.publish(a, packageMeta("Scores", onchain.UpgradeCompatible, []string{"scores"}, stdDeps...), code)
	if !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	board, err := c.StateValue(storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: a.Address, Module: "scores", Name: "Board"}))
	if err != nil || len(board) != 40 {
		t.Fatalf("Board after init_module: %x %v", board, err)
	}
	var handle ledgerapi.Address
	copy(handle[:], board)
	score := func(who vmstub.DevAccount, points uint64) storage.Transaction {
		out := c.mustExec(who.Sign(c.raw(who, vmstub.EntryPayload(a.Address, "scores", "score", nil, vmstub.U64Value(points)))))
		if !out.Info.Status.Success() {
			t.Fatalf("score: %s", out.Info.Status.String())
		}
		return out
	}
	score(a, 5)
	score(b, 7)
	out = score(a, 10)
	// The item is a state item of the table: (handle, bcs(address)) → bcs(u64).
	item, err := c.StateValue(storage.TableItemKey(handle, a.Address[:]))
	if err != nil || string(item) != string(vmstub.U64Value(15)) {
		t.Fatalf("table item of a: %x %v", item, err)
	}
	if ev := out.Events[0]; !strings.HasSuffix(ev.Type.String(), "::scores::Scored") || string(ev.Data) != string(append(a.Address[:], vmstub.U64Value(15)...)) {
		t.Fatalf("Scored event %s %x", ev.Type, ev.Data)
	}
	board, _ = c.StateValue(storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: a.Address, Module: "scores", Name: "Board"}))
	if string(board[32:]) != string(vmstub.U64Value(2)) {
		t.Fatalf("count %x, want 2 players", board[32:])
	}
	scoreOf := ledgerapi.EntryFunctionId{Module: ledgerapi.ModuleId{Address: a.Address, Name: "scores"}, Name: "score_of"}
	for who, want := range map[ledgerapi.Address]uint64{a.Address: 15, b.Address: 7, c.vm.DevAccounts()[2].Address: 0} {
		vals, _, _, err := c.vm.View(c, scoreOf, nil, [][]byte{vmstub.AddressValue(who)})
		if err != nil || string(vals[0]) != string(vmstub.U64Value(want)) {
			t.Fatalf("score_of %s: %x %v, want %d", who, vals, err, want)
		}
	}
}

func TestMoveMovesCoins(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	devs := c.vm.DevAccounts()
	a, b, x, y := devs[0], devs[1], devs[2], devs[3]
	code, err := samples.Payments(a.Address)
	if err != nil {
		t.Fatal(err)
	}
	if out := c.publish(a, packageMeta("Payments", onchain.UpgradeCompatible, []string{"payments"}, stdDeps...), code); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	supply := c.supply()
	bal := func(d vmstub.DevAccount) uint64 { return c.balance(d.Address) }
	ba, bx := bal(a), bal(x)
	out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "payments", "transfer", nil, vmstub.U64Value(1000), vmstub.AddressValue(x.Address)))))
	fee := out.Info.GasUsed * 100
	if !out.Info.Status.Success() || bal(a) != ba-1000-fee || bal(x) != bx+1000 || c.supply() != supply-fee {
		t.Fatalf("transfer: %s; a %d→%d, x %d→%d", out.Info.Status.String(), ba, bal(a), bx, bal(x))
	}

	// Two signers, merge and extract: 30+20 merged, 35 extracted for y, the
	// 15 left in the first coin go to x.
	ba, bb, bx, by := bal(a), bal(b), bal(x), bal(y)
	raw := c.raw(a, vmstub.EntryPayload(a.Address, "payments", "two_by_two", nil, vmstub.U64Value(30), vmstub.U64Value(20),
		vmstub.AddressValue(x.Address), vmstub.AddressValue(y.Address), vmstub.U64Value(15)))
	out = c.mustExec(multiAgent(raw, a, b))
	fee = out.Info.GasUsed * 100
	if !out.Info.Status.Success() || bal(a) != ba-30-fee || bal(b) != bb-20 || bal(x) != bx+15 || bal(y) != by+35 {
		t.Fatalf("two_by_two: %s; a %d b %d x %d y %d", out.Info.Status.String(), int64(bal(a)-ba), int64(bal(b)-bb), int64(bal(x)-bx), int64(bal(y)-by))
	}
	// 1+1-5 underflows: the call fails and no coin moves (the fee is paid).
	ba, bb = bal(a), bal(b)
	raw = c.raw(a, vmstub.EntryPayload(a.Address, "payments", "two_by_two", nil, vmstub.U64Value(1), vmstub.U64Value(1),
		vmstub.AddressValue(x.Address), vmstub.AddressValue(y.Address), vmstub.U64Value(5)))
	out = c.mustExec(multiAgent(raw, a, b))
	if out.Info.Status.Success() || bal(b) != bb || bal(a) != ba-out.Info.GasUsed*100 {
		t.Fatalf("over-extract: %s", out.Info.Status.String())
	}
}
