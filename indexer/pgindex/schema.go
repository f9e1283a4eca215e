package pgindex

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/ledgernode/ledgernode/indexer/gql"
)

// Schema is the PostgreSQL schema (namespace) holding the index tables,
// apart from pgstore's ledger tables (both have an events table).
const Schema = "indexer"

// sqlType is the column type of a gql scalar type. Every number is
// numeric (bigint columns hold uint64 values); strings and timestamps are
// text in the "C" collation, which orders by bytes as the in-memory
// engine does; jsonb is text holding the JSON as the indexer wrote it, so
// answers are byte for byte the in-memory ones.
func sqlType(t string) string {
	switch t {
	case gql.TypeBoolean:
		return "boolean"
	case gql.TypeInt, gql.TypeBigint, gql.TypeNumeric:
		return "numeric"
	case gql.TypeJSONB:
		return "text"
	}
	return `text COLLATE "C"`
}

// indexedColumns are the columns the SDKs filter on besides primary keys:
// each gets a btree index in every table that has it (and is not its
// primary key's first column).
var indexedColumns = []string{
	"owner_address", "asset_type", "account_address", "transaction_version", "token_data_id",
	"collection_id", "creator_address", "sender", "event_account_address", "from_address",
	"to_address", "auth_key", "table_handle", "type", "indexed_type", "storage_id", "signer",
	"last_transaction_version", "object_address", "handle", "public_key", "collection_name",
	"delegator_address", "pool_address", "registered_address",
}

// quote quotes an identifier.
func quote(name string) string { return pgx.Identifier{name}.Sanitize() }

// qualified is a table's name in Schema.
func qualified(table string) string { return pgx.Identifier{Schema, table}.Sanitize() }

// ddl returns the statements creating the index tables of s.
func ddl(s *gql.Schema) []string {
	out := []string{"CREATE SCHEMA " + quote(Schema)}
	for i := range s.Tables {
		t := &s.Tables[i]
		var b strings.Builder
		fmt.Fprintf(&b, "CREATE TABLE %s (", qualified(t.Name))
		for j, c := range t.Columns {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s %s", quote(c.Name), sqlType(c.Type))
		}
		if len(t.PrimaryKey) > 0 {
			fmt.Fprintf(&b, ", PRIMARY KEY (%s)", columnList(t.PrimaryKey))
		} else {
			fmt.Fprintf(&b, ", %s bigint NOT NULL", quote(positionColumn))
		}
		b.WriteString(")")
		out = append(out, b.String())
		for _, c := range indexedColumns {
			if !hasColumn(t, c) || len(t.PrimaryKey) > 0 && t.PrimaryKey[0] == c {
				continue
			}
			out = append(out, fmt.Sprintf("CREATE INDEX %s ON %s (%s)",
				quote(t.Name+"_by_"+c), qualified(t.Name), quote(c)))
		}
	}
	out = append(out, "CREATE TABLE "+qualified(stateTable)+
		" (id boolean PRIMARY KEY DEFAULT true CHECK (id), fingerprint text NOT NULL, version numeric)")
	return out
}

// positionColumn orders the rows of a keyless table (the derived view)
// as the in-memory index lists them: answers without order_by, and ties,
// come in that order there.
const positionColumn = "_position"

// stateTable holds the schema's fingerprint and the version the index
// holds (NULL while nothing is indexed); processor_status reports it.
const stateTable = "_index_state"

func columnList(cols []string) string {
	q := make([]string, len(cols))
	for i, c := range cols {
		q[i] = quote(c)
	}
	return strings.Join(q, ", ")
}

func hasColumn(t *gql.Table, name string) bool {
	for _, c := range t.Columns {
		if c.Name == name {
			return true
		}
	}
	return false
}

// fingerprint identifies the DDL: a schema built by other DDL (an older
// build's) is dropped and built again.
func fingerprint(stmts []string) string {
	h := sha256.Sum256([]byte(strings.Join(stmts, ";\n")))
	return hex.EncodeToString(h[:16])
}

// lockKey is the advisory lock serialising schema creation and flushes.
const lockKey = 7420164

// ensureSchema creates the index schema, or recreates it when it was
// built by other DDL; it reports whether it did (the index is then
// empty). tx must hold the advisory lock.
func ensureSchema(ctx context.Context, tx pgx.Tx, s *gql.Schema) (created bool, err error) {
	stmts := ddl(s)
	want := fingerprint(stmts)
	var exists bool
	if err := tx.QueryRow(ctx, "SELECT to_regclass($1) IS NOT NULL", qualified(stateTable)).Scan(&exists); err != nil {
		return false, err
	}
	if exists {
		var have string
		if err := tx.QueryRow(ctx, "SELECT fingerprint FROM "+qualified(stateTable)).Scan(&have); err != nil {
			return false, err
		}
		if have == want {
			return false, nil
		}
	}
	if _, err := tx.Exec(ctx, "DROP SCHEMA IF EXISTS "+quote(Schema)+" CASCADE"); err != nil {
		return false, err
	}
	for _, st := range stmts {
		if _, err := tx.Exec(ctx, st); err != nil {
			return false, fmt.Errorf("pgindex: %s: %w", st, err)
		}
	}
	_, err = tx.Exec(ctx, "INSERT INTO "+qualified(stateTable)+" (fingerprint) VALUES ($1)", want)
	return true, err
}
