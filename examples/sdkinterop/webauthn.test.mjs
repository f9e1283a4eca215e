// WebAuthn (passkey) scenarios against a running ledgernode server: a
// single-key secp256r1 account whose transactions carry a WebAuthn
// assertion, assembled with the official TypeScript SDK's classes. A real
// passkey needs a browser, so the assertion is made here with node:crypto
// exactly as an authenticator makes one: client data JSON whose challenge is
// base64url(sha3-256(signing message)), and an ECDSA P-256 / SHA-256
// signature over authenticator data ‖ sha256(client data JSON), low S.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import {
  Account,
  AccountAuthenticatorSingleKey,
  AnyPublicKey,
  AnySignature,
  Secp256r1PublicKey,
  WebAuthnSignature,
  generateSigningMessageForTransaction,
  generateUserTransactionHash,
} from "@aptos-labs/ts-sdk";
import { aptos, APT, noIndexer } from "./common.mjs";

const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const hex = (b) => `0x${Buffer.from(b).toString("hex")}`;

let privateKey, publicKey, sender;
before(async () => {
  const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
  privateKey = pair.privateKey;
  const jwk = pair.publicKey.export({ format: "jwk" });
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, "base64url"), Buffer.from(jwk.y, "base64url")]);
  publicKey = new AnyPublicKey(new Secp256r1PublicKey(raw));
  sender = publicKey.authKey().derivedAddress();
  const r = await aptos.fundAccount({ accountAddress: sender, amount: 10 * APT, options: noIndexer });
  assert.equal(r.success, true);
});

// assert signs like a passkey; challengeOf lets a test sign another message.
function assertion(signingMessage, { type = "webauthn.get", challengeOf = signingMessage } = {}) {
  const challenge = createHash("sha3-256").update(challengeOf).digest("base64url");
  const clientDataJSON = Buffer.from(JSON.stringify({ type, challenge, origin: "http://localhost:5173", crossOrigin: false }));
  const authenticatorData = Buffer.concat([createHash("sha256").update("localhost").digest(), Buffer.from([0x05, 0, 0, 0, 1])]);
  const signed = Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]);
  const sig = sign("sha256", signed, { key: privateKey, dsaEncoding: "ieee-p1363" });
  const s = BigInt(hex(sig.subarray(32)));
  if (s > P256_N / 2n) Buffer.from((P256_N - s).toString(16).padStart(64, "0"), "hex").copy(sig, 32);
  return new WebAuthnSignature(sig, authenticatorData, clientDataJSON);
}

const transferTo = (to, amount) => aptos.transaction.build.simple({
  sender, data: { function: "0x1::aptos_account::transfer", functionArguments: [to, amount] },
});
const authenticator = (webAuthn) => new AccountAuthenticatorSingleKey(publicKey, new AnySignature(webAuthn));

test("a WebAuthn-signed transfer commits; GET by hash shows the signature", async () => {
  const to = Account.generate().accountAddress;
  const transaction = await transferTo(to, 4321);
  const webAuthn = assertion(generateSigningMessageForTransaction(transaction));
  const senderAuthenticator = authenticator(webAuthn);
  const expected = generateUserTransactionHash({ transaction, senderAuthenticator });
  const pending = await aptos.transaction.submit.simple({ transaction, senderAuthenticator });
  assert.equal(pending.hash, expected);
  const done = await aptos.waitForTransaction({ transactionHash: pending.hash });
  assert.equal(done.success, true);
  assert.equal(done.hash, expected);
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: to }), 4321);

  const got = await aptos.getTransactionByHash({ transactionHash: expected });
  assert.equal(got.signature.type, "single_sender");
  assert.deepEqual(got.signature.public_key, { value: hex(publicKey.publicKey.toUint8Array()), type: "secp256r1_ecdsa" });
  assert.deepEqual(got.signature.signature, { value: hex(webAuthn.bcsToBytes()), type: "web_authn" });
  const info = await aptos.getAccountInfo({ accountAddress: sender });
  assert.equal(info.authentication_key, sender.toString());
});

test("simulate with the passkey's public key", async () => {
  const transaction = await transferTo(Account.generate().accountAddress, 1);
  const [sim] = await aptos.transaction.simulate.simple({ signerPublicKey: publicKey, transaction });
  assert.equal(sim.success, true, sim.vm_status);
});

for (const [name, opts] of [
  ["a challenge for another message", { challengeOf: Buffer.from("another message") }],
  ["client data type webauthn.sign", { type: "webauthn.sign" }],
]) {
  test(`an assertion with ${name} is rejected INVALID_SIGNATURE`, async () => {
    const transaction = await transferTo(Account.generate().accountAddress, 1);
    const webAuthn = assertion(generateSigningMessageForTransaction(transaction), opts);
    await assert.rejects(aptos.transaction.submit.simple({ transaction, senderAuthenticator: authenticator(webAuthn) }), (e) => {
      assert.equal(e.status, 400);
      assert.equal(e.data?.vm_error_code, 1, JSON.stringify(e.data));
      return true;
    });
  });
}
