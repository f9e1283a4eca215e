package aptostoken

// 0x3::token, state: the Go forms of TokenDataId, TokenId, Token,
// Royalty, TokenData, CollectionData, WithdrawCapability, Collections and
// TokenStore in Aptos's BCS layouts, and their reads and writes through
// the Host: resources at the creator's or owner's address, table items
// under the BCS of their keys (Table<String, CollectionData>,
// Table<TokenDataId, TokenData>, Table<TokenId, Token>).

import (
	"fmt"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosframework"
	"github.com/ledgernode/ledgernode/vmstub/framework/aptosstdlib"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

type tokenDataID struct {
	Creator          ledgerapi.Address
	Collection, Name string
}

func (t *tokenDataID) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(t.Creator[:])
	e.String(t.Collection)
	e.String(t.Name)
}

func (t *tokenDataID) UnmarshalBCS(d *bcs.Decoder) {
	d.Fixed(t.Creator[:], "TokenDataId.creator")
	t.Collection = d.String("TokenDataId.collection")
	t.Name = d.String("TokenDataId.name")
}

type tokenID struct {
	Data            tokenDataID
	PropertyVersion uint64
}

func (t *tokenID) MarshalBCS(e *bcs.Encoder) { t.Data.MarshalBCS(e); e.U64(t.PropertyVersion) }

func (t *tokenID) UnmarshalBCS(d *bcs.Decoder) {
	t.Data.UnmarshalBCS(d)
	t.PropertyVersion = d.U64("TokenId.property_version")
}

type token struct {
	ID         tokenID
	Amount     uint64
	Properties propMap
}

func (t *token) MarshalBCS(e *bcs.Encoder) {
	t.ID.MarshalBCS(e)
	e.U64(t.Amount)
	t.Properties.MarshalBCS(e)
}

func (t *token) UnmarshalBCS(d *bcs.Decoder) {
	t.ID.UnmarshalBCS(d)
	t.Amount = d.U64("Token.amount")
	t.Properties.UnmarshalBCS(d)
}

type royalty struct {
	Numerator, Denominator uint64
	Payee                  ledgerapi.Address
}

func (r *royalty) MarshalBCS(e *bcs.Encoder) {
	e.U64(r.Numerator)
	e.U64(r.Denominator)
	e.Fixed(r.Payee[:])
}

func (r *royalty) UnmarshalBCS(d *bcs.Decoder) {
	r.Numerator = d.U64("Royalty.royalty_points_numerator")
	r.Denominator = d.U64("Royalty.royalty_points_denominator")
	d.Fixed(r.Payee[:], "Royalty.payee_address")
}

// flags is a struct of bools: TokenMutabilityConfig (maximum, uri,
// royalty, description, properties) or CollectionMutabilityConfig
// (description, uri, maximum).
type flags []bool

func (f flags) MarshalBCS(e *bcs.Encoder) {
	for _, b := range f {
		e.Bool(b)
	}
}

func (f flags) UnmarshalBCS(d *bcs.Decoder) {
	for i := range f {
		f[i] = d.Bool("mutability_config")
	}
}

// Indices of TokenMutabilityConfig's fields (as its BCS orders them).
const (
	tmMaximum = iota
	tmURI
	tmRoyalty
	tmDescription
	tmProperties
)

// Indices of CollectionMutabilityConfig's fields.
const (
	cmDescription = iota
	cmURI
	cmMaximum
)

type tokenData struct {
	Maximum, LargestPropertyVersion, Supply uint64
	URI                                     string
	Royalty                                 royalty
	Name, Description                       string
	DefaultProperties                       propMap
	Mutability                              flags
}

func (t *tokenData) MarshalBCS(e *bcs.Encoder) {
	e.U64(t.Maximum)
	e.U64(t.LargestPropertyVersion)
	e.U64(t.Supply)
	e.String(t.URI)
	t.Royalty.MarshalBCS(e)
	e.String(t.Name)
	e.String(t.Description)
	t.DefaultProperties.MarshalBCS(e)
	t.Mutability.MarshalBCS(e)
}

func (t *tokenData) UnmarshalBCS(d *bcs.Decoder) {
	t.Maximum = d.U64("TokenData.maximum")
	t.LargestPropertyVersion = d.U64("TokenData.largest_property_version")
	t.Supply = d.U64("TokenData.supply")
	t.URI = d.String("TokenData.uri")
	t.Royalty.UnmarshalBCS(d)
	t.Name = d.String("TokenData.name")
	t.Description = d.String("TokenData.description")
	t.DefaultProperties.UnmarshalBCS(d)
	t.Mutability = make(flags, 5)
	t.Mutability.UnmarshalBCS(d)
}

type collectionData struct {
	Description, Name, URI string
	Supply, Maximum        uint64
	Mutability             flags
}

func (c *collectionData) MarshalBCS(e *bcs.Encoder) {
	e.String(c.Description)
	e.String(c.Name)
	e.String(c.URI)
	e.U64(c.Supply)
	e.U64(c.Maximum)
	c.Mutability.MarshalBCS(e)
}

func (c *collectionData) UnmarshalBCS(d *bcs.Decoder) {
	c.Description = d.String("CollectionData.description")
	c.Name = d.String("CollectionData.name")
	c.URI = d.String("CollectionData.uri")
	c.Supply = d.U64("CollectionData.supply")
	c.Maximum = d.U64("CollectionData.maximum")
	c.Mutability = make(flags, 3)
	c.Mutability.UnmarshalBCS(d)
}

type withdrawCap struct {
	Owner              ledgerapi.Address
	ID                 tokenID
	Amount, Expiration uint64
}

func (w *withdrawCap) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(w.Owner[:])
	w.ID.MarshalBCS(e)
	e.U64(w.Amount)
	e.U64(w.Expiration)
}

func (w *withdrawCap) UnmarshalBCS(d *bcs.Decoder) {
	d.Fixed(w.Owner[:], "WithdrawCapability.token_owner")
	w.ID.UnmarshalBCS(d)
	w.Amount = d.U64("WithdrawCapability.amount")
	w.Expiration = d.U64("WithdrawCapability.expiration_sec")
}

// collections is the Collections resource: its two table handles and
// three event handles.
type collections struct {
	CollectionData, TokenData ledgerapi.Address
	Handles                   [3]onchain.EventHandle
}

func (c *collections) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(c.CollectionData[:])
	e.Fixed(c.TokenData[:])
	for i := range c.Handles {
		c.Handles[i].MarshalBCS(e)
	}
}

func (c *collections) UnmarshalBCS(d *bcs.Decoder) {
	d.Fixed(c.CollectionData[:], "Collections.collection_data")
	d.Fixed(c.TokenData[:], "Collections.token_data")
	for i := range c.Handles {
		c.Handles[i].UnmarshalBCS(d)
	}
}

// tokenStore is the TokenStore resource.
type tokenStore struct {
	Tokens         ledgerapi.Address
	DirectTransfer bool
	Handles        [4]onchain.EventHandle
}

func (s *tokenStore) MarshalBCS(e *bcs.Encoder) {
	e.Fixed(s.Tokens[:])
	e.Bool(s.DirectTransfer)
	for i := range s.Handles {
		s.Handles[i].MarshalBCS(e)
	}
}

func (s *tokenStore) UnmarshalBCS(d *bcs.Decoder) {
	d.Fixed(s.Tokens[:], "TokenStore.tokens")
	s.DirectTransfer = d.Bool("TokenStore.direct_transfer")
	for i := range s.Handles {
		s.Handles[i].UnmarshalBCS(d)
	}
}

var (
	collectionsTag = tag3("token", "Collections")
	tokenStoreTag  = tag3("token", "TokenStore")
)

// readRes decodes resource tag at a into dst and reports whether it exists.
func readRes(h native.Host, a ledgerapi.Address, tag ledgerapi.StructTag, dst bcs.Unmarshaler) (bool, error) {
	b, ok, err := h.Resource(a, tag)
	if err != nil || !ok {
		return false, err
	}
	if err := bcs.Unmarshal(b, dst); err != nil {
		return false, fmt.Errorf("aptostoken: corrupt %s at %s: %w", tag, a, err)
	}
	return true, nil
}

// putRes writes v as resource tag at a.
func putRes(h native.Host, a ledgerapi.Address, tag ledgerapi.StructTag, v bcs.Marshaler) error {
	return h.SetResource(a, tag, encode(v))
}

// missing is borrow_global's failure for resource tag absent at a.
func missing(tag ledgerapi.StructTag, a ledgerapi.Address) error {
	return &movevm.Error{Status: onchain.MISSING_DATA, Message: tag.String() + " does not exist at " + a.String()}
}

// tableAbort is table's abort for a missing key (0x6507).
func tableAbort() error { return abortAt(ledgerapi.AddressOne, "table", aptosstdlib.ETableNotFound) }

// tableGet decodes the item of table handle under the BCS of key into
// dst and reports whether it exists.
func tableGet(h native.Host, handle ledgerapi.Address, key bcs.Marshaler, dst bcs.Unmarshaler) (bool, error) {
	b, ok, err := h.TableItem(handle, encode(key))
	if err != nil || !ok {
		return false, err
	}
	if err := bcs.Unmarshal(b, dst); err != nil {
		return false, fmt.Errorf("aptostoken: corrupt table item of %s: %w", handle, err)
	}
	return true, nil
}

// tableHas reports whether table handle holds key.
func tableHas(h native.Host, handle ledgerapi.Address, key bcs.Marshaler) (bool, error) {
	_, ok, err := h.TableItem(handle, encode(key))
	return ok, err
}

func tablePut(h native.Host, handle ledgerapi.Address, key, v bcs.Marshaler) error {
	return h.SetTableItem(handle, encode(key), encode(v))
}

func tableDel(h native.Host, handle ledgerapi.Address, key bcs.Marshaler) error {
	return h.DeleteTableItem(handle, encode(key))
}

// bcsStr is a String table key.
type bcsStr string

func (s bcsStr) MarshalBCS(e *bcs.Encoder) { e.String(string(s)) }

// newHandles makes n v1 event handles of account a, in order.
func newHandles(h native.Host, a ledgerapi.Address, hs []onchain.EventHandle) error {
	for i := range hs {
		eh, err := aptosframework.NewEventHandle(h, a)
		if err != nil {
			return err
		}
		hs[i] = eh
	}
	return nil
}

// newTable is the handle of the next table the transaction makes.
func newTable(h native.Host) ledgerapi.Address {
	return aptosstdlib.NewTableHandle(h.States(), h.Txn().Hash)
}

// readCollections is the Collections of a (ECOLLECTIONS_NOT_PUBLISHED
// when there is none).
func readCollections(h native.Host, a ledgerapi.Address) (*collections, error) {
	var cs collections
	ok, err := readRes(h, a, collectionsTag, &cs)
	if err == nil && !ok {
		err = tokenAbort(native.NotFound, eCollectionsNotPublished)
	}
	return &cs, err
}

// readTokenData is the TokenData of id (ECOLLECTIONS_NOT_PUBLISHED,
// ETOKEN_DATA_NOT_PUBLISHED) and the creator's Collections.
func readTokenData(h native.Host, id *tokenDataID) (*tokenData, *collections, error) {
	cs, err := readCollections(h, id.Creator)
	if err != nil {
		return nil, nil, err
	}
	var td tokenData
	ok, err := tableGet(h, cs.TokenData, id, &td)
	if err == nil && !ok {
		err = tokenAbort(native.NotFound, eTokenDataNotPublished)
	}
	return &td, cs, err
}

// readCollectionData is assert_collection_exists and the collection's data.
func readCollectionData(h native.Host, creator ledgerapi.Address, name string) (*collectionData, *collections, error) {
	cs, err := readCollections(h, creator)
	if err != nil {
		return nil, nil, err
	}
	var cd collectionData
	ok, err := tableGet(h, cs.CollectionData, bcsStr(name), &cd)
	if err == nil && !ok {
		err = tokenAbort(native.NotFound, eCollectionNotPublished)
	}
	return &cd, cs, err
}

// readStore is the TokenStore of a and whether it exists.
func readStore(h native.Host, a ledgerapi.Address) (*tokenStore, bool, error) {
	var s tokenStore
	ok, err := readRes(h, a, tokenStoreTag, &s)
	return &s, ok, err
}

// tokenAbort is an abort of 0x3::token.
func tokenAbort(category, reason uint64) error {
	return abortAt(addr, "token", native.Code(category, reason))
}
