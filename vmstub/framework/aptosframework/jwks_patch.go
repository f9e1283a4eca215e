package aptosframework

// 0x1::jwks (continued): key sets and patches as Go values. A key set
// keeps its issuers, and an issuer its keys, in the order Aptos keeps them:
// an upsert walks the entries while the new key is greater than the
// current one (bytes compared as comparator::compare_u8_vector does) and
// replaces an equal entry or inserts before the first greater one; a
// removal takes out the first equal entry. A patch applies to a key set as
// on Aptos: remove all, remove an issuer, remove one key of an issuer, or
// upsert one key of an issuer (an issuer without keys yet starts at
// version 0).

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/ledgernode/ledgernode/ledgerapi/bcs"
	"github.com/ledgernode/ledgernode/vmstub/native"
)

// jwksMeter charges for elems entries visited and n bytes compared or
// copied; nil charges nothing (genesis).
type jwksMeter func(elems, n int) error

func (m jwksMeter) charge(elems, n int) error {
	if m == nil {
		return nil
	}
	return m(elems, n)
}

// jwkID is a key's id: an RSA key's kid or an unsupported key's id (both
// the first field of the variant), EUNKNOWN_JWK_VARIANT for another
// variant.
func jwkID(k *jwksAny) ([]byte, error) {
	if k.typeName != rsaJWKName && k.typeName != unsupportedJWKName {
		return nil, abortIn("jwks", native.InvalidArgument, eUnknownJWKVariant)
	}
	d := bcs.NewDecoder(k.data)
	id := d.ReadBytes("JWK id")
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("aptosframework: corrupt %s: %w", k.typeName, err)
	}
	return id, nil
}

// upsertJWK puts k into set: it replaces the key of the same id or goes
// before the first key whose id is greater.
func (p *providerJWKs) upsertJWK(m jwksMeter, k jwksAny) error {
	i, found := 0, false
	if len(p.jwks) > 0 {
		id, err := jwkID(&k)
		if err != nil {
			return err
		}
		for ; i < len(p.jwks); i++ {
			cur, err := jwkID(&p.jwks[i])
			if err != nil {
				return err
			}
			if err := m.charge(1, len(cur)); err != nil {
				return err
			}
			if c := bytes.Compare(id, cur); c <= 0 {
				found = c == 0
				break
			}
		}
	}
	if found {
		p.jwks[i] = k
		return nil
	}
	if err := m.charge(len(p.jwks)-i, 0); err != nil { // the keys moved up
		return err
	}
	p.jwks = slices.Insert(p.jwks, i, k)
	return nil
}

// removeJWK takes out the first key whose id is id.
func (p *providerJWKs) removeJWK(m jwksMeter, id []byte) error {
	for i := range p.jwks {
		cur, err := jwkID(&p.jwks[i])
		if err != nil {
			return err
		}
		if err := m.charge(1, len(cur)); err != nil {
			return err
		}
		if bytes.Equal(cur, id) {
			if err := m.charge(len(p.jwks)-i-1, 0); err != nil { // the keys moved down
				return err
			}
			p.jwks = slices.Delete(p.jwks, i, i+1)
			return nil
		}
	}
	return nil
}

// upsertProvider puts p into a: it replaces the entry of the same issuer
// or goes before the first greater issuer. It returns the entry replaced.
func (a *allProvidersJWKs) upsertProvider(m jwksMeter, p providerJWKs) (*providerJWKs, error) {
	i := 0
	for ; i < len(a.entries); i++ {
		cur := a.entries[i].issuer
		if err := m.charge(1, len(cur)); err != nil {
			return nil, err
		}
		if c := bytes.Compare(p.issuer, cur); c <= 0 {
			if c == 0 {
				old := a.entries[i]
				a.entries[i] = p
				return &old, nil
			}
			break
		}
	}
	if err := m.charge(len(a.entries)-i, 0); err != nil { // the entries moved up
		return nil, err
	}
	a.entries = slices.Insert(a.entries, i, p)
	return nil, nil
}

// removeIssuer takes out the first entry of issuer and returns it.
func (a *allProvidersJWKs) removeIssuer(m jwksMeter, issuer []byte) (*providerJWKs, error) {
	for i := range a.entries {
		if err := m.charge(1, len(a.entries[i].issuer)); err != nil {
			return nil, err
		}
		if bytes.Equal(a.entries[i].issuer, issuer) {
			if err := m.charge(len(a.entries)-i-1, 0); err != nil { // the entries moved down
				return nil, err
			}
			old := a.entries[i]
			a.entries = slices.Delete(a.entries, i, i+1)
			return &old, nil
		}
	}
	return nil, nil
}

// find returns the key of id of issuer, nil when there is none.
func (a *allProvidersJWKs) find(m jwksMeter, issuer, id []byte) (*jwksAny, error) {
	for i := range a.entries {
		e := &a.entries[i]
		if err := m.charge(1, len(e.issuer)); err != nil {
			return nil, err
		}
		if !bytes.Equal(e.issuer, issuer) {
			continue
		}
		for j := range e.jwks {
			cur, err := jwkID(&e.jwks[j])
			if err != nil {
				return nil, err
			}
			if err := m.charge(1, len(cur)); err != nil {
				return nil, err
			}
			if bytes.Equal(cur, id) {
				return &e.jwks[j], nil
			}
		}
		return nil, nil
	}
	return nil, nil
}

// apply applies patch p to a (EUNKNOWN_PATCH_VARIANT for a variant that
// is not one of the four patches).
func (a *allProvidersJWKs) apply(m jwksMeter, p *jwksAny) error {
	if err := m.charge(1, len(p.data)); err != nil {
		return err
	}
	d := bcs.NewDecoder(p.data)
	switch p.typeName {
	case patchRemoveAllName:
		a.entries = a.entries[:0]
		return nil
	case patchRemoveIssuerName:
		issuer := d.ReadBytes("PatchRemoveIssuer.issuer")
		if err := d.Finish(); err != nil {
			return err
		}
		_, err := a.removeIssuer(m, issuer)
		return err
	case patchRemoveJWKName:
		issuer, id := d.ReadBytes("PatchRemoveJWK.issuer"), d.ReadBytes("PatchRemoveJWK.jwk_id")
		if err := d.Finish(); err != nil {
			return err
		}
		old, err := a.removeIssuer(m, issuer)
		if err != nil || old == nil {
			return err
		}
		if err := old.removeJWK(m, id); err != nil {
			return err
		}
		_, err = a.upsertProvider(m, *old)
		return err
	case patchUpsertJWKName:
		issuer := d.ReadBytes("PatchUpsertJWK.issuer")
		var k jwksAny
		k.UnmarshalBCS(d)
		if err := d.Finish(); err != nil {
			return err
		}
		set, err := a.removeIssuer(m, issuer)
		if err != nil {
			return err
		}
		if set == nil {
			set = &providerJWKs{issuer: issuer}
		}
		if err := set.upsertJWK(m, k); err != nil {
			return err
		}
		_, err = a.upsertProvider(m, *set)
		return err
	}
	return abortIn("jwks", native.InvalidArgument, eUnknownPatchVariant)
}
