package aptosframework

// 0x1::coin's paired refs: the MintRef, TransferRef and BurnRef of a
// coin's paired fungible asset, kept in PairedFungibleAssetRefs at its
// metadata object, which Move code borrows with the matching capability
// (get_paired_*_ref with a hot-potato receipt, return_paired_*_ref) or
// takes for good (convert_and_take_paired_burn_ref).

import (
	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/vmstub/movevm"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// pairedRefs reads the coin's PairedFungibleAssetRefs: the metadata
// address and the three refs (nil when taken). A coin without a pairing
// aborts with EPAIRED_FUNGIBLE_ASSET, a pairing without refs with
// EPAIRED_FUNGIBLE_ASSET_REFS_NOT_FOUND.
func pairedRefs(h native.Host, coin ledgerapi.TypeTag) (ledgerapi.Address, [3]*ledgerapi.Address, error) {
	var refs [3]*ledgerapi.Address
	meta, ok, err := PairedMetadata(h, coin)
	if err != nil {
		return meta, refs, err
	}
	if !ok {
		return meta, refs, coinAbort(native.NotFound, ePairedFungibleAsset)
	}
	b, ok, err := h.Resource(meta, pairedRefsTag)
	if err != nil {
		return meta, refs, err
	}
	if !ok {
		return meta, refs, coinAbort(native.Internal, ePairedRefsNotFound)
	}
	refs, err = decodeRefs(b)
	return meta, refs, err
}

// decodeRefs decodes PairedFungibleAssetRefs: each ref's metadata address,
// nil when taken.
func decodeRefs(b []byte) ([3]*ledgerapi.Address, error) {
	var refs [3]*ledgerapi.Address
	d := bcs.NewDecoder(b)
	for i := range refs {
		if d.Option("PairedFungibleAssetRefs") {
			var a ledgerapi.Address
			d.Fixed(a[:], "ref")
			refs[i] = &a
		}
	}
	return refs, d.Finish()
}

// putPairedRefs writes PairedFungibleAssetRefs at meta.
func putPairedRefs(h native.Host, meta ledgerapi.Address, refs [3]*ledgerapi.Address) error {
	e := bcs.NewEncoder(99)
	for _, r := range refs {
		if r == nil {
			e.U8(0)
			continue
		}
		e.U8(1)
		e.Fixed(r[:])
	}
	return h.SetResource(meta, pairedRefsTag, e.Bytes())
}

var refNames = [3]string{"MintRef", "TransferRef", "BurnRef"}

// getPairedRef is get_paired_{mint,transfer,burn}_ref<T>(cap): the ref
// taken out of the pairing (E*_REF_NOT_FOUND when taken already) with a
// receipt; with take, convert_and_take_paired_burn_ref<T>(cap), which
// destroys the capability and returns the ref alone.
func getPairedRef(which int, take bool) native.Func {
	notFound := [3]uint64{eMintRefNotFound, eTransferRefNotFound, eBurnRefNotFound}
	return func(c *native.Context, targs []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		if take {
			movevm.Unpack(args[0])
		}
		t, err := coinType(targs[0])
		if err != nil {
			return nil, err
		}
		h := hostOf(c)
		meta, refs, err := pairedRefs(h, t)
		if err != nil {
			return nil, err
		}
		if refs[which] == nil {
			return nil, c.Abort(native.Code(native.NotFound, notFound[which]))
		}
		ref := *refs[which]
		refs[which] = nil
		if err := putPairedRefs(h, meta, refs); err != nil {
			return nil, err
		}
		obj, err := metadataObject(c, ref)
		if err != nil {
			return nil, err
		}
		rt, err := typeOf(c, tag1("fungible_asset", refNames[which]))
		if err != nil {
			return nil, err
		}
		out := []movevm.Value{movevm.NewStruct(rt, obj)}
		if take {
			return out, nil
		}
		mo, err := metadataObject(c, meta)
		if err != nil {
			return nil, err
		}
		pt, err := typeOf(c, tag1("coin", refNames[which]+"Receipt"))
		if err != nil {
			return nil, err
		}
		return append(out, movevm.NewStruct(pt, mo)), nil
	}
}

// returnPairedRef is return_paired_{mint,transfer,burn}_ref(ref, receipt):
// the ref must be of the receipt's asset (E*_REF_RECEIPT_MISMATCH) and goes
// back into the pairing (option's EOPTION_IS_SET if one is there).
func returnPairedRef(which int) native.Func {
	mismatch := [3]uint64{eMintRefReceiptMismatch, eTransferRefReceiptMismatch, eBurnRefReceiptMismatch}
	return func(c *native.Context, _ []*movevm.Type, args []movevm.Value) ([]movevm.Value, error) {
		ref, meta := args[0].Elem(0).Elem(0).AsAddress(), args[1].Elem(0).Elem(0).AsAddress() // {metadata: Object{inner}}
		movevm.Unpack(args[0])
		movevm.Unpack(args[1])
		if ref != meta {
			return nil, c.Abort(native.Code(native.InvalidArgument, mismatch[which]))
		}
		h := hostOf(c)
		b, ok, err := h.Resource(meta, pairedRefsTag)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, &movevm.Error{Status: onchain.MISSING_DATA, Message: "0x1::coin::PairedFungibleAssetRefs does not exist"}
		}
		refs, err := decodeRefs(b)
		if err != nil {
			return nil, err
		}
		if refs[which] != nil {
			return nil, &movevm.Abort{Module: module1("option"), Code: 0x40000} // EOPTION_IS_SET
		}
		refs[which] = &ref
		return nil, putPairedRefs(h, meta, refs)
	}
}
