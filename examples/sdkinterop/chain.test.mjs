// The chain as clients see it when nobody is transacting: a local node keeps
// producing blocks while idle (-idle-block-interval, 1s by default), as a
// real network does, so its clock is real from the start and moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { aptos, nodeURL } from "./common.mjs";

// The SDK caches getLedgerInfo for 10 s; read the index directly.
const ledgerInfo = async () => (await fetch(nodeURL)).json();

test("an idle chain keeps time: the ledger timestamp is real and the version moves", async () => {
  const first = await ledgerInfo();
  const ts = Number(first.ledger_timestamp) / 1000; // µs → ms
  assert.ok(Math.abs(Date.now() - ts) < 60_000, `ledger timestamp ${first.ledger_timestamp} is not the wall clock`);
  const deadline = Date.now() + 10_000;
  let now = first;
  while (BigInt(now.ledger_version) <= BigInt(first.ledger_version) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    now = await ledgerInfo();
  }
  assert.ok(BigInt(now.ledger_version) > BigInt(first.ledger_version), "the ledger version did not move while idle");
  assert.ok(BigInt(now.ledger_timestamp) > BigInt(first.ledger_timestamp));
  assert.ok(BigInt(now.block_height) > BigInt(first.block_height));
  const block = await aptos.getBlockByHeight({ blockHeight: Number(now.block_height), options: { withTransactions: true } });
  assert.equal(block.transactions[0].type, "block_metadata_transaction");
  assert.equal(block.transactions.at(-1).type, "state_checkpoint_transaction");
});
