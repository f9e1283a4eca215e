// Account abstraction (AIP-104) through the SDK: an account publishes a
// package with authentication functions (./movepkg -variant aa, the
// password-checking samples.Authenticator), registers one with
// 0x1::account_abstraction::add_authentication_function, and then sends
// transactions as an AbstractedAccount, whose authenticator the node hands
// to that Move function together with the AASigningData digest.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { AbstractedAccount, Account } from "@aptos-labs/ts-sdk";
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
