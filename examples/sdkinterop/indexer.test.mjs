// The built-in indexer, through the SDK's indexer-backed functions with
// their default options: fundAccount waits for the indexer, balances,
// activities, metadata, transaction counts and processor status come from
// the GraphQL endpoint (INDEXER_URL, default http://127.0.0.1:8090/v1/graphql).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Account } from "@aptos-labs/ts-sdk";
import { aptos, APT, transfer, submitAndWait } from "./common.mjs";

const APT_TYPE = "0x1::aptos_coin::AptosCoin";

test("fundAccount waits for the indexer and returns at once", async () => {
  const alice = Account.generate();
  const r = await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: APT });
  assert.equal(r.success, true);
  const last = await aptos.getIndexerLastSuccessVersion();
  assert.ok(BigInt(last) >= BigInt(r.version), `indexer at ${last}, funding at ${r.version}`);
  const status = await aptos.getProcessorStatus("fungible_asset_processor");
  assert.equal(BigInt(status.last_success_version), BigInt(last));
});

test("balances, coin count and metadata from the indexer", async () => {
  const alice = Account.generate();
  await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 3 * APT });
  const coins = await aptos.getAccountCoinsData({ accountAddress: alice.accountAddress });
  assert.equal(coins.length, 1);
  assert.equal(coins[0].asset_type, APT_TYPE);
  assert.equal(coins[0].token_standard, "v1");
  assert.equal(BigInt(coins[0].amount), BigInt(await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress })));
  assert.equal(coins[0].metadata.symbol, "APT");
  assert.equal(coins[0].metadata.decimals, 8);
  assert.equal(await aptos.getAccountCoinsCount({ accountAddress: alice.accountAddress }), 1);
  const meta = await aptos.getFungibleAssetMetadataByAssetType({ assetType: APT_TYPE });
  assert.equal(meta.name, "Aptos Coin");
});

test("a transfer shows in transaction counts, balances and activities", async () => {
  const alice = Account.generate(), bob = Account.generate();
  await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 5 * APT });
  const done = await submitAndWait(alice, await transfer(alice, bob.accountAddress, 1000));
  assert.equal(done.success, true);
  const minimumLedgerVersion = BigInt(done.version);
  assert.ok(await aptos.getAccountTransactionsCount({ accountAddress: alice.accountAddress, minimumLedgerVersion }) >= 1);
  const [bobCoins] = await aptos.getAccountCoinsData({ accountAddress: bob.accountAddress });
  assert.equal(BigInt(bobCoins.amount), 1000n);
  const acts = await aptos.getFungibleAssetActivities({
    options: { where: { owner_address: { _eq: alice.accountAddress.toStringLong() } } } });
  const gas = acts.filter((a) => a.is_gas_fee);
  assert.ok(gas.length >= 1, "a gas fee activity");
  assert.equal(BigInt(gas[0].amount), BigInt(done.gas_used) * BigInt(done.gas_unit_price));
  const top = await aptos.getChainTopUserTransactions({ limit: 1 });
  assert.ok(BigInt(top[0].version) >= BigInt(done.version));
});

test("a GraphQL error is Hasura's", async () => {
  await assert.rejects(aptos.queryIndexer({ query: { query: "query { ledger_inos { chain_id } }" } }),
    (e) => String(e.message ?? e).includes("field 'ledger_inos' not found in type: 'query_root'"));
});

test("deriveAccountFromPrivateKey finds an account from its key", async () => {
  const alice = Account.generate(), bob = Account.generate();
  await aptos.fundAccount({ accountAddress: alice.accountAddress, amount: 10 * APT });
  const done = await submitAndWait(alice, await transfer(alice, bob.accountAddress, 10));
  assert.equal(done.success, true);
  const derived = await aptos.deriveAccountFromPrivateKey({ privateKey: alice.privateKey });
  assert.equal(derived.accountAddress.toStringLong(), alice.accountAddress.toStringLong());
  const owned = await aptos.getAccountOwnedObjects({ accountAddress: alice.accountAddress });
  assert.ok(owned.length >= 1, "the primary fungible store is an object the account owns");
});
