package vmstub

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
)

// Fungible assets: 0x1::fungible_asset and 0x1::primary_fungible_store.
// APT lives only in primary fungible stores; its metadata object is 0xa.

var faModuleID = ledgerapi.ModuleId{Address: ledgerapi.AddressOne, Name: "fungible_asset"}

const eFAInsufficientBalance = 4

const tObjectMetadata = "0x1::object::Object<0x1::fungible_asset::Metadata>"

func fungibleAssetModuleDef() Module {
	objT := []string{"0x1::object::Object<T0>"}
	return mod1("fungible_asset", []Struct{
		sGroup("Metadata", "name: "+tString, "symbol: "+tString, "decimals: u8", "icon_uri: "+tString, "project_uri: "+tString),
		sGroup("ConcurrentSupply", "current: 0x1::aggregator_v2::Aggregator<u128>"),
		sGroup("Supply", "current: u128", "maximum: 0x1::option::Option<u128>"),
		sGroup("FungibleStore", "metadata: "+tObjectMetadata, "balance: u64", "frozen: bool"),
		sGroup("ConcurrentFungibleBalance", "balance: 0x1::aggregator_v2::Aggregator<u64>"),
		sPlain("MintRef", abDropStore, "metadata: "+tObjectMetadata),
		sPlain("TransferRef", abDropStore, "metadata: "+tObjectMetadata),
		sPlain("BurnRef", abDropStore, "metadata: "+tObjectMetadata),
		sEvent("Deposit", "store: address", "amount: u64"),
		sEvent("Withdraw", "store: address", "amount: u64"),
		sEvent("Frozen", "store: address", "frozen: bool"),
	}, []Function{
		generic(view("balance", objT, []string{"u64"}, viewFABalance), keyParam),
		generic(view("name", objT, []string{tString}, viewFAMetadata(func(m *faMetadata) []byte { return StringValue(m.Name) })), keyParam),
		generic(view("symbol", objT, []string{tString}, viewFAMetadata(func(m *faMetadata) []byte { return StringValue(m.Symbol) })), keyParam),
		generic(view("decimals", objT, []string{"u8"}, viewFAMetadata(func(m *faMetadata) []byte { return U8Value(m.Decimals) })), keyParam),
		generic(view("supply", objT, []string{"0x1::option::Option<u128>"}, viewFASupply), keyParam),
	},
		AbortReason{3, "ESTORE_IS_FROZEN", "Store is disabled from sending and receiving this fungible asset."},
		AbortReason{eFAInsufficientBalance, "EINSUFFICIENT_BALANCE", "Insufficient balance to withdraw or transfer."},
	)
}

func primaryStoreModuleDef() Module {
	objT := "0x1::object::Object<T0>"
	return mod1("primary_fungible_store", []Struct{
		sGroup("DeriveRefPod", "metadata_derive_ref: 0x1::object::DeriveRef"),
	}, []Function{
		generic(entry("transfer", []string{"&signer", objT, "address", "u64"}, nativePrimaryTransfer), keyParam),
		generic(view("balance", []string{"address", objT}, []string{"u64"}, viewPrimaryBalance), keyParam),
		generic(view("primary_store_address", []string{"address", objT}, []string{"address"}, viewPrimaryStoreAddress), keyParam),
		generic(view("primary_store_exists", []string{"address", objT}, []string{"bool"}, viewPrimaryStoreExists), keyParam),
	})
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
			return addr, fail(StatusMissingData)
		}
	}
	if err := s.putResource(addr, objectCoreTag, newObjectCore(addr, owner, false)); err != nil {
		return addr, err
	}
	return addr, s.putResource(addr, fungibleStoreTag, &fungibleStore{Metadata: metadata})
}

// withdrawFrom takes amount out of the store at addr and emits Withdraw.
// It reports false (changing nothing) when the balance is short.
func (s *Session) withdrawFrom(addr ledgerapi.Address, amount uint64) (bool, error) {
	st, ok, err := s.store(addr)
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

// depositTo adds amount to the store at addr and emits Deposit.
func (s *Session) depositTo(addr ledgerapi.Address, amount uint64) error {
	st, ok, err := s.store(addr)
	if err != nil {
		return err
	}
	if !ok {
		return fail(StatusMissingData)
	}
	if st.Balance+amount < st.Balance {
		return fail(StatusArithmeticError)
	}
	st.Balance += amount
	if err := s.putResource(addr, fungibleStoreTag, st); err != nil {
		return err
	}
	s.Emit(depositEventType, storeEvent(addr, amount))
	return nil
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
// Deposit are emitted. A short balance aborts with
// 0x1::fungible_asset::EINSUFFICIENT_BALANCE.
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

func viewPrimaryBalance(c *Call) ([][]byte, error) {
	b, err := c.FungibleBalance(c.ArgAddress(0), c.ArgAddress(1))
	return [][]byte{U64Value(b)}, err
}

func viewPrimaryStoreAddress(c *Call) ([][]byte, error) {
	return [][]byte{AddressValue(crypto.PrimaryStoreAddress(c.ArgAddress(0), c.ArgAddress(1)))}, nil
}

func viewPrimaryStoreExists(c *Call) ([][]byte, error) {
	_, ok, err := c.store(crypto.PrimaryStoreAddress(c.ArgAddress(0), c.ArgAddress(1)))
	return [][]byte{BoolValue(ok)}, err
}

func viewFABalance(c *Call) ([][]byte, error) {
	st, _, err := c.store(c.ArgAddress(0))
	return [][]byte{U64Value(st.Balance)}, err
}

func viewFAMetadata(get func(*faMetadata) []byte) func(*Call) ([][]byte, error) {
	return func(c *Call) ([][]byte, error) {
		var m faMetadata
		ok, err := readResource(c, c.ArgAddress(0), metadataTag, &m)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fail(StatusMissingData)
		}
		return [][]byte{get(&m)}, nil
	}
}

func viewFASupply(c *Call) ([][]byte, error) {
	var cs concurrentSupply
	ok, err := readResource(c, c.ArgAddress(0), concurrentSupplyTag, &cs)
	if err != nil || !ok {
		return [][]byte{OptionValue(nil)}, err
	}
	e := bcs.NewEncoder(17)
	e.U8(1)
	e.U128(cs.Value, cs.ValueHi)
	return [][]byte{e.Bytes()}, nil
}
