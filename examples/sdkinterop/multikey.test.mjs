// MultiKey scenarios: a 2-of-3 MultiKey account of mixed key types, built and
// signed with the official TypeScript SDK, against a running ledgernode
// server. The Go SDK writes a MultiKey signature's bitmap as the shortest
// byte string covering the highest signer (1 byte for 2-of-3) where the
// TypeScript SDK writes 4 bytes; the node must take both, and hash each
// transaction as the bytes it was sent.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import {
  Account,
  AccountAuthenticatorMultiKey,
  AnySignature,
  Ed25519Signature,
  KeylessPublicKey,
  MultiKey,
  MultiKeyAccount,
  MultiKeySignature,
  SignedTransaction,
  SigningSchemeInput,
  TransactionAuthenticatorSingleSender,
  generateUserTransactionHash,
  hashValues,
} from "@aptos-labs/ts-sdk";
import { aptos, APT, noIndexer, nodeURL } from "./common.mjs";

const BCS = "application/x.aptos.signed_transaction+bcs";
const hex = (b) => `0x${Buffer.from(b).toString("hex")}`;
// The user transaction hash over any signed bytes, with the SDK's hash.
const userTxnHash = (bytes) =>
  hex(hashValues([hashValues(["APTOS::Transaction"]), new Uint8Array([0]), bytes]));

let signers, multiKey, account;
before(async () => {
  signers = [
    Account.generate({ scheme: SigningSchemeInput.Secp256k1Ecdsa }),
    Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false }),
    Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false }),
  ];
  multiKey = new MultiKey({ publicKeys: signers.map((s) => s.publicKey.publicKey), signaturesRequired: 2 });
  account = new MultiKeyAccount({ multiKey, signers: [signers[0], signers[2]] });
  const r = await aptos.fundAccount({ accountAddress: account.accountAddress, amount: 10 * APT, options: noIndexer });
  assert.equal(r.success, true);
});

const transferFrom = (to, amount) => aptos.transaction.build.simple({
  sender: account.accountAddress,
  data: { function: "0x1::aptos_account::transfer", functionArguments: [to, amount] },
});

async function postBCS(path, bytes) {
  const res = await fetch(`${nodeURL}${path}`, { method: "POST", headers: { "content-type": BCS }, body: bytes });
  return { status: res.status, body: await res.json() };
}

test("a 4-byte bitmap (the SDK's own flow) commits", async () => {
  const to = Account.generate().accountAddress;
  const transaction = await transferFrom(to, 1000);
  const auth = aptos.transaction.sign({ signer: account, transaction });
  assert.equal(hex(auth.signatures.bitmap), "0xa0000000");
  const expected = generateUserTransactionHash({ transaction, senderAuthenticator: auth });
  const pending = await aptos.transaction.submit.simple({ transaction, senderAuthenticator: auth });
  assert.equal(pending.hash, expected);
  const done = await aptos.waitForTransaction({ transactionHash: pending.hash });
  assert.equal(done.success, true);
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: to }), 1000);
});

test("a 1-byte bitmap (what the Go SDK sends) commits under the hash of the bytes sent", async () => {
  const to = Account.generate().accountAddress;
  const transaction = await transferFrom(to, 2000);
  const full = aptos.transaction.sign({ signer: account, transaction });
  // MultiKeySignature's constructor takes only a 4-byte Uint8Array, so the
  // SDK's signature is built as usual and its bitmap shortened afterwards.
  const short = new MultiKeySignature({ signatures: full.signatures.signatures, bitmap: [0, 2] });
  short.bitmap = short.bitmap.slice(0, 1);
  const auth = new AccountAuthenticatorMultiKey(multiKey, short);
  // The SDK's submit re-reads the authenticator and cannot take a 1-byte
  // bitmap, so the bytes are assembled with its classes and posted as is.
  const bytes = new SignedTransaction(transaction.rawTransaction, new TransactionAuthenticatorSingleSender(auth)).bcsToBytes();
  assert.equal(hex(bytes.slice(-2)), "0x01a0");
  const expected = userTxnHash(bytes);
  assert.notEqual(expected, generateUserTransactionHash({ transaction, senderAuthenticator: full }));

  const { status, body } = await postBCS("/transactions", bytes);
  assert.equal(status, 202, JSON.stringify(body));
  assert.equal(body.hash, expected);
  const done = await aptos.waitForTransaction({ transactionHash: expected });
  assert.equal(done.success, true);
  assert.equal(done.hash, expected);
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: to }), 2000);

  const got = await aptos.getTransactionByHash({ transactionHash: expected });
  assert.equal(got.signature.type, "single_sender");
  assert.equal(got.signature.signatures_required, 2);
  assert.deepEqual(got.signature.signatures.map((s) => s.index), [0, 2]);
  assert.deepEqual(got.signature.public_keys.map((k) => k.type), ["secp256k1_ecdsa", "ed25519", "ed25519"]);
});

test("a bitmap marking three signers for two signatures is INVALID_SIGNATURE", async () => {
  const transaction = await transferFrom(Account.generate().accountAddress, 1);
  const full = aptos.transaction.sign({ signer: account, transaction });
  const bad = new MultiKeySignature({ signatures: full.signatures.signatures, bitmap: [0, 2] });
  bad.bitmap = new Uint8Array([0xe0]);
  const bytes = new SignedTransaction(transaction.rawTransaction,
    new TransactionAuthenticatorSingleSender(new AccountAuthenticatorMultiKey(multiKey, bad))).bcsToBytes();
  const { status, body } = await postBCS("/transactions", bytes);
  assert.equal(status, 400, JSON.stringify(body));
  assert.equal(body.vm_error_code, 1, JSON.stringify(body));
});

test("simulate a MultiKey transaction with the SDK", async () => {
  const transaction = await transferFrom(Account.generate().accountAddress, 3000);
  const [sim] = await aptos.transaction.simulate.simple({ signerPublicKey: multiKey, transaction });
  assert.equal(sim.success, true, sim.vm_status);
  assert.ok(Number(sim.gas_used) > 0);
});

test("simulate with zeroed signatures under a 1-byte bitmap", async () => {
  // As the SDK simulates (zero Ed25519 signatures), but for the two signers
  // only and with the Go SDK's 1-byte bitmap.
  const transaction = await transferFrom(Account.generate().accountAddress, 3000);
  const zero = () => new AnySignature(new Ed25519Signature(new Uint8Array(64)));
  const sim = new MultiKeySignature({ signatures: [zero(), zero()], bitmap: [0, 2] });
  sim.bitmap = sim.bitmap.slice(0, 1);
  const bytes = new SignedTransaction(transaction.rawTransaction,
    new TransactionAuthenticatorSingleSender(new AccountAuthenticatorMultiKey(multiKey, sim))).bcsToBytes();
  const { status, body } = await postBCS("/transactions/simulate", bytes);
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body[0].success, true, body[0].vm_status);
  assert.equal(body[0].hash, userTxnHash(bytes));
});

test("simulate with no signatures under an empty bitmap (the Go SDK's simulation shape)", async () => {
  const transaction = await transferFrom(Account.generate().accountAddress, 3000);
  const sim = new MultiKeySignature({ signatures: [], bitmap: [] });
  sim.bitmap = new Uint8Array(0);
  const bytes = new SignedTransaction(transaction.rawTransaction,
    new TransactionAuthenticatorSingleSender(new AccountAuthenticatorMultiKey(multiKey, sim))).bcsToBytes();
  assert.equal(hex(bytes.slice(-2)), "0x0000");
  const { status, body } = await postBCS("/transactions/simulate", bytes);
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body[0].success, true, body[0].vm_status);
});

test("simulate a MultiKey with a keyless key, as the SDK's own simulation suite does", async () => {
  // The SDK signs a keyless key of a MultiKey with its simulation signature
  // (KeylessSignature.getSimulationSignature()); the node decodes it and,
  // simulating, checks no signature.
  const eds = [Account.generate({ scheme: SigningSchemeInput.Ed25519, legacy: false }), Account.generate()];
  const keyless = new KeylessPublicKey("google", new Uint8Array(32).fill(7));
  const mk = new MultiKey({ publicKeys: [eds[0].publicKey, eds[1].publicKey, keyless], signaturesRequired: 2 });
  const sender = new MultiKeyAccount({ multiKey: mk, signers: eds });
  const r = await aptos.fundAccount({ accountAddress: sender.accountAddress, amount: 10 * APT, options: noIndexer });
  assert.equal(r.success, true);
  const transaction = await aptos.transaction.build.simple({ sender: sender.accountAddress,
    data: { function: "0x1::aptos_account::transfer", functionArguments: [Account.generate().accountAddress, 1000] } });
  const [sim] = await aptos.transaction.simulate.simple({ signerPublicKey: mk, transaction });
  assert.equal(sim.success, true, sim.vm_status);
  const sig = sim.signature;
  assert.equal(sig.public_keys[2].type, "keyless", JSON.stringify(sig));
  assert.equal(sig.signatures.find((s) => s.index === 2)?.signature.type, "keyless", JSON.stringify(sig));
});
