// The SDK's digital-asset API (the 0x4 token objects) through the
// fullnode: createCollectionTransaction, mintDigitalAssetTransaction,
// property, description, freeze and transfer calls, mintSoulBoundTransaction
// and burnDigitalAssetTransaction, read back as resources and views and
// through the indexer (getDigitalAssetData, getOwnedDigitalAssets,
// getCollectionData, getDigitalAssetActivity).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { Account, AccountAddress } from "@aptos-labs/ts-sdk";
import { aptos, funded } from "./common.mjs";

let creator, bob;
before(async () => {
  creator = await funded();
  bob = Account.generate();
});

// commit signs and submits a built transaction and returns the committed
// one, successful or not.
async function commit(signer, transaction) {
  const pending = await aptos.signAndSubmitTransaction({ signer, transaction });
  return aptos.waitForTransaction({ transactionHash: pending.hash, options: { checkSuccess: false } });
}

const view = (fn, typeArguments, functionArguments) =>
  aptos.view({ payload: { function: fn, typeArguments, functionArguments } });

// minted is the address of the token a transaction minted (its Mint event).
const minted = (txn) => txn.events.find((e) => e.type === "0x4::collection::Mint").data.token;

test("a collection, a minted token, its properties, a frozen and a free transfer, a burn", async () => {
  const name = `Kittens ${Date.now()}`;
  let txn = await commit(creator, await aptos.createCollectionTransaction({ creator, description: "cats", name, uri: "https://cats",
    maxSupply: 10, royaltyNumerator: 5, royaltyDenominator: 100 }));
  assert.equal(txn.success, true, txn.vm_status);
  txn = await commit(creator, await aptos.mintDigitalAssetTransaction({ creator, collection: name, description: "a cat", name: "Tom",
    uri: "https://tom", propertyKeys: ["age", "nick"], propertyTypes: ["U64", "STRING"], propertyValues: [3, "tommy"] }));
  assert.equal(txn.success, true, txn.vm_status);
  const tom = minted(txn);

  const token = await aptos.getAccountResource({ accountAddress: tom, resourceType: "0x4::token::Token" });
  assert.equal(token.description, "a cat");
  assert.equal(token.uri, "https://tom");
  const ids = await aptos.getAccountResource({ accountAddress: tom, resourceType: "0x4::token::TokenIdentifiers" });
  assert.deepEqual([ids.index.value, ids.name.value], ["1", "Tom"]);
  const [tokenName] = await view("0x4::token::name", ["0x4::token::Token"], [tom]);
  assert.equal(tokenName, "Tom");
  const [collName] = await view("0x4::token::collection_name", ["0x4::token::Token"], [tom]);
  assert.equal(collName, name);
  const props = await aptos.getAccountResource({ accountAddress: tom, resourceType: "0x4::property_map::PropertyMap" });
  assert.deepEqual(props.inner.data.map((e) => [e.key, e.value.type]), [["nick", 9], ["age", 4]]);

  txn = await commit(creator, await aptos.addDigitalAssetTypedPropertyTransaction({ creator, digitalAssetAddress: tom,
    propertyKey: "cute", propertyType: "BOOLEAN", propertyValue: true }));
  assert.equal(txn.success, true, txn.vm_status);
  txn = await commit(creator, await aptos.updateDigitalAssetPropertyTransaction({ creator, digitalAssetAddress: tom,
    propertyKey: "age", propertyType: "U64", propertyValue: 4 }));
  assert.equal(txn.success, true, txn.vm_status);
  txn = await commit(creator, await aptos.setDigitalAssetDescriptionTransaction({ creator, digitalAssetAddress: tom, description: "a big cat" }));
  assert.equal(txn.success, true, txn.vm_status);
  assert.ok(txn.events.some((e) => e.type === "0x4::token::Mutation" && e.data.new_value === "a big cat"));

  txn = await commit(creator, await aptos.freezeDigitalAssetTransaferTransaction({ creator, digitalAssetAddress: tom }));
  assert.equal(txn.success, true, txn.vm_status);
  txn = await commit(creator, await aptos.transferDigitalAssetTransaction({ sender: creator, digitalAssetAddress: tom, recipient: bob.accountAddress }));
  assert.equal(txn.success, false);
  assert.match(txn.vm_status, /ENO_UNGATED_TRANSFERS/);
  txn = await commit(creator, await aptos.unfreezeDigitalAssetTransaferTransaction({ creator, digitalAssetAddress: tom }));
  assert.equal(txn.success, true, txn.vm_status);
  txn = await commit(creator, await aptos.transferDigitalAssetTransaction({ sender: creator, digitalAssetAddress: tom, recipient: bob.accountAddress }));
  assert.equal(txn.success, true, txn.vm_status);
  const [owner] = await view("0x1::object::owner", ["0x4::token::Token"], [tom]);
  assert.equal(owner, bob.accountAddress.toStringLong());

  // The indexer, as a localnet's answers.
  const minimumLedgerVersion = BigInt(txn.version);
  const tomLong = AccountAddress.from(tom).toStringLong();
  const data = await aptos.getDigitalAssetData({ digitalAssetAddress: tom, minimumLedgerVersion });
  assert.equal(data.token_data_id, tomLong);
  assert.equal(data.token_name, "Tom");
  assert.equal(data.description, "a big cat");
  assert.equal(data.token_uri, "https://tom");
  assert.equal(data.token_standard, "v2");
  assert.equal(data.is_fungible_v2, false);
  assert.deepEqual(data.token_properties, { age: "4", nick: "tommy", cute: "true" });
  assert.equal(data.current_collection.collection_name, name);
  const owned = await aptos.getOwnedDigitalAssets({ ownerAddress: bob.accountAddress, minimumLedgerVersion });
  assert.deepEqual(owned.map((o) => [o.token_data_id, o.amount, o.is_soulbound_v2]), [[tomLong, 1, false]]);
  assert.equal(owned[0].current_token_data.token_name, "Tom");
  assert.equal(owned[0].current_token_data.current_collection.collection_name, name);
  assert.deepEqual(await aptos.getOwnedDigitalAssets({ ownerAddress: creator.accountAddress, minimumLedgerVersion }), []);
  const coll = await aptos.getCollectionData({ creatorAddress: creator.accountAddress, collectionName: name, minimumLedgerVersion });
  assert.equal(coll.creator_address, creator.accountAddress.toStringLong());
  assert.equal(coll.description, "cats");
  assert.equal(coll.uri, "https://cats");
  assert.deepEqual([coll.current_supply, coll.max_supply, coll.total_minted_v2, coll.token_standard], [1, 10, 1, "v2"]);
  const acts = await aptos.getDigitalAssetActivity({ digitalAssetAddress: tom, minimumLedgerVersion });
  assert.equal(acts[0].type, "0x4::collection::MintEvent");
  assert.equal(acts[0].from_address, creator.accountAddress.toStringLong());
  assert.equal(acts[0].entry_function_id_str, "0x4::aptos_token::mint");
  const mutation = acts.find((a) => a.before_value === "a cat");
  assert.equal(mutation.after_value, "a big cat");
  const moved = acts.filter((a) => a.type === "0x1::object::Transfer");
  assert.deepEqual(moved.map((a) => [a.from_address, a.to_address]),
    [[creator.accountAddress.toStringLong(), bob.accountAddress.toStringLong()]]);

  txn = await commit(creator, await aptos.burnDigitalAssetTransaction({ creator, digitalAssetAddress: tom }));
  assert.equal(txn.success, true, txn.vm_status);
  assert.ok(txn.events.some((e) => e.type === "0x4::collection::Burn" && e.data.previous_owner === bob.accountAddress.toStringLong()));
  await assert.rejects(aptos.getAccountResource({ accountAddress: tom, resourceType: "0x4::token::Token" }));
});

test("a soul bound token stays with its recipient", async () => {
  const name = `Badges ${Date.now()}`;
  let txn = await commit(creator, await aptos.createCollectionTransaction({ creator, description: "badges", name, uri: "https://badges" }));
  assert.equal(txn.success, true, txn.vm_status);
  const alice = await funded();
  txn = await commit(creator, await aptos.mintSoulBoundTransaction({ account: creator, collection: name, description: "a badge",
    name: "Gold", uri: "https://gold", recipient: alice.accountAddress }));
  assert.equal(txn.success, true, txn.vm_status);
  const badge = minted(txn);
  const held = await aptos.getOwnedDigitalAssets({ ownerAddress: alice.accountAddress, minimumLedgerVersion: BigInt(txn.version) });
  assert.deepEqual(held.map((o) => [o.token_data_id, o.is_soulbound_v2]), [[AccountAddress.from(badge).toStringLong(), true]]);
  const [owner] = await view("0x1::object::owner", ["0x4::token::Token"], [badge]);
  assert.equal(owner, alice.accountAddress.toStringLong());
  txn = await commit(alice, await aptos.transferDigitalAssetTransaction({ sender: alice, digitalAssetAddress: badge, recipient: bob.accountAddress }));
  assert.equal(txn.success, false);
  assert.match(txn.vm_status, /ENO_UNGATED_TRANSFERS/);
});

test("a sponsored mint: the fee payer pays, the creator owns the token", async () => {
  const sponsor = await funded();
  const name = `Sponsored ${Date.now()}`;
  let txn = await commit(creator, await aptos.createCollectionTransaction({ creator, description: "sponsored", name, uri: "https://s" }));
  assert.equal(txn.success, true, txn.vm_status);
  const creatorBefore = await aptos.getAccountAPTAmount({ accountAddress: creator.accountAddress });
  const sponsorBefore = await aptos.getAccountAPTAmount({ accountAddress: sponsor.accountAddress });
  const built = await aptos.transaction.build.simple({
    sender: creator.accountAddress, withFeePayer: true,
    data: { function: "0x4::aptos_token::mint", functionArguments: [name, "paid by another", "Gift", "https://gift", [], [], []] },
  });
  const senderAuthenticator = aptos.transaction.sign({ signer: creator, transaction: built });
  const feePayerAuthenticator = aptos.transaction.signAsFeePayer({ signer: sponsor, transaction: built });
  const pending = await aptos.transaction.submit.simple({ transaction: built, senderAuthenticator, feePayerAuthenticator });
  txn = await aptos.waitForTransaction({ transactionHash: pending.hash });
  assert.equal(txn.signature.type, "fee_payer_signature");
  const gift = minted(txn);
  const [owner] = await view("0x1::object::owner", ["0x4::token::Token"], [gift]);
  assert.equal(AccountAddress.from(owner).toString(), creator.accountAddress.toString());
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: creator.accountAddress }), creatorBefore);
  const fee = BigInt(txn.gas_used) * BigInt(txn.gas_unit_price);
  assert.equal(BigInt(await aptos.getAccountAPTAmount({ accountAddress: sponsor.accountAddress })), BigInt(sponsorBefore) - fee);
});
