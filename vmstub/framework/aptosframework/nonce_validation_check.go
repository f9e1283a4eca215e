package aptosframework

// 0x1::nonce_validation's check_and_insert_nonce, and the calls into
// table and big_ordered_map its Funcs make.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// nonceCalls calls table's and big_ordered_map's functions from a Func of
// nonce_validation, with the module's runtime types.
type nonceCalls struct {
	c                           *native.Context
	bucket, key, keyExp, tableT *movevm.Type
}

func newNonceCalls(c *native.Context) (*nonceCalls, error) {
	nv := &nonceCalls{c: c}
	st := func(name string) (*movevm.Type, error) {
		return c.TypeOf(ledgerapi.StructType(tag1("nonce_validation", name)))
	}
	var err error
	if nv.bucket, err = st("Bucket"); err != nil {
		return nil, err
	}
	if nv.key, err = st("NonceKey"); err != nil {
		return nil, err
	}
	if nv.keyExp, err = st("NonceKeyWithExpTime"); err != nil {
		return nil, err
	}
	nv.tableT, err = c.TypeOf(ledgerapi.StructType(ledgerapi.StructTag{Address: addr, Module: "table", Name: "Table",
		TypeArgs: []ledgerapi.TypeTag{ledgerapi.TypeU64, ledgerapi.StructType(tag1("nonce_validation", "Bucket"))}}))
	return nv, err
}

// call runs 0x1::module::fn.
func (nv *nonceCalls) call(module, fn string, targs []*movevm.Type, args ...movevm.Value) ([]movevm.Value, error) {
	return nv.c.Call(ledgerapi.EntryFunctionId{Module: module1(module), Name: fn}, targs, args)
}

func (nv *nonceCalls) tableArgs() []*movevm.Type { return []*movevm.Type{movevm.TypeU64, nv.bucket} }
func (nv *nonceCalls) expArgs() []*movevm.Type   { return []*movevm.Type{nv.keyExp, movevm.TypeBool} }
func (nv *nonceCalls) keyArgs() []*movevm.Type   { return []*movevm.Type{nv.key, movevm.TypeU64} }

// ref is a reference (mutable when mut) to v, of type t, held for the call.
func (nv *nonceCalls) ref(t *movevm.Type, v movevm.Value, mut bool) (movevm.Value, error) {
	return nv.c.Ref(movevm.NewCell(t, v), mut)
}

// table is a &mut reference to the NonceHistory's table (a table is its
// handle: table's natives find its items by it).
func (nv *nonceCalls) table(handle ledgerapi.Address) (movevm.Value, error) {
	return nv.ref(nv.tableT, movevm.NewStruct(nv.tableT, []movevm.Value{movevm.Address(handle)}), true)
}

// emptyBucket is a Bucket of two maps made with new_with_reusable, each
// with nonceBucketSpareSlots spare slots when preAllocate.
func (nv *nonceCalls) emptyBucket(preAllocate bool) (movevm.Value, error) {
	a, err := nv.call("big_ordered_map", "new_with_reusable", nv.expArgs())
	if err != nil {
		return movevm.Value{}, err
	}
	b, err := nv.call("big_ordered_map", "new_with_reusable", nv.keyArgs())
	if err != nil {
		return movevm.Value{}, err
	}
	bucket := movevm.NewStruct(nv.bucket, []movevm.Value{a[0], b[0]})
	if !preAllocate {
		return bucket, nil
	}
	br, err := nv.ref(nv.bucket, bucket, true)
	if err != nil {
		return movevm.Value{}, err
	}
	for i, targs := range [][]*movevm.Type{nv.expArgs(), nv.keyArgs()} {
		m, err := nv.c.InnerRef(br, true, i)
		if err != nil {
			return movevm.Value{}, err
		}
		if _, err := nv.call("big_ordered_map", "allocate_spare_slots", targs, m, movevm.U64(nonceBucketSpareSlots)); err != nil {
			return movevm.Value{}, err
		}
	}
	v, _ := br.Deref()
	return v, nil
}

func (nv *nonceCalls) nonceKey(sender ledgerapi.Address, nonce uint64) movevm.Value {
	return movevm.NewStruct(nv.key, []movevm.Value{movevm.Address(sender), movevm.U64(nonce)})
}

func (nv *nonceCalls) nonceKeyExp(exp uint64, sender ledgerapi.Address, nonce uint64) movevm.Value {
	return movevm.NewStruct(nv.keyExp, []movevm.Value{movevm.U64(exp), movevm.Address(sender), movevm.U64(nonce)})
}

// removeBoth removes (sender, nonce, exp) from both maps of the bucket.
func (nv *nonceCalls) removeBoth(byExp, byKey movevm.Value, sender ledgerapi.Address, nonce, exp uint64) error {
	k, err := nv.ref(nv.key, nv.nonceKey(sender, nonce), false)
	if err != nil {
		return err
	}
	if _, err := nv.call("big_ordered_map", "remove", nv.keyArgs(), byKey, k); err != nil {
		return err
	}
	ke, err := nv.ref(nv.keyExp, nv.nonceKeyExp(exp, sender, nonce), false)
	if err != nil {
		return err
	}
	_, err = nv.call("big_ordered_map", "remove", nv.expArgs(), byExp, ke)
	return err
}

// checkAndInsertNonce is check_and_insert_nonce(sender, nonce,
// txn_expiration_time): bool, as on Aptos. It aborts with
// invalid_argument(ETRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE) when the
// expiration is more than NONCE_REPLAY_PROTECTION_OVERLAP_INTERVAL_SECONDS
// after now; it returns false when the bucket holds the pair unexpired, or
// expired less than the overlap before the new expiration; otherwise it
// drops the expired pair, garbage-collects up to
// MAX_ENTRIES_GARBAGE_COLLECTED_PER_CALL entries that expired more than
// the overlap ago from the front of the by-expiration map, inserts the
// pair in both maps and returns true.
func checkAndInsertNonce(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	sender, nonce, exp := args[0].AsAddress(), args[1].AsU64(), args[2].AsU64()
	n, err := readNonceHistory(c)
	if err != nil {
		return nil, err
	}
	usec, err := c.Host().NowMicros()
	if err != nil {
		return nil, err
	}
	now := usec / 1_000_000
	if exp > now+NonceOverlapSeconds {
		return nil, c.Abort(native.Code(native.InvalidArgument, ETransactionExpirationTooFarInFuture))
	}
	nv, err := newNonceCalls(c)
	if err != nil {
		return nil, err
	}
	kr, err := nv.ref(nv.key, nv.nonceKey(sender, nonce), false)
	if err != nil {
		return nil, err
	}
	h, err := nv.call("aptos_hash", "sip_hash_from_value", []*movevm.Type{nv.key}, kr)
	if err != nil {
		return nil, err
	}
	idx := movevm.U64(h[0].AsU64() % NonceNumBuckets)
	table, err := nv.table(n.table)
	if err != nil {
		return nil, err
	}
	has, err := nv.call("table", "contains", nv.tableArgs(), table, idx)
	if err != nil {
		return nil, err
	}
	if !has[0].AsBool() {
		b, err := nv.emptyBucket(false)
		if err != nil {
			return nil, err
		}
		if _, err := nv.call("table", "add", nv.tableArgs(), table, idx, b); err != nil {
			return nil, err
		}
	}
	br, err := nv.call("table", "borrow_mut", nv.tableArgs(), table, idx)
	if err != nil {
		return nil, err
	}
	byExp, err := c.InnerRef(br[0], true, 0)
	if err != nil {
		return nil, err
	}
	byKey, err := c.InnerRef(br[0], true, 1)
	if err != nil {
		return nil, err
	}
	got, err := nv.call("big_ordered_map", "get", nv.keyArgs(), byKey, kr)
	if err != nil {
		return nil, err
	}
	if vec := got[0].Elem(0); vec.Len() == 1 { // Some(existing expiration)
		old := vec.Elem(0).AsU64()
		if old >= now || exp <= old+NonceOverlapSeconds {
			return []movevm.Value{movevm.Bool(false)}, nil
		}
		if err := nv.removeBoth(byExp, byKey, sender, nonce, old); err != nil {
			return nil, err
		}
	}
	if err := nv.collect(byExp, byKey, now); err != nil {
		return nil, err
	}
	if _, err := nv.call("big_ordered_map", "add", nv.expArgs(), byExp, nv.nonceKeyExp(exp, sender, nonce), movevm.Bool(true)); err != nil {
		return nil, err
	}
	if _, err := nv.call("big_ordered_map", "add", nv.keyArgs(), byKey, nv.nonceKey(sender, nonce), movevm.U64(exp)); err != nil {
		return nil, err
	}
	return []movevm.Value{movevm.Bool(true)}, nil
}

// collect garbage-collects up to MAX_ENTRIES_GARBAGE_COLLECTED_PER_CALL
// entries from the front of the by-expiration map while the front expired
// more than the overlap before now.
func (nv *nonceCalls) collect(byExp, byKey movevm.Value, now uint64) error {
	for range nonceMaxGCPerCall {
		empty, err := nv.call("big_ordered_map", "is_empty", nv.expArgs(), byExp)
		if err != nil {
			return err
		}
		if empty[0].AsBool() {
			return nil
		}
		front, err := nv.call("big_ordered_map", "borrow_front", nv.expArgs(), byExp)
		if err != nil {
			return err
		}
		k := front[0]
		if k.Elem(0).AsU64()+NonceOverlapSeconds >= now {
			return nil
		}
		if _, err := nv.call("big_ordered_map", "pop_front", nv.expArgs(), byExp); err != nil {
			return err
		}
		kr, err := nv.ref(nv.key, nv.nonceKey(k.Elem(1).AsAddress(), k.Elem(2).AsU64()), false)
		if err != nil {
			return err
		}
		if _, err := nv.call("big_ordered_map", "remove", nv.keyArgs(), byKey, kr); err != nil {
			return err
		}
	}
	return nil
}
