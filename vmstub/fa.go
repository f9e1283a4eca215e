package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
)

// Fungible assets: 0x1::fungible_asset and 0x1::primary_fungible_store.
// APT lives only in primary fungible stores; its metadata object is 0xa.

var faModuleID = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "fungible_asset"}

// Abort reasons of 0x1::fungible_asset.
const (
	eFAStoreIsFrozen       = 3
	eFAInsufficientBalance = 4
	eFAStoreExistence      = 23
)

const tObjectMetadata = "0x1::object::Object<0x1::fungible_asset::Metadata>"

func fungibleAssetModuleDef() Module {
	objT := []string{"0x1::object::Object<T0>"}
	optU128 := []string{"0x1::option::Option<u128>"}
	meta := func(get func(*faMetadata) []byte) func(*Call) ([][]byte, error) { return viewFAMetadata(get) }
	return mod1("fungible_asset", []Struct{
		sGroup("Metadata", "name: "+tString, "symbol: "+tString, "decimals: u8", "icon_uri: "+tString, "project_uri: "+tString),
		sGroup("ConcurrentSupply", "current: 0x1::aggregator_v2::Aggregator<u128>"),
		sGroup("Supply", "current: u128", "maximum: 0x1::option::Option<u128>"),
		sGroup("Untransferable", "dummy_field: bool"),
		sGroup("FungibleStore", "metadata: "+tObjectMetadata, "balance: u64", "frozen: bool"),
		sGroup("ConcurrentFungibleBalance", "balance: 0x1::aggregator_v2::Aggregator<u64>"),
		sPlain("MintRef", abDropStore, "metadata: "+tObjectMetadata),
		sPlain("TransferRef", abDropStore, "metadata: "+tObjectMetadata),
		sPlain("BurnRef", abDropStore, "metadata: "+tObjectMetadata),
		sEvent("Deposit", "store: address", "amount: u64"),
		sEvent("Withdraw", "store: address", "amount: u64"),
		sEvent("Frozen", "store: address", "frozen: bool"),
		faValueStruct(),
	}, append([]Function{
		generic(view("supply", objT, optU128, viewFASupply), keyParam),
		generic(view("maximum", objT, optU128, viewFAMaximum), keyParam),
		generic(view("name", objT, []string{tString}, meta(func(m *faMetadata) []byte { return StringValue(m.Name) })), keyParam),
		generic(view("symbol", objT, []string{tString}, meta(func(m *faMetadata) []byte { return StringValue(m.Symbol) })), keyParam),
		generic(view("decimals", objT, []string{"u8"}, meta(func(m *faMetadata) []byte { return U8Value(m.Decimals) })), keyParam),
		generic(view("icon_uri", objT, []string{tString}, meta(func(m *faMetadata) []byte { return StringValue(m.IconURI) })), keyParam),
		generic(view("project_uri", objT, []string{tString}, meta(func(m *faMetadata) []byte { return StringValue(m.ProjectURI) })), keyParam),
		generic(view("is_untransferable", objT, []string{"bool"}, viewFAUntransferable), keyParam),
		view("store_exists", []string{"address"}, []string{"bool"}, viewFAStoreExists),
		generic(view("store_metadata", objT, []string{tObjectMetadata}, viewFAStoreMetadata), keyParam),
		generic(view("balance", objT, []string{"u64"}, viewFABalance), keyParam),
		generic(view("is_frozen", objT, []string{"bool"}, viewFAIsFrozen), keyParam),
	}, faValueFunctions()...),
		AbortReason{Reason: eFAStoreIsFrozen, Name: "ESTORE_IS_FROZEN", Description: "Store is disabled from sending and receiving this fungible asset."},
		AbortReason{Reason: eFAInsufficientBalance, Name: "EINSUFFICIENT_BALANCE", Description: "Insufficient balance to withdraw or transfer."},
		AbortReason{Reason: eFAStoreExistence, Name: "EFUNGIBLE_STORE_EXISTENCE", Description: "Flag for the existence of fungible store."},
		AbortReason{Reason: eFAAssetMismatch, Name: "EFUNGIBLE_ASSET_MISMATCH", Description: "Fungible asset do not match when merging."},
		AbortReason{Reason: eFAAmountIsNotZero, Name: "EAMOUNT_IS_NOT_ZERO", Description: "Cannot destroy non-empty fungible assets."},
	)
}

func primaryStoreModuleDef() Module {
	objT := "0x1::object::Object<T0>"
	return mod1("primary_fungible_store", []Struct{
		sGroup("DeriveRefPod", "metadata_derive_ref: 0x1::object::DeriveRef"),
	}, append([]Function{
		generic(entry("transfer", []string{"&signer", objT, "address", "u64"}, nativePrimaryTransfer), keyParam),
		generic(view("primary_store_address", []string{"address", objT}, []string{"address"}, viewPrimaryStoreAddress), keyParam),
		generic(view("primary_store", []string{"address", objT}, []string{"0x1::object::Object<0x1::fungible_asset::FungibleStore>"}, viewPrimaryStore), keyParam),
		generic(view("primary_store_exists", []string{"address", objT}, []string{"bool"}, viewPrimaryStoreExists), keyParam),
		generic(view("balance", []string{"address", objT}, []string{"u64"}, viewPrimaryBalance), keyParam),
		generic(view("is_frozen", []string{"address", objT}, []string{"bool"}, viewPrimaryIsFrozen), keyParam),
	}, primaryStoreValueFunctions()...))
}

// store reads the fungible store at addr.
func (s *Session) store(addr ledgerapi.Address) (*fungibleStore, bool, error) {
	var st fungibleStore
	ok, err := readResource(s, addr, fungibleStoreTag, &st)
	return &st, ok, err
}

// ensurePrimaryStore returns owner's primary store address for metadata,
// creating the store object (ObjectCore and FungibleStore, no events) when
// it does not exist.
func (s *Session) ensurePrimaryStore(owner, metadata ledgerapi.Address) (ledgerapi.Address, error) {
	addr := s.primaryStore(owner, metadata)
	if _, ok, err := s.Resource(addr, fungibleStoreTag); ok || err != nil {
		return addr, err
	}
	if metadata != aptMetadata {
		if _, ok, err := s.Resource(metadata, metadataTag); err != nil {
			return addr, err
		} else if !ok {
			return addr, fail(onchain.MISSING_DATA)
		}
	}
	if err := s.putResource(addr, objectCoreTag, newObjectCore(addr, owner, false)); err != nil {
		return addr, err
	}
	return addr, s.putResource(addr, fungibleStoreTag, &fungibleStore{Metadata: metadata})
}

// withdrawFrom takes amount out of the store at addr and emits Withdraw.
// It reports false (changing nothing) when the balance is short; a frozen
// store aborts first with ESTORE_IS_FROZEN.
func (s *Session) withdrawFrom(addr ledgerapi.Address, amount uint64) (bool, error) {
	st, ok, err := s.store(addr)
	if err == nil && ok && st.Frozen {
		err = frozenAbort()
	}
	if err != nil || !ok || st.Balance < amount {
		return false, err
	}
	st.Balance -= amount
	if err := s.putResource(addr, fungibleStoreTag, st); err != nil {
		return false, err
	}
	s.Emit(withdrawEventType, storeEvent(addr, amount))
	return true, nil
}

// depositTo adds amount to the store at addr and emits Deposit; a frozen
// store aborts with ESTORE_IS_FROZEN.
func (s *Session) depositTo(addr ledgerapi.Address, amount uint64) error {
	st, ok, err := s.store(addr)
	if err != nil {
		return err
	}
	if !ok {
		return fail(onchain.MISSING_DATA)
	}
	if st.Frozen {
		return frozenAbort()
	}
	if st.Balance+amount < st.Balance {
		return fail(onchain.ARITHMETIC_ERROR)
	}
	st.Balance += amount
	if err := s.putResource(addr, fungibleStoreTag, st); err != nil {
		return err
	}
	s.Emit(depositEventType, storeEvent(addr, amount))
	return nil
}

func frozenAbort() error {
	return &Abort{Module: faModuleID, Code: AbortCode(CategoryInvalidArgument, eFAStoreIsFrozen)}
}

// storeEvent is the BCS of fungible_asset::Withdraw/Deposit {store, amount}.
func storeEvent(store ledgerapi.Address, amount uint64) []byte {
	e := bcs.NewEncoder(40)
	e.Fixed(store[:])
	e.U64(amount)
	return e.Bytes()
}

// TransferFungible moves amount of the fungible asset whose metadata object
// is metadata (0xa for APT) from from's primary store to to's, as
// primary_fungible_store::transfer and aptos_account::transfer do: both
// stores are created if needed (silently), then fungible_asset::Withdraw and
// Deposit are emitted. A frozen sender store, a short balance and a frozen
// recipient store abort, in that order, with 0x1::fungible_asset's
// ESTORE_IS_FROZEN, EINSUFFICIENT_BALANCE and ESTORE_IS_FROZEN.
func (s *Session) TransferFungible(from, to, metadata ledgerapi.Address, amount uint64) error {
	fromStore, err := s.ensurePrimaryStore(from, metadata)
	if err != nil {
		return err
	}
	toStore, err := s.ensurePrimaryStore(to, metadata)
	if err != nil {
		return err
	}
	ok, err := s.withdrawFrom(fromStore, amount)
	if err != nil {
		return err
	}
	if !ok {
		return &Abort{Module: faModuleID, Code: AbortCode(CategoryInvalidArgument, eFAInsufficientBalance)}
	}
	return s.depositTo(toStore, amount)
}

// FungibleBalance returns owner's primary store balance of the fungible
// asset whose metadata object is metadata (0 when the store does not exist).
func (s *Session) FungibleBalance(owner, metadata ledgerapi.Address) (uint64, error) {
	st, _, err := s.store(s.primaryStore(owner, metadata))
	return st.Balance, err
}

// nativePrimaryTransfer is primary_fungible_store::transfer<T>(sender,
// metadata, recipient, amount).
func nativePrimaryTransfer(c *Call) ([][]byte, error) {
	return nil, c.TransferFungible(c.Signers[0], c.ArgAddress(1), c.ArgAddress(0), c.ArgU64(2))
}
