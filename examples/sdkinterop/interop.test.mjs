// Interop scenarios: the official Aptos TypeScript SDK, configured for a
// local network and nothing else, against a running ledgernode server
// (go run ./examples/server). Run with `npm test` (every *.test.mjs file;
// common.mjs holds the shared client and helpers).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { Account, Ed25519PrivateKey, generateUserTransactionHash } from "@aptos-labs/ts-sdk";
import { aptos, APT, noIndexer, transfer, funded, submitAndWait } from "./common.mjs";

let alice, bob;
before(async () => {
  alice = await funded();
  bob = await funded();
});

test("ledger info and chain id", async () => {
  const info = await aptos.getLedgerInfo();
  assert.equal(info.chain_id, 4);
  assert.equal(typeof info.ledger_version, "string");
  assert.equal(await aptos.getChainId(), 4);
});

test("fund through the faucet", async () => {
  const a = await funded(3 * APT);
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: a.accountAddress }), 3 * APT);
});

test("transfer: submitted hash equals the SDK-computed hash; balances move", async () => {
  const to = Account.generate().accountAddress;
  const before = await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress });
  const txn = await transfer(alice, to, 12345);
  const auth = aptos.transaction.sign({ signer: alice, transaction: txn });
  const expected = generateUserTransactionHash({ transaction: txn, senderAuthenticator: auth });
  const pending = await aptos.transaction.submit.simple({ transaction: txn, senderAuthenticator: auth });
  assert.equal(pending.hash, expected);
  const done = await aptos.waitForTransaction({ transactionHash: pending.hash });
  assert.equal(done.success, true);
  assert.equal(done.hash, expected);
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: to }), 12345);
  assert.equal(await aptos.getBalance({ accountAddress: to, asset: "0x1::aptos_coin::AptosCoin" }), 12345);
  const after = await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress });
  assert.equal(before - after, 12345 + Number(done.gas_used) * Number(done.gas_unit_price));
});

test("account info and resources", async () => {
  const info = await aptos.getAccountInfo({ accountAddress: alice.accountAddress });
  assert.ok(Number(info.sequence_number) >= 1);
  assert.equal(info.authentication_key, alice.accountAddress.toString());
  const fresh = await aptos.getAccountInfo({ accountAddress: Account.generate().accountAddress });
  assert.equal(fresh.sequence_number, "0");
  const res = await aptos.getAccountResources({ accountAddress: alice.accountAddress });
  assert.ok(res.some((r) => r.type === "0x1::account::Account"));
  const acct = await aptos.getAccountResource({ accountAddress: alice.accountAddress, resourceType: "0x1::account::Account" });
  assert.equal(acct.sequence_number, info.sequence_number);
});

test("simulate", async () => {
  const txn = await transfer(alice, bob.accountAddress, 1);
  const [sim] = await aptos.transaction.simulate.simple({ signerPublicKey: alice.publicKey, transaction: txn });
  assert.equal(sim.success, true);
  assert.equal(sim.vm_status, "Executed successfully");
  assert.ok(Number(sim.gas_used) > 0);
});

test("a signature by the wrong key is rejected with a 4xx", async () => {
  const txn = await transfer(alice, bob.accountAddress, 1);
  const mallory = Account.generate();
  const auth = aptos.transaction.sign({ signer: mallory, transaction: txn });
  await assert.rejects(aptos.transaction.submit.simple({ transaction: txn, senderAuthenticator: auth }), (e) => {
    assert.ok(e.status >= 400 && e.status < 500, `status ${e.status}`);
    return true;
  });
});

test("a replayed transaction is rejected", async () => {
  const txn = await transfer(alice, bob.accountAddress, 1);
  const auth = aptos.transaction.sign({ signer: alice, transaction: txn });
  const p = await aptos.transaction.submit.simple({ transaction: txn, senderAuthenticator: auth });
  await aptos.waitForTransaction({ transactionHash: p.hash });
  await assert.rejects(aptos.transaction.submit.simple({ transaction: txn, senderAuthenticator: auth }), (e) => {
    assert.equal(e.status, 400);
    assert.match(JSON.stringify(e.data), /SEQUENCE_NUMBER_TOO_OLD|sequence_number_too_old/);
    return true;
  });
});

// aptos_account::transfer takes one signer, so a second signer makes the
// VM fail the call after the prologue accepted both signatures: the
// transaction commits with success=false and the real VM's status.
test("multi-agent transaction: both signatures verified, committed", async () => {
  const carol = await funded();
  const txn = await aptos.transaction.build.multiAgent({
    sender: alice.accountAddress, secondarySignerAddresses: [carol.accountAddress],
    data: { function: "0x1::aptos_account::transfer", functionArguments: [bob.accountAddress, 7] },
  });
  const senderAuthenticator = aptos.transaction.sign({ signer: alice, transaction: txn });
  const secondary = aptos.transaction.sign({ signer: carol, transaction: txn });
  const p = await aptos.transaction.submit.multiAgent({ transaction: txn, senderAuthenticator, additionalSignersAuthenticators: [secondary] });
  const done = await aptos.waitForTransaction({ transactionHash: p.hash, options: { checkSuccess: false } });
  assert.equal(done.type, "user_transaction");
  assert.equal(done.signature.type, "multi_agent_signature");
  assert.equal(done.vm_status, "NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH");
  assert.equal(done.signature.secondary_signer_addresses[0], carol.accountAddress.toString());
});

test("fee-payer transaction charges the fee payer", async () => {
  const sender = await funded(1 * APT);
  const sponsor = await funded();
  const before = await aptos.getAccountAPTAmount({ accountAddress: sender.accountAddress });
  const txn = await aptos.transaction.build.simple({
    sender: sender.accountAddress, withFeePayer: true,
    data: { function: "0x1::aptos_account::transfer", functionArguments: [bob.accountAddress, 100] },
  });
  const senderAuthenticator = aptos.transaction.sign({ signer: sender, transaction: txn });
  const feePayerAuthenticator = aptos.transaction.signAsFeePayer({ signer: sponsor, transaction: txn });
  const p = await aptos.transaction.submit.simple({ transaction: txn, senderAuthenticator, feePayerAuthenticator });
  const done = await aptos.waitForTransaction({ transactionHash: p.hash });
  assert.equal(done.success, true);
  assert.equal(done.signature.type, "fee_payer_signature");
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: sender.accountAddress }), before - 100);
});

test("transaction by version and block by version agree", async () => {
  const done = await submitAndWait(alice, await transfer(alice, bob.accountAddress, 2));
  const byVersion = await aptos.getTransactionByVersion({ ledgerVersion: done.version });
  assert.equal(byVersion.hash, done.hash);
  const block = await aptos.getBlockByVersion({ ledgerVersion: done.version, options: { withTransactions: true } });
  assert.ok(BigInt(block.first_version) <= BigInt(done.version) && BigInt(done.version) <= BigInt(block.last_version));
  assert.ok(block.transactions.some((t) => t.hash === done.hash));
  const byHeight = await aptos.getBlockByHeight({ blockHeight: Number(block.block_height) });
  assert.equal(byHeight.block_hash, block.block_hash);
});

test("JSON view", async () => {
  const [bal] = await aptos.viewJson({ payload: { function: "0x1::coin::balance", typeArguments: ["0x1::aptos_coin::AptosCoin"], functionArguments: [bob.accountAddress.toString()] } });
  assert.equal(BigInt(bal), BigInt(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress })));
  const [seq] = await aptos.view({ payload: { function: "0x1::account::get_sequence_number", functionArguments: [alice.accountAddress] } });
  assert.equal(String(seq), (await aptos.getAccountInfo({ accountAddress: alice.accountAddress })).sequence_number);
});

test("key rotation updates the auth key and the OriginatingAddress table", async () => {
  const from = await funded();
  const newKey = Ed25519PrivateKey.generate();
  const txn = await aptos.rotateAuthKey({ fromAccount: from, toNewPrivateKey: newKey });
  const done = await submitAndWait(from, txn);
  assert.equal(done.success, true, done.vm_status);
  const rotated = Account.fromPrivateKey({ privateKey: newKey, address: from.accountAddress, legacy: true });
  const info = await aptos.getAccountInfo({ accountAddress: from.accountAddress });
  assert.equal(info.authentication_key, rotated.publicKey.authKey().toString());
  // The new key signs for the old address; the old key no longer does.
  const ok = await submitAndWait(rotated, await transfer(rotated, bob.accountAddress, 3));
  assert.equal(ok.success, true);
  const table = await aptos.getAccountResource({ accountAddress: "0x1", resourceType: "0x1::account::OriginatingAddress" });
  const original = await aptos.getTableItem({ handle: table.address_map.handle, data: { key_type: "address", value_type: "address", key: info.authentication_key } });
  assert.equal(original, from.accountAddress.toString());
});

test("modules and their ABIs", async () => {
  const mod = await aptos.getAccountModule({ accountAddress: "0x1", moduleName: "aptos_account" });
  assert.ok(mod.bytecode.startsWith("0x"));
  const transferFn = mod.abi.exposed_functions.find((f) => f.name === "transfer");
  assert.ok(transferFn && transferFn.is_entry, "aptos_account::transfer is an exposed entry function");
  assert.deepEqual(transferFn.params, ["&signer", "address", "u64"]);
  const mods = await aptos.getAccountModules({ accountAddress: "0x1" });
  assert.ok(mods.some((m) => m.abi && m.abi.name === "coin"));
});

test("transaction listings", async () => {
  const done = await submitAndWait(alice, await transfer(alice, bob.accountAddress, 4));
  const page = await aptos.getTransactions({ options: { offset: Number(done.version), limit: 1 } });
  assert.equal(page.length, 1);
  assert.equal(page[0].hash, done.hash);
  const mine = await aptos.getAccountTransactions({ accountAddress: alice.accountAddress });
  assert.ok(mine.some((t) => t.hash === done.hash));
  assert.ok(mine.every((t) => t.sender === alice.accountAddress.toString()));
});

test("gas price estimation", async () => {
  const est = await aptos.getGasPriceEstimation();
  assert.equal(typeof est.gas_estimate, "number");
  assert.ok(est.gas_estimate >= 100);
});

test("an aborting transaction commits with success=false and keeps its gas", async () => {
  const poor = await funded(3 * APT); // covers the SDK default max gas fee (2 APT)
  const txn = await transfer(poor, bob.accountAddress, 50 * APT); // more than it has
  const pending = await aptos.signAndSubmitTransaction({ signer: poor, transaction: txn });
  const done = await aptos.waitForTransaction({ transactionHash: pending.hash, options: { checkSuccess: false } });
  assert.equal(done.success, false);
  assert.match(done.vm_status, /Move abort/);
  await assert.rejects(aptos.waitForTransaction({ transactionHash: pending.hash }), /Move abort/);
  const info = await aptos.getAccountInfo({ accountAddress: poor.accountAddress });
  assert.equal(info.sequence_number, "1");
  const left = await aptos.getAccountAPTAmount({ accountAddress: poor.accountAddress });
  assert.equal(left, 3 * APT - Number(done.gas_used) * Number(done.gas_unit_price));
});

test("coin and fungible asset transfers built by the SDK helpers", async () => {
  const to = Account.generate().accountAddress;
  const coin = await aptos.transferCoinTransaction({ sender: alice.accountAddress, recipient: to, amount: 700 });
  assert.equal((await submitAndWait(alice, coin)).success, true);
  const fa = await aptos.transferFungibleAsset({ sender: alice, fungibleAssetMetadataAddress: "0xa", recipient: to, amount: 300 });
  assert.equal((await submitAndWait(alice, fa)).success, true);
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: to }), 1000);
  assert.equal(await aptos.getBalance({ accountAddress: to, asset: "0xa" }), 1000);
});

test("resources: the whole listing and one explicit page", async () => {
  const all = await aptos.getAccountResources({ accountAddress: "0x1" });
  const paged = await aptos.getAccountResources({ accountAddress: "0x1", options: { limit: 2 } });
  assert.ok(all.length > 2);
  assert.equal(paged.length, 2); // an explicit limit is one page
  const types = new Set(all.map((r) => r.type));
  assert.equal(types.size, all.length);
});
