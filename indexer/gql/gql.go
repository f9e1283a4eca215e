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

// Selector is a Source that can fetch only the rows a selection needs
// (a database): the executor hands it the where, the order_by and the
// rows needed of a root selection, a by_pk lookup and the keys of a
// relationship, instead of reading whole tables with Rows. It then
// evaluates the query over the rows returned exactly as over Rows', so
// answers are the same.
type Selector interface {
	Source
	// Select returns the rows of q.Table that may pass q.Where: all of
	// them, maybe more (exact false: the executor applies q.Where
	// again), in q.OrderBy's order then primary-key order. When exact,
	// and q.Limit >= 0, it may return only the first q.Limit of them.
	Select(ctx context.Context, q Query) (rows []Row, exact bool, err error)
}

// Query is what Selector.Select fetches.
type Query struct {
	Table string
	// Where is a TABLE_bool_exp the executor validated, as plain JSON
	// values (map[string]any, []any, string, bool, json.Number, nil);
	// nil selects every row.
	Where any
	// OrderBy is the order_by when all its keys are the table's own
	// columns (else nil, and Limit is -1).
	OrderBy []OrderColumn
	// Limit is the number of rows the answer needs from the start of
	// the ordered matches (offset+limit), -1 for all.
	Limit int
}

// OrderColumn is one key of an order_by.
type OrderColumn struct {
	Column     string
	Desc       bool
	NullsFirst bool
}

// Counter is a Selector that also counts: an aggregate that asks only
// for count (no columns, distinct, limit, offset, distinct_on or
// order_by) is answered with Count instead of fetching the rows.
type Counter interface {
	Selector
	// Count returns the number of rows of q.Table passing q.Where (the
	// other fields of q are unset); exact false means it could not
	// count them exactly, and the executor fetches the rows instead.
	Count(ctx context.Context, q Query) (n int, exact bool, err error)
}

// Snapshotter is a Source whose reads can share one snapshot of its data
// (a database transaction): the executor calls Snapshot once per request,
// reads through the Source it returns (which implements what the
// Snapshotter does: Selector, Counter) and calls done when the request
// is answered.
type Snapshotter interface {
	Source
	Snapshot(ctx context.Context) (src Source, done func(), err error)
}
