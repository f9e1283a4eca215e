package vmstub

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
)

// Genesis layout constants.
const (
	// epochIntervalUsec is BlockResource.epoch_interval (2 hours).
	epochIntervalUsec = 7_200_000_000
	// GUIDs of 0x1's Account: 0 and 1 are its own handles, 2 and 3 the
	// BlockResource handles.
	newBlockEventsGUID       = 2
	updateEpochIntervalGUID  = 3
	frameworkGUIDCreationNum = 4
)

// emptyView is the state before genesis.
type emptyView struct{}

func (emptyView) StateValue(storage.StateKey) ([]byte, error) { return nil, errNotInSession }

// Genesis returns the genesis transaction: the framework resources at 0x1
// and 0xa, the module placeholders, the OriginatingAddress and nonce tables'
// roots, the primary APT stores of the root and dev accounts, whatever host
// modules write in their Genesis hooks, and last chain_status's
// GenesisEndMarker. Registration is closed from here on. The chain time
// starts at 0, as on Aptos (the node commits the genesis block at timestamp
// 0), so timestampUsec is not used.
func (vm *VM) Genesis(timestampUsec uint64) (storage.Transaction, error) {
	vm.seal()
	s := newSession(vm, emptyView{})
	s.nowUsec, s.haveNow = 0, true
	if err := vm.writeFramework(s); err != nil {
		return storage.Transaction{}, fmt.Errorf("vmstub: genesis: %w", err)
	}
	supply := uint64(0)
	fund := func(a ledgerapi.Address, amount uint64) error {
		if supply+amount < supply {
			return fmt.Errorf("vmstub: genesis supply overflows u64")
		}
		supply += amount
		return aptosframework.GenesisPrimaryStore(s.framework(), a, aptMetadata, amount)
	}
	if err := fund(vm.root.Address, vm.opts.RootBalance); err != nil {
		return storage.Transaction{}, err
	}
	for _, d := range vm.devs {
		if err := fund(d.Address, vm.opts.DevBalance); err != nil {
			return storage.Transaction{}, err
		}
	}
	if err := aptosframework.GenesisAPTSupply(s.framework(), supply); err != nil {
		return storage.Transaction{}, err
	}
	for _, m := range vm.reg.order {
		if err := s.set(storage.ModuleKey(m.id.Address, m.id.Name), m.code, true); err != nil {
			return storage.Transaction{}, err
		}
	}
	if err := vm.writePackageRegistries(s); err != nil {
		return storage.Transaction{}, err
	}
	for _, m := range vm.reg.order {
		if m.def.Genesis != nil {
			if err := m.def.Genesis(&moveHost{s: s}); err != nil {
				return storage.Transaction{}, fmt.Errorf("vmstub: genesis of %s: %w", m.id, err)
			}
		}
	}
	// Genesis ends: chain_status::is_operating is true from here on.
	if err := s.SetResource(ledgerapi.AddressOne, genesisEndMarkerTag, BoolValue(false)); err != nil {
		return storage.Transaction{}, err
	}
	out := storage.Transaction{Events: s.events, Changes: s.changes()}
	var err error
	out.Payload, err = genesisPayload(out.Changes, out.Events)
	return out, err
}

// writeFramework writes the framework resources at 0x1 and 0xa: 0x1's
// account, the chain's id, time, block and nonce history, and APT.
func (vm *VM) writeFramework(s *Session) error {
	one := ledgerapi.AddressOne
	block := &blockResource{EpochInterval: epochIntervalUsec,
		NewBlockEvents:            EventHandle{CreationNum: newBlockEventsGUID, Addr: one},
		UpdateEpochIntervalEvents: EventHandle{CreationNum: updateEpochIntervalGUID, Addr: one}}
	s.EmitHandle(&block.NewBlockEvents, newBlockEventType, newBlockEvent(ledgerapi.HashValue{}, 0, 0, 0, 0))
	if err := aptosframework.GenesisFrameworkAccount(s.framework(), frameworkGUIDCreationNum); err != nil {
		return err
	}
	writes := []struct {
		addr  ledgerapi.Address
		tag   ledgerapi.StructTag
		value []byte
	}{
		{one, chainIDTag, []byte{vm.opts.ChainID}},
		{one, timestampTag, U64Value(0)},
		{one, blockResourceTag, encode(block)},
		{one, nonceHistoryTag, aptosframework.GenesisNonceHistory(nonceTable)},
	}
	for _, w := range writes {
		if err := s.SetResource(w.addr, w.tag, w.value); err != nil {
			return err
		}
	}
	return aptosframework.GenesisAPT(s.framework())
}

// genesisPayload is the body of the genesis transaction, as on Aptos
// (WriteSetPayload::Direct(ChangeSet{write_set, events})).
func genesisPayload(ws []storage.WriteOp, events []storage.Event) ([]byte, error) {
	cs := onchain.ChangeSet{WriteSet: ws, Events: events}
	return cs.AppendBCS(nil)
}

// newBlockEvent is the BCS of 0x1::block::NewBlockEvent (proposer 0x0, no
// votes, no failed proposers).
func newBlockEvent(id ledgerapi.HashValue, epoch, round, height, timeUsec uint64) []byte {
	e := bcs.NewEncoder(128)
	e.Fixed(id[:])
	e.U64(epoch)
	e.U64(round)
	e.U64(height)
	e.WriteBytes(nil)
	e.Fixed(ledgerapi.AddressZero[:])
	e.SeqLen(0)
	e.U64(timeUsec)
	return e.Bytes()
}

// BlockID returns the id recorded for block blk: sha3-256("ledgernode::block"
// ‖ height ‖ timestamp), both u64 little-endian.
func BlockID(blk storage.Block) ledgerapi.HashValue {
	return ledgerapi.HashValue(crypto.SHA3_256([]byte("ledgernode::block"), U64Value(blk.Height), U64Value(blk.TimestampUsec)))
}

// BlockPrologue returns the block-metadata transaction of blk: it sets the
// block height, the chain time and the block's randomness seed
// (randomnessSeed) and emits 0x1::block::NewBlockEvent on
// the BlockResource handle (whose counter equals the height). Its payload
// is the BCS of aptos-core's BlockMetadata {id (BlockID), epoch, round,
// proposer 0x0, previous_block_votes_bitvec [], failed_proposer_indices [],
// timestamp_usecs}.
func (vm *VM) BlockPrologue(state storage.View, blk storage.Block) (storage.Transaction, error) {
	vm.seal()
	s := newSession(vm, state)
	var block blockResource
	if ok, err := readResource(s, ledgerapi.AddressOne, blockResourceTag, &block); err != nil || !ok {
		return storage.Transaction{}, fmt.Errorf("vmstub: block prologue: BlockResource missing (%v)", err)
	}
	id := BlockID(blk)
	block.Height = blk.Height
	s.EmitHandle(&block.NewBlockEvents, newBlockEventType, newBlockEvent(id, blk.Epoch, blk.Round, blk.Height, blk.TimestampUsec))
	if err := s.putResource(ledgerapi.AddressOne, blockResourceTag, &block); err != nil {
		return storage.Transaction{}, err
	}
	if err := s.SetResource(ledgerapi.AddressOne, timestampTag, U64Value(blk.TimestampUsec)); err != nil {
		return storage.Transaction{}, err
	}
	if err := aptosframework.OnNewBlock(s.framework(), blk.Epoch, blk.Round, vm.randomnessSeed(id)); err != nil {
		return storage.Transaction{}, err
	}
	meta := onchain.BlockMetadata{ID: id, Epoch: blk.Epoch, Round: blk.Round, TimestampUsecs: blk.TimestampUsec}
	return storage.Transaction{Payload: meta.AppendBCS(nil), Events: s.events, Changes: s.changes()}, nil
}

// randomnessSeed is the seed written into 0x1::randomness::PerBlockRandomness
// for the block with id: the pinned seed (SetRandomnessSeed) when there is
// one, else sha3-256("ledgernode::randomness" ‖ id). A draw of
// 0x1::randomness hashes it with the transaction hash and a counter.
func (vm *VM) randomnessSeed(id ledgerapi.HashValue) []byte {
	if p := vm.randSeed.Load(); p != nil {
		return append([]byte(nil), p[:]...)
	}
	sum := crypto.SHA3_256([]byte("ledgernode::randomness"), id[:])
	return sum[:]
}

// SetRandomnessSeed pins the per-block randomness seed of the blocks
// executed from now on to seed (32 bytes), so that a transaction draws the
// same values whenever it runs; nil unpins it (each block's seed derives
// from its id again).
func (vm *VM) SetRandomnessSeed(seed []byte) error {
	if seed == nil {
		vm.randSeed.Store(nil)
		return nil
	}
	if len(seed) != 32 {
		return fmt.Errorf("vmstub: a randomness seed is 32 bytes, got %d", len(seed))
	}
	var p [32]byte
	copy(p[:], seed)
	vm.randSeed.Store(&p)
	return nil
}
