package handlers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
)

// transactionInfoJSON is the info every committed transaction carries.
type transactionInfoJSON struct {
	Version             ledgerapi.U64        `json:"version"`
	Hash                ledgerapi.HashValue  `json:"hash"`
	StateChangeHash     ledgerapi.HashValue  `json:"state_change_hash"`
	EventRootHash       ledgerapi.HashValue  `json:"event_root_hash"`
	StateCheckpointHash *ledgerapi.HashValue `json:"state_checkpoint_hash"`
	GasUsed             ledgerapi.U64        `json:"gas_used"`
	Success             bool                 `json:"success"`
	VMStatus            string               `json:"vm_status"`
	AccumulatorRootHash ledgerapi.HashValue  `json:"accumulator_root_hash"`
	Changes             []any                `json:"changes"`
}

// eventJSON is an event; Version is set only in event listings.
type eventJSON struct {
	Version        *ledgerapi.U64    `json:"version,omitempty"`
	GUID           eventGUIDJSON     `json:"guid"`
	SequenceNumber ledgerapi.U64     `json:"sequence_number"`
	Type           ledgerapi.TypeTag `json:"type"`
	Data           json.RawMessage   `json:"data"`
}

type eventGUIDJSON struct {
	CreationNumber ledgerapi.U64     `json:"creation_number"`
	AccountAddress ledgerapi.Address `json:"account_address"`
}

// requestJSON holds the fields a transaction repeats from its request.
type requestJSON struct {
	Sender                  ledgerapi.Address `json:"sender"`
	SequenceNumber          ledgerapi.U64     `json:"sequence_number"`
	MaxGasAmount            ledgerapi.U64     `json:"max_gas_amount"`
	GasUnitPrice            ledgerapi.U64     `json:"gas_unit_price"`
	ExpirationTimestampSecs ledgerapi.U64     `json:"expiration_timestamp_secs"`
	Payload                 any               `json:"payload"`
	Signature               any               `json:"signature"`
	ReplayProtectionNonce   *ledgerapi.U64    `json:"replay_protection_nonce"`
}

type userTransactionJSON struct {
	transactionInfoJSON
	requestJSON
	Events    []eventJSON   `json:"events"`
	Timestamp ledgerapi.U64 `json:"timestamp"`
	Type      string        `json:"type"`
}

type genesisTransactionJSON struct {
	transactionInfoJSON
	Payload any         `json:"payload"`
	Events  []eventJSON `json:"events"`
	Type    string      `json:"type"`
}

type blockMetadataJSON struct {
	transactionInfoJSON
	ID                       ledgerapi.HashValue `json:"id"`
	Epoch                    ledgerapi.U64       `json:"epoch"`
	Round                    ledgerapi.U64       `json:"round"`
	Events                   []eventJSON         `json:"events"`
	PreviousBlockVotesBitvec []uint16            `json:"previous_block_votes_bitvec"` // numbers (a []uint8 would encode as base64)
	Proposer                 ledgerapi.Address   `json:"proposer"`
	FailedProposerIndices    []uint32            `json:"failed_proposer_indices"`
	Timestamp                ledgerapi.U64       `json:"timestamp"`
	Type                     string              `json:"type"`
}

type checkpointJSON struct {
	transactionInfoJSON
	Timestamp ledgerapi.U64 `json:"timestamp"`
	Type      string        `json:"type"`
}

// pendingTransactionJSON is a transaction waiting in the mempool. Type is
// empty (omitted) in the submit response and "pending_transaction" in lookups.
type pendingTransactionJSON struct {
	Hash ledgerapi.HashValue `json:"hash"`
	requestJSON
	Type string `json:"type,omitempty"`
}

// value renders BCS of type t as JSON, falling back to the hex of the bytes
// when the type's layout is unknown (ok false).
func (r *renderer) value(t ledgerapi.TypeTag, b []byte) (out json.RawMessage, ok bool) {
	if res := r.resolver(); res != nil {
		if out, err := (movevalue.Codec{Resolver: res}).BCSToJSON(t, b); err == nil {
			return out, true
		}
	}
	out, _ = ledgerapi.HexBytes(b).MarshalJSON()
	return out, false
}

func (r *renderer) events(evs []storage.Event) []eventJSON {
	out := make([]eventJSON, len(evs))
	for i, e := range evs {
		out[i] = r.event(e, nil)
	}
	return out
}

func (r *renderer) event(e storage.Event, version *uint64) eventJSON {
	j := eventJSON{
		GUID:           eventGUIDJSON{CreationNumber: ledgerapi.U64(e.Key.CreationNumber), AccountAddress: e.Key.Account},
		SequenceNumber: ledgerapi.U64(e.SequenceNumber),
		Type:           e.Type,
		Data:           r.valueJSON(e.Type, e.Data),
	}
	if version != nil {
		v := ledgerapi.U64(*version)
		j.Version = &v
	}
	return j
}

func (r *renderer) info(t *storage.Transaction) transactionInfoJSON {
	return transactionInfoJSON{
		Version:             ledgerapi.U64(t.Version),
		Hash:                t.Hash,
		StateChangeHash:     t.Info.StateChangeHash,
		EventRootHash:       t.Info.EventRootHash,
		StateCheckpointHash: t.Info.StateCheckpointHash,
		GasUsed:             ledgerapi.U64(t.Info.GasUsed),
		Success:             t.Info.Success(),
		VMStatus:            t.Info.Status.VMStatus(nil),
		AccumulatorRootHash: t.Info.AccumulatorRootHash,
		Changes:             r.changes(t.Changes),
	}
}

// transaction renders a committed transaction; blk is the block holding it.
func (r *renderer) transaction(t *storage.Transaction, blk storage.Block) (any, error) {
	switch t.Kind {
	case storage.KindUser:
		st, err := txn.DecodeSignedTransaction(t.Payload)
		if err != nil {
			return nil, fmt.Errorf("stored user transaction %d does not decode: %w", t.Version, err)
		}
		return userTransactionJSON{transactionInfoJSON: r.info(t), requestJSON: r.request(st), Events: r.events(t.Events),
			Timestamp: ledgerapi.U64(t.TimestampUsec), Type: "user_transaction"}, nil
	case storage.KindGenesis:
		return genesisTransactionJSON{transactionInfoJSON: r.info(t), Events: r.events(t.Events), Type: "genesis_transaction",
			Payload: map[string]any{"type": "write_set_payload", "write_set": map[string]any{
				"type": "direct_write_set", "changes": r.changes(t.Changes), "events": r.events(t.Events)}}}, nil
	case storage.KindBlockMetadata:
		return blockMetadataJSON{transactionInfoJSON: r.info(t), ID: blk.Hash, Epoch: ledgerapi.U64(blk.Epoch), Round: ledgerapi.U64(blk.Round),
			Events: r.events(t.Events), PreviousBlockVotesBitvec: []uint16{}, FailedProposerIndices: []uint32{},
			Timestamp: ledgerapi.U64(t.TimestampUsec), Type: "block_metadata_transaction"}, nil
	case storage.KindBlockEpilogue:
		return checkpointJSON{transactionInfoJSON: r.info(t), Timestamp: ledgerapi.U64(t.TimestampUsec), Type: "block_epilogue_transaction"}, nil
	}
	return checkpointJSON{transactionInfoJSON: r.info(t), Timestamp: ledgerapi.U64(t.TimestampUsec), Type: "state_checkpoint_transaction"}, nil
}

// pending renders a mempool transaction.
func (r *renderer) pending(st *txn.SignedTransaction, hash ledgerapi.HashValue, typed bool) pendingTransactionJSON {
	p := pendingTransactionJSON{Hash: hash, requestJSON: r.request(st)}
	if typed {
		p.Type = "pending_transaction"
	}
	return p
}

// request renders the request fields of a signed transaction.
func (r *renderer) request(st *txn.SignedTransaction) requestJSON {
	raw := &st.Raw
	var codec txn.ArgCodec
	if res := r.resolver(); res != nil {
		codec = res
	}
	out := requestJSON{
		Sender:                  raw.Sender,
		SequenceNumber:          ledgerapi.U64(raw.SequenceNumber),
		MaxGasAmount:            ledgerapi.U64(raw.MaxGasAmount),
		GasUnitPrice:            ledgerapi.U64(raw.GasUnitPrice),
		ExpirationTimestampSecs: ledgerapi.U64(raw.ExpirationTimestampSecs),
		Payload:                 txn.PayloadJSON(&raw.Payload, codec),
		Signature:               txn.SignatureJSON(&st.Auth),
	}
	if n := raw.Payload.ReplayProtectionNonce; n != nil {
		v := ledgerapi.U64(*n)
		out.ReplayProtectionNonce = &v
	}
	return out
}

// changes renders a write set.
func (r *renderer) changes(ws []storage.WriteOp) []any {
	out := make([]any, 0, len(ws))
	for _, w := range ws {
		h, _ := w.Key.Hash()
		switch w.Key.Kind {
		case storage.StateResource:
			if w.Deleted {
				out = append(out, map[string]any{"address": w.Key.Address, "state_key_hash": h, "resource": w.Key.Resource, "type": "delete_resource"})
				continue
			}
			out = append(out, writeResourceJSON{Address: w.Key.Address, StateKeyHash: h,
				Data: moveResourceJSON{Type: w.Key.Resource, Data: r.valueJSON(ledgerapi.StructType(w.Key.Resource), w.Value)}, Type: "write_resource"})
		case storage.StateModule:
			id := ledgerapi.ModuleId{Address: w.Key.Address, Name: w.Key.Module}
			if w.Deleted {
				out = append(out, map[string]any{"address": w.Key.Address, "state_key_hash": h, "module": id, "type": "delete_module"})
				continue
			}
			out = append(out, map[string]any{"address": w.Key.Address, "state_key_hash": h,
				"data": r.module(w.Value), "type": "write_module"})
		case storage.StateTableItem:
			if w.Deleted {
				out = append(out, map[string]any{"state_key_hash": h, "handle": ledgerapi.HexBytes(w.Key.Handle[:]),
					"key": ledgerapi.HexBytes(w.Key.Key), "data": nil, "type": "delete_table_item"})
				continue
			}
			out = append(out, writeTableItemJSON{StateKeyHash: h, Handle: ledgerapi.HexBytes(w.Key.Handle[:]),
				Key: w.Key.Key, Value: w.Value, Type: "write_table_item"})
		}
	}
	return out
}

type moveResourceJSON struct {
	Type ledgerapi.StructTag `json:"type"`
	Data json.RawMessage     `json:"data"`
}

type writeResourceJSON struct {
	Address      ledgerapi.Address   `json:"address"`
	StateKeyHash ledgerapi.HashValue `json:"state_key_hash"`
	Data         moveResourceJSON    `json:"data"`
	Type         string              `json:"type"`
}

type writeTableItemJSON struct {
	StateKeyHash ledgerapi.HashValue `json:"state_key_hash"`
	Handle       ledgerapi.HexBytes  `json:"handle"`
	Key          ledgerapi.HexBytes  `json:"key"`
	Value        ledgerapi.HexBytes  `json:"value"`
	Data         json.RawMessage     `json:"data"`
	Type         string              `json:"type"`
}

// appendJSON writes p as encoding/json would, for a payload and signature
// of the common shapes (see txn's AppendJSON methods). It reports false
// otherwise; the caller then discards the partial output.
func (p pendingTransactionJSON) appendJSON(buf *bytes.Buffer) bool {
	payload, ok := p.Payload.(txn.EntryFunctionPayloadJSON)
	if !ok || !txn.PlainJSONString(p.Type) {
		return false
	}
	sig, ok := p.Signature.(interface{ AppendJSON(*bytes.Buffer) bool })
	if !ok {
		return false
	}
	var num [24]byte
	u64 := func(name string, v ledgerapi.U64) {
		buf.WriteString(`,"`)
		buf.WriteString(name)
		buf.WriteString(`":"`)
		buf.Write(strconv.AppendUint(num[:0], uint64(v), 10))
		buf.WriteByte('"')
	}
	buf.WriteString(`{"hash":"`)
	buf.WriteString(p.Hash.String())
	buf.WriteString(`","sender":"`)
	buf.WriteString(p.Sender.String())
	buf.WriteByte('"')
	u64("sequence_number", p.SequenceNumber)
	u64("max_gas_amount", p.MaxGasAmount)
	u64("gas_unit_price", p.GasUnitPrice)
	u64("expiration_timestamp_secs", p.ExpirationTimestampSecs)
	buf.WriteString(`,"payload":`)
	if !payload.AppendJSON(buf) {
		return false
	}
	buf.WriteString(`,"signature":`)
	if !sig.AppendJSON(buf) {
		return false
	}
	if p.ReplayProtectionNonce == nil {
		buf.WriteString(`,"replay_protection_nonce":null`)
	} else {
		u64("replay_protection_nonce", *p.ReplayProtectionNonce)
	}
	if p.Type != "" {
		buf.WriteString(`,"type":"`)
		buf.WriteString(p.Type)
		buf.WriteByte('"')
	}
	buf.WriteByte('}')
	return true
}
