package indexer

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// token_activities_v2 rows of legacy tokens: one per v1 token event the
// processor reads, typed with the event's type. From and to:
//   - 0x3::token::Mint {creator, id, amount}: from the creator (property
//     version 0); MintTokenEvent {id, amount}: from the event's account;
//   - Burn, TokenWithdraw, MutatePropertyMap {account, ...}: from the
//     account; BurnTokenEvent, WithdrawEvent, MutateTokenPropertyMapEvent:
//     from the event's account (a mutation's token is its new_id, with
//     amount 0);
//   - TokenDeposit {account, id, amount}: to the account; DepositEvent:
//     to the event's account;
//   - 0x3::token_transfers::TokenOfferEvent, TokenClaimEvent and
//     TokenCancelOfferEvent {to_address, token_id, amount}, emitted on the
//     offering account's PendingClaims: from that account, to to_address.
// The module events TokenOffer, TokenClaim and TokenCancelOffer are not
// read (the processor reads the v1 ones, which Aptos still emits).

// v1Activities adds the transaction's v1 token activities and returns
// the account of the last TokenDeposit of each token data id (nil when
// there is none).
func (s *state) v1Activities(x *tx) map[string]ledgerapi.Address {
	var deposits map[string]ledgerapi.Address
	t := s.tables[tTokenActivities]
	for i := range x.t.Events {
		e := &x.t.Events[i]
		if e.Type.Kind != ledgerapi.KindStruct || e.Type.Struct == nil || e.Type.Struct.Address != addr3 {
			continue
		}
		tag := e.Type.Struct
		d := bcs.NewDecoder(e.Data)
		var id v1TokenID
		var from, to *ledgerapi.Address
		var account, toAddr ledgerapi.Address
		amount := uint64(0)
		switch tag.Module + "::" + tag.Name {
		case "token::Mint":
			d.Fixed(account[:], "account")
			id.data.decode(d)
			amount, from = d.U64("amount"), &account
		case "token::MintTokenEvent":
			id.data.decode(d)
			amount, from = d.U64("amount"), &e.Key.Account
		case "token::Burn", "token::TokenWithdraw":
			d.Fixed(account[:], "account")
			id.decode(d)
			amount, from = d.U64("amount"), &account
		case "token::BurnTokenEvent", "token::WithdrawEvent":
			id.decode(d)
			amount, from = d.U64("amount"), &e.Key.Account
		case "token::MutatePropertyMap":
			d.Fixed(account[:], "account")
			var old v1TokenID
			old.decode(d)
			id.decode(d)
			from = &account
		case "token::MutateTokenPropertyMapEvent":
			var old v1TokenID
			old.decode(d)
			id.decode(d)
			from = &e.Key.Account
		case "token::TokenDeposit":
			d.Fixed(account[:], "account")
			id.decode(d)
			amount, to = d.U64("amount"), &account
		case "token::DepositEvent":
			id.decode(d)
			amount, to = d.U64("amount"), &e.Key.Account
		case "token_transfers::TokenOfferEvent", "token_transfers::TokenClaimEvent", "token_transfers::TokenCancelOfferEvent":
			d.Fixed(toAddr[:], "to_address")
			id.decode(d)
			amount, from, to = d.U64("amount"), &e.Key.Account, &toAddr
		default:
			continue
		}
		if d.Err() != nil {
			continue
		}
		tokenID := id.data.tokenDataID()
		if tag.Module == "token" && tag.Name == "TokenDeposit" {
			if deposits == nil {
				deposits = map[string]ledgerapi.Address{}
			}
			deposits[tokenID] = account
		}
		var fromV, toV any
		if from != nil {
			fromV = addr(*from)
		}
		if to != nil {
			toV = addr(*to)
		}
		t.put(row{"transaction_version": num(x.t.Version), "event_index": num(uint64(i)),
			"event_account_address": addr(e.Key.Account), "token_data_id": tokenID, "property_version_v1": num(id.version),
			"type": tag.String(), "from_address": fromV, "to_address": toV, "token_amount": num(amount),
			"before_value": nil, "after_value": nil, "entry_function_id_str": x.entryID(),
			"token_standard": "v1", "is_fungible_v2": nil, "transaction_timestamp": x.ts})
	}
	return deposits
}
