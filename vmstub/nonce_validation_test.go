package vmstub_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
)

// nonceBucketItem returns the Bucket table item of 0x1's NonceHistory
// holding (sender, nonce): under sip_hash(BCS(NonceKey)) % 50000.
func nonceBucketItem(t *testing.T, c *chain, sender ledgerapi.Address, nonce uint64) []byte {
	t.Helper()
	key := append(vmstub.AddressValue(sender), vmstub.U64Value(nonce)...)
	idx := aptosstdlib.SipHash24(0, 0, key) % 50000
	handle := vmstub.TableHandle(ledgerapi.AddressOne, "nonce_validation::NonceHistory")
	v, err := c.StateValue(storage.TableItemKey(handle, vmstub.U64Value(idx)))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestNonceHistoryOverlap: a nonce is refused while its transaction is
// unexpired and, after it expired, for an expiration within 100 s of the
// old one; past that it is accepted again and the bucket holds the new
// expiration only.
func TestNonceHistoryOverlap(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	n := uint64(77)
	p := vmstub.TransferPayload(b.Address, 5)
	p.Variant, p.ReplayProtectionNonce = txn.PayloadV1, &n
	orderless := func(exp uint64) *txn.SignedTransaction {
		r := c.raw(a, p)
		r.ExpirationTimestampSecs = exp
		return a.Sign(r)
	}
	now := func() uint64 { return c.nowUs / 1_000_000 }
	first := now() + 31 // executed one second later: 30 s ahead
	if out := c.mustExec(orderless(first)); !out.Info.Success() {
		t.Fatal(out.Info.Status.String())
	}
	entry := func(exp uint64) []byte {
		return append(append(vmstub.U64Value(exp), a.Address[:]...), vmstub.U64Value(n)...)
	}
	if item := nonceBucketItem(t, c, a.Address, n); !bytes.Contains(item, entry(first)) {
		t.Fatalf("bucket %x lacks the entry", item)
	}
	// Replayed before expiry.
	_, err := c.exec(orderless(now() + 41))
	wantStatus(t, err, "NONCE_ALREADY_USED", 42)
	// Expired, but the new expiration is within 100 s of the old one.
	c.nowUs = (first + 9) * 1_000_000 // the next block is at first+10
	_, err = c.exec(orderless(first + 75))
	wantStatus(t, err, "NONCE_ALREADY_USED", 42)
	// One second later than the overlap: accepted.
	c.nowUs = (first + 39) * 1_000_000
	wantStatus(t, c.vm.Validate(c, orderless(first+100), c.nowUs+1_000_000), "NONCE_ALREADY_USED", 42)
	if err := c.vm.Validate(c, orderless(first+101), c.nowUs+1_000_000); err != nil {
		t.Fatal(err)
	}
	if out := c.mustExec(orderless(first + 101)); !out.Info.Success() {
		t.Fatal(out.Info.Status.String())
	}
	item := nonceBucketItem(t, c, a.Address, n)
	if !bytes.Contains(item, entry(first+101)) || bytes.Contains(item, entry(first)) {
		t.Fatalf("bucket %x: want the new entry only", item)
	}
	// Too far in the future: refused by the prologue (65 s).
	_, err = c.exec(orderless(now() + 67))
	wantStatus(t, err, "TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE", 44)
}

// TestNonceHistoryEntries: add_nonce_buckets pre-fills buckets from
// next_key; initialize_nonce_table is 0x1's only.
func TestNonceHistoryEntries(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	out := c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(ledgerapi.AddressOne, "nonce_validation", "add_nonce_buckets", nil, vmstub.U64Value(3)))))
	if !out.Info.Success() {
		t.Fatal(out.Info.Status.String())
	}
	res, err := c.StateValue(storage.ResourceKey(ledgerapi.AddressOne, ledgerapi.StructTag{Address: ledgerapi.AddressOne,
		Module: "nonce_validation", Name: "NonceHistory"}))
	if err != nil {
		t.Fatal(err)
	}
	handle := vmstub.TableHandle(ledgerapi.AddressOne, "nonce_validation::NonceHistory")
	if want := append(handle[:], vmstub.U64Value(3)...); !bytes.Equal(res, want) {
		t.Fatalf("NonceHistory %x, want %x", res, want)
	}
	for k := range uint64(4) {
		v, err := c.StateValue(storage.TableItemKey(handle, vmstub.U64Value(k)))
		if err != nil && !errors.Is(err, storage.ErrNotFound) {
			t.Fatal(err)
		}
		if (v != nil) != (k < 3) {
			t.Fatalf("bucket %d: %x", k, v)
		}
	}
	out = c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(ledgerapi.AddressOne, "nonce_validation", "initialize_nonce_table", nil))))
	if s := out.Info.Status; s.Kind != onchain.KindMoveAbort || s.AbortCode != 0x50003 {
		t.Fatalf("status %s, want system_addresses' ENOT_APTOS_FRAMEWORK_ADDRESS", s.String())
	}
}

// TestNonceHistoryGarbageCollection: inserting into a bucket removes at
// most 5 entries that expired more than 100 s ago, from the front of the
// by-expiration map (same expiration and sender: the smallest nonces).
func TestNonceHistoryGarbageCollection(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a, b := c.vm.DevAccounts()[0], c.vm.DevAccounts()[1]
	bucketOf := func(n uint64) uint64 {
		return aptosstdlib.SipHash24(0, 0, append(vmstub.AddressValue(a.Address), vmstub.U64Value(n)...)) % 50000
	}
	// Seven nonces of a's that share a bucket.
	var nonces []uint64
	for n := uint64(1); len(nonces) < 7; n++ {
		if bucketOf(n) == bucketOf(1) {
			nonces = append(nonces, n)
		}
	}
	run := func(n, exp uint64) {
		t.Helper()
		p := vmstub.TransferPayload(b.Address, 1)
		p.Variant, p.ReplayProtectionNonce = txn.PayloadV1, &n
		r := c.raw(a, p)
		r.ExpirationTimestampSecs = exp
		if out := c.mustExec(a.Sign(r)); !out.Info.Success() {
			t.Fatal(out.Info.Status.String())
		}
	}
	exp := c.nowUs/1_000_000 + 60
	for _, n := range nonces[:6] {
		run(n, exp)
	}
	c.nowUs = (exp + 100) * 1_000_000 // the next block is at exp+101
	run(nonces[6], exp+150)
	item := nonceBucketItem(t, c, a.Address, nonces[0])
	for i, n := range nonces {
		e := exp
		if i == 6 {
			e = exp + 150
		}
		entry := append(append(vmstub.U64Value(e), a.Address[:]...), vmstub.U64Value(n)...)
		if kept := bytes.Contains(item, entry); kept != (i >= 5) {
			t.Errorf("nonce %d (#%d): kept %v", n, i, kept)
		}
	}
}
