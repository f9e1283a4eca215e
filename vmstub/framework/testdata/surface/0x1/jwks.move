// aptos_framework::jwks
use std::bcs;
use std::error;
use std::option;
use std::option::Option;
use std::signer;
use std::string;
use std::string::{String, utf8};
use std::vector;
use aptos_std::comparator::{compare_u8_vector, is_greater_than, is_equal};
use aptos_std::copyable_any;
use aptos_std::copyable_any::Any;
use aptos_framework::chain_status;
use aptos_framework::config_buffer;
use aptos_framework::event::emit;
use aptos_framework::reconfiguration;
use aptos_framework::system_addresses;

struct OIDCProvider has copy, drop, store {
    name: vector<u8>,
    config_url: vector<u8>,
}
struct SupportedOIDCProviders has copy, drop, key, store {
    providers: vector<OIDCProvider>,
}
struct UnsupportedJWK has copy, drop, store {
    id: vector<u8>,
    payload: vector<u8>,
}
struct RSA_JWK has copy, drop, store {
    kid: String,
    kty: String,
    alg: String,
    e: String,
    n: String,
}
struct JWK has copy, drop, store {
    variant: Any,
}
struct ProviderJWKs has copy, drop, store {
    issuer: vector<u8>,
    version: u64,
    jwks: vector<JWK>,
}
struct AllProvidersJWKs has copy, drop, store {
    entries: vector<ProviderJWKs>,
}
struct ObservedJWKs has copy, drop, key, store {
    jwks: AllProvidersJWKs,
}
#[event]
struct ObservedJWKsUpdated has drop, store {
    epoch: u64,
    jwks: AllProvidersJWKs,
}
struct Patch has copy, drop, store {
    variant: Any,
}
struct PatchRemoveAll has copy, drop, store {}
struct PatchRemoveIssuer has copy, drop, store {
    issuer: vector<u8>,
}
struct PatchRemoveJWK has copy, drop, store {
    issuer: vector<u8>,
    jwk_id: vector<u8>,
}
struct PatchUpsertJWK has copy, drop, store {
    issuer: vector<u8>,
    jwk: JWK,
}
struct Patches has key {
    patches: vector<Patch>,
}
struct PatchedJWKs has drop, key {
    jwks: AllProvidersJWKs,
}
struct FederatedJWKs has drop, key {
    jwks: AllProvidersJWKs,
}

public fun patch_federated_jwks(jwk_owner: &signer, patches: vector<Patch>);
public entry fun update_federated_jwk_set(jwk_owner: &signer, iss: vector<u8>, kid_vec: vector<String>, alg_vec: vector<String>, e_vec: vector<String>, n_vec: vector<String>);
public fun get_patched_jwk(issuer: vector<u8>, jwk_id: vector<u8>): JWK;
public fun try_get_patched_jwk(issuer: vector<u8>, jwk_id: vector<u8>): Option<JWK>;
public fun upsert_oidc_provider(fx: &signer, name: vector<u8>, config_url: vector<u8>): Option<vector<u8>>;
public fun upsert_oidc_provider_for_next_epoch(fx: &signer, name: vector<u8>, config_url: vector<u8>): Option<vector<u8>>;
public fun remove_oidc_provider(fx: &signer, name: vector<u8>): Option<vector<u8>>;
public fun remove_oidc_provider_for_next_epoch(fx: &signer, name: vector<u8>): Option<vector<u8>>;
public(friend) fun on_new_epoch(framework: &signer);
public fun set_patches(fx: &signer, patches: vector<Patch>);
public fun new_patch_remove_all(): Patch;
public fun new_patch_remove_issuer(issuer: vector<u8>): Patch;
public fun new_patch_remove_jwk(issuer: vector<u8>, jwk_id: vector<u8>): Patch;
public fun new_patch_upsert_jwk(issuer: vector<u8>, jwk: JWK): Patch;
public fun new_rsa_jwk(kid: String, alg: String, e: String, n: String): JWK;
public fun new_unsupported_jwk(id: vector<u8>, payload: vector<u8>): JWK;
public fun initialize(fx: &signer);
public fun upsert_into_observed_jwks(fx: &signer, provider_jwks_vec: vector<ProviderJWKs>);
public fun remove_issuer_from_observed_jwks(fx: &signer, issuer: vector<u8>): Option<ProviderJWKs>;
