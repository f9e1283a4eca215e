package aptosframework

// 0x1::block, beyond the executor's block prologue: the CommitHistory ring
// of recent NewBlockEvents (initialize_commit_history), the governance's
// update_epoch_interval_microsecs (0x1's signer only, which no user
// transaction has), and emit_writeset_block_event, the VM's (this node has
// no write-set transactions: any signer aborts as system_addresses'
// assert_vm does).

import (
	"encoding/binary"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// Abort reasons of 0x1::block.
const (
	eNumNewBlockEventsMismatch = 1
	eInvalidProposer           = 2
	eZeroEpochInterval         = 3 // EZERO_MAX_CAPACITY is 3 too
)

var (
	commitHistoryTag        = tag1("block", "CommitHistory")
	updateEpochIntervalType = ledgerapi.StructType(tag1("block", "UpdateEpochInterval"))
)

// blockErrors are 0x1::block's abort reasons.
var blockErrors = []native.AbortReason{
	{Reason: eNumNewBlockEventsMismatch, Name: "ENUM_NEW_BLOCK_EVENTS_DOES_NOT_MATCH_BLOCK_HEIGHT",
		Description: "The number of new block events does not equal the current block height."},
	{Reason: eInvalidProposer, Name: "EINVALID_PROPOSER",
		Description: "An invalid proposer was provided. Expected the proposer to be the VM or an active validator."},
	{Reason: eZeroEpochInterval, Name: "EZERO_EPOCH_INTERVAL", Description: "Epoch interval cannot be 0."},
}

// initializeCommitHistory is initialize_commit_history(fx, max_capacity):
// an empty CommitHistory {max_capacity, next_idx: 0, table} at the
// signer's address (INVALID_ARGUMENT(EZERO_MAX_CAPACITY) for capacity 0,
// RESOURCE_ALREADY_EXISTS when one is there), as on Aptos, which does not
// restrict the signer.
func initializeCommitHistory(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	capacity := uint32(args[1].AsU64())
	if capacity == 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, eZeroEpochInterval))
	}
	a, h := signerAddress(args[0]), hostOf(c)
	if _, ok, err := h.Resource(a, commitHistoryTag); err != nil {
		return nil, err
	} else if ok {
		return nil, &movevm.Error{Status: onchain.RESOURCE_ALREADY_EXISTS, Message: "0x1::block::CommitHistory already exists"}
	}
	handle := aptosstdlib.NewTableHandle(c.Host().States(), c.Host().Txn().Hash)
	b := binary.LittleEndian.AppendUint32(nil, capacity)
	b = binary.LittleEndian.AppendUint32(b, 0)
	b = append(b, handle[:]...)
	return nil, h.SetResource(a, commitHistoryTag, binary.LittleEndian.AppendUint64(b, 0))
}

// updateEpochInterval is update_epoch_interval_microsecs(aptos_framework,
// new_epoch_interval): 0x1 only (system_addresses'
// PERMISSION_DENIED(ENOT_APTOS_FRAMEWORK_ADDRESS) otherwise), a positive
// interval (EZERO_EPOCH_INTERVAL), written to the BlockResource and
// announced with UpdateEpochInterval.
func updateEpochInterval(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	if signerAddress(args[0]) != addr {
		return nil, abortIn("system_addresses", native.PermissionDenied, eNotAptosFramework)
	}
	next := args[1].AsU64()
	if next == 0 {
		return nil, c.Abort(native.Code(native.InvalidArgument, eZeroEpochInterval))
	}
	h := hostOf(c)
	b, ok, err := h.Resource(addr, BlockResourceTag)
	if err != nil {
		return nil, err
	} else if !ok || len(b) < 16 {
		return nil, &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::block::BlockResource does not exist"}
	}
	b = append([]byte(nil), b...)
	old := binary.LittleEndian.Uint64(b[8:])
	binary.LittleEndian.PutUint64(b[8:], next)
	if err := h.SetResource(addr, BlockResourceTag, b); err != nil {
		return nil, err
	}
	c.Host().EmitBCS(updateEpochIntervalType, binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(nil, old), next))
	return nil, nil
}

// emitWritesetBlockEvent is emit_writeset_block_event(vm_signer,
// fake_block_hash): the VM's, for write-set transactions, which this node
// does not have; every call aborts as assert_vm does for a signer other
// than the VM (system_addresses' PERMISSION_DENIED(EVM)).
func emitWritesetBlockEvent(*native.Context, []*movevm.Type, []movevm.Value) ([]movevm.Value, error) {
	return nil, abortIn("system_addresses", native.PermissionDenied, eNotVM)
}
