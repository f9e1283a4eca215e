package pgstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// migrations are the schema versions, in order: migrations[i] takes a
// database from version i to version i+1. Released entries never change;
// a change of schema appends one. See the package documentation for the
// tables.
var migrations = []string{
	// 1: the ledger.
	`CREATE TABLE ledger_info (
		id                  boolean PRIMARY KEY DEFAULT true CHECK (id),
		committed           boolean NOT NULL DEFAULT false,
		chain_id            smallint NOT NULL,
		epoch               bigint NOT NULL DEFAULT 0,
		version             bigint NOT NULL DEFAULT 0,
		oldest_version      bigint NOT NULL DEFAULT 0,
		timestamp_usec      bigint NOT NULL DEFAULT 0,
		block_height        bigint NOT NULL DEFAULT 0,
		oldest_block_height bigint NOT NULL DEFAULT 0
	);
	CREATE TABLE transactions (
		version         bigint PRIMARY KEY,
		hash            bytea NOT NULL,
		sender          bytea,
		sequence_number bigint,
		record          bytea NOT NULL
	);
	CREATE UNIQUE INDEX transactions_by_hash ON transactions (hash);
	CREATE UNIQUE INDEX transactions_by_sender ON transactions (sender, sequence_number)
		WHERE sequence_number IS NOT NULL;
	CREATE TABLE senders (
		sender        bytea PRIMARY KEY,
		next_sequence bigint NOT NULL DEFAULT 0,
		pruned_below  bigint NOT NULL DEFAULT 0
	);
	CREATE TABLE blocks (
		height         bigint PRIMARY KEY,
		first_version  bigint NOT NULL UNIQUE,
		last_version   bigint NOT NULL,
		hash           bytea NOT NULL,
		timestamp_usec bigint NOT NULL,
		epoch          bigint NOT NULL,
		round          bigint NOT NULL
	);
	CREATE TABLE state_values (
		key     bytea NOT NULL,
		version bigint NOT NULL,
		kind    smallint NOT NULL,
		value   bytea,
		PRIMARY KEY (key, version)
	);
	CREATE TABLE events (
		account         bytea NOT NULL,
		creation_number bigint NOT NULL,
		sequence_number bigint NOT NULL,
		version         bigint NOT NULL,
		record          bytea NOT NULL,
		PRIMARY KEY (account, creation_number, sequence_number)
	);
	CREATE TABLE streams (
		account         bytea NOT NULL,
		creation_number bigint NOT NULL,
		next_sequence   bigint NOT NULL DEFAULT 0,
		pruned_below    bigint NOT NULL DEFAULT 0,
		PRIMARY KEY (account, creation_number)
	);`,
}

// SchemaVersion is the schema version this build writes and reads.
var SchemaVersion = len(migrations)

// migrate brings the database to SchemaVersion, creating it when empty. It
// runs in one transaction under an advisory lock, so processes opening the
// same database at once migrate it once; a database of a later schema
// version is refused.
func migrate(ctx context.Context, conn *pgx.Conn, chainID uint8) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(7420163)`); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
		id boolean PRIMARY KEY DEFAULT true CHECK (id),
		version integer NOT NULL)`); err != nil {
		return err
	}
	var have int
	err = tx.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&have)
	switch {
	case err == pgx.ErrNoRows:
		if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES (0)`); err != nil {
			return err
		}
	case err != nil:
		return err
	}
	if have > SchemaVersion {
		return fmt.Errorf("pgstore: the database has schema version %d, this build knows up to %d: use a newer build or another database", have, SchemaVersion)
	}
	for v := have; v < SchemaVersion; v++ {
		if _, err := tx.Exec(ctx, migrations[v]); err != nil {
			return fmt.Errorf("pgstore: migrating the schema to version %d: %w", v+1, err)
		}
		if v == 0 {
			if _, err := tx.Exec(ctx, `INSERT INTO ledger_info (chain_id) VALUES ($1)`, int16(chainID)); err != nil {
				return err
			}
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE schema_version SET version = $1`, SchemaVersion); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
