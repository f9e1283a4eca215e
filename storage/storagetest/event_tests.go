package storagetest

import (
	"fmt"
	"testing"

	"github.com/ledgernode/ledgernode/storage"
)

func testEvents(t *testing.T, f *fixture) {
	f.start(3)
	f.transfers(5, 4)
	latest := f.info().Version
	mid := f.m.blocks[3].LastVersion
	w := WithdrawStream(AccountAddress(1))
	streamLen := uint64(len(f.m.events(w, latest)))
	if streamLen < 5 {
		t.Fatalf("fixture stream too short: %d", streamLen)
	}
	tests := []struct {
		key           storage.EventKey
		start         uint64
		limit         int
		ledgerVersion uint64
		want          [2]int // [from, to) indexes into the model's stream; {0,0} for none
		err           error
	}{
		{w, 0, 100, latest, [2]int{0, int(streamLen)}, nil},
		{w, 1, 2, latest, [2]int{1, 3}, nil},
		{w, streamLen - 1, 10, latest, [2]int{int(streamLen) - 1, int(streamLen)}, nil},
		{w, streamLen, 10, latest, [2]int{}, nil},
		{w, 0, 100, mid, [2]int{0, len(f.m.events(w, mid))}, nil},
		{BlockStream, 2, 3, latest, [2]int{2, 5}, nil},
		{storage.EventKey{CreationNumber: 77, Account: AccountAddress(0)}, 0, 10, latest, [2]int{}, nil},
		{storage.EventKey{}, 0, 10, latest, [2]int{}, nil}, // v2 events are in no stream
		{w, 0, 10, latest + 1, [2]int{}, storage.ErrNotFound},
		{w, 0, 0, latest, [2]int{}, storage.ErrInvalidArgument},
	}
	for _, tc := range tests {
		what := fmt.Sprintf("Events(%s, %d, %d, %d)", tc.key, tc.start, tc.limit, tc.ledgerVersion)
		got, err := f.s.Events(f.ctx, tc.key, tc.start, tc.limit, tc.ledgerVersion)
		checkErr(t, what, err, tc.err)
		if tc.err != nil {
			continue
		}
		want := f.m.events(tc.key, tc.ledgerVersion)[tc.want[0]:tc.want[1]]
		if len(want) == 0 {
			if len(got) != 0 {
				t.Errorf("%s: got %d events, want none", what, len(got))
			}
			continue
		}
		checkEqual(t, what, got, want)
		for i, e := range got {
			if e.Event.SequenceNumber != tc.start+uint64(i) {
				t.Errorf("%s: item %d has sequence number %d", what, i, e.Event.SequenceNumber)
			}
		}
	}
	for _, v := range []uint64{0, mid, latest} {
		for _, key := range []storage.EventKey{w, BlockStream, DepositStream(AccountAddress(2)), {}} {
			n, err := f.s.EventCount(f.ctx, key, v)
			checkErr(t, "EventCount", err, nil)
			checkEqual(t, fmt.Sprintf("EventCount(%s, %d)", key, v), n, uint64(len(f.m.events(key, v))))
		}
	}
	_, err := f.s.EventCount(f.ctx, w, latest+1)
	checkErr(t, "EventCount above latest", err, storage.ErrNotFound)
}

func testLatestEvents(t *testing.T, f *fixture) {
	f.start(3)
	f.transfers(6, 2)
	latest := f.info().Version
	for _, v := range []uint64{0, f.m.blocks[2].LastVersion, latest} {
		all := f.m.events(BlockStream, v)
		for _, limit := range []int{1, 2, 4, 25} {
			what := fmt.Sprintf("LatestEvents(limit %d, version %d)", limit, v)
			got, err := storage.LatestEvents(f.ctx, f.s, BlockStream, limit, v)
			checkErr(t, what, err, nil)
			want := all[max(0, len(all)-limit):]
			if len(want) == 0 {
				if len(got) != 0 {
					t.Errorf("%s: got %d events, want none", what, len(got))
				}
				continue
			}
			checkEqual(t, what, got, want)
		}
	}
}
