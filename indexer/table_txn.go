package indexer

import "github.com/ledgernode/ledgernode/indexer/gql"

// txnRows is what a versioned table knows of its keys. A versioned table
// is one whose primary key holds the version of the transaction being
// indexed (events, activities, account_transactions, ...): a row put
// later has another key than every row of earlier transactions, so the
// table keeps no index of all its keys, only of the rows of the current
// transaction, to replace a row put twice by it. That saves an index
// entry per row for most of the rows indexed.
type txnRows struct {
	col    int              // the primary-key column of the version; -1: not versioned
	ver    string           // the version of the current transaction's rows
	start  int              // their first position in all
	hashes []uint64         // their key hashes, in order
	index  map[uint64]int32 // hash → position, once they are many
}

// versionedBy makes t a versioned table whose primary-key column col is
// the version of the transaction a row is put for.
func (t *table) versionedBy(col string) {
	for j, c := range t.def.PrimaryKey {
		if c == col {
			t.txn.col = j
			return
		}
	}
	panic("indexer: " + t.def.Name + " has no key column " + col)
}

// storeVersioned stores row g of a versioned table whose key values are
// keys and key hash h.
func (t *table) storeVersioned(g gql.Row, keys []any, h uint64) {
	if v := valueString(plain(keys[t.txn.col])); v != t.txn.ver {
		t.txn.ver, t.txn.start, t.txn.hashes, t.txn.index = v, t.all.len(), t.txn.hashes[:0], nil
	}
	if i, ok := t.findInTxn(h, keys); ok {
		t.replace(i, g)
		return
	}
	t.txn.hashes = append(t.txn.hashes, h)
	switch {
	case t.txn.index != nil:
		if _, ok := t.txn.index[h]; !ok {
			t.txn.index[h] = int32(t.all.len())
		}
	case len(t.txn.hashes) > setScan:
		t.txn.index = make(map[uint64]int32, 2*len(t.txn.hashes))
		for j := len(t.txn.hashes) - 1; j >= 0; j-- {
			t.txn.index[t.txn.hashes[j]] = int32(t.txn.start + j)
		}
	}
	t.appendRow(g)
}

// findInTxn returns the position of the current transaction's row with
// key hash h and key values keys.
func (t *table) findInTxn(h uint64, keys []any) (int, bool) {
	if t.txn.index != nil {
		i, ok := t.txn.index[h]
		if !ok {
			return 0, false
		}
		if t.sameKey(t.all.at(int(i)), keys) {
			return int(i), true
		}
		// Another key has the hash: look through them all.
	}
	for j, x := range t.txn.hashes {
		if x == h && t.sameKey(t.all.at(t.txn.start+j), keys) {
			return t.txn.start + j, true
		}
	}
	return 0, false
}

// findVersioned is find in a versioned table: through the current
// transaction's rows, else every row (the derivation looks up no row of
// an earlier transaction in these tables).
func (t *table) findVersioned(keys []any) (int, bool) {
	if valueString(plain(keys[t.txn.col])) == t.txn.ver {
		return t.findInTxn(t.hash(keys), keys)
	}
	for i := range t.all.len() {
		if t.sameKey(t.all.at(i), keys) {
			return i, true
		}
	}
	return 0, false
}
