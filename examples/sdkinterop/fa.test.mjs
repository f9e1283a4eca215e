// A fungible asset of one's own, as Aptos's fungible-asset tutorial makes
// it: a package (samples.FACoin, assembled by ./movepkg -variant fa) whose
// init_module calls primary_fungible_store::create_primary_store_enabled_fungible_asset
// on a named object and keeps the refs; its mint entry, the SDK's
// transferFungibleAsset (primary_fungible_store::transfer), and the
// balances read back through views, resources and the indexer.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { Account, createObjectAddress } from "@aptos-labs/ts-sdk";
import { aptos, funded, submitAndWait } from "./common.mjs";

const here = dirname(fileURLToPath(import.meta.url));
let owner, metadata;

const call = (signer, fn, functionArguments, typeArguments = []) =>
  aptos.transaction.build.simple({ sender: signer.accountAddress, data: { function: fn, typeArguments, functionArguments } })
    .then(async (t) => aptos.waitForTransaction({ transactionHash: (await aptos.signAndSubmitTransaction({ signer, transaction: t })).hash,
      options: { checkSuccess: false } }));

before(async () => {
  const bin = join(mkdtempSync(join(tmpdir(), "movepkg-")), "movepkg");
  execFileSync("go", ["build", "-o", bin, "./movepkg"], { cwd: here, stdio: "inherit" });
  owner = await funded();
  const { metadata: meta, modules } = JSON.parse(execFileSync(bin, ["-address", owner.accountAddress.toString(), "-variant", "fa"]));
  const txn = await aptos.publishPackageTransaction({ account: owner.accountAddress, metadataBytes: meta, moduleBytecode: modules });
  const done = await submitAndWait(owner, txn);
  assert.equal(done.success, true, done.vm_status);
  metadata = createObjectAddress(owner.accountAddress, "FACOIN").toString();
});

test("an asset made in init_module: Metadata and ConcurrentSupply resources, views", async () => {
  const m = await aptos.getAccountResource({ accountAddress: metadata, resourceType: "0x1::fungible_asset::Metadata" });
  assert.deepEqual(m, { decimals: 8, icon_uri: "https://fa.coin/icon.png", name: "FA Coin", project_uri: "https://fa.coin", symbol: "FAC" });
  const supply = await aptos.getAccountResource({ accountAddress: metadata, resourceType: "0x1::fungible_asset::ConcurrentSupply" });
  assert.deepEqual(supply, { current: { max_value: "1000000000000", value: "0" } });
  const view = (fn) => aptos.view({ payload: { function: `0x1::fungible_asset::${fn}`, typeArguments: ["0x1::fungible_asset::Metadata"], functionArguments: [metadata] } });
  assert.deepEqual(await view("symbol"), ["FAC"]);
  assert.deepEqual(await view("maximum"), [{ vec: ["1000000000000"] }]);
});

test("mint, SDK transferFungibleAsset, freeze; balances by view, store resource and indexer", async () => {
  const bob = Account.generate();
  const minted = await call(owner, `${owner.accountAddress}::fa_coin::mint`, [owner.accountAddress, 1000]);
  assert.equal(minted.success, true, minted.vm_status);
  assert.ok(minted.events.some((e) => e.type === "0x1::fungible_asset::Deposit" && e.data.amount === "1000"));
  const txn = await aptos.transferFungibleAsset({ sender: owner, fungibleAssetMetadataAddress: metadata, recipient: bob.accountAddress, amount: 250 });
  const sent = await submitAndWait(owner, txn);
  assert.equal(sent.success, true, sent.vm_status);
  const balance = (who) => aptos.view({ payload: { function: "0x1::primary_fungible_store::balance",
    typeArguments: ["0x1::fungible_asset::Metadata"], functionArguments: [who, metadata] } });
  assert.deepEqual(await balance(owner.accountAddress), ["750"]);
  assert.deepEqual(await balance(bob.accountAddress), ["250"]);
  const [store] = await aptos.view({ payload: { function: "0x1::primary_fungible_store::primary_store_address",
    typeArguments: ["0x1::fungible_asset::Metadata"], functionArguments: [bob.accountAddress, metadata] } });
  const fs = await aptos.getAccountResource({ accountAddress: store, resourceType: "0x1::fungible_asset::FungibleStore" });
  assert.deepEqual(fs, { balance: "250", frozen: false, metadata: { inner: metadata } });
  const rows = await aptos.getCurrentFungibleAssetBalances({ minimumLedgerVersion: BigInt(sent.version),
    options: { where: { owner_address: { _eq: bob.accountAddress.toString() }, asset_type: { _eq: metadata } } } });
  assert.equal(rows.length, 1);
  assert.equal(String(rows[0].amount), "250");

  const frozen = await call(owner, `${owner.accountAddress}::fa_coin::freeze_account`, [bob.accountAddress]);
  assert.equal(frozen.success, true, frozen.vm_status);
  const refused = await call(owner, "0x1::primary_fungible_store::transfer", [metadata, bob.accountAddress, 1], ["0x1::fungible_asset::Metadata"]);
  assert.equal(refused.success, false);
  assert.match(refused.vm_status, /ESTORE_IS_FROZEN\(0x50003\)/);
});
