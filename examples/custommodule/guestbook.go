package main

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub"
)

// The host module 0xcafe::guestbook, written as Move would declare it:
//
//	module 0xcafe::guestbook {
//	    struct Entry has key { message: String, count: u64 }
//	    #[event] struct Signed has drop, store { account: address, message: String }
//	    struct Book has key { messages: Table<address, String> }   // at 0xcafe
//
//	    public entry fun sign(account: &signer, message: String)
//	    #[view] public fun get(addr: address): String              // aborts ENO_ENTRY
//	    #[view] public fun count(addr: address): u64               // 0 when unsigned
//	}
var (
	guestbookAddr = ledgerapi.MustParseAddress("0xcafe")
	entryTag      = ledgerapi.StructTag{Address: guestbookAddr, Module: "guestbook", Name: "Entry"}
	bookTag       = ledgerapi.StructTag{Address: guestbookAddr, Module: "guestbook", Name: "Book"}
	signedType    = ledgerapi.StructType(ledgerapi.StructTag{Address: guestbookAddr, Module: "guestbook", Name: "Signed"})
	// messagesTable is the handle of Book.messages, created at genesis.
	messagesTable = vmstub.TableHandle(guestbookAddr, "guestbook::Book")
)

// Abort reasons (the low 16 bits of an abort code).
const (
	eInvalidMessage = 1
	eNoEntry        = 2
	maxMessageLen   = 280
)

// entry is the BCS form of Entry, in field declaration order.
type entry struct {
	Message string
	Count   uint64
}

func (e *entry) MarshalBCS(enc *bcs.Encoder) {
	enc.String(e.Message)
	enc.U64(e.Count)
}

func (e *entry) UnmarshalBCS(d *bcs.Decoder) {
	e.Message = d.String("message")
	e.Count = d.U64("count")
}

// guestbookModule declares the module. The declaration becomes the
// module's Move bytecode (stored at genesis), whose structs give the
// layouts the API renders resources, events and table values with (and
// the ABI); its functions are the natives that run them.
func guestbookModule() vmstub.Module {
	return vmstub.Module{
		Address: guestbookAddr, Name: "guestbook",
		Structs: []vmstub.Struct{
			{Name: "Entry", Abilities: []string{vmstub.AbilityKey}, Fields: []string{"message: 0x1::string::String", "count: u64"}},
			{Name: "Signed", Abilities: []string{vmstub.AbilityDrop, vmstub.AbilityStore}, IsEvent: true,
				Fields: []string{"account: address", "message: 0x1::string::String"}},
			{Name: "Book", Abilities: []string{vmstub.AbilityKey}, Fields: []string{"messages: 0x1::table::Table<address, 0x1::string::String>"}},
		},
		Functions: []vmstub.Function{
			{Name: "sign", IsEntry: true, Params: []string{"&signer", "0x1::string::String"}, Native: sign},
			{Name: "get", IsView: true, Params: []string{"address"}, Return: []string{"0x1::string::String"}, Native: get},
			{Name: "count", IsView: true, Params: []string{"address"}, Return: []string{"u64"}, Native: count},
		},
		Errors: []vmstub.AbortReason{
			{Reason: eInvalidMessage, Name: "EINVALID_MESSAGE", Description: "The message is empty or longer than 280 bytes."},
			{Reason: eNoEntry, Name: "ENO_ENTRY", Description: "The account has not signed the guestbook."},
		},
		// Genesis publishes Book at 0xcafe: a resource holding the table's handle.
		Genesis: func(s *vmstub.Session) error {
			return s.SetResource(guestbookAddr, bookTag, vmstub.AddressValue(messagesTable))
		},
	}
}

// readEntry returns addr's Entry, and false when it has none.
func readEntry(s *vmstub.Session, addr ledgerapi.Address) (entry, bool, error) {
	var e entry
	b, ok, err := s.Resource(addr, entryTag)
	if err != nil || !ok {
		return e, false, err
	}
	return e, true, bcs.Unmarshal(b, &e)
}

// sign stores or updates the signer's Entry, emits Signed and records the
// message in Book.messages.
func sign(c *vmstub.Call) ([][]byte, error) {
	who, msg := c.Signers[0], c.ArgString(0)
	if msg == "" || len(msg) > maxMessageLen {
		return nil, c.Abort(vmstub.AbortCode(vmstub.CategoryInvalidArgument, eInvalidMessage))
	}
	e, _, err := readEntry(c.Session, who)
	if err != nil {
		return nil, err
	}
	e.Message, e.Count = msg, e.Count+1
	if err := c.SetResource(who, entryTag, bcs.Marshal(&e)); err != nil {
		return nil, err
	}
	c.Emit(signedType, append(vmstub.AddressValue(who), vmstub.StringValue(msg)...))
	return nil, c.SetTableItem(messagesTable, vmstub.AddressValue(who), vmstub.StringValue(msg))
}

func get(c *vmstub.Call) ([][]byte, error) {
	e, ok, err := readEntry(c.Session, c.ArgAddress(0))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, c.Abort(vmstub.AbortCode(vmstub.CategoryNotFound, eNoEntry))
	}
	return [][]byte{vmstub.StringValue(e.Message)}, nil
}

func count(c *vmstub.Call) ([][]byte, error) {
	e, _, err := readEntry(c.Session, c.ArgAddress(0))
	return [][]byte{vmstub.U64Value(e.Count)}, err
}
