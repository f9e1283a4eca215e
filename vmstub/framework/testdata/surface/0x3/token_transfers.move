// aptos_token::token_transfers
use std::signer;
use std::string::String;
use std::error;
use aptos_std::table::{Self, Table};
use aptos_token::token::{Self, Token, TokenId};
use aptos_framework::account;
use aptos_framework::event::{Self, EventHandle};

struct PendingClaims has key {
    pending_claims: Table<TokenOfferId, Token>,
    offer_events: EventHandle<TokenOfferEvent>,
    cancel_offer_events: EventHandle<TokenCancelOfferEvent>,
    claim_events: EventHandle<TokenClaimEvent>,
}
#[event]
struct TokenOfferId has copy, drop, store {
    to_addr: address,
    token_id: TokenId,
}
#[event]
struct TokenOffer has drop, store {
    to_address: address,
    token_id: TokenId,
    amount: u64,
}
#[event]
struct TokenOfferEvent has drop, store {
    to_address: address,
    token_id: TokenId,
    amount: u64,
}
#[event]
struct TokenCancelOfferEvent has drop, store {
    to_address: address,
    token_id: TokenId,
    amount: u64,
}
#[event]
struct TokenCancelOffer has drop, store {
    to_address: address,
    token_id: TokenId,
    amount: u64,
}
#[event]
struct TokenClaimEvent has drop, store {
    to_address: address,
    token_id: TokenId,
    amount: u64,
}
#[event]
struct TokenClaim has drop, store {
    to_address: address,
    token_id: TokenId,
    amount: u64,
}

public entry fun offer_script(sender: signer, receiver: address, creator: address, collection: String, name: String, property_version: u64, amount: u64);
public fun offer(sender: &signer, receiver: address, token_id: TokenId, amount: u64);
public entry fun claim_script(receiver: signer, sender: address, creator: address, collection: String, name: String, property_version: u64);
public fun claim(receiver: &signer, sender: address, token_id: TokenId);
public entry fun cancel_offer_script(sender: signer, receiver: address, creator: address, collection: String, name: String, property_version: u64);
public fun cancel_offer(sender: &signer, receiver: address, token_id: TokenId);
