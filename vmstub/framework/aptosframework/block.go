package aptosframework

// 0x1::block: the BlockResource at 0x1 (the block height, the epoch
// interval and the handles of NewBlockEvent and UpdateEpochIntervalEvent,
// written by the executor's genesis and block prologue) and the views
// get_current_block_height and get_epoch_interval_secs that read it; the
// other public functions are in block_admin.go.

import (
	"encoding/binary"

	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// BlockResourceTag is the type of 0x1::block::BlockResource.
var BlockResourceTag = tag1("block", "BlockResource")

// Block declares 0x1::block.
func Block() native.Module {
	handle := func(event string) string { return "0x1::event::EventHandle<0x1::block::" + event + ">" }
	return native.Module{Address: addr, Name: "block",
		Structs: []native.Struct{
			{Name: "BlockResource", Abilities: []string{native.AbilityKey}, Fields: []string{"height: u64", "epoch_interval: u64",
				"new_block_events: " + handle("NewBlockEvent"), "update_epoch_interval_events: " + handle("UpdateEpochIntervalEvent")}},
			{Name: "NewBlockEvent", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
				Fields: []string{"hash: address", "epoch: u64", "round: u64", "height: u64", "previous_block_votes_bitvec: vector<u8>",
					"proposer: address", "failed_proposer_indices: vector<u64>", "time_microseconds: u64"}},
			{Name: "UpdateEpochIntervalEvent", Abilities: []string{native.AbilityDrop, native.AbilityStore},
				Fields: []string{"old_epoch_interval: u64", "new_epoch_interval: u64"}},
			{Name: "CommitHistory", Abilities: []string{native.AbilityKey}, Fields: []string{"max_capacity: u32", "next_idx: u32",
				"table: 0x1::table_with_length::TableWithLength<u32, 0x1::block::NewBlockEvent>"}},
			{Name: "NewBlock", Abilities: []string{native.AbilityDrop, native.AbilityStore}, IsEvent: true,
				Fields: []string{"hash: address", "epoch: u64", "round: u64", "height: u64", "previous_block_votes_bitvec: vector<u8>",
					"proposer: address", "failed_proposer_indices: vector<u64>", "time_microseconds: u64"}},
			{Name: "UpdateEpochInterval", Abilities: []string{native.AbilityDrop, native.AbilityStore}, IsEvent: true,
				Fields: []string{"old_epoch_interval: u64", "new_epoch_interval: u64"}},
			{Name: "RandomnessPayload", Abilities: []string{native.AbilityDrop}, Fields: []string{"per_block_seed: 0x1::option::Option<vector<u8>>"}},
			{Name: "EncryptedMempoolPayload", Abilities: []string{native.AbilityDrop}, Fields: []string{"decryption_key: 0x1::option::Option<vector<u8>>"}},
		},
		Functions: []native.Function{
			{Name: "get_current_block_height", IsView: true, Return: []string{"u64"}, Impl: blockField(0, 1)},
			{Name: "get_epoch_interval_secs", IsView: true, Return: []string{"u64"}, Impl: blockField(1, 1_000_000)},
			{Name: "initialize_commit_history", Params: []string{"&signer", "u32"}, Impl: initializeCommitHistory},
			{Name: "update_epoch_interval_microsecs", Params: []string{"&signer", "u64"}, Impl: updateEpochInterval},
			{Name: "emit_writeset_block_event", Params: []string{"&signer", "address"}, Impl: emitWritesetBlockEvent},
		},
		Errors: blockErrors,
	}
}

// blockField returns the u64 field i (height 0, epoch_interval 1) of the
// BlockResource at 0x1 in units of unit (MISSING_DATA without it, as
// borrow_global fails).
func blockField(i int, unit uint64) native.Func {
	return func(c *native.Context, _ []*movevm.Type, _ []movevm.Value) ([]movevm.Value, error) {
		b, ok, err := c.Host().Resource(addr, BlockResourceTag)
		switch {
		case err != nil:
			return nil, err
		case !ok || len(b) < 16:
			return nil, &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::block::BlockResource does not exist"}
		}
		return []movevm.Value{movevm.U64(binary.LittleEndian.Uint64(b[8*i:]) / unit)}, nil
	}
}
