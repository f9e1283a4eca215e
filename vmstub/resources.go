package vmstub

import (
	"errors"
	"fmt"
	"sync"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/storage"
)

// Framework struct tags and the BCS codecs of the resources and events the
// natives touch. Field orders follow the framework sources (facts §6).

func tag1(module, name string, tyArgs ...ledgerapi.TypeTag) ledgerapi.StructTag {
	return ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: module, Name: name, TypeArgs: tyArgs}
}

var (
	aptosCoinTag        = tag1("aptos_coin", "AptosCoin")
	aptosCoinType       = ledgerapi.StructType(aptosCoinTag)
	accountTag          = tag1("account", "Account")
	originatingTag      = tag1("account", "OriginatingAddress")
	fungibleStoreTag    = tag1("fungible_asset", "FungibleStore")
	metadataTag         = tag1("fungible_asset", "Metadata")
	concurrentSupplyTag = tag1("fungible_asset", "ConcurrentSupply")
	objectCoreTag       = tag1("object", "ObjectCore")
	chainIDTag          = tag1("chain_id", "ChainId")
	timestampTag        = tag1("timestamp", "CurrentTimeMicroseconds")
	blockResourceTag    = tag1("block", "BlockResource")
	nonceHistoryTag     = tag1("nonce_validation", "NonceHistory")
	coinInfoAPTTag      = tag1("coin", "CoinInfo", aptosCoinType)
	pairedCoinTypeTag   = tag1("coin", "PairedCoinType")
	pairedRefsTag       = tag1("coin", "PairedFungibleAssetRefs")
	deriveRefPodTag     = tag1("primary_fungible_store", "DeriveRefPod")
	directTransferTag   = tag1("aptos_account", "DirectTransferConfig")

	withdrawEventType     = ledgerapi.StructType(tag1("fungible_asset", "Withdraw"))
	depositEventType      = ledgerapi.StructType(tag1("fungible_asset", "Deposit"))
	feeStatementType      = ledgerapi.StructType(tag1("transaction_fee", "FeeStatement"))
	keyRotationType       = ledgerapi.StructType(tag1("account", "KeyRotation"))
	keyRotationToPKType   = ledgerapi.StructType(tag1("account", "KeyRotationToPublicKey"))
	newBlockEventType     = ledgerapi.StructType(tag1("block", "NewBlockEvent"))
	pairCreationEventType = ledgerapi.StructType(tag1("coin", "PairCreation"))
)

// aptMetadata is the address of APT's fungible-asset metadata object.
var aptMetadata = ledgerapi.AddressA

// objectInitGUID is the first GUID creation number of an object
// (INIT_GUID_CREATION_NUM = 0x4000000000000); its transfer_events handle
// takes it.
const objectInitGUID = 0x4000000000000

// maxU128 limbs, the ConcurrentSupply of APT is unlimited.
const maxU64 = ^uint64(0)

// EventHandle is the framework's 0x1::event::EventHandle<T>: a v1 event
// stream (its GUID) and the number of events emitted so far. BCS order:
// counter, guid.id.creation_num, guid.id.addr.
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
func (h *EventHandle) Key() storage.EventKey {
	return storage.EventKey{CreationNumber: h.CreationNum, Account: h.Addr}
}

// accountRes is 0x1::account::Account.
type accountRes struct {
	AuthKey            []byte
	SequenceNumber     uint64
	GUIDCreationNum    uint64
	CoinRegisterEvents EventHandle
	KeyRotationEvents  EventHandle
	RotationOffer      *ledgerapi.Address // CapabilityOffer.for: Option<address>
	SignerOffer        *ledgerapi.Address
}

// newAccountRes is the resource create_account_unchecked writes (and the
// stateless default): auth key = address, GUIDs 0 and 1 taken by the two
// handles.
func newAccountRes(addr ledgerapi.Address) *accountRes {
	return &accountRes{
		AuthKey:            append([]byte(nil), addr[:]...),
		GUIDCreationNum:    2,
		CoinRegisterEvents: EventHandle{CreationNum: 0, Addr: addr},
		KeyRotationEvents:  EventHandle{CreationNum: 1, Addr: addr},
	}
}

func writeOptAddr(e *bcs.Encoder, a *ledgerapi.Address) {
	if a == nil {
		e.SeqLen(0)
		return
	}
	e.SeqLen(1)
	e.Fixed(a[:])
}

func readOptAddr(d *bcs.Decoder, what string) *ledgerapi.Address {
	switch d.SeqLen(what, 32) {
	case 0:
		return nil
	case 1:
		var a ledgerapi.Address
		d.Fixed(a[:], what)
		return &a
	}
	d.Fail(bcs.ErrInvalidValue, what, "option holds more than one value")
	return nil
}

func (a *accountRes) MarshalBCS(e *bcs.Encoder) {
	e.WriteBytes(a.AuthKey)
	e.U64(a.SequenceNumber)
	e.U64(a.GUIDCreationNum)
	a.CoinRegisterEvents.MarshalBCS(e)
	a.KeyRotationEvents.MarshalBCS(e)
	writeOptAddr(e, a.RotationOffer)
	writeOptAddr(e, a.SignerOffer)
}

func (a *accountRes) UnmarshalBCS(d *bcs.Decoder) {
	a.AuthKey = d.ReadBytes("Account.authentication_key")
	a.SequenceNumber = d.U64("Account.sequence_number")
	a.GUIDCreationNum = d.U64("Account.guid_creation_num")
	a.CoinRegisterEvents.UnmarshalBCS(d)
	a.KeyRotationEvents.UnmarshalBCS(d)
	a.RotationOffer = readOptAddr(d, "Account.rotation_capability_offer")
	a.SignerOffer = readOptAddr(d, "Account.signer_capability_offer")
}

// fungibleStore is 0x1::fungible_asset::FungibleStore.
type fungibleStore struct {
	Metadata ledgerapi.Address
	Balance  uint64
	Frozen   bool
}

func (s *fungibleStore) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(s.Metadata[:])
	e.U64(s.Balance)
	e.Bool(s.Frozen)
}

func (s *fungibleStore) UnmarshalBCS(d *bcs.Decoder) {
	d.Fixed(s.Metadata[:], "FungibleStore.metadata")
	s.Balance = d.U64("FungibleStore.balance")
	s.Frozen = d.Bool("FungibleStore.frozen")
}

// objectCore is 0x1::object::ObjectCore.
type objectCore struct {
	GUIDCreationNum      uint64
	Owner                ledgerapi.Address
	AllowUngatedTransfer bool
	TransferEvents       EventHandle
}

// newObjectCore is the ObjectCore of a freshly created object at addr.
func newObjectCore(addr, owner ledgerapi.Address, ungated bool) *objectCore {
	return &objectCore{GUIDCreationNum: objectInitGUID + 1, Owner: owner, AllowUngatedTransfer: ungated,
		TransferEvents: EventHandle{CreationNum: objectInitGUID, Addr: addr}}
}

func (o *objectCore) MarshalBCS(e *bcs.Encoder) {
	e.U64(o.GUIDCreationNum)
	e.Fixed(o.Owner[:])
	e.Bool(o.AllowUngatedTransfer)
	o.TransferEvents.MarshalBCS(e)
}

func (o *objectCore) UnmarshalBCS(d *bcs.Decoder) {
	o.GUIDCreationNum = d.U64("ObjectCore.guid_creation_num")
	d.Fixed(o.Owner[:], "ObjectCore.owner")
	o.AllowUngatedTransfer = d.Bool("ObjectCore.allow_ungated_transfer")
	o.TransferEvents.UnmarshalBCS(d)
}

// faMetadata is 0x1::fungible_asset::Metadata.
type faMetadata struct {
	Name, Symbol        string
	Decimals            uint8
	IconURI, ProjectURI string
}

func (m *faMetadata) MarshalBCS(e *bcs.Encoder) {
	e.String(m.Name)
	e.String(m.Symbol)
	e.U8(m.Decimals)
	e.String(m.IconURI)
	e.String(m.ProjectURI)
}

func (m *faMetadata) UnmarshalBCS(d *bcs.Decoder) {
	m.Name = d.String("Metadata.name")
	m.Symbol = d.String("Metadata.symbol")
	m.Decimals = d.U8("Metadata.decimals")
	m.IconURI = d.String("Metadata.icon_uri")
	m.ProjectURI = d.String("Metadata.project_uri")
}

// concurrentSupply is 0x1::fungible_asset::ConcurrentSupply, an
// aggregator_v2::Aggregator<u128>{value, max_value}. Values are kept below
// 2^64; the high limbs are written as read.
type concurrentSupply struct {
	Value, ValueHi uint64
	Max, MaxHi     uint64
}

func (c *concurrentSupply) MarshalBCS(e *bcs.Encoder) {
	e.U128(c.Value, c.ValueHi)
	e.U128(c.Max, c.MaxHi)
}

func (c *concurrentSupply) UnmarshalBCS(d *bcs.Decoder) {
	c.Value, c.ValueHi = d.U128("ConcurrentSupply.current.value")
	c.Max, c.MaxHi = d.U128("ConcurrentSupply.current.max_value")
}

// blockResource is 0x1::block::BlockResource.
type blockResource struct {
	Height, EpochInterval                     uint64
	NewBlockEvents, UpdateEpochIntervalEvents EventHandle
}

func (b *blockResource) MarshalBCS(e *bcs.Encoder) {
	e.U64(b.Height)
	e.U64(b.EpochInterval)
	b.NewBlockEvents.MarshalBCS(e)
	b.UpdateEpochIntervalEvents.MarshalBCS(e)
}

func (b *blockResource) UnmarshalBCS(d *bcs.Decoder) {
	b.Height = d.U64("BlockResource.height")
	b.EpochInterval = d.U64("BlockResource.epoch_interval")
	b.NewBlockEvents.UnmarshalBCS(d)
	b.UpdateEpochIntervalEvents.UnmarshalBCS(d)
}

// u64Res is a resource or event with a single u64 field
// (CurrentTimeMicroseconds).
type u64Res struct{ V uint64 }

func (r *u64Res) MarshalBCS(e *bcs.Encoder)   { e.U64(r.V) }
func (r *u64Res) UnmarshalBCS(d *bcs.Decoder) { r.V = d.U64("u64") }

// typeInfoBCS returns the BCS of 0x1::type_info::TypeInfo for tag.
func typeInfoBCS(e *bcs.Encoder, t ledgerapi.StructTag) {
	e.Fixed(t.Address[:])
	e.String(t.Module)
	e.String(t.Name)
}

// encode returns the BCS of v in a slice of its own, exactly sized. The
// encoding is built in a pooled scratch encoder, so a value costs one
// allocation rather than an encoder and its growing buffer.
func encode(v bcs.Marshaler) []byte {
	e := scratch.Get().(*bcs.Encoder)
	e.Reset()
	v.MarshalBCS(e)
	out := make([]byte, e.Len())
	copy(out, e.Bytes())
	if e.Len() <= maxScratch {
		scratch.Put(e)
	}
	return out
}

// maxScratch is the largest scratch buffer returned to the pool: a rare
// large value (a published module) is not kept alive by it.
const maxScratch = 4096

var scratch = sync.Pool{New: func() any { return bcs.NewEncoder(512) }}

// readResource decodes the resource tag at addr into dst. It reports false
// when the resource does not exist.
func readResource(v storage.View, addr ledgerapi.Address, tag ledgerapi.StructTag, dst bcs.Unmarshaler) (bool, error) {
	b, err := v.StateValue(storage.ResourceKey(addr, tag))
	if errors.Is(err, storage.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := bcs.Unmarshal(b, dst); err != nil {
		return false, fmt.Errorf("vmstub: corrupt %s at %s: %w", tag, addr, err)
	}
	return true, nil
}

// readAccount reads the Account resource of addr.
func readAccount(v storage.View, addr ledgerapi.Address) (*accountRes, bool, error) {
	var a accountRes
	ok, err := readResource(v, addr, accountTag, &a)
	if !ok || err != nil {
		return nil, false, err
	}
	return &a, true, nil
}
