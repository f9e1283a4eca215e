// Package redteam holds regression tests for issue 23: hostile Move code
// published and run by an ordinary funded account must not break the node.
//
// Each test starts a complete in-process node (executor, store, mempool,
// block production and the REST API on a loopback listener) and acts only
// over HTTP, as an attacker with a funded dev account would: it publishes
// packages assembled with the project's bytecode builder, submits
// BCS-signed transactions and scripts, and runs views and simulations.
// After every attack it checks the safe outcome rather than one exact
// status: the attacker gained nothing (its balance is at most its start
// less its fees, every victim's balance is unchanged, the APT supply is
// the genesis supply less the fees burnt and equals the sum of every
// balance), the node still answers GET /v1, no response was a 5xx, every
// accepted transaction was committed exactly once and charged (or refused
// at submission with a 4xx), and the heap stayed within a bound.
//
// The package has no non-test code.
package redteam
