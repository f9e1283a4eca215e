// Framework modules as the SDK reads them: GET /accounts/0x1/module(s)
// serve genuine Move bytecode (format version 7) with the ABI derived from
// it, as a real node serves the framework; the SDK builds entry function
// payloads from those ABIs (remote ABI) and reads modules at a version.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Account } from "@aptos-labs/ts-sdk";
import { aptos, funded, submitAndWait } from "./common.mjs";

// A module binary starts with the Move magic and, from version 7, the
// version word with Aptos's mask: a1 1c eb 0b 07 00 00 0a.
const MODULE_V7 = "0xa11ceb0b0700000a";

test("getAccountModule: 0x1::coin is bytecode with its ABI (views marked, events flagged)", async () => {
  const coin = await aptos.getAccountModule({ accountAddress: "0x1", moduleName: "coin" });
  assert.ok(coin.bytecode.startsWith(MODULE_V7), coin.bytecode.slice(0, 20));
  assert.deepEqual(Object.keys(coin), ["bytecode", "abi"]);
  assert.equal(coin.abi.name, "coin");
  assert.deepEqual(coin.abi.friends, ["0x1::aptos_coin", "0x1::genesis", "0x1::transaction_fee"]); // as on Aptos
  const balance = coin.abi.exposed_functions.find((f) => f.name === "balance");
  assert.deepEqual(balance, { name: "balance", visibility: "public", is_entry: false, is_view: true,
    generic_type_params: [{ constraints: [] }], params: ["address"], return: ["u64"] });
  const deposit = coin.abi.structs.find((s) => s.name === "CoinDeposit");
  assert.equal(deposit.is_event, true);
  assert.equal(coin.abi.structs.find((s) => s.name === "CoinStore").is_event, false);
});

test("getAccountModules: every framework module, each with bytecode and ABI; the same at genesis", async () => {
  const mods = await aptos.getAccountModules({ accountAddress: "0x1" });
  assert.ok(mods.length >= 20, `${mods.length} modules`);
  for (const m of mods) {
    assert.ok(m.bytecode.startsWith(MODULE_V7), m.abi?.name);
    assert.ok(m.abi && m.abi.address === "0x1", m.bytecode.slice(0, 40));
  }
  const atGenesis = await aptos.getAccountModule({ accountAddress: "0x1", moduleName: "aptos_account", options: { ledgerVersion: 0 } });
  const now = mods.find((m) => m.abi.name === "aptos_account");
  assert.equal(atGenesis.bytecode, now.bytecode);
});

test("a transfer built from the remote ABI of the served bytecode commits", async () => {
  const alice = await funded();
  const bob = Account.generate();
  const txn = await aptos.transaction.build.simple({ sender: alice.accountAddress,
    data: { function: "0x1::aptos_account::transfer_coins", typeArguments: ["0x1::aptos_coin::AptosCoin"], functionArguments: [bob.accountAddress, 1234] } });
  const done = await submitAndWait(alice, txn);
  assert.equal(done.success, true, done.vm_status);
  const [balance] = await aptos.view({ payload: { function: "0x1::coin::balance", typeArguments: ["0x1::aptos_coin::AptosCoin"], functionArguments: [bob.accountAddress] } });
  assert.equal(balance, "1234");
});

test("a module that is not stored is module_not_found", async () => {
  await assert.rejects(aptos.getAccountModule({ accountAddress: "0x1", moduleName: "no_such_module" }),
    (e) => e.status === 404 && e.data?.error_code === "module_not_found");
});
