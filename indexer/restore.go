package indexer

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"strconv"

	"github.com/ledgernode/ledgernode/indexer/gql"

	"github.com/ledgernode/ledgernode/ledgerapi"
	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/ledgerapi/crypto"
	"github.com/ledgernode/ledgernode/ledgerapi/onchain"
	"github.com/ledgernode/ledgernode/ledgerapi/txn"
	"github.com/ledgernode/ledgernode/storage"
)

// signer is one account authenticator of a transaction and its place.
type signer struct {
	address    ledgerapi.Address
	auth       *txn.AccountAuthenticator
	primary    bool
	agentIndex int64
}

// signers lists the authenticators of a signed transaction: the sender,
// then the secondary signers, then the fee payer.
func signers(st *txn.SignedTransaction) []signer {
	a := &st.Auth
	out := []signer{{address: st.Raw.Sender, auth: &a.Sender, primary: true}}
	for i := range a.SecondarySigners {
		if i < len(a.SecondaryAddresses) {
			out = append(out, signer{address: a.SecondaryAddresses[i], auth: &a.SecondarySigners[i], agentIndex: int64(i + 1)})
		}
	}
	if a.Variant == txn.AuthFeePayer {
		out = append(out, signer{address: a.FeePayerAddress, auth: &a.FeePayer, agentIndex: int64(len(a.SecondarySigners) + 1)})
	}
	return out
}

// keyEntry is one public key of an authenticator.
type keyEntry struct {
	publicKey, keyType, signature string
	used                          bool
	index                         int
}

// accountKeys describes an authenticator: its signature type, the account
// public key (the whole key the auth key derives from), its threshold and
// its member keys.
func accountKeys(a *txn.AccountAuthenticator) (sigType, accountKey string, threshold int, keys []keyEntry) {
	switch a.Variant {
	case txn.AccountEd25519:
		return ed25519Keys(a, hexString(a.PublicKey))
	case txn.AccountMultiEd25519:
		n := len(a.PublicKey) / 32
		var bitmap [4]byte
		if len(a.Signature) >= 4 {
			copy(bitmap[:], a.Signature[len(a.Signature)-4:])
		}
		signed := map[int]bool{}
		for _, i := range crypto.BitmapIndices(bitmap) {
			signed[i] = true
		}
		for i := 0; i < n; i++ {
			keys = append(keys, keyEntry{publicKey: hexString(a.PublicKey[32*i : 32*i+32]), keyType: "ed25519", used: signed[i], index: i})
		}
		if len(a.PublicKey) > 32*n {
			threshold = int(a.PublicKey[32*n])
		}
		return "multi_ed25519_signature", hexString(a.PublicKey), threshold, keys
	case txn.AccountSingleKey:
		if a.SingleKey == nil {
			break
		}
		k := &a.SingleKey.PublicKey
		return "single_key_signature", hexString(bcs.Marshal(k)), 1, []keyEntry{{publicKey: hexString(k.Key),
			keyType: k.Scheme.String(), signature: hexString(a.SingleKey.Signature.Sig), used: true}}
	case txn.AccountMultiKey:
		if a.MultiKey == nil {
			break
		}
		m := a.MultiKey
		e := bcs.NewEncoder(64)
		e.SeqLen(len(m.PublicKeys))
		for i := range m.PublicKeys {
			m.PublicKeys[i].MarshalBCS(e)
		}
		e.U8(m.SignaturesRequired)
		signed := map[int]bool{}
		for _, i := range crypto.BitVecIndices(m.Bitmap) {
			signed[i] = true
		}
		for i := range m.PublicKeys {
			keys = append(keys, keyEntry{publicKey: hexString(m.PublicKeys[i].Key), keyType: m.PublicKeys[i].Scheme.String(),
				used: signed[i], index: i})
		}
		return "multi_key_signature", hexString(e.Bytes()), int(m.SignaturesRequired), keys
	}
	return "", "", 0, nil
}

// ed25519Keys is accountKeys of a single Ed25519 key a whose public key
// renders as pub.
func ed25519Keys(a *txn.AccountAuthenticator, pub string) (sigType, accountKey string, threshold int, keys []keyEntry) {
	return "ed25519_signature", pub, 1, []keyEntry{{publicKey: pub, keyType: "ed25519", signature: hexString(a.Signature), used: true}}
}

// authKeys is what accountKeys says of an authenticator.
type authKeys struct {
	sigType, accountKey string
	threshold           int
	keys                []keyEntry
}

// senderKeys returns accountKeys of x's sender's authenticator, worked
// out once per transaction (a single Ed25519 key's rendering is cached).
func (s *state) senderKeys(x *tx) *authKeys {
	if x.sender == nil {
		k := &authKeys{}
		if a := &x.signed.Auth.Sender; a.Variant == txn.AccountEd25519 {
			k.sigType, k.accountKey, k.threshold, k.keys = ed25519Keys(a, s.ed25519Key(a).pub)
		} else {
			k.sigType, k.accountKey, k.threshold, k.keys = accountKeys(a)
		}
		x.sender = k
	}
	return x.sender
}

// signatures adds a signatures row per signer key of a user transaction.
func (s *state) signatures(x *tx) {
	if x.signed == nil {
		return
	}
	t := s.hot.signatures
	for _, sg := range signers(x.signed) {
		var kind string
		var threshold int
		var keys []keyEntry
		if sg.primary {
			k := s.senderKeys(x)
			kind, threshold, keys = k.sigType, k.threshold, k.keys
		} else {
			kind, _, threshold, keys = accountKeys(sg.auth)
		}
		for _, k := range keys {
			if !k.used {
				continue
			}
			indices := noIndices
			if len(keys) > 1 {
				indices = gql.NewCell(json.RawMessage("[" + strconv.Itoa(k.index) + "]"))
			}
			r := t.blank()
			r[sigTransactionVersion], r[sigMultiAgentIndex] = x.version, s.in.eventIndex(sg.agentIndex)
			r[sigMultiSigIndex], r[sigIsSenderPrimary] = s.in.num(uint64(k.index)), sg.primary
			r[sigSigner], r[sigType], r[sigPublicKey], r[sigSignature] = s.in.addr(sg.address), s.in.str(kind), s.in.str(k.publicKey), k.signature
			r[sigThreshold], r[sigPublicKeyIndices] = s.in.eventIndex(int64(threshold)), indices
			r[sigTransactionBlockHeight], r[sigAccountSignatureType], r[sigPublicKeyType] = x.height, s.in.str(kind), s.in.str(k.keyType)
			t.putVals(r)
		}
	}
}

// noIndices is signatures.public_key_indices of a key that is the
// account's whole key: an empty JSON array, one cell for every row.
var noIndices = gql.NewCell(json.RawMessage("[]"))

// restoration maintains auth_key_account_addresses and public_key_auth_keys
// from successful transactions that write the sender's Account.
func (s *state) restoration(x *tx) {
	if x.signed == nil || !x.success {
		return
	}
	sender := x.signed.Raw.Sender
	var account *onchain.Account
	for i := range x.t.Changes {
		c := &x.t.Changes[i]
		if c.Key.Kind == storage.StateResource && c.Key.Address == sender && isTag(c.Key.Resource, "account", "Account") && !c.Deleted {
			var a onchain.Account
			if bcs.Unmarshal(c.Value, &a) == nil {
				account = &a
			}
		}
	}
	if account == nil || len(account.AuthKey) != ledgerapi.AddressLength {
		return
	}
	// The account's auth key is most often the one its Ed25519 sender
	// key proves, rendered already.
	var authKey string
	if a := &x.signed.Auth.Sender; a.Variant == txn.AccountEd25519 {
		if k := s.ed25519Key(a); bytes.Equal(account.AuthKey, k.authKey[:]) {
			authKey = k.auth
		}
	}
	if authKey == "" {
		authKey = hexString(account.AuthKey)
	}
	used := !bytes.Equal(account.AuthKey, sender[:])
	k := s.senderKeys(x)
	sigType, accountKey, keys := k.sigType, k.accountKey, k.keys
	if sigType == "multi_ed25519_signature" || sigType == "multi_key_signature" {
		used = true
	}
	var rotatedTo *keyEntry
	for i := range x.t.Events {
		e := &x.t.Events[i]
		if eventIs(e, "account", "KeyRotationToPublicKey") {
			used = true
			rotatedTo = rotationKey(e.Data)
		}
	}
	switch x.entry {
	case "0x1::account::rotate_authentication_key", "0x1::account::rotate_authentication_key_with_rotation_capability":
		used = true
	case "0x1::account::rotate_authentication_key_call", "0x1::account::rotate_authentication_key_from_public_key":
		used = false
	}
	v := x.version
	t := s.hot.authKeyAddrs
	r := t.blank()
	r[akaAccountAddress], r[akaAuthKey], r[akaIsAuthKeyUsed], r[akaLastTransactionVersion] = s.in.addr(sender), s.in.str(authKey), used, v
	t.putVals(r)
	// The keys that signed, under the auth key they prove.
	if proven, ok := s.provenAuthKey(&x.signed.Auth.Sender); ok && len(keys) > 0 {
		for _, k := range keys {
			s.putPublicKey(proven, accountKey, sigType, k, v)
		}
	}
	if rotatedTo != nil {
		s.putPublicKey(authKey, rotatedTo.publicKey, rotatedTo.signature, *rotatedTo, v)
	}
}

// maxEd25519Keys bounds the cache of Ed25519 keys' renderings.
const maxEd25519Keys = 1 << 12

// ed25519Rendered is a single Ed25519 public key and the auth key it
// proves, rendered.
type ed25519Rendered struct {
	pub, auth string
	authKey   ledgerapi.Address
}

// ed25519Key returns the renderings of the public key of a, a single
// Ed25519 key (most senders'), cached: a sender signs many transactions,
// and the auth key is a hash.
func (s *state) ed25519Key(a *txn.AccountAuthenticator) ed25519Rendered {
	if k, ok := s.cache.ed25519Keys[string(a.PublicKey)]; ok {
		return k
	}
	proven, _ := a.AuthKey()
	k := ed25519Rendered{pub: hexString(a.PublicKey), auth: hexString(proven[:]), authKey: proven}
	if s.cache.ed25519Keys == nil || len(s.cache.ed25519Keys) >= maxEd25519Keys {
		s.cache.ed25519Keys = map[string]ed25519Rendered{}
	}
	s.cache.ed25519Keys[string(a.PublicKey)] = k
	return k
}

// provenAuthKey returns the auth key the authenticator a proves, rendered.
func (s *state) provenAuthKey(a *txn.AccountAuthenticator) (string, bool) {
	if a.Variant == txn.AccountEd25519 {
		return s.ed25519Key(a).auth, true
	}
	proven, ok := a.AuthKey()
	return hexString(proven[:]), ok
}

// putPublicKey records that key belongs to authKey; is_public_key_used
// stays true once set. account_public_key is the multi-key the key is
// part of, and null for a key that is the account's whole key (the SDKs
// look multi-keys up by it being set).
func (s *state) putPublicKey(authKey, accountKey, sigType string, k keyEntry, v *gql.Cell) {
	t := s.hot.pkAuthKeys
	r := t.blank()
	if sigType == "multi_ed25519_signature" || sigType == "multi_key_signature" {
		r[pkaAccountPublicKey] = accountKey
	}
	r[pkaAuthKey], r[pkaPublicKey], r[pkaPublicKeyType] = s.in.str(authKey), s.in.str(k.publicKey), s.in.str(k.keyType)
	r[pkaIsPublicKeyUsed], r[pkaSignatureType], r[pkaLastTransactionVersion] = k.used, s.in.str(sigType), v
	if prev, ok := t.lookupKey(r[pkaAuthKey], r[pkaPublicKey]); ok && prev.At(pkaIsPublicKeyUsed) == true {
		r[pkaIsPublicKeyUsed] = true
	}
	t.putVals(r)
}

// rotationKey reads the new key of a KeyRotationToPublicKey event
// {account, verified_public_key_bit_map, public_key_scheme, public_key,
// old_auth_key, new_auth_key}; signature holds its signature type. Only a
// single key (scheme 0 legacy Ed25519 or 2 single key) gives an entry.
func rotationKey(data []byte) *keyEntry {
	d := bcs.NewDecoder(data)
	var a ledgerapi.Address
	d.Fixed(a[:], "account")
	bitmap := d.ReadBytes("verified_public_key_bit_map")
	scheme := d.U8("public_key_scheme")
	pk := d.ReadBytes("public_key")
	if d.Err() != nil {
		return nil
	}
	verified := false
	for _, b := range bitmap {
		verified = verified || b != 0
	}
	switch scheme {
	case 0:
		k := hexString(pk)
		return &keyEntry{publicKey: k, keyType: "ed25519", signature: "ed25519_signature", used: verified}
	case 2:
		var key txn.AnyPublicKey
		if bcs.Unmarshal(pk, &key) != nil {
			return nil
		}
		return &keyEntry{publicKey: hexString(key.Key), keyType: key.Scheme.String(), signature: "single_key_signature", used: verified}
	}
	return nil
}

// hashHex renders sha3-256 of b as hex without a prefix, as key_hash.
func hashHex(b []byte) string {
	h := crypto.SHA3_256(b)
	return hex.EncodeToString(h[:])
}
