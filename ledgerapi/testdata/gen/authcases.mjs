// The two authentication cases of the generator that go around limits of the
// SDK (see the README): a MultiKey signature with a 1-byte bitmap, and a
// WebAuthn assertion made headlessly with node:crypto. gen.mjs passes in its
// builder, record() and fixtures; authCases returns the two records.

import { createECDH, createHash, createPrivateKey, createPublicKey, sign as nodeSign, verify as nodeVerify } from "node:crypto";
import {
  AccountAuthenticatorMultiKey,
  AccountAuthenticatorSingleKey,
  AnyPublicKey,
  AnySignature,
  MultiKeySignature,
  Secp256r1PrivateKey,
  Secp256r1PublicKey,
  SignedTransaction,
  TransactionAuthenticatorSingleSender,
  WebAuthnSignature,
  generateSignedTransaction,
  generateSigningMessageForTransaction,
  generateUserTransactionHash,
  hashValues,
} from "@aptos-labs/ts-sdk";

// The WebAuthn signature, pinned: node:crypto's ECDSA nonce is random, so
// later runs verify this signature over the rebuilt inputs instead of signing.
const PINNED_WEBAUTHN_SIGNATURE = "0xf8d22c6bcd619d21e6f915f01ba778a5589c240216ec00088753fc68cd2f813c5b737d8ed500f979501581eab5f906c0e6362128fdd611ccbc085b9a28e65e30";

export async function authCases({
  build, record, transferPayload, options, recipient, multiKey, multiKeyAccount, rep, hex, assert, assertEq,
}) {
  const transactions = [];
  // MultiKey with a 1-byte bitmap: the shortest bitmap covering the highest
  // signer, as the Go SDK writes it (and ceil(3/8) = 1 byte, as the node builds
  // it from JSON). The SDK signs as for multi_key_transfer; its MultiKeySignature
  // constructor accepts only 4-byte Uint8Array bitmaps, so the signature is
  // built with the SDK class and its bitmap shortened afterwards. The SDK's own
  // deserializer then refuses the bytes ("bitmap" length should be 4).
  {
    const transaction = await build({
      sender: multiKeyAccount.accountAddress,
      payload: transferPayload(recipient, 15000),
      options: options(15),
    });
    const full = multiKeyAccount.signTransactionWithAuthenticator(transaction);
    const shortSignature = new MultiKeySignature({ signatures: full.signatures.signatures, bitmap: [0, 2] });
    assertEq("1-byte bitmap: SDK bitmap before shortening", hex(shortSignature.bitmap), "0xa0000000");
    shortSignature.bitmap = shortSignature.bitmap.slice(0, 1);
    const senderAuthenticator = new AccountAuthenticatorMultiKey(multiKey, shortSignature);
    // generateSignedTransaction (and so generateUserTransactionHash) first
    // re-reads the authenticator through the SDK's deserializer, which throws
    // here; this is the rest of what it does.
    const signedBytes = new SignedTransaction(
      transaction.rawTransaction, new TransactionAuthenticatorSingleSender(senderAuthenticator),
    ).bcsToBytes();
    assert("1-byte bitmap: the signed bytes end with 01 a0", hex(signedBytes).endsWith("01a0"));
    assertEq("1-byte bitmap: same bytes as the 4-byte form but for the bitmap",
      hex(signedBytes).slice(0, -4),
      hex(generateSignedTransaction({ transaction, senderAuthenticator: full })).slice(0, -10));
    transactions.push(record({
      name: "multi_key_1byte_bitmap_transfer",
      authenticator: "multi_key",
      transaction,
      signedBytes,
      signingMessages: { sender: generateSigningMessageForTransaction(transaction) },
      payloadSummary: "0x1::aptos_account::transfer(0xb0b, 15000)",
      notes: "the MultiKey of multi_key_transfer signed by keys 0 and 2 with a 1-byte bitmap a0 (what the Go SDK sends); the SDK's deserializer rejects it, so the bytes come from new SignedTransaction(raw, TransactionAuthenticatorSingleSender(...)) and the hash from the SDK's hashValues over them",
      sdkDecodeError: /"bitmap" length should be 4/,
      senderAuthenticator,
    }));
  }

  // WebAuthn (passkey) assertion over a fixed P-256 key, made headlessly: the
  // challenge is base64url(sha3_256(signing message)), the authenticator data
  // is sha256("localhost") || flags 05 (UP, UV) || counter 0, and the signature
  // is ECDSA P-256 with SHA-256 over authenticator_data || sha256(client_data_json),
  // normalised to low S. node:crypto picks a random nonce, so the signature is
  // pinned (PINNED_WEBAUTHN_SIGNATURE above) and only verified (see the README).
  {
    const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
    const privateKeyHex = rep("a7");
    const sdkPublicKey = new Secp256r1PrivateKey(privateKeyHex).publicKey();
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKeyHex.slice(2), "hex"));
    assertEq("webauthn: node:crypto and the SDK derive the same P-256 public key",
      hex(ecdh.getPublicKey()), hex(sdkPublicKey.toUint8Array()));
    const b64u = (b) => Buffer.from(b).toString("base64url");
    const pub = sdkPublicKey.toUint8Array();
    const jwk = { kty: "EC", crv: "P-256", x: b64u(pub.slice(1, 33)), y: b64u(pub.slice(33)) };
    const nodePrivate = createPrivateKey({ key: { ...jwk, d: b64u(Buffer.from(privateKeyHex.slice(2), "hex")) }, format: "jwk" });
    const nodePublic = createPublicKey({ key: jwk, format: "jwk" });

    const anyPublicKey = new AnyPublicKey(new Secp256r1PublicKey(pub));
    const sender = anyPublicKey.authKey().derivedAddress();
    const transaction = await build({ sender, payload: transferPayload(recipient, 16000), options: options(0) });
    const signingMessage = generateSigningMessageForTransaction(transaction);
    const challenge = createHash("sha3-256").update(signingMessage).digest();
    assertEq("webauthn: node sha3-256 = SDK sha3_256", hex(challenge), hex(hashValues([signingMessage])));
    const clientDataJSON = Buffer.from(JSON.stringify({
      type: "webauthn.get", challenge: b64u(challenge), origin: "http://localhost:5173",
    }));
    const authenticatorData = Buffer.concat([
      createHash("sha256").update("localhost").digest(), Buffer.from([0x05, 0, 0, 0, 0]),
    ]);
    assertEq("webauthn: authenticator data is 37 bytes", authenticatorData.length, 37);
    const signedData = Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]);
    const lowS = (sig) => {
      const s = BigInt(`0x${Buffer.from(sig.subarray(32)).toString("hex")}`);
      if (s <= P256_N / 2n) return Buffer.from(sig);
      return Buffer.concat([sig.subarray(0, 32), Buffer.from((P256_N - s).toString(16).padStart(64, "0"), "hex")]);
    };
    const verifyAssertion = (sig) =>
      nodeVerify("sha256", signedData, { key: nodePublic, dsaEncoding: "ieee-p1363" }, sig);
    const pinned = PINNED_WEBAUTHN_SIGNATURE && Buffer.from(PINNED_WEBAUTHN_SIGNATURE.slice(2), "hex");
    if (!pinned || !verifyAssertion(pinned)) {
      const fresh = lowS(nodeSign("sha256", signedData, { key: nodePrivate, dsaEncoding: "ieee-p1363" }));
      assert("webauthn: a fresh signature verifies", verifyAssertion(fresh));
      console.error(`ASSERTION FAILED: the pinned WebAuthn signature does not verify for the current inputs.\n` +
        `  Pin this one in authcases.mjs and run again: const PINNED_WEBAUTHN_SIGNATURE = "${hex(fresh)}";`);
      process.exit(1);
    }
    assert("webauthn: the pinned signature is low-S",
      BigInt(`0x${pinned.subarray(32).toString("hex")}`) <= P256_N / 2n);

    const webAuthnSignature = new WebAuthnSignature(pinned, authenticatorData, clientDataJSON);
    const senderAuthenticator = new AccountAuthenticatorSingleKey(anyPublicKey, new AnySignature(webAuthnSignature));
    const args = { transaction, senderAuthenticator };
    // The SDK checks a secp256r1 signature over sha3_256(message), not a
    // WebAuthn assertion: its verify must say no, and the assertion is
    // verified here instead, as the node does.
    assert("webauthn: the SDK's verifySignature does not check assertions",
      !anyPublicKey.verifySignature({ message: signingMessage, signature: new AnySignature(webAuthnSignature) }));
    const verifyWebAuthn = (message) => {
      const cd = JSON.parse(Buffer.from(webAuthnSignature.clientDataJSON.toUint8Array()).toString());
      return cd.type === "webauthn.get" &&
        cd.challenge === b64u(createHash("sha3-256").update(message).digest()) &&
        verifyAssertion(Buffer.from(webAuthnSignature.signature.toUint8Array()));
    };
    transactions.push(record({
      name: "single_sender_webauthn_transfer",
      authenticator: "single_sender_webauthn",
      transaction,
      signedBytes: generateSignedTransaction(args),
      sdkHash: generateUserTransactionHash(args),
      signingMessages: { sender: signingMessage },
      payloadSummary: "0x1::aptos_account::transfer(0xb0b, 16000)",
      notes: "SingleSender(SingleKey Secp256r1, AnySignature WebAuthn); fixed P-256 key 0xa7..a7; client data {type webauthn.get, challenge base64url(sha3_256(signing message)), origin http://localhost:5173}; authenticator data sha256(\"localhost\") || 05 || 00000000; ECDSA-SHA256 over authenticator_data || sha256(client_data_json), low S, pinned",
      verifiers: { sender: verifyWebAuthn },
    }));
  }
  return transactions;
}
