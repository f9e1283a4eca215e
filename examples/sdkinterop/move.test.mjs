// Move code that uses the framework, through the SDK: a package whose
// init_module creates a table (samples.Scores) and one that makes objects
// (samples.Badges), assembled by ./movepkg. Table items are read back with
// getTableItem, objects with getAccountResource, results with view.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { Account } from "@aptos-labs/ts-sdk";
import { aptos, funded } from "./common.mjs";

const here = dirname(fileURLToPath(import.meta.url));

// sameType compares type strings whatever the form of their addresses: the
// API writes the addresses in type tags without leading zeros.
const sameType = (a, b) => {
  const norm = (t) => t.replace(/0x0*([0-9a-f]+)/g, (_, h) => `0x${h}`);
  return norm(a) === norm(b);
};
let owner;

async function run(signer, fn, args, typeArguments = []) {
  const txn = await aptos.transaction.build.simple({ sender: signer.accountAddress, data: { function: fn, typeArguments, functionArguments: args } });
  const pending = await aptos.signAndSubmitTransaction({ signer, transaction: txn });
  return aptos.waitForTransaction({ transactionHash: pending.hash, options: { checkSuccess: false } });
}

before(async () => {
  const bin = join(mkdtempSync(join(tmpdir(), "movepkg-")), "movepkg");
  execFileSync("go", ["build", "-o", bin, "./movepkg"], { cwd: here, stdio: "inherit" });
  owner = await funded();
  const { metadata, modules } = JSON.parse(execFileSync(bin, ["-address", owner.accountAddress.toString(), "-variant", "apps"]));
  const txn = await aptos.publishPackageTransaction({ account: owner.accountAddress, metadataBytes: metadata, moduleBytecode: modules });
  const pending = await aptos.signAndSubmitTransaction({ signer: owner, transaction: txn });
  const done = await aptos.waitForTransaction({ transactionHash: pending.hash });
  assert.equal(done.success, true, done.vm_status);
});

test("a table created by init_module: entry calls write items, getTableItem and a view read them", async () => {
  const board = await aptos.getAccountResource({ accountAddress: owner.accountAddress, resourceType: `${owner.accountAddress}::scores::Board` });
  assert.equal(board.count, "0");
  assert.match(board.scores.handle, /^0x[0-9a-f]{64}$/);
  const player = await funded();
  for (const [who, points] of [[player, 5], [owner, 3], [player, 10]]) {
    const done = await run(who, `${owner.accountAddress}::scores::score`, [points]);
    assert.equal(done.success, true, done.vm_status);
  }
  const item = await aptos.getTableItem({ handle: board.scores.handle, data: { key_type: "address", value_type: "u64", key: player.accountAddress.toString() } });
  assert.equal(item, "15");
  const after = await aptos.getAccountResource({ accountAddress: owner.accountAddress, resourceType: `${owner.accountAddress}::scores::Board` });
  assert.equal(after.count, "2");
  const [score] = await aptos.view({ payload: { function: `${owner.accountAddress}::scores::score_of`, functionArguments: [player.accountAddress] } });
  assert.equal(score, "15");
  const [none] = await aptos.view({ payload: { function: `${owner.accountAddress}::scores::score_of`, functionArguments: [Account.generate().accountAddress] } });
  assert.equal(none, "0");
});

test("objects made by Move code: the object holds the resource, its owner is the caller, a view takes Object<T>", async () => {
  const done = await run(owner, `${owner.accountAddress}::badges::mint`, [3]);
  assert.equal(done.success, true, done.vm_status);
  const minted = done.events.find((e) => sameType(e.type, `${owner.accountAddress}::badges::Minted`));
  assert.ok(minted, JSON.stringify(done.events));
  assert.equal(minted.data.level, "3");
  const obj = minted.data.object;
  const badge = await aptos.getAccountResource({ accountAddress: obj, resourceType: `${owner.accountAddress}::badges::Badge` });
  assert.deepEqual(badge, { level: "3" });
  const core = await aptos.getAccountResource({ accountAddress: obj, resourceType: "0x1::object::ObjectCore" });
  assert.equal(core.owner, owner.accountAddress.toString());
  const [level] = await aptos.view({ payload: { function: `${owner.accountAddress}::badges::level`, functionArguments: [obj] } });
  assert.equal(level, "3");
  // The object can be transferred with the framework's entry function.
  const other = await funded();
  const moved = await run(owner, "0x1::object::transfer", [obj, other.accountAddress], [`${owner.accountAddress}::badges::Badge`]);
  assert.equal(moved.success, true, moved.vm_status);
  const core2 = await aptos.getAccountResource({ accountAddress: obj, resourceType: "0x1::object::ObjectCore" });
  assert.equal(core2.owner, other.accountAddress.toString());
});

// Every argument type the SDK encodes, built from the remote ABI of the
// published module, arrives as sent: the entry function keeps them in a
// resource, read back as the API renders it.
test("an entry function with an argument of every Move type the SDK encodes", async () => {
  const caller = await funded();
  const args = [true, 255, 65535, 4294967295, "18446744073709551615", "340282366920938463463374607431768211455",
    "115792089237316195423570985008687907853269984665640564039457584007913129639935", "0x1", "héllo ✓",
    new Uint8Array([0, 255, 16]), ["0x1", "0xa"], 42, "0xa"];
  const done = await run(caller, `${owner.accountAddress}::args::receive`, args);
  assert.equal(done.success, true, done.vm_status);
  const got = await aptos.getAccountResource({ accountAddress: caller.accountAddress, resourceType: `${owner.accountAddress}::args::Received` });
  assert.deepEqual(got, { a: "0x1", addrs: ["0x1", "0xa"], b: true, bytes: "0x00ff10", n128: args[5], n16: 65535, n256: args[6], n32: 4294967295,
    n64: args[4], n8: 255, obj: { inner: "0xa" }, opt: { vec: ["42"] }, s: "héllo ✓" });
  // An Object argument must name an object: an account address is refused.
  const bad = await run(caller, `${owner.accountAddress}::args::receive`, [...args.slice(0, 12), caller.accountAddress.toString()]);
  assert.equal(bad.success, false);
});
