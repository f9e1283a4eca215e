package onchain

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
)

// Layouts of the framework resources and values the node reads and writes,
// with their BCS in field order as the framework's Move sources declare
// them. Every reader of these resources decodes through these types.

// EventHandle is 0x1::event::EventHandle<T>: the number of events emitted
// so far and the stream's GUID (0x1::guid::GUID{id: ID{creation_num,
// addr}}). BCS order: counter, guid.id.creation_num, guid.id.addr.
type EventHandle struct {
	Counter     uint64
	CreationNum uint64
	Addr        ledgerapi.Address
}

// MarshalBCS writes counter, creation number and address.
func (h *EventHandle) MarshalBCS(e *bcs.Encoder) {
	e.U64(h.Counter)
	e.U64(h.CreationNum)
	e.Fixed(h.Addr[:])
}

// UnmarshalBCS reads counter, creation number and address.
func (h *EventHandle) UnmarshalBCS(d *bcs.Decoder) {
	h.Counter = d.U64("EventHandle.counter")
	h.CreationNum = d.U64("GUID.creation_num")
	d.Fixed(h.Addr[:], "GUID.addr")
}

// Key returns the handle's event stream key.
func (h *EventHandle) Key() EventKey {
	return EventKey{CreationNumber: h.CreationNum, Account: h.Addr}
}

// Account is 0x1::account::Account. The capability offers
// (CapabilityOffer{for: Option<address>}) are nil when empty.
type Account struct {
	AuthKey            []byte
	SequenceNumber     uint64
	GUIDCreationNum    uint64
	CoinRegisterEvents EventHandle
	KeyRotationEvents  EventHandle
	RotationOffer      *ledgerapi.Address
	SignerOffer        *ledgerapi.Address
}

// NewAccount returns the Account that create_account_unchecked writes, the
// one the API shows for an address without any (stateless accounts): the
// address as authentication key, sequence number 0, GUIDs 0 and 1 taken by
// the two handles, no capability offers.
func NewAccount(addr ledgerapi.Address) *Account {
	return &Account{
		AuthKey:            append([]byte(nil), addr[:]...),
		GUIDCreationNum:    2,
		CoinRegisterEvents: EventHandle{CreationNum: 0, Addr: addr},
		KeyRotationEvents:  EventHandle{CreationNum: 1, Addr: addr},
	}
}

func writeOptAddr(e *bcs.Encoder, a *ledgerapi.Address) {
	e.Option(a != nil)
	if a != nil {
		e.Fixed(a[:])
	}
}

func readOptAddr(d *bcs.Decoder, what string) *ledgerapi.Address {
	if !d.Option(what) {
		return nil
	}
	var a ledgerapi.Address
	d.Fixed(a[:], what)
	return &a
}

// MarshalBCS writes the Account.
func (a *Account) MarshalBCS(e *bcs.Encoder) {
	e.WriteBytes(a.AuthKey)
	e.U64(a.SequenceNumber)
	e.U64(a.GUIDCreationNum)
	a.CoinRegisterEvents.MarshalBCS(e)
	a.KeyRotationEvents.MarshalBCS(e)
	writeOptAddr(e, a.RotationOffer)
	writeOptAddr(e, a.SignerOffer)
}

// UnmarshalBCS reads the Account.
func (a *Account) UnmarshalBCS(d *bcs.Decoder) {
	a.AuthKey = d.ReadBytes("Account.authentication_key")
	a.SequenceNumber = d.U64("Account.sequence_number")
	a.GUIDCreationNum = d.U64("Account.guid_creation_num")
	a.CoinRegisterEvents.UnmarshalBCS(d)
	a.KeyRotationEvents.UnmarshalBCS(d)
	a.RotationOffer = readOptAddr(d, "Account.rotation_capability_offer")
	a.SignerOffer = readOptAddr(d, "Account.signer_capability_offer")
}

// CoinStore is 0x1::coin::CoinStore<T>: coin (Coin<T>{value}), frozen, and
// the deposit and withdraw event handles.
type CoinStore struct {
	Value                         uint64
	Frozen                        bool
	DepositEvents, WithdrawEvents EventHandle
}

// MarshalBCS writes the CoinStore.
func (c *CoinStore) MarshalBCS(e *bcs.Encoder) {
	e.U64(c.Value)
	e.Bool(c.Frozen)
	c.DepositEvents.MarshalBCS(e)
	c.WithdrawEvents.MarshalBCS(e)
}

// UnmarshalBCS reads the CoinStore.
func (c *CoinStore) UnmarshalBCS(d *bcs.Decoder) {
	c.Value = d.U64("CoinStore.coin.value")
	c.Frozen = d.Bool("CoinStore.frozen")
	c.DepositEvents.UnmarshalBCS(d)
	c.WithdrawEvents.UnmarshalBCS(d)
}

// FungibleStore is 0x1::fungible_asset::FungibleStore: the metadata object
// (Object<Metadata>, an address), the balance and the frozen flag.
type FungibleStore struct {
	Metadata ledgerapi.Address
	Balance  uint64
	Frozen   bool
}

// MarshalBCS writes the FungibleStore.
func (s *FungibleStore) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(s.Metadata[:])
	e.U64(s.Balance)
	e.Bool(s.Frozen)
}

// UnmarshalBCS reads the FungibleStore.
func (s *FungibleStore) UnmarshalBCS(d *bcs.Decoder) {
	d.Fixed(s.Metadata[:], "FungibleStore.metadata")
	s.Balance = d.U64("FungibleStore.balance")
	s.Frozen = d.Bool("FungibleStore.frozen")
}

// ObjectCore is 0x1::object::ObjectCore.
type ObjectCore struct {
	GUIDCreationNum      uint64
	Owner                ledgerapi.Address
	AllowUngatedTransfer bool
	TransferEvents       EventHandle
}

// MarshalBCS writes the ObjectCore.
func (o *ObjectCore) MarshalBCS(e *bcs.Encoder) {
	e.U64(o.GUIDCreationNum)
	e.Fixed(o.Owner[:])
	e.Bool(o.AllowUngatedTransfer)
	o.TransferEvents.MarshalBCS(e)
}

// UnmarshalBCS reads the ObjectCore.
func (o *ObjectCore) UnmarshalBCS(d *bcs.Decoder) {
	o.GUIDCreationNum = d.U64("ObjectCore.guid_creation_num")
	d.Fixed(o.Owner[:], "ObjectCore.owner")
	o.AllowUngatedTransfer = d.Bool("ObjectCore.allow_ungated_transfer")
	o.TransferEvents.UnmarshalBCS(d)
}

// FungibleAssetMetadata is 0x1::fungible_asset::Metadata.
type FungibleAssetMetadata struct {
	Name, Symbol        string
	Decimals            uint8
	IconURI, ProjectURI string
}

// MarshalBCS writes the Metadata.
func (m *FungibleAssetMetadata) MarshalBCS(e *bcs.Encoder) {
	e.String(m.Name)
	e.String(m.Symbol)
	e.U8(m.Decimals)
	e.String(m.IconURI)
	e.String(m.ProjectURI)
}

// UnmarshalBCS reads the Metadata.
func (m *FungibleAssetMetadata) UnmarshalBCS(d *bcs.Decoder) {
	m.Name = d.String("Metadata.name")
	m.Symbol = d.String("Metadata.symbol")
	m.Decimals = d.U8("Metadata.decimals")
	m.IconURI = d.String("Metadata.icon_uri")
	m.ProjectURI = d.String("Metadata.project_uri")
}

// ConcurrentSupply is 0x1::fungible_asset::ConcurrentSupply, an
// aggregator_v2::Aggregator<u128>{value, max_value}, each u128 as its low
// and high 64 bits.
type ConcurrentSupply struct {
	Value, ValueHi uint64
	Max, MaxHi     uint64
}

// MarshalBCS writes the ConcurrentSupply.
func (c *ConcurrentSupply) MarshalBCS(e *bcs.Encoder) {
	e.U128(c.Value, c.ValueHi)
	e.U128(c.Max, c.MaxHi)
}

// UnmarshalBCS reads the ConcurrentSupply.
func (c *ConcurrentSupply) UnmarshalBCS(d *bcs.Decoder) {
	c.Value, c.ValueHi = d.U128("ConcurrentSupply.current.value")
	c.Max, c.MaxHi = d.U128("ConcurrentSupply.current.max_value")
}

// BlockResource is 0x1::block::BlockResource.
type BlockResource struct {
	Height, EpochInterval                     uint64
	NewBlockEvents, UpdateEpochIntervalEvents EventHandle
}

// MarshalBCS writes the BlockResource.
func (b *BlockResource) MarshalBCS(e *bcs.Encoder) {
	e.U64(b.Height)
	e.U64(b.EpochInterval)
	b.NewBlockEvents.MarshalBCS(e)
	b.UpdateEpochIntervalEvents.MarshalBCS(e)
}

// UnmarshalBCS reads the BlockResource.
func (b *BlockResource) UnmarshalBCS(d *bcs.Decoder) {
	b.Height = d.U64("BlockResource.height")
	b.EpochInterval = d.U64("BlockResource.epoch_interval")
	b.NewBlockEvents.UnmarshalBCS(d)
	b.UpdateEpochIntervalEvents.UnmarshalBCS(d)
}

// CurrentTimeMicroseconds is 0x1::timestamp::CurrentTimeMicroseconds.
type CurrentTimeMicroseconds struct{ Microseconds uint64 }

// MarshalBCS writes the time.
func (t *CurrentTimeMicroseconds) MarshalBCS(e *bcs.Encoder) { e.U64(t.Microseconds) }

// UnmarshalBCS reads the time.
func (t *CurrentTimeMicroseconds) UnmarshalBCS(d *bcs.Decoder) {
	t.Microseconds = d.U64("CurrentTimeMicroseconds.microseconds")
}

// TypeInfo is 0x1::type_info::TypeInfo of a struct type: its address, then
// its module and struct names as byte vectors.
type TypeInfo struct{ Tag ledgerapi.StructTag }

// MarshalBCS writes the TypeInfo (type arguments are not part of it).
func (t TypeInfo) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(t.Tag.Address[:])
	e.String(t.Tag.Module)
	e.String(t.Tag.Name)
}
