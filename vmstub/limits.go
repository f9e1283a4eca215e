package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/publish"
)

// Aptos's limits on what one transaction writes and emits (the
// transaction parameters of its gas schedule, from gas feature version 5).
// A payload past any of them fails with STORAGE_WRITE_LIMIT_REACHED: the
// transaction is kept and charged, and of its changes only the fee and the
// sequence number (or nonce) stay. The write limits are the publisher's,
// which checks a package's own writes against them before they are made;
// the event limits live here.
const (
	// MaxWriteOpsPerTransaction bounds the state slots a transaction
	// writes (the resources of one object group count once).
	MaxWriteOpsPerTransaction = publish.MaxWriteOpsPerTransaction
	// MaxBytesPerWriteOp bounds one write: its state key plus its value.
	MaxBytesPerWriteOp = publish.MaxBytesPerWriteOp
	// MaxBytesAllWriteOps bounds the sum of the writes' sizes.
	MaxBytesAllWriteOps = publish.MaxBytesAllWriteOps
	// MaxBytesPerEvent bounds one event's data.
	MaxBytesPerEvent = 1 << 20
	// MaxBytesAllEvents bounds the sum of a transaction's event data.
	MaxBytesAllEvents = 10 << 20
)

// checkChangeSet checks what the payload wrote and emitted in s against
// the transaction limits, before the epilogue adds the fee's writes and
// event: a failure (STORAGE_WRITE_LIMIT_REACHED) or nil.
func (s *Session) checkChangeSet() error {
	if len(s.order) > MaxWriteOpsPerTransaction {
		// Counted as slots only when the keys alone are too many: the
		// members of an object group share one.
		if written, _ := s.slotUsage(); written > MaxWriteOpsPerTransaction {
			return fail(onchain.STORAGE_WRITE_LIMIT_REACHED)
		}
	}
	var total uint64
	for _, i := range s.order {
		e := &s.entries[i]
		if !e.existed && !e.exists {
			continue // created and deleted again: no write
		}
		size := uint64(e.key.EncodedSize() + len(e.value))
		total += size
		if size > MaxBytesPerWriteOp || total > MaxBytesAllWriteOps {
			return fail(onchain.STORAGE_WRITE_LIMIT_REACHED)
		}
	}
	total = 0
	for i := range s.events {
		size := uint64(len(s.events[i].Data))
		total += size
		if size > MaxBytesPerEvent || total > MaxBytesAllEvents {
			return fail(onchain.STORAGE_WRITE_LIMIT_REACHED)
		}
	}
	return nil
}
