package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/storage"
)

// ledgerState is what checkModules reads of a store.
type ledgerState interface {
	storage.LedgerReader
	StateValue(ctx context.Context, key storage.StateKey, version uint64) ([]byte, error)
}

// checkModules refuses a persisted ledger whose framework modules are not
// Move bytecode: earlier builds stored placeholders there, and every
// framework function is resolved from the stored module, so such a ledger
// can no longer run a transfer. A new (empty) ledger passes.
func checkModules(ctx context.Context, s ledgerState, dir string) error {
	info, err := s.LedgerInfo(ctx)
	if errors.Is(err, storage.ErrEmpty) {
		return nil
	}
	if err != nil {
		return err
	}
	code, err := s.StateValue(ctx, storage.ModuleKey(ledgerapi.AddressOne, "coin"), info.Version)
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return err
	}
	if _, derr := bytecode.DeserializeModule(code); err != nil || derr != nil {
		return fmt.Errorf("-data-dir %s holds a ledger written by an earlier build (0x1::coin is not Move bytecode there): remove the directory to start a new ledger", dir)
	}
	return nil
}
