// Shared setup for the interop scenarios: an SDK client configured for a
// local network (NODE_URL, FAUCET_URL and INDEXER_URL override the local
// defaults, http://127.0.0.1:8080/v1, :8081 and :8090/v1/graphql) and
// small helpers. Each *.test.mjs
// file is one group of scenarios; `npm test` runs them all.
import assert from "node:assert/strict";
import { Aptos, AptosConfig, Network, Account } from "@aptos-labs/ts-sdk";

export const config = process.env.NODE_URL
  ? new AptosConfig({ network: Network.CUSTOM, fullnode: process.env.NODE_URL, faucet: process.env.FAUCET_URL,
      indexer: process.env.INDEXER_URL ?? "http://127.0.0.1:8090/v1/graphql" })
  : new AptosConfig({ network: Network.LOCAL });
export const aptos = new Aptos(config);
export const APT = 100_000_000;
export const noIndexer = { waitForIndexer: false };

// nodeURL is the API base the SDK talks to, for raw HTTP checks.
export const nodeURL = process.env.NODE_URL ?? "http://127.0.0.1:8080/v1";

export const transfer = (from, to, amount) =>
  aptos.transaction.build.simple({ sender: from.accountAddress, data: { function: "0x1::aptos_account::transfer", functionArguments: [to, amount] } });

// funded returns a new account funded through the faucet.
export async function funded(amount = 10 * APT) {
  const a = Account.generate();
  const r = await aptos.fundAccount({ accountAddress: a.accountAddress, amount }); // waits for the indexer
  assert.equal(r.success, true);
  return a;
}

export async function submitAndWait(signer, txn) {
  const pending = await aptos.signAndSubmitTransaction({ signer, transaction: txn });
  return aptos.waitForTransaction({ transactionHash: pending.hash });
}
