package main

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
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
	stringType    = ledgerapi.StructType(ledgerapi.StructTag{Address: ledgerapi.AddressOne, Module: "string", Name: "String"})
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

// guestbookModule declares the module through the native contract
// (vmstub/native). The declaration becomes the module's Move bytecode
// (stored at genesis), whose structs give the layouts the API renders
// resources, events and table values with (and the ABI); its functions
// are Go Funcs over the interpreter's values, which run them whether a
// transaction, a view or Move code calls them.
func guestbookModule() native.Module {
	return native.Module{
		Address: guestbookAddr, Name: "guestbook",
		Structs: []native.Struct{
			{Name: "Entry", Abilities: []string{native.AbilityKey}, Fields: []string{"message: 0x1::string::String", "count: u64"}},
			{Name: "Signed", Abilities: []string{native.AbilityDrop, native.AbilityStore}, IsEvent: true,
				Fields: []string{"account: address", "message: 0x1::string::String"}},
			{Name: "Book", Abilities: []string{native.AbilityKey}, Fields: []string{"messages: 0x1::table::Table<address, 0x1::string::String>"}},
		},
		Functions: []native.Function{
			{Name: "sign", IsEntry: true, Params: []string{"&signer", "0x1::string::String"}, Impl: sign},
			{Name: "get", IsView: true, Params: []string{"address"}, Return: []string{"0x1::string::String"}, Impl: get},
			{Name: "count", IsView: true, Params: []string{"address"}, Return: []string{"u64"}, Impl: count},
		},
		Errors: []native.AbortReason{
			{Reason: eInvalidMessage, Name: "EINVALID_MESSAGE", Description: "The message is empty or longer than 280 bytes."},
			{Reason: eNoEntry, Name: "ENO_ENTRY", Description: "The account has not signed the guestbook."},
		},
		// Genesis publishes Book at 0xcafe: a resource holding the table's handle.
		Genesis: func(h native.Host) error {
			return h.SetResource(guestbookAddr, bookTag, vmstub.AddressValue(messagesTable))
		},
	}
}

// readEntry returns addr's Entry, and false when it has none.
func readEntry(h native.Host, addr ledgerapi.Address) (entry, bool, error) {
	var e entry
	b, ok, err := h.Resource(addr, entryTag)
	if err != nil || !ok {
		return e, false, err
	}
	return e, true, bcs.Unmarshal(b, &e)
}

// sign is sign(account: &signer, message: String): it stores or updates
// the signer's Entry, emits Signed and records the message in
// Book.messages. The interpreter has checked the arguments (a String is
// valid UTF-8); resources, the event and the table item go to the
// transaction's state as BCS.
func sign(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	s, _ := args[0].Deref()
	who, msg := s.AsAddress(), string(args[1].Elem(0).Bytes()) // String{bytes}
	if msg == "" || len(msg) > maxMessageLen {
		return nil, c.Abort(native.Code(native.InvalidArgument, eInvalidMessage))
	}
	h := c.Host()
	e, _, err := readEntry(h, who)
	if err != nil {
		return nil, err
	}
	e.Message, e.Count = msg, e.Count+1
	if err := h.SetResource(who, entryTag, bcs.Marshal(&e)); err != nil {
		return nil, err
	}
	h.EmitBCS(signedType, append(vmstub.AddressValue(who), vmstub.StringValue(msg)...))
	return nil, h.SetTableItem(messagesTable, vmstub.AddressValue(who), vmstub.StringValue(msg))
}

// get is #[view] get(addr: address): String, aborting ENO_ENTRY for an
// account that never signed.
func get(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	e, ok, err := readEntry(c.Host(), args[0].AsAddress())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, c.Abort(native.Code(native.NotFound, eNoEntry))
	}
	t, err := c.TypeOf(stringType)
	if err != nil {
		return nil, err
	}
	b, err := c.Bytes([]byte(e.Message))
	if err != nil {
		return nil, err
	}
	v, err := c.Struct(t, b)
	return []movevm.Value{v}, err
}

// count is #[view] count(addr: address): u64, 0 for an account that never
// signed.
func count(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
	e, _, err := readEntry(c.Host(), args[0].AsAddress())
	return []movevm.Value{movevm.U64(e.Count)}, err
}
