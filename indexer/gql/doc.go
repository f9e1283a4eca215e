// Package gql serves a Hasura-compatible GraphQL API over tables of rows:
// the query language Aptos's indexer clients send (the official SDKs'
// queryIndexer), parsed and validated with github.com/vektah/gqlparser/v2
// against a schema generated from a Schema, and executed here over the
// rows a Source gives.
package gql
