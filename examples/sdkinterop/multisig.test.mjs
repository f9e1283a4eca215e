// Scenarios of multisig accounts (0x1::multisig_account) through the SDK:
// the SDK's own flow — predict the address with the view, create a 2-of-3
// account, propose a transfer, approve it, then build, simulate and submit
// the multisig transaction that runs it as the multisig account.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Account, MoveString, generateTransactionPayload } from "@aptos-labs/ts-sdk";
import { aptos, config, funded, submitAndWait, transfer, APT } from "./common.mjs";

const ms = (name) => `0x1::multisig_account::${name}`;
const view = async (fn, args) => (await aptos.view({ payload: { function: ms(fn), functionArguments: args } }));
const aptBalance = async (addr) =>
  Number((await aptos.view({ payload: { function: "0x1::coin::balance", typeArguments: ["0x1::aptos_coin::AptosCoin"], functionArguments: [addr.toString()] } }))[0]);

test("multisig account: create_with_owners, create_transaction, approve, then a multisig transaction runs the transfer", async () => {
  const [owner1, owner2, owner3] = await Promise.all([funded(), funded(), funded()]);
  const recipient = Account.generate();

  const [multisigAddress] = await view("get_next_multisig_account_address", [owner1.accountAddress.toString()]);
  const created = await submitAndWait(owner1, await aptos.transaction.build.simple({
    sender: owner1.accountAddress,
    data: {
      function: ms("create_with_owners"),
      functionArguments: [[owner2.accountAddress, owner3.accountAddress], 2, ["Example"], [new MoveString("SDK").bcsToBytes()]],
    },
  }));
  assert.equal(created.success, true, created.vm_status);
  const [owners] = await view("owners", [multisigAddress]);
  assert.deepEqual(new Set(owners), new Set([owner1, owner2, owner3].map((o) => o.accountAddress.toString())));
  assert.deepEqual(await view("num_signatures_required", [multisigAddress]), ["2"]);
  const resource = await aptos.getAccountResource({ accountAddress: multisigAddress, resourceType: ms("MultisigAccount") });
  assert.equal(resource.num_signatures_required, "2");
  assert.equal(resource.next_sequence_number, "1");
  assert.deepEqual(resource.metadata.data, [{ key: "Example", value: "0x0353444b" }]);
  assert.equal(resource.signer_cap.vec[0].account, multisigAddress);

  const funding = await submitAndWait(owner1, await transfer(owner1, multisigAddress, APT));
  assert.equal(funding.success, true, funding.vm_status);

  // The proposal: the SDK's multisig payload of the transfer, its inner
  // payload stored on chain.
  const amount = 1_000_000;
  const payload = await generateTransactionPayload({ multisigAddress, function: "0x1::aptos_account::transfer",
    functionArguments: [recipient.accountAddress, amount], aptosConfig: config });
  const proposed = await submitAndWait(owner2, await aptos.transaction.build.simple({
    sender: owner2.accountAddress,
    data: { function: ms("create_transaction"), functionArguments: [multisigAddress, payload.multiSig.transaction_payload.bcsToBytes()] },
  }));
  assert.equal(proposed.success, true, proposed.vm_status);
  assert.ok(proposed.events.some((e) => e.type === ms("CreateTransaction")), "CreateTransaction event");
  const [pending] = await view("get_pending_transactions", [multisigAddress]);
  assert.equal(pending.length, 1);
  assert.equal(pending[0].creator, owner2.accountAddress.toString());
  assert.deepEqual(pending[0].votes.data, [{ key: owner2.accountAddress.toString(), value: true }]);
  assert.equal(pending[0].payload.vec[0], payload.multiSig.transaction_payload.bcsToHex().toString());

  const approved = await submitAndWait(owner3, await aptos.transaction.build.simple({
    sender: owner3.accountAddress, data: { function: ms("approve_transaction"), functionArguments: [multisigAddress, 1] },
  }));
  assert.equal(approved.success, true, approved.vm_status);
  assert.deepEqual(await view("can_be_executed", [multisigAddress, 1]), [true]);

  // The multisig transaction, built, simulated and submitted by owner 2.
  const txn = await aptos.transaction.build.simple({
    sender: owner2.accountAddress,
    data: { multisigAddress, function: "0x1::aptos_account::transfer", functionArguments: [recipient.accountAddress, amount] },
  });
  const [sim] = await aptos.transaction.simulate.simple({ signerPublicKey: owner2.publicKey, transaction: txn });
  assert.equal(sim.success, true, sim.vm_status);
  assert.equal(sim.payload.type, "multisig_payload");
  assert.equal(sim.payload.multisig_address, multisigAddress);
  assert.ok(sim.events.some((e) => e.type === ms("TransactionExecutionSucceeded")), "simulated TransactionExecutionSucceeded");

  const done = await submitAndWait(owner2, txn);
  assert.equal(done.success, true, done.vm_status);
  assert.equal(done.payload.type, "multisig_payload");
  assert.equal(done.payload.transaction_payload.function, "0x1::aptos_account::transfer");
  assert.ok(done.events.some((e) => e.type === ms("TransactionExecutionSucceeded")), "TransactionExecutionSucceeded event");
  assert.equal(await aptBalance(recipient.accountAddress), amount);
  assert.deepEqual(await view("last_resolved_sequence_number", [multisigAddress]), ["1"]);

  // A proposal whose transfer cannot be paid: executed all the same, the
  // failure recorded, the transaction resolved, nothing transferred.
  const tooMuch = await generateTransactionPayload({ multisigAddress, function: "0x1::aptos_account::transfer",
    functionArguments: [recipient.accountAddress, 100 * APT], aptosConfig: config });
  const second = await submitAndWait(owner1, await aptos.transaction.build.simple({
    sender: owner1.accountAddress,
    data: { function: ms("create_transaction"), functionArguments: [multisigAddress, tooMuch.multiSig.transaction_payload.bcsToBytes()] },
  }));
  assert.equal(second.success, true, second.vm_status);
  const failed = await submitAndWait(owner3, await aptos.transaction.build.simple({
    sender: owner3.accountAddress, data: { multisigAddress, function: "0x1::aptos_account::transfer", functionArguments: [recipient.accountAddress, 100 * APT] },
  }));
  assert.equal(failed.success, true, failed.vm_status);
  const ev = failed.events.find((e) => e.type === ms("TransactionExecutionFailed"));
  assert.ok(ev, "TransactionExecutionFailed event");
  assert.equal(ev.data.sequence_number, "2");
  assert.equal(ev.data.num_approvals, "2");
  assert.equal(ev.data.execution_error.error_type, "MoveAbort");
  assert.match(ev.data.execution_error.abort_location, /^0{63}1::/);
  assert.equal(await aptBalance(recipient.accountAddress), amount);
  assert.deepEqual(await view("last_resolved_sequence_number", [multisigAddress]), ["2"]);
});

test("multisig transaction without enough approvals is refused at submission", async () => {
  const [owner1, owner2] = await Promise.all([funded(), funded()]);
  const [multisigAddress] = await view("get_next_multisig_account_address", [owner1.accountAddress.toString()]);
  const created = await submitAndWait(owner1, await aptos.transaction.build.simple({
    sender: owner1.accountAddress,
    data: { function: ms("create_with_owners"), functionArguments: [[owner2.accountAddress], 2, [], []] },
  }));
  assert.equal(created.success, true, created.vm_status);
  const payload = await generateTransactionPayload({ multisigAddress, function: "0x1::aptos_account::transfer",
    functionArguments: [owner1.accountAddress, 1], aptosConfig: config });
  const proposed = await submitAndWait(owner1, await aptos.transaction.build.simple({
    sender: owner1.accountAddress,
    data: { function: ms("create_transaction"), functionArguments: [multisigAddress, payload.multiSig.transaction_payload.bcsToBytes()] },
  }));
  assert.equal(proposed.success, true, proposed.vm_status);
  const txn = await aptos.transaction.build.simple({
    sender: owner1.accountAddress,
    data: { multisigAddress, function: "0x1::aptos_account::transfer", functionArguments: [owner1.accountAddress, 1] },
  });
  await assert.rejects(aptos.signAndSubmitTransaction({ signer: owner1, transaction: txn }), /MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS/);
});
