// A coin of one's own, as Aptos's first-coin tutorial makes it: a package
// declaring MoonCoin (assembled by ./movepkg), 0x1::managed_coin to
// initialize, register and mint it, the SDK's coin transfer
// (aptos_account::transfer_coins, which registers the recipient), and the
// balances read back through views, resources and the indexer. The
// CoinConversionMap at 0x1 pairs APT with 0xa and the coin with its
// fungible asset once it is withdrawn.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { Account } from "@aptos-labs/ts-sdk";
import { aptos, funded, submitAndWait } from "./common.mjs";

const here = dirname(fileURLToPath(import.meta.url));
let owner, coinType;

const call = (signer, fn, typeArguments, functionArguments) =>
  aptos.transaction.build.simple({ sender: signer.accountAddress, data: { function: fn, typeArguments, functionArguments } })
    .then((txn) => submitAndWait(signer, txn));

before(async () => {
  const bin = join(mkdtempSync(join(tmpdir(), "movepkg-")), "movepkg");
  execFileSync("go", ["build", "-o", bin, "./movepkg"], { cwd: here, stdio: "inherit" });
  owner = await funded();
  const { metadata, modules } = JSON.parse(execFileSync(bin, ["-address", owner.accountAddress.toString(), "-variant", "coin"]));
  const txn = await aptos.publishPackageTransaction({ account: owner.accountAddress, metadataBytes: metadata, moduleBytecode: modules });
  const done = await submitAndWait(owner, txn);
  assert.equal(done.success, true, done.vm_status);
  coinType = `${owner.accountAddress.toString()}::moon_coin::MoonCoin`;
  const enc = new TextEncoder();
  const init = await call(owner, "0x1::managed_coin::initialize", [coinType], [enc.encode("Moon Coin"), enc.encode("MOON"), 6, true]);
  assert.equal(init.success, true, init.vm_status);
});

test("managed_coin: register, mint, SDK transfer; balances by view, resource and indexer", async () => {
  const bob = await funded();
  const carol = Account.generate();
  const view = (fn, args = []) => aptos.view({ payload: { function: `0x1::coin::${fn}`, typeArguments: [coinType], functionArguments: args } });
  assert.deepEqual(await view("name"), ["Moon Coin"]);
  assert.deepEqual(await view("symbol"), ["MOON"]);
  assert.deepEqual(await view("decimals"), [6]);
  assert.equal((await call(bob, "0x1::managed_coin::register", [coinType], [])).success, true);
  const minted = await call(owner, "0x1::managed_coin::mint", [coinType], [bob.accountAddress, 1000]);
  assert.equal(minted.success, true, minted.vm_status);
  assert.ok(minted.events.some((e) => e.type === "0x1::coin::CoinDeposit" && e.data.amount === "1000"));
  assert.deepEqual(await view("balance", [bob.accountAddress]), ["1000"]);
  assert.deepEqual(await view("supply"), [{ vec: ["1000"] }]);

  const txn = await aptos.transferCoinTransaction({ sender: bob.accountAddress, recipient: carol.accountAddress, amount: 100, coinType });
  const sent = await submitAndWait(bob, txn);
  assert.equal(sent.success, true, sent.vm_status);
  assert.deepEqual(await view("balance", [carol.accountAddress]), ["100"]);
  const store = await aptos.getAccountResource({ accountAddress: carol.accountAddress, resourceType: `0x1::coin::CoinStore<${coinType}>` });
  assert.equal(store.coin.value, "100");
  assert.equal(store.frozen, false);
  const info = await aptos.getAccountResource({ accountAddress: owner.accountAddress, resourceType: `0x1::coin::CoinInfo<${coinType}>` });
  assert.equal(info.symbol, "MOON");
  assert.equal(info.supply.vec[0].integer.vec[0].value, "1000");
  assert.equal(await aptos.getAccountCoinAmount({ accountAddress: bob.accountAddress, coinType, minimumLedgerVersion: BigInt(sent.version) }), 900);

  // Minting to an account without a CoinStore aborts with coin's error.
  const refused = await aptos.transaction.build.simple({ sender: owner.accountAddress,
    data: { function: "0x1::managed_coin::mint", typeArguments: [coinType], functionArguments: [Account.generate().accountAddress, 1] } })
    .then(async (t) => aptos.waitForTransaction({ transactionHash: (await aptos.signAndSubmitTransaction({ signer: owner, transaction: t })).hash, options: { checkSuccess: false } }));
  assert.equal(refused.success, false);
  assert.match(refused.vm_status, /ECOIN_STORE_NOT_PUBLISHED\(0x60005\)/);
});

test("the CoinConversionMap at 0x1: AptosCoin → 0xa, a withdrawn coin → its paired metadata", async () => {
  const map = await aptos.getAccountResource({ accountAddress: "0x1", resourceType: "0x1::coin::CoinConversionMap" });
  const item = (type) => {
    const [addr, mod, name] = type.split("::");
    const hex = (s) => "0x" + Buffer.from(s).toString("hex");
    return aptos.getTableItem({ handle: map.coin_to_fungible_asset_map.handle, data: { key_type: "0x1::type_info::TypeInfo",
      value_type: "0x1::object::Object<0x1::fungible_asset::Metadata>", key: { account_address: addr, module_name: hex(mod), struct_name: hex(name) } } });
  };
  assert.deepEqual(await item("0x1::aptos_coin::AptosCoin"), { inner: "0xa" });
  const [paired] = await aptos.view({ payload: { function: "0x1::coin::paired_metadata", typeArguments: [coinType] } });
  assert.equal(paired.vec.length, 1, "the transfer's withdrawal from a CoinStore pairs the coin");
  assert.deepEqual(await item(coinType), paired.vec[0]);
});
