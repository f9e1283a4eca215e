package aptostoken

// 0x3::token_transfers: offers of tokens to a receiver who claims them.
// The sender's PendingClaims holds the offered tokens in a table under
// TokenOfferId {to_addr, token_id} (offers to the same receiver of the
// same token merge); offer, claim and cancel_offer (and their _script
// entries) move tokens between it and the token stores. Each emits its
// module event (TokenOffer, TokenClaim, TokenCancelOffer) and, as Aptos
// still does, the v1 event on the PendingClaims handle.

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// eTokenOfferNotExist is token_transfers' only abort reason.
const eTokenOfferNotExist = 1

var pendingClaimsTag = tag3("token_transfers", "PendingClaims")

// pendingClaims is PendingClaims: the table and the offer, cancel and
// claim event handles.
type pendingClaims struct {
	Claims  ledgerapi.Address
	Handles [3]onchain.EventHandle
}

func (p *pendingClaims) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(p.Claims[:])
	for i := range p.Handles {
		p.Handles[i].MarshalBCS(e)
	}
}

func (p *pendingClaims) UnmarshalBCS(d *bcs.Decoder) {
	d.Fixed(p.Claims[:], "PendingClaims.pending_claims")
	for i := range p.Handles {
		p.Handles[i].UnmarshalBCS(d)
	}
}

// offerID is TokenOfferId.
type offerID struct {
	To ledgerapi.Address
	ID tokenID
}

func (o *offerID) MarshalBCS(e *bcs.Encoder) { e.Fixed(o.To[:]); o.ID.MarshalBCS(e) }

// TokenTransfers declares 0x3::token_transfers.
func TokenTransfers() native.Module {
	ev := []string{"to_address: address", "token_id: " + tTokenID, "amount: u64"}
	eh := func(ev string) string { return "0x1::event::EventHandle<0x3::token_transfers::" + ev + ">" }
	s := tString
	return native.Module{Address: addr, Name: "token_transfers", Package: pkg,
		Structs: []native.Struct{
			plain("PendingClaims", []string{native.AbilityKey},
				"pending_claims: 0x1::table::Table<0x3::token_transfers::TokenOfferId, "+tToken+">",
				"offer_events: "+eh("TokenOfferEvent"), "cancel_offer_events: "+eh("TokenCancelOfferEvent"), "claim_events: "+eh("TokenClaimEvent")),
			{Name: "TokenOfferId", Abilities: []string{native.AbilityCopy, native.AbilityDrop, native.AbilityStore},
				Fields: []string{"to_addr: address", "token_id: " + tTokenID}, IsEvent: true},
			event("TokenOffer", ev...),
			event("TokenOfferEvent", ev...),
			event("TokenCancelOfferEvent", ev...),
			event("TokenCancelOffer", ev...),
			event("TokenClaimEvent", ev...),
			event("TokenClaim", ev...),
		},
		Functions: []native.Function{
			entry(fn("offer_script", []string{"signer", "address", "address", s, s, "u64", "u64"}, nil, offerScript)),
			fn("offer", []string{tSigner, "address", tTokenID, "u64"}, nil, offer),
			entry(fn("claim_script", []string{"signer", "address", "address", s, s, "u64"}, nil, claimScript)),
			fn("claim", []string{tSigner, "address", tTokenID}, nil, claim),
			entry(fn("cancel_offer_script", []string{"signer", "address", "address", s, s, "u64"}, nil, cancelOfferScript)),
			fn("cancel_offer", []string{tSigner, "address", tTokenID}, nil, cancelOffer),
		},
		Errors: []native.AbortReason{{Reason: eTokenOfferNotExist, Name: "ETOKEN_OFFER_NOT_EXIST", Description: "Token offer doesn't exist"}},
	}
}

// transfersAbort is an abort of token_transfers with code.
func transfersAbort(code uint64) error { return abortAt(addr, "token_transfers", code) }

// offerEvents emits the module event name and the v1 event of handle i
// of the PendingClaims p at a ({to_address, token_id, amount} both), and
// writes p back with the handle's counter moved.
func offerEvents(c *native.Context, h native.Host, a ledgerapi.Address, p *pendingClaims, i int, name, v1 string, to ledgerapi.Address, id *tokenID, amount uint64) error {
	body := enc(func(e *bcs.Encoder) { e.Fixed(to[:]); id.MarshalBCS(e); e.U64(amount) })
	if err := emit(c, tag3("token_transfers", name), body); err != nil {
		return err
	}
	data := encode(body)
	if err := native.ChargeRead(c.NativeContext, len(data)); err != nil {
		return err
	}
	eh := &p.Handles[i]
	h.EmitOnHandle(eh.Key(), eh.Counter, ledgerapi.StructType(tag3("token_transfers", v1)), data)
	eh.Counter++
	return putRes(h, a, pendingClaimsTag, p)
}

// offerToken is offer: amount of id withdrawn from the sender into its
// PendingClaims (made on first use) for the receiver.
func offerToken(c *native.Context, sender, receiver ledgerapi.Address, id *tokenID, amount uint64) error {
	h := native.Metered(c)
	var p pendingClaims
	ok, err := readRes(h, sender, pendingClaimsTag, &p)
	if err != nil {
		return err
	}
	if !ok {
		p.Claims = newTable(h)
		if err := newHandles(h, sender, p.Handles[:]); err != nil {
			return err
		}
	}
	t, err := withdraw(c, sender, id, amount)
	if err != nil {
		return err
	}
	key := &offerID{To: receiver, ID: *id}
	var have token
	if ok, err := tableGet(h, p.Claims, key, &have); err != nil {
		return err
	} else if ok {
		if have.Amount+t.Amount < have.Amount {
			return overflow("merge")
		}
		have.Amount += t.Amount
		t = &have
	}
	if err := tablePut(h, p.Claims, key, t); err != nil {
		return err
	}
	return offerEvents(c, h, sender, &p, 0, "TokenOffer", "TokenOfferEvent", receiver, id, amount)
}

// takeOffer is claim (byReceiver: the receiver takes the offer of sender)
// and cancel_offer (the sender takes back its offer to receiver).
func takeOffer(c *native.Context, sender, receiver ledgerapi.Address, id *tokenID, byReceiver bool) error {
	h := native.Metered(c)
	var p pendingClaims
	if ok, err := readRes(h, sender, pendingClaimsTag, &p); err != nil {
		return err
	} else if !ok {
		return transfersAbort(eTokenOfferNotExist)
	}
	key := &offerID{To: receiver, ID: *id}
	var t token
	if ok, err := tableGet(h, p.Claims, key, &t); err != nil {
		return err
	} else if !ok {
		if byReceiver {
			return transfersAbort(native.Code(native.NotFound, eTokenOfferNotExist))
		}
		return tableAbort()
	}
	if err := tableDel(h, p.Claims, key); err != nil {
		return err
	}
	dst := sender
	if byReceiver {
		dst = receiver
	}
	if err := initStore(h, dst); err != nil {
		return err
	}
	if err := deposit(c, dst, &t); err != nil {
		return err
	}
	if byReceiver {
		return offerEvents(c, h, sender, &p, 2, "TokenClaim", "TokenClaimEvent", receiver, id, t.Amount)
	}
	return offerEvents(c, h, sender, &p, 1, "TokenCancelOffer", "TokenCancelOfferEvent", receiver, id, t.Amount)
}

func offerScript(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id, err := tokenIDArgs(c, args[2:6])
	if err != nil {
		return nil, err
	}
	return nil, offerToken(c, signerAddr(args[0]), args[1].AsAddress(), id, args[6].AsU64())
}

func offer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var id tokenID
	if err := fromValue(c, args[2], &id); err != nil {
		return nil, err
	}
	return nil, offerToken(c, signerAddr(args[0]), args[1].AsAddress(), &id, args[3].AsU64())
}

// claimScript is claim_script(receiver, sender, creator, collection,
// name, property_version).
func claimScript(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id, err := tokenIDArgs(c, args[2:6])
	if err != nil {
		return nil, err
	}
	return nil, takeOffer(c, args[1].AsAddress(), signerAddr(args[0]), id, true)
}

func claim(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var id tokenID
	if err := fromValue(c, args[2], &id); err != nil {
		return nil, err
	}
	return nil, takeOffer(c, args[1].AsAddress(), signerAddr(args[0]), &id, true)
}

// cancelOfferScript is cancel_offer_script(sender, receiver, creator,
// collection, name, property_version).
func cancelOfferScript(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	id, err := tokenIDArgs(c, args[2:6])
	if err != nil {
		return nil, err
	}
	return nil, takeOffer(c, signerAddr(args[0]), args[1].AsAddress(), id, false)
}

func cancelOffer(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	var id tokenID
	if err := fromValue(c, args[2], &id); err != nil {
		return nil, err
	}
	return nil, takeOffer(c, signerAddr(args[0]), args[1].AsAddress(), &id, false)
}
