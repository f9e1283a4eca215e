// The SDK's digital-asset API (the 0x4 token objects) through the
// fullnode: createCollectionTransaction, mintDigitalAssetTransaction,
// property, description, freeze and transfer calls, mintSoulBoundTransaction
// and burnDigitalAssetTransaction, read back as resources and views.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { Account } from "@aptos-labs/ts-sdk";
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
  const [owner] = await view("0x1::object::owner", ["0x4::token::Token"], [badge]);
  assert.equal(owner, alice.accountAddress.toStringLong());
  txn = await commit(alice, await aptos.transferDigitalAssetTransaction({ sender: alice, digitalAssetAddress: badge, recipient: bob.accountAddress }));
  assert.equal(txn.success, false);
  assert.match(txn.vm_status, /ENO_UNGATED_TRANSFERS/);
});
