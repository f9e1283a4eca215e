// Package modules reads Move modules as a ledger stores them: one source of
// truth for a module's shape, its bytecode. From a module's bytes it
// derives the ABI (the REST API's MoveModule, through ledgerapi/bytecode),
// the layouts of its structs (to render resources, events, table items and
// view results as JSON with ledgerapi/movevalue) and the signatures of its
// functions (to check and convert the arguments of entry and view calls).
//
// Modules change over the life of a ledger (published, upgraded), so every
// lookup names the state it reads: a Set is the modules stored at one state
// (one ledger version, or a block being executed), read through a Source
// that fetches a module's bytes. A module published at version V is
// unknown to a Set over version V-1.
//
// Decoding is done once per distinct bytes: a Cache keeps decoded modules
// keyed by the bytes themselves (a hash, confirmed by comparing the bytes),
// which is what makes a decoded module immutable, whatever version or key
// it was read at. Pinned modules (an executor's own framework) stay; the
// others live in a bounded LRU.
//
// Struct layouts: a struct with fields renders through its fields' types;
// native structs, enums and fields of types without a type tag (function
// types, signed integers) have no layout, so values of those types render
// as hex (movevalue.ErrUnknownStruct). Function signatures: the leading
// signer and &signer parameters receive the transaction's signers; the
// others are the call's arguments.
package modules
