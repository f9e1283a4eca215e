// Account abstraction (AIP-104) through the SDK: an account publishes a
// package with authentication functions (./movepkg -variant aa, the
// password-checking samples.Authenticator), registers one with
// 0x1::account_abstraction::add_authentication_function, and then sends
// transactions as an AbstractedAccount, whose authenticator the node hands
// to that Move function together with the AASigningData digest.
// Derivable abstraction (AIP-113): a DerivableAbstractedAccount of
// 0x7::test_derivable_account_abstraction_ed25519_hex::authenticate, which
// genesis registers, signs the digest's hex string with an Ed25519 key.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { AbstractedAccount, Account, DerivableAbstractedAccount, Hex } from "@aptos-labs/ts-sdk";
import { aptos, funded, submitAndWait, transfer } from "./common.mjs";

const here = dirname(fileURLToPath(import.meta.url));
let alice;
let authFn;

before(async () => {
  const movepkg = join(mkdtempSync(join(tmpdir(), "movepkg-")), "movepkg");
  execFileSync("go", ["build", "-o", movepkg, "./movepkg"], { cwd: here, stdio: "inherit" });
  alice = await funded();
  const addr = alice.accountAddress.toString();
  const { metadata, modules } = JSON.parse(execFileSync(movepkg, ["-address", addr, "-variant", "aa"]));
  const pub = await aptos.publishPackageTransaction({ account: alice.accountAddress, metadataBytes: metadata, moduleBytecode: modules });
  assert.equal((await submitAndWait(alice, pub)).success, true);
  const add = await aptos.transaction.build.simple({ sender: alice.accountAddress, data: {
    function: "0x1::account_abstraction::add_authentication_function", functionArguments: [addr, "aa", "authenticate"] } });
  assert.equal((await submitAndWait(alice, add)).success, true);
  authFn = `${addr}::aa::authenticate`;
});

const abstracted = (password) => new AbstractedAccount({ accountAddress: alice.accountAddress, authenticationFunction: authFn,
  signer: () => new TextEncoder().encode(password) });

test("an AbstractedAccount's transfer commits when its Move function accepts the authenticator", async () => {
  const views = await aptos.view({ payload: { function: "0x1::account_abstraction::dispatchable_authenticator",
    functionArguments: [alice.accountAddress] } });
  assert.deepEqual(views[0].vec[0].map((f) => f.function_name), ["authenticate"]);

  const bob = Account.generate();
  const done = await submitAndWait(abstracted("open sesame"), await transfer(alice, bob.accountAddress, 1000));
  assert.equal(done.success, true, done.vm_status);
  assert.equal(done.signature.function_info, authFn.replace(/^0x0*/, "0x"));
});

test("a wrong password is refused when the function aborts", async () => {
  await assert.rejects(
    aptos.signAndSubmitTransaction({ signer: abstracted("guess"), transaction: await transfer(alice, alice.accountAddress, 1) }),
    (e) => /ABORTED/.test(String(e?.message ?? e)));
});

const hexAuthFn = "0x7::test_derivable_account_abstraction_ed25519_hex::authenticate";
const derivable = (key, signingKey = key) => new DerivableAbstractedAccount({ authenticationFunction: hexAuthFn,
  abstractPublicKey: key.publicKey.toUint8Array(),
  signer: (digest) => signingKey.sign(new TextEncoder().encode(Hex.fromHexInput(digest).toString())).toUint8Array() });

test("a DerivableAbstractedAccount's transfer commits from its derived address", async () => {
  const key = Account.generate();
  const daa = derivable(key);
  const view = await aptos.view({ payload: { function: "0x1::account_abstraction::derive_account_address_view",
    functionArguments: ["0x7", "test_derivable_account_abstraction_ed25519_hex", "authenticate", key.publicKey.toUint8Array()] } });
  assert.equal(view[0], daa.accountAddress.toString());
  assert.equal((await aptos.fundAccount({ accountAddress: daa.accountAddress, amount: 10 * 100_000_000 })).success, true);
  const bob = Account.generate();
  const txn = await aptos.transferCoinTransaction({ sender: daa.accountAddress, recipient: bob.accountAddress, amount: 100 });
  const done = await submitAndWait(daa, txn);
  assert.equal(done.success, true, done.vm_status);
  assert.equal(done.sender, daa.accountAddress.toString());
  assert.equal(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress }), 100);

  // Another key's signature for the same derived account is refused.
  const forged = derivable(key, Account.generate());
  await assert.rejects(
    aptos.signAndSubmitTransaction({ signer: forged,
      transaction: await aptos.transferCoinTransaction({ sender: daa.accountAddress, recipient: bob.accountAddress, amount: 1 }) }),
    (e) => /ABORTED/.test(String(e?.message ?? e)));
});
