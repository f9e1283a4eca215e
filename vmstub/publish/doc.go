// Package publish checks a Move package publication as Aptos does for
// 0x1::code::publish_package_txn(metadata_serialized, code), without
// touching storage: Check takes the sender, the two arguments and a
// Resolver reading the state before the transaction, and returns the
// modules and the 0x1::code::PackageRegistry to write, or an *Error with
// the VM status (or the Move abort) Aptos reports.
//
// # The checks, in Aptos's order
//
// The Move code of the framework (0x1::code::publish_package), whose
// failures are aborts (Error.Abort; Status ABORTED):
//  1. metadata_serialized deserializes as PackageMetadata (else abort
//     0x10001 in 0x1::util);
//  2. the policy is not arbitrary (EINCOMPATIBLE_POLICY_DISABLED 0x10008);
//  3. each declared dependency has a registry at its address
//     (EPACKAGE_DEP_MISSING 0x60005); at 0x1..0xa any module may then be
//     used, elsewhere the named package must exist (0x60005) with a policy
//     at least as strong (EDEP_WEAKER_POLICY 0x10006) and, if arbitrary, at
//     the sender's address (EDEP_ARBITRARY_NOT_SAME_ADDRESS 0x10007);
//  4. for each package already at the address, in order: the one with the
//     same name is upgraded, so it must not be immutable
//     (EUPGRADE_IMMUTABLE 0x10002), the policy must not weaken
//     (EUPGRADE_WEAKER_POLICY 0x10003) and every module stays (EMODULE_MISSING
//     0x4); the others must not hold a module of the same name
//     (EMODULE_NAME_CLASH 0x80001); the upgrade number becomes the old one
//     plus one (0 for a new package) and the registry entry is replaced or
//     appended.
//
// Then the VM, on the publish request:
//  5. every binary deserializes as a module (CODE_DESERIALIZATION_ERROR;
//     Error.Err is the *bytecode.Error with the finer status and place);
//  6. every dependency and friend outside the bundle and the special
//     addresses 0x0..0xf exists (LINKER_ERROR);
//  7. no native function outside the special addresses, no entry native
//     (USER_DEFINED_NATIVE_NOT_ALLOWED); then per module, in bundle order:
//     its name is one the metadata lists and not published twice, its
//     dependencies are among the declared packages' modules and the
//     package's own, its metadata section is well formed (all
//     CONSTRAINT_NOT_SATISFIED: "metadata and code bundle mismatch: ...");
//     and every listed module is there;
//  8. per module in bundle order: its address is the sender
//     (MODULE_ADDRESS_DOES_NOT_MATCH_SENDER); an existing module of that
//     name is replaced compatibly (BACKWARD_INCOMPATIBLE_MODULE_UPDATE,
//     rules in compat.go); no name twice (DUPLICATE_MODULE_NAME, which
//     step 7 already catches);
//  9. per module in module id order: the bytecode verifier
//     (vmstub/verifier, with Config.Verifier's limits) accepts it, else its
//     status (friends at the module's address and not itself, no duplicate
//     definitions, type, locals and reference safety, ...);
//     dependencies verified first, refusing cycles
//     (CYCLIC_MODULE_DEPENDENCY); imports linked against the immediate
//     dependencies (bundle first, then the Resolver): each module exists
//     (LINKER_ERROR), each struct and each function visible to the importer
//     exists (LOOKUP_FAILED) with the abilities, type parameter constraints,
//     parameters and returns declared (TYPE_MISMATCH) and the persistent
//     attribute when expected (LINKER_ERROR); friends exist (LINKER_ERROR);
//  10. each new module's init_module, if any, is private, not generic, takes
//     one signer or &signer and returns nothing (INVALID_INIT_MODULE);
//  11. no write (modules and registry, value plus state key) exceeds 1 MiB
//     and all of them 10 MiB (STORAGE_WRITE_LIMIT_REACHED).
//
// The statuses are those of Aptos's sources: a function missing from a
// dependency is LOOKUP_FAILED and a signature mismatch TYPE_MISMATCH (the
// linker's verifier statuses), a missing module LINKER_ERROR.
//
// # Not checked
//
//   - Limits on dependency depth.
//   - The module complexity budget (PROGRAM_TOO_COMPLEX) and the metadata
//     complexity check.
//   - The cross-module resource group and event validations (only the
//     attributes' own shape is checked) and the mainnet-only refusal of
//     unstable bytecode.
//   - Gas, the transaction size limit (64 KiB, checked before execution)
//     and the other writes of the transaction in the 10 MiB total
//     (Result.WriteBytes gives this publication's share).
//   - init_module is not run: Result.InitModules lists the modules Aptos
//     would run it for.
//   - Permissioned signers (ENO_CODE_PERMISSION) and the object-code
//     deployment path are the caller's.
//
// # Configurations
//
// The zero Config is the current framework and VM with the eager loader.
// Aptos's default features enable lazy loading, under which cycles are not
// looked for; Config.LazyLoading follows it. Config.AllowArbitrary follows
// framework releases that still accepted the arbitrary policy, and
// Config.CheckFriendLinking the VM without TREAT_FRIEND_AS_PRIVATE.
// Binaries with bytes after their last item are accepted, as Aptos's reader
// never looks there, unless Config.RejectTrailingBytes.
package publish
