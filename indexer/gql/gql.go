package gql

import (
	"context"
)

// Source gives the rows of the tables a Schema declares.
type Source interface {
	// Rows returns every row of table in primary-key order (the order a
	// query without order_by answers in). The slice and its rows are a
	// snapshot the caller must not modify. An unknown table is an error.
	// Rows of one table should share one Layout: the engine finds a
	// column's position once per layout it meets, not once per row.
	Rows(ctx context.Context, table string) ([]Row, error)
}

// Column types, as Hasura names the scalars of Aptos's indexer schema.
const (
	TypeString    = "String"
	TypeBoolean   = "Boolean"
	TypeInt       = "Int"
	TypeBigint    = "bigint"
	TypeNumeric   = "numeric"
	TypeTimestamp = "timestamp"
	TypeJSONB     = "jsonb"
)

// Schema lists the tables a Handler serves.
type Schema struct {
	Tables []Table
}

// Table is one root field family: NAME (rows), NAME_aggregate (when
// Aggregate) and NAME_by_pk (when PrimaryKey is set).
type Table struct {
	Name          string
	Columns       []Column
	PrimaryKey    []string
	Relationships []Relationship
	Aggregate     bool
	// RowCap bounds the rows one query returns from this table (Hasura's
	// anonymous role: 100); 0 means no cap.
	RowCap int
}

// Column is a column and its scalar type (one of the Type constants).
type Column struct {
	Name string
	Type string
}

// Relationship joins a row to rows of Table whose columns equal this
// row's: On maps this table's column to the target's. An object
// relationship (Array false) gives the first matching row or null; an
// array relationship gives every match.
type Relationship struct {
	Name  string
	Table string
	On    map[string]string
	Array bool
}
