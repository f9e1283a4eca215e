// The dev API (-dev-api) as a test framework uses it: a snapshot before the
// tests and a revert after each, so every test starts from the same chain;
// and the clock moved forward. Skipped when the server runs without
// -dev-api (the dev paths then answer 404).
import { test, before, afterEach } from "node:test";
import assert from "node:assert/strict";
import { Account } from "@aptos-labs/ts-sdk";
import { aptos, nodeURL, funded, transfer, submitAndWait, APT } from "./common.mjs";

const devURL = `${nodeURL}/-/dev`;

async function dev(path, body = {}) {
  const r = await fetch(devURL + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
}

let enabled = false;
let alice, snapshot, aliceBalance, aliceSeq;

before(async () => {
  const probe = await fetch(`${devURL}/`);
  await probe.body?.cancel();
  enabled = probe.status === 200;
  if (!enabled) return;
  alice = await funded(2 * APT);
  aliceBalance = await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress });
  aliceSeq = (await aptos.getAccountInfo({ accountAddress: alice.accountAddress })).sequence_number;
  const r = await dev("/snapshot");
  assert.equal(r.status, 200);
  snapshot = r.body;
});

afterEach(async () => {
  if (!enabled) return;
  const r = await dev("/revert", { id: snapshot.id });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.version, snapshot.version);
});

const skip = (t) => {
  if (!enabled) t.skip("the server runs without -dev-api");
  return !enabled;
};

test("a transfer, then a revert: balances, sequence number and the transaction are gone", async (t) => {
  if (skip(t)) return;
  const bob = Account.generate();
  const done = await submitAndWait(alice, await transfer(alice, bob.accountAddress, 1234));
  assert.equal(done.success, true);
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress }), 1234);

  const r = await dev("/revert", { id: snapshot.id });
  assert.equal(r.status, 200);
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress }), 0);
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress }), aliceBalance);
  const info = await aptos.getAccountInfo({ accountAddress: alice.accountAddress });
  assert.equal(info.sequence_number, aliceSeq);
  await assert.rejects(aptos.getTransactionByHash({ transactionHash: done.hash }), (e) => e.status === 404);
});

test("the same transfer runs again after the revert, from the same sequence number", async (t) => {
  if (skip(t)) return;
  const bob = Account.generate();
  const done = await submitAndWait(alice, await transfer(alice, bob.accountAddress, 99));
  assert.equal(done.success, true);
  assert.equal(done.sequence_number, aliceSeq);
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress }), 99);
});

test("time travel: the ledger clock jumps an hour and 0x1::timestamp follows (the revert takes it back)", async (t) => {
  if (skip(t)) return;
  const r = await dev("/time/increase", { seconds: 3600 });
  assert.equal(r.status, 200);
  const mined = await dev("/mine", { blocks: 1 });
  assert.equal(mined.status, 200);
  const [secs] = await aptos.view({ payload: { function: "0x1::timestamp::now_seconds", functionArguments: [] } });
  assert.ok(Number(secs) > Date.now() / 1000 + 3500, `now_seconds ${secs} is not an hour ahead`);
});

test("after the reverts the clock is the wall clock again", async (t) => {
  if (skip(t)) return;
  await dev("/mine", { blocks: 1 });
  const [secs] = await aptos.view({ payload: { function: "0x1::timestamp::now_seconds", functionArguments: [] } });
  assert.ok(Math.abs(Number(secs) - Date.now() / 1000) < 60, `now_seconds ${secs} is not the wall clock`);
});
