// Framework functions the official SDK calls beyond plain transfers:
// coin::migrate_to_fungible_store, the fungible_asset and
// primary_fungible_store views, chain_status::is_operating and
// object::transfer. The node has no user objects and creates no legacy
// CoinStores (neither can be made through the API without publishing Move
// code), so migration is exercised on an account with nothing to migrate and
// object transfers on the objects that exist: primary stores (ungated
// transfers disabled) and the APT metadata object 0xa (owned by 0x1).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { Account, AccountAddress, createUserDerivedObjectAddress } from "@aptos-labs/ts-sdk";
import { aptos, transfer, funded } from "./common.mjs";

const APT_COIN = "0x1::aptos_coin::AptosCoin";
const METADATA = "0x1::fungible_asset::Metadata";
const STORE = "0x1::fungible_asset::FungibleStore";

let alice, bob;
before(async () => {
  alice = await funded();
  bob = await funded();
});

const view = (fn, typeArguments, functionArguments) =>
  aptos.view({ payload: { function: fn, typeArguments, functionArguments } });

// run signs and submits an entry function call and returns the committed
// transaction, successful or not.
async function run(signer, fn, typeArguments, functionArguments) {
  const txn = await aptos.transaction.build.simple({ sender: signer.accountAddress, data: { function: fn, typeArguments, functionArguments } });
  const pending = await aptos.signAndSubmitTransaction({ signer, transaction: txn });
  return aptos.waitForTransaction({ transactionHash: pending.hash, options: { checkSuccess: false } });
}

const eventTypes = (txn) => txn.events.map((e) => e.type);
const fee = (txn) => Number(txn.gas_used) * Number(txn.gas_unit_price);

test("coin::migrate_to_fungible_store: nothing to migrate succeeds, changes no balance, and is repeatable", async () => {
  const abi = await aptos.getAccountModule({ accountAddress: "0x1", moduleName: "coin" });
  const fn = abi.abi.exposed_functions.find((f) => f.name === "migrate_to_fungible_store");
  assert.deepEqual(fn, {
    name: "migrate_to_fungible_store", visibility: "public", is_entry: true, is_view: false,
    generic_type_params: [{ constraints: [] }], params: ["&signer"], return: [],
  });
  let balance = await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress });
  for (let i = 0; i < 2; i++) {
    const done = await run(alice, "0x1::coin::migrate_to_fungible_store", [APT_COIN], []);
    assert.equal(done.success, true, done.vm_status);
    assert.deepEqual(eventTypes(done), ["0x1::transaction_fee::FeeStatement"]);
    assert.ok(!done.changes.some((c) => c.data?.type?.startsWith("0x1::coin::")), "no coin resource written");
    balance -= fee(done);
    assert.equal(await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress }), balance);
    const [viaView] = await view("0x1::coin::balance", [APT_COIN], [alice.accountAddress.toString()]);
    assert.equal(Number(viaView), balance);
  }
  // Transfers still work afterwards.
  const to = Account.generate().accountAddress;
  const txn = await transfer(alice, to, 4321);
  const pending = await aptos.signAndSubmitTransaction({ signer: alice, transaction: txn });
  const done = await aptos.waitForTransaction({ transactionHash: pending.hash });
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: to }), 4321);
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress }), balance - 4321 - fee(done));
});

test("fungible_asset views on APT's metadata object", async () => {
  const [coinSupply] = await view("0x1::coin::supply", [APT_COIN], []);
  const [faSupply] = await view("0x1::fungible_asset::supply", [METADATA], ["0xa"]);
  assert.equal(faSupply.vec.length, 1);
  assert.ok(BigInt(faSupply.vec[0]) > 0n);
  // Both read the same total (no legacy coins here); the ledger may move between the calls only by fees.
  assert.ok(BigInt(coinSupply.vec[0]) >= BigInt(faSupply.vec[0]));
  assert.deepEqual(await view("0x1::fungible_asset::maximum", [METADATA], ["0xa"]), [{ vec: [] }]);
  assert.deepEqual(await view("0x1::fungible_asset::name", [METADATA], ["0xa"]), ["Aptos Coin"]);
  assert.deepEqual(await view("0x1::fungible_asset::symbol", [METADATA], ["0xa"]), ["APT"]);
  assert.deepEqual(await view("0x1::fungible_asset::decimals", [METADATA], ["0xa"]), [8]);
  assert.deepEqual(await view("0x1::fungible_asset::icon_uri", [METADATA], ["0xa"]), [""]);
  assert.deepEqual(await view("0x1::fungible_asset::project_uri", [METADATA], ["0xa"]), [""]);
  assert.deepEqual(await view("0x1::fungible_asset::is_untransferable", [METADATA], ["0xa"]), [false]);
  assert.deepEqual(await view("0x1::fungible_asset::store_exists", [], ["0xa"]), [false]);
});

test("primary store views agree with the SDK's address derivation and balance", async () => {
  const owner = bob.accountAddress;
  const derived = createUserDerivedObjectAddress(owner, AccountAddress.from("0xa")).toString();
  const [addr] = await view("0x1::primary_fungible_store::primary_store_address", [METADATA], [owner.toString(), "0xa"]);
  assert.equal(AccountAddress.from(addr).toString(), derived);
  assert.deepEqual(await view("0x1::primary_fungible_store::primary_store", [METADATA], [owner.toString(), "0xa"]), [{ inner: addr }]);
  assert.deepEqual(await view("0x1::primary_fungible_store::primary_store_exists", [METADATA], [owner.toString(), "0xa"]), [true]);
  assert.deepEqual(await view("0x1::primary_fungible_store::is_frozen", [METADATA], [owner.toString(), "0xa"]), [false]);
  const apt = await aptos.getAccountAPTAmount({ accountAddress: owner });
  assert.deepEqual(await view("0x1::primary_fungible_store::balance", [METADATA], [owner.toString(), "0xa"]), [String(apt)]);
  assert.deepEqual(await view("0x1::fungible_asset::balance", [STORE], [addr]), [String(apt)]);
  assert.deepEqual(await view("0x1::fungible_asset::store_exists", [], [addr]), [true]);
  assert.deepEqual(await view("0x1::fungible_asset::is_frozen", [STORE], [addr]), [false]);
  assert.deepEqual(await view("0x1::fungible_asset::store_metadata", [STORE], [addr]), [{ inner: "0xa" }]);

  const nobody = Account.generate().accountAddress.toString();
  assert.deepEqual(await view("0x1::primary_fungible_store::primary_store_exists", [METADATA], [nobody, "0xa"]), [false]);
  assert.deepEqual(await view("0x1::primary_fungible_store::balance", [METADATA], [nobody, "0xa"]), ["0"]);
  assert.deepEqual(await view("0x1::primary_fungible_store::is_frozen", [METADATA], [nobody, "0xa"]), [false]);
  await assert.rejects(view("0x1::primary_fungible_store::primary_store", [METADATA], [nobody, "0xa"]), (e) => {
    assert.equal(e.status, 400);
    assert.match(e.data.message, /EOBJECT_DOES_NOT_EXIST\(0x60002\)/);
    return true;
  });
});

test("chain_status: the chain is operating", async () => {
  assert.deepEqual(await view("0x1::chain_status::is_operating", [], []), [true]);
  assert.deepEqual(await view("0x1::chain_status::is_genesis", [], []), [false]);
});

test("object::transfer: a primary store refuses ungated transfers; 0xa is not the sender's; no object at an address", async () => {
  const [store] = await view("0x1::primary_fungible_store::primary_store_address", [METADATA], [alice.accountAddress.toString(), "0xa"]);
  const cases = [
    ["0x1::object::transfer", [STORE], [store, bob.accountAddress.toString()],
      "Move abort in 0x1::object: ENO_UNGATED_TRANSFERS(0x50003): The object does not have ungated transfers enabled"],
    ["0x1::object::transfer_call", [], [store, bob.accountAddress.toString()],
      "Move abort in 0x1::object: ENO_UNGATED_TRANSFERS(0x50003): The object does not have ungated transfers enabled"],
    ["0x1::object::transfer", [METADATA], ["0xa", alice.accountAddress.toString()],
      "Move abort in 0x1::object: ENOT_OBJECT_OWNER(0x50004): The caller does not have ownership permissions"],
    ["0x1::object::transfer_call", [], [Account.generate().accountAddress.toString(), bob.accountAddress.toString()],
      "Move abort in 0x1::object: EOBJECT_DOES_NOT_EXIST(0x60002): An object does not exist at this address"],
  ];
  for (const [fn, tyArgs, args, status] of cases) {
    const before = await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress });
    const done = await run(alice, fn, tyArgs, args);
    assert.equal(done.success, false);
    assert.equal(done.vm_status, status);
    assert.deepEqual(eventTypes(done), ["0x1::transaction_fee::FeeStatement"]);
    assert.equal(await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress }), before - fee(done));
  }
  const core = await aptos.getAccountResource({ accountAddress: store, resourceType: "0x1::object::ObjectCore" });
  assert.equal(AccountAddress.from(core.owner).toString(), alice.accountAddress.toString());
  assert.equal(core.allow_ungated_transfer, false);
  const abi = await aptos.getAccountModule({ accountAddress: "0x1", moduleName: "object" });
  const tr = abi.abi.exposed_functions.find((f) => f.name === "transfer");
  assert.deepEqual(tr.generic_type_params, [{ constraints: ["key"] }]);
  assert.deepEqual(tr.params, ["&signer", "0x1::object::Object<T0>", "address"]);
});
