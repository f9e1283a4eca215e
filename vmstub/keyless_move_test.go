package vmstub_test

import (
	"testing"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/bytecode"
	"github.com/ledgernode/ledgernode/ledgerapi/movevalue"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/storage"
	"github.com/ledgernode/ledgernode/vmstub"
)

// keylessModule calls 0x1::keyless_account as Move code would: keep(s,
// a, b, c, d, abc, auds, n, horizon, pk, epk, iss, extra, hdr) builds a
// key and a configuration with the constructors and keeps them in its
// own Keep resource; upd(s, a, b, c, d, abc) passes a key built so to
// update_groth16_verification_key; wheels(s, pk) calls
// update_training_wheels_for_next_epoch and auds(s)
// remove_all_override_auds_for_next_epoch.
func keylessModule(t *testing.T, addr ledgerapi.Address) []byte {
	k := newKit(t, addr, "kl")
	b := k.b
	sig, bytesT := bytecode.Ref(bytecode.Signer), bytecode.Vector(bytecode.U8)
	ka := b.ModuleRef(one, "keyless_account")
	vkT := bytecode.StructOf(b.ImportStruct(ka, "Groth16VerificationKey", bytecode.AbilityDrop|bytecode.AbilityStore|bytecode.AbilityKey))
	cfgT := bytecode.StructOf(b.ImportStruct(ka, "Configuration", stringAbil|bytecode.AbilityKey))
	keep := b.Struct("Keep", bytecode.AbilityKey, bytecode.Field("vk", vkT), bytecode.Field("cfg", cfgT))
	vkParams := []tok{bytesT, bytesT, bytesT, bytesT, bytecode.Vector(bytesT)}
	cfgParams := []tok{bytecode.Vector(strT), bytecode.U16, bytecode.U64, optOf(bytesT), bytecode.U16, bytecode.U16, bytecode.U16, bytecode.U32}
	newVK := k.fn("keyless_account", "new_groth16_verification_key", nil, vkParams, []tok{vkT})
	newCfg := k.fn("keyless_account", "new_configuration", nil, cfgParams, []tok{cfgT})
	update := k.fn("keyless_account", "update_groth16_verification_key", nil, []tok{sig, vkT}, nil)
	wheels := k.fn("keyless_account", "update_training_wheels_for_next_epoch", nil, []tok{sig, optOf(bytesT)}, nil)
	auds := k.fn("keyless_account", "remove_all_override_auds_for_next_epoch", nil, []tok{sig}, nil)
	entry := func(name string, params []tok, code ...bytecode.Instruction) {
		b.Function(name, bytecode.Public|bytecode.Entry, bytecode.Fn{Params: params, Code: append(code, in(bytecode.OpRet))})
	}
	moves := func(from, n int) []bytecode.Instruction {
		var code []bytecode.Instruction
		for i := from; i < from+n; i++ {
			code = append(code, in(bytecode.OpMoveLoc, uint64(i)))
		}
		return code
	}
	keepCode := append(moves(0, 6), callF(newVK))
	keepCode = append(append(keepCode, moves(6, 8)...), callF(newCfg), in(bytecode.OpPack, uint64(keep)), in(bytecode.OpMoveTo, uint64(keep)))
	entry("keep", append(append([]tok{sig}, vkParams...), cfgParams...), keepCode...)
	entry("upd", append([]tok{sig}, vkParams...), append(append([]bytecode.Instruction{in(bytecode.OpMoveLoc, 0)}, moves(1, 5)...), callF(newVK), callF(update))...)
	entry("wheels", []tok{sig, optOf(bytesT)}, in(bytecode.OpMoveLoc, 0), in(bytecode.OpMoveLoc, 1), callF(wheels))
	entry("auds", []tok{sig}, in(bytecode.OpMoveLoc, 0), callF(auds))
	return mustBytes(t, b)
}

// bcsOf is the BCS of what fill writes.
func bcsOf(fill func(e *bcs.Encoder)) []byte {
	e := bcs.NewEncoder(64)
	fill(e)
	return e.Bytes()
}

// TestKeylessFromMove: Move code builds a verification key and a
// configuration with the constructors (kept in its own resource, whose
// JSON shows every field as given); the framework's functions abort in
// system_addresses with PERMISSION_DENIED(ENOT_APTOS_FRAMEWORK_ADDRESS)
// (0x50003) for a user's signer, before the training wheels key is
// looked at.
func TestKeylessFromMove(t *testing.T) {
	c := newChain(t, vmstub.Options{})
	a := c.vm.DevAccounts()[0]
	if out := c.publish(a, packageMeta("Kl", onchain.UpgradeCompatible, []string{"kl"}, stdDeps...), keylessModule(t, a.Address)); !out.Info.Status.Success() {
		t.Fatalf("publish: %s", out.Info.Status.String())
	}
	run := func(fn string, args ...[]byte) string {
		return c.mustExec(a.Sign(c.raw(a, vmstub.EntryPayload(a.Address, "kl", fn, nil, args...)))).Info.Status.String()
	}
	bs := func(v ...byte) []byte { return vmstub.BytesValue(v) }
	abc := bcsOf(func(e *bcs.Encoder) { e.SeqLen(2); e.WriteBytes([]byte{5}); e.WriteBytes([]byte{6, 7}) })
	vkArgs := [][]byte{bs(1), bs(2, 2), bs(3), bs(4), abc}
	cfgArgs := [][]byte{
		bcsOf(func(e *bcs.Encoder) { e.SeqLen(2); e.String("aud.one"); e.String("aud.two") }),
		bcsOf(func(e *bcs.Encoder) { e.U16(7) }),
		bcsOf(func(e *bcs.Encoder) { e.U64(1 << 40) }),
		bcsOf(func(e *bcs.Encoder) { e.SeqLen(1); e.WriteBytes([]byte{0xab, 0xcd}) }),
		bcsOf(func(e *bcs.Encoder) { e.U16(93) }),
		bcsOf(func(e *bcs.Encoder) { e.U16(120) }),
		bcsOf(func(e *bcs.Encoder) { e.U16(350) }),
		bcsOf(func(e *bcs.Encoder) { e.U32(300) }),
	}
	if got := run("keep", append(vkArgs, cfgArgs...)...); got != "Executed successfully" {
		t.Fatalf("keep: %s", got)
	}
	kept, err := c.StateValue(storage.ResourceKey(a.Address, ledgerapi.StructTag{Address: a.Address, Module: "kl", Name: "Keep"}))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"cfg":{"max_commited_epk_bytes":93,"max_exp_horizon_secs":"1099511627776","max_extra_field_bytes":350,` +
		`"max_iss_val_bytes":120,"max_jwt_header_b64_bytes":300,"max_signatures_per_txn":7,"override_aud_vals":["aud.one","aud.two"],` +
		`"training_wheels_pubkey":{"vec":["0xabcd"]}},` +
		`"vk":{"alpha_g1":"0x01","beta_g2":"0x0202","delta_g2":"0x04","gamma_abc_g1":["0x05","0x0607"],"gamma_g2":"0x03"}}`
	if got := render(t, movevalue.Codec{Resolver: c.vm.ModulesAt(c)}, structType(a.Address.String()+"::kl::Keep"), kept); got != want {
		t.Errorf("Keep\n got  %s\n want %s", got, want)
	}
	denied := "Move abort in 0x1::system_addresses: ENOT_APTOS_FRAMEWORK_ADDRESS(0x50003): The address/account did not correspond to the core framework address"
	badPK := bcsOf(func(e *bcs.Encoder) { e.SeqLen(1); e.WriteBytes([]byte{1}) })
	for _, call := range []struct {
		fn   string
		args [][]byte
	}{{"upd", vkArgs}, {"wheels", [][]byte{badPK}}, {"auds", nil}} {
		if got := run(call.fn, call.args...); got != denied {
			t.Errorf("%s: %s, want %s", call.fn, got, denied)
		}
	}
}
