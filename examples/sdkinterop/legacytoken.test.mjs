// Legacy tokens (0x3, Aptos's AptosToken package) through the SDK's
// generic transaction builder, as dapps still send them: a collection and
// a token made with 0x3::token's script entries, an offer claimed with
// 0x3::token_transfers, an opt-in and a two-signer direct transfer, a
// burn; read back with getAccountResource (Collections, TokenStore) and
// getTableItem (CollectionData under the collection's name, Token under
// its TokenId), and the #[view] get_collection_mutability_config.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { aptos, funded } from "./common.mjs";

let creator, bob;
before(async () => {
  creator = await funded();
  bob = await funded();
});

async function commit(signer, data, secondary) {
  const transaction = secondary
    ? await aptos.transaction.build.multiAgent({ sender: signer.accountAddress, secondarySignerAddresses: [secondary.accountAddress], data })
    : await aptos.transaction.build.simple({ sender: signer.accountAddress, data });
  const senderAuthenticator = aptos.transaction.sign({ signer, transaction });
  const pending = await aptos.transaction.submit.multiAgent({ transaction, senderAuthenticator,
    additionalSignersAuthenticators: secondary ? [aptos.transaction.sign({ signer: secondary, transaction })] : [] });
  return aptos.waitForTransaction({ transactionHash: pending.hash, options: { checkSuccess: false } });
}

const tokenItem = (handle, creatorAddr, name, owner) =>
  aptos.getTableItem({ handle, data: { key_type: "0x3::token::TokenId", value_type: "0x3::token::Token",
    key: { token_data_id: { creator: creatorAddr, collection: "Cats", name }, property_version: "0" } } })
    .catch(() => null);

test("a legacy collection and token: offer and claim, opt-in and direct transfer, burn", async () => {
  const C = creator.accountAddress.toString();
  let txn = await commit(creator, { function: "0x3::token::create_collection_script",
    functionArguments: ["Cats", "legacy cats", "https://cats", 10, [false, false, false]] });
  assert.equal(txn.success, true, txn.vm_status);
  assert.deepEqual(txn.events.find((e) => e.type === "0x3::token::CreateCollection").data,
    { creator: C, collection_name: "Cats", uri: "https://cats", description: "legacy cats", maximum: "10" });
  txn = await commit(creator, { function: "0x3::token::create_token_script",
    functionArguments: ["Cats", "Tom", "a cat", 3, 5, "https://tom", C, 100, 5, [false, false, false, false, false],
      ["TOKEN_BURNABLE_BY_OWNER"], [new Uint8Array([1])], ["bool"]] });
  assert.equal(txn.success, true, txn.vm_status);

  const colls = await aptos.getAccountResource({ accountAddress: creator.accountAddress, resourceType: "0x3::token::Collections" });
  const coll = await aptos.getTableItem({ handle: colls.collection_data.handle,
    data: { key_type: "0x1::string::String", value_type: "0x3::token::CollectionData", key: "Cats" } });
  assert.equal(coll.supply, "1");
  assert.equal(coll.uri, "https://cats");
  const [config] = await aptos.view({ payload: { function: "0x3::token::get_collection_mutability_config", functionArguments: [C, "Cats"] } });
  assert.deepEqual(config, { description: false, uri: false, maximum: false });
  const store = await aptos.getAccountResource({ accountAddress: creator.accountAddress, resourceType: "0x3::token::TokenStore" });
  assert.equal((await tokenItem(store.tokens.handle, C, "Tom")).amount, "3");

  // An offer of 1 to bob, claimed.
  txn = await commit(creator, { function: "0x3::token_transfers::offer_script",
    functionArguments: [bob.accountAddress, C, "Cats", "Tom", 0, 1] });
  assert.equal(txn.success, true, txn.vm_status);
  txn = await commit(bob, { function: "0x3::token_transfers::claim_script",
    functionArguments: [creator.accountAddress, C, "Cats", "Tom", 0] });
  assert.equal(txn.success, true, txn.vm_status);
  const bobStore = await aptos.getAccountResource({ accountAddress: bob.accountAddress, resourceType: "0x3::token::TokenStore" });
  assert.equal((await tokenItem(bobStore.tokens.handle, C, "Tom")).amount, "1");

  // A transfer to bob needs his opt-in; a two-signer transfer does not.
  txn = await commit(creator, { function: "0x3::token::transfer_with_opt_in",
    functionArguments: [C, "Cats", "Tom", 0, bob.accountAddress, 1] });
  assert.equal(txn.success, false);
  assert.match(txn.vm_status, /EUSER_NOT_OPT_IN_DIRECT_TRANSFER/);
  txn = await commit(bob, { function: "0x3::token::opt_in_direct_transfer", functionArguments: [true] });
  assert.equal(txn.success, true, txn.vm_status);
  assert.deepEqual(txn.events.find((e) => e.type === "0x3::token_event_store::OptInTransfer").data,
    { account_address: bob.accountAddress.toString(), opt_in: true });
  const bobEvents = await aptos.getAccountResource({ accountAddress: bob.accountAddress,
    resourceType: "0x3::token_event_store::TokenEventStoreV1" });
  assert.deepEqual(bobEvents.extension, { vec: [] });
  assert.equal(bobEvents.opt_in_events.counter, "0");
  txn = await commit(creator, { function: "0x3::token::transfer_with_opt_in",
    functionArguments: [C, "Cats", "Tom", 0, bob.accountAddress, 1] });
  assert.equal(txn.success, true, txn.vm_status);
  txn = await commit(creator, { function: "0x3::token::direct_transfer_script",
    functionArguments: [C, "Cats", "Tom", 0, 1] }, bob);
  assert.equal(txn.success, true, txn.vm_status);
  assert.equal((await tokenItem(bobStore.tokens.handle, C, "Tom")).amount, "3");
  assert.equal(await tokenItem(store.tokens.handle, C, "Tom"), null);

  // Bob burns 2 (burnable by its owner): the token data's supply drops to 1.
  txn = await commit(bob, { function: "0x3::token::burn", functionArguments: [C, "Cats", "Tom", 0, 2] });
  assert.equal(txn.success, true, txn.vm_status);
  assert.equal(txn.events.find((e) => e.type === "0x3::token::Burn").data.amount, "2");
  const data = await aptos.getTableItem({ handle: colls.token_data.handle, data: { key_type: "0x3::token::TokenDataId",
    value_type: "0x3::token::TokenData", key: { creator: C, collection: "Cats", name: "Tom" } } });
  assert.equal(data.supply, "1");
});
