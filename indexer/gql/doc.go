// Package gql serves a Hasura-compatible GraphQL API over tables of rows:
// the query language Aptos's indexer clients send (the official SDKs'
// queryIndexer), parsed and validated with github.com/vektah/gqlparser/v2
// against a schema generated from a Schema, and executed here over the
// rows a Source gives.
//
// The generated schema names everything as Hasura does: query_root has,
// per table, NAME(distinct_on, limit, offset, order_by, where),
// NAME_aggregate (when Table.Aggregate) and NAME_by_pk (when the table
// has a primary key); the inputs are NAME_bool_exp, NAME_order_by,
// NAME_select_column, TYPE_comparison_exp and the order_by enum. SDL
// returns the document.
//
// What the executor answers:
//   - where: keys ANDed, _and/_or/_not, _eq _neq _gt _gte _lt _lte _in
//     _nin _is_null, _like _ilike _nlike _nilike on strings, and
//     relationship keys (a row passes when a related row does);
//     bigint and numeric compare as numbers of any size;
//   - order_by as an object or a list, through object relationships,
//     with the nulls variants (PostgreSQL's defaults: nulls last
//     ascending, first descending); ties and no order_by keep the
//     Source's order (primary-key order);
//   - distinct_on (order_by must begin with its columns), offset, limit
//     (capped by Table.RowCap for rows and array relationships);
//   - aggregate { count(columns, distinct) sum avg max min } and nodes;
//   - fragments, aliases, variables, @skip/@include, __typename and
//     introspection (__schema, __type).
//
// A Source that also implements Selector (a database: package
// indexer/pgindex) is asked only for the rows a query needs: a root
// selection's where, plain-column order_by and offset+limit, by_pk's key,
// and the keys of the relationships written, fetched in batches; the
// executor evaluates the query over them as over Rows', so the answers
// are the same (selector.go). A Counter counts an aggregate that asks only
// for count; a Snapshotter gives each request one snapshot to read.
//
// Like Hasura, it always answers HTTP 200 with {"data":…} or
// {"errors":[{"message","extensions":{"path","code"}}]}, worded as
// Hasura words them (for example "field 'x' not found in type:
// 'query_root'"). It is as lenient as Hasura with variables: their
// declared types are not matched against where they are used (a
// String! variable may filter a bigint column), and variables sent but
// not declared are ignored. Options bound the body, the query's nesting
// and tokens, the rows examined and answered, and the time per request.
package gql
