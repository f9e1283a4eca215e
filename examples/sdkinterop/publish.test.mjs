// Publishing a Move package with the SDK's publishPackageTransaction, as
// `aptos move publish` does: 0x1::code::publish_package_txn with the
// package metadata and the module binaries. The package is assembled in Go
// with the bytecode builder (./movepkg), since no Move compiler runs here;
// its ABI is read back through the SDK and compared with what the builder
// declared, upgrades are checked for compatibility, and a package whose
// modules need a module nobody published is refused.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { AccountAddress, Hex, Serializer, U64, createObjectAddress } from "@aptos-labs/ts-sdk";
import { aptos, funded, nodeURL } from "./common.mjs";

const here = dirname(fileURLToPath(import.meta.url));

// sameType compares type strings whatever the form of their addresses: the
// API writes the addresses in type tags without leading zeros.
const sameType = (a, b) => {
  const norm = (t) => t.replace(/0x0*([0-9a-f]+)/g, (_, h) => `0x${h}`);
  return norm(a) === norm(b);
};
let movepkg;
let alice;

before(async () => {
  movepkg = join(mkdtempSync(join(tmpdir(), "movepkg-")), "movepkg");
  execFileSync("go", ["build", "-o", movepkg, "./movepkg"], { cwd: here, stdio: "inherit" });
  alice = await funded();
});

// pkg builds the package variant for the account's address (or an
// address given as a string).
function pkg(account, variant) {
  const addr = typeof account === "string" ? account : account.accountAddress.toString();
  return JSON.parse(execFileSync(movepkg, ["-address", addr, "-variant", variant]));
}

async function publish(account, variant) {
  const { metadata, modules } = pkg(account, variant);
  const txn = await aptos.publishPackageTransaction({ account: account.accountAddress, metadataBytes: metadata, moduleBytecode: modules });
  const pending = await aptos.signAndSubmitTransaction({ signer: account, transaction: txn });
  return aptos.waitForTransaction({ transactionHash: pending.hash, options: { checkSuccess: false } });
}

const STRING = "0x1::string::String";

test("a builder-made package publishes; the SDK reads back the ABI the builder declared", async () => {
  const done = await publish(alice, "v1");
  assert.equal(done.success, true, done.vm_status);
  const ev = done.events.find((e) => e.type === "0x1::code::PublishPackage");
  assert.ok(ev, JSON.stringify(done.events.map((e) => e.type)));
  assert.deepEqual(ev.data, { code_address: alice.accountAddress.toString(), is_upgrade: false });

  const { modules } = pkg(alice, "v1");
  const message = await aptos.getAccountModule({ accountAddress: alice.accountAddress, moduleName: "message" });
  assert.equal(message.bytecode, modules[0], "the stored bytes are the bytes published");
  assert.ok(AccountAddress.from(message.abi.address).equals(alice.accountAddress));
  assert.equal(message.abi.name, "message");
  assert.deepEqual(message.abi.friends, []);
  assert.deepEqual(message.abi.exposed_functions.map((f) => f.name).sort(), ["get_message", "set_message"]);
  assert.deepEqual(message.abi.exposed_functions.find((f) => f.name === "set_message"), {
    name: "set_message", visibility: "public", is_entry: true, is_view: false, generic_type_params: [],
    params: ["signer", STRING], return: [] });
  assert.deepEqual(message.abi.exposed_functions.find((f) => f.name === "get_message"), {
    name: "get_message", visibility: "public", is_entry: false, is_view: true, generic_type_params: [],
    params: ["address"], return: [STRING] });
  const holder = message.abi.structs.find((s) => s.name === "MessageHolder");
  assert.deepEqual([holder.is_native, holder.is_event, holder.abilities, holder.generic_type_params, holder.fields],
    [false, false, ["key"], [], [{ name: "message", type: STRING }]]);
  const change = message.abi.structs.find((s) => s.name === "MessageChange");
  assert.deepEqual([change.is_event, change.abilities, change.fields], [true, ["drop", "store"],
    [{ name: "account", type: "address" }, { name: "from_message", type: STRING }, { name: "to_message", type: STRING }]]);

  const math = await aptos.getAccountModule({ accountAddress: alice.accountAddress, moduleName: "math" });
  const pair = math.abi.structs.find((s) => s.name === "Pair");
  assert.deepEqual([pair.abilities, pair.generic_type_params, pair.fields], [["copy", "drop", "store"],
    [{ constraints: ["copy", "drop"] }], [{ name: "a", type: "T0" }, { name: "b", type: "T0" }]]);
  assert.deepEqual(math.abi.exposed_functions.map((f) => [f.name, f.params, f.return]), [["add", ["u64", "u64"], ["u64"]]]);

  // Absent before the version that published it.
  await assert.rejects(aptos.getAccountModule({ accountAddress: alice.accountAddress, moduleName: "message",
    options: { ledgerVersion: BigInt(done.version) - 1n } }), (e) => e.status === 404 && e.data?.error_code === "module_not_found");
  const all = await aptos.getAccountModules({ accountAddress: alice.accountAddress });
  assert.deepEqual(all.map((m) => m.abi.name).sort(), ["math", "message"]);
});

test("the package metadata is readable as 0x1::code::PackageRegistry", async () => {
  const reg = await aptos.getAccountResource({ accountAddress: alice.accountAddress, resourceType: "0x1::code::PackageRegistry" });
  assert.equal(reg.packages.length, 1);
  const p = reg.packages[0];
  assert.equal(p.name, "InteropPkg");
  assert.deepEqual(p.upgrade_policy, { policy: 1 });
  assert.equal(p.upgrade_number, "0");
  assert.deepEqual(p.modules.map((m) => m.name), ["message", "math"]);
  assert.deepEqual(p.deps.map((d) => [d.account, d.package_name]), [["0x1", "AptosFramework"], ["0x1", "AptosStdlib"], ["0x1", "MoveStdlib"]]);
  assert.deepEqual(p.extension, { vec: [] });
  // The framework's own packages are listed at 0x1.
  const framework = await aptos.getAccountResource({ accountAddress: "0x1", resourceType: "0x1::code::PackageRegistry" });
  assert.deepEqual(framework.packages.map((x) => x.name), ["MoveStdlib", "AptosStdlib", "AptosFramework"]);
});

test("a compatible upgrade is accepted; an incompatible one is refused with BACKWARD_INCOMPATIBLE_MODULE_UPDATE", async () => {
  const up = await publish(alice, "v2");
  assert.equal(up.success, true, up.vm_status);
  assert.deepEqual(up.events.find((e) => e.type === "0x1::code::PublishPackage").data,
    { code_address: alice.accountAddress.toString(), is_upgrade: true });
  const reg = await aptos.getAccountResource({ accountAddress: alice.accountAddress, resourceType: "0x1::code::PackageRegistry" });
  assert.equal(reg.packages[0].upgrade_number, "1");
  // Read with fetch: the SDK keeps modules it has read (getAccountModule
  // is cached per account and name), which an upgrade makes stale.
  const module = async () => (await fetch(`${nodeURL}/accounts/${alice.accountAddress}/module/math`)).json();
  const math = await module();
  assert.deepEqual(math.abi.exposed_functions.map((f) => f.name), ["add", "double"]);

  const bad = await publish(alice, "incompatible");
  assert.equal(bad.success, false);
  assert.match(bad.vm_status, /BACKWARD_INCOMPATIBLE_MODULE_UPDATE/);
  const still = await module();
  assert.equal(still.bytecode, math.bytecode, "a refused upgrade leaves the module as it was");
});

test("a package calling a module nobody published is refused with LINKER_ERROR", async () => {
  const bob = await funded();
  const done = await publish(bob, "missing-dep");
  assert.equal(done.success, false);
  assert.match(done.vm_status, /LINKER_ERROR/);
  const r = await fetch(`${nodeURL}/accounts/${bob.accountAddress}/modules`);
  assert.deepEqual(await r.json(), []);
});

test("a module published by someone else's address is refused", async () => {
  const bob = await funded();
  const { metadata, modules } = pkg(alice, "v1"); // alice's address in the modules
  const txn = await aptos.publishPackageTransaction({ account: bob.accountAddress, metadataBytes: metadata, moduleBytecode: modules });
  const pending = await aptos.signAndSubmitTransaction({ signer: bob, transaction: txn });
  const done = await aptos.waitForTransaction({ transactionHash: pending.hash, options: { checkSuccess: false } });
  assert.equal(done.success, false);
  assert.match(done.vm_status, /MODULE_ADDRESS_DOES_NOT_MATCH_SENDER/);
});

// The published functions run as Move code: set_message stores the
// holder, then emits MessageChange on an update; get_message is a view.
test("calling the published package: entry function, resource, event and view", async () => {
  const call = async (message) => {
    const txn = await aptos.transaction.build.simple({ sender: alice.accountAddress,
      data: { function: `${alice.accountAddress}::message::set_message`, functionArguments: [message] } });
    const pending = await aptos.signAndSubmitTransaction({ signer: alice, transaction: txn });
    return aptos.waitForTransaction({ transactionHash: pending.hash, options: { checkSuccess: false } });
  };
  const view = (addr) => aptos.view({ payload: { function: `${alice.accountAddress}::message::get_message`, functionArguments: [addr] } });

  await assert.rejects(view(alice.accountAddress), (e) => e.status === 400 && /ENO_MESSAGE/.test(e.data?.message));
  const first = await call("hello");
  assert.equal(first.success, true, first.vm_status);
  const holder = await aptos.getAccountResource({ accountAddress: alice.accountAddress, resourceType: `${alice.accountAddress}::message::MessageHolder` });
  assert.deepEqual(holder, { message: "hello" });
  assert.deepEqual(await view(alice.accountAddress), ["hello"]);

  const second = await call("world");
  assert.equal(second.success, true, second.vm_status);
  const change = second.events.find((e) => sameType(e.type, `${alice.accountAddress}::message::MessageChange`));
  assert.deepEqual(change?.data, { account: alice.accountAddress.toString(), from_message: "hello", to_message: "world" });
  assert.deepEqual(await view(alice.accountAddress), ["world"]);
  // The view at the version of the first call still sees the first message.
  const old = await aptos.view({ payload: { function: `${alice.accountAddress}::message::get_message`, functionArguments: [alice.accountAddress] },
    options: { ledgerVersion: BigInt(first.version) } });
  assert.deepEqual(old, ["hello"]);
  // Simulation runs the same code and gives the same gas.
  const sim = await aptos.transaction.build.simple({ sender: alice.accountAddress,
    data: { function: `${alice.accountAddress}::message::set_message`, functionArguments: ["world"] } });
  const [simulated] = await aptos.transaction.simulate.simple({ signerPublicKey: alice.publicKey, transaction: sim });
  assert.equal(simulated.success, true, simulated.vm_status);
  assert.equal(simulated.gas_used, second.gas_used);
});

// object_code_deployment::publish, as `aptos move deploy-object` does: the
// package goes to a new object whose address the publisher computes in
// advance from its next sequence number (named-object seed
// bcs(b"aptos_framework::object_code_deployment") ‖ bcs(sequence_number + 1)).
test("object code deployment: publish to an object at the address the SDK derives, then upgrade it", async () => {
  const carol = await funded();
  const { sequence_number } = await aptos.getAccountInfo({ accountAddress: carol.accountAddress });
  const seed = new Serializer();
  seed.serializeBytes(new TextEncoder().encode("aptos_framework::object_code_deployment"));
  seed.serializeU64(BigInt(sequence_number) + 1n);
  const obj = createObjectAddress(carol.accountAddress, seed.toUint8Array()).toString();

  const send = async (fn, variant, extra = []) => {
    const { metadata, modules } = pkg(obj, variant);
    const txn = await aptos.transaction.build.simple({ sender: carol.accountAddress, data: {
      function: `0x1::object_code_deployment::${fn}`,
      functionArguments: [Hex.fromHexInput(metadata).toUint8Array(), modules.map((m) => Hex.fromHexInput(m).toUint8Array()), ...extra] } });
    const pending = await aptos.signAndSubmitTransaction({ signer: carol, transaction: txn });
    return aptos.waitForTransaction({ transactionHash: pending.hash, options: { checkSuccess: false } });
  };
  const done = await send("publish", "v1");
  assert.equal(done.success, true, done.vm_status);
  assert.deepEqual(done.events.find((e) => e.type === "0x1::object_code_deployment::Publish").data, { object_address: obj });
  const core = await aptos.getAccountResource({ accountAddress: obj, resourceType: "0x1::object::ObjectCore" });
  assert.ok(AccountAddress.from(core.owner).equals(carol.accountAddress));
  const mods = await (await fetch(`${nodeURL}/accounts/${obj}/modules`)).json();
  assert.deepEqual(mods.map((m) => m.abi.name).sort(), ["math", "message"]);

  const up = await send("upgrade", "v2", [obj]);
  assert.equal(up.success, true, up.vm_status);
  assert.ok(up.events.some((e) => e.type === "0x1::object_code_deployment::Upgrade"));
  const bad = await send("upgrade", "incompatible", [obj]);
  assert.equal(bad.success, false);
  assert.match(bad.vm_status, /BACKWARD_INCOMPATIBLE_MODULE_UPDATE/);
});

// Script payloads run as Move code: a single-signer transfer script and a
// multi-agent script with two signers paying each other.
test("scripts: a transfer script and a two-signer script", async () => {
  const { script } = pkg(alice, "transfer-script");
  const bob = await funded();
  const before = await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress });
  const txn = await aptos.transaction.build.simple({ sender: alice.accountAddress,
    data: { bytecode: script, functionArguments: [bob.accountAddress, new U64(777)] } });
  const pending = await aptos.signAndSubmitTransaction({ signer: alice, transaction: txn });
  const done = await aptos.waitForTransaction({ transactionHash: pending.hash, options: { checkSuccess: false } });
  assert.equal(done.success, true, done.vm_status);
  assert.equal(done.payload.type, "script_payload");
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress }), before + 777);

  const two = pkg(alice, "pay-each-other-script").script;
  const multi = await aptos.transaction.build.multiAgent({ sender: alice.accountAddress, secondarySignerAddresses: [bob.accountAddress],
    data: { bytecode: two, functionArguments: [new U64(10)] } });
  const senderAuth = aptos.transaction.sign({ signer: alice, transaction: multi });
  const bobAuth = aptos.transaction.sign({ signer: bob, transaction: multi });
  const p2 = await aptos.transaction.submit.multiAgent({ transaction: multi, senderAuthenticator: senderAuth, additionalSignersAuthenticators: [bobAuth] });
  const d2 = await aptos.waitForTransaction({ transactionHash: p2.hash, options: { checkSuccess: false } });
  assert.equal(d2.success, true, d2.vm_status);
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress }), before + 777 + 10 - 11);
});
