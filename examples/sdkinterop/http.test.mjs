// HTTP-level scenarios: what the SDK (and plain fetch) see for the ledger
// info's git_hash, a view of a function that cannot be called (the same
// error whichever encoding the SDK picks), and an oversized request body.
import { test } from "node:test";
import assert from "node:assert/strict";
import { aptos, nodeURL } from "./common.mjs";

test("ledger info carries git_hash", async () => {
  const info = await aptos.getLedgerInfo();
  assert.equal(typeof info.git_hash, "string");
  assert.notEqual(info.git_hash, "");
});

// viewError runs a view and returns the API error body it fails with.
async function viewError(run) {
  try {
    await run();
  } catch (e) {
    assert.equal(e.status, 400, String(e));
    return e.data;
  }
  assert.fail("the view succeeded");
}

test("a missing view function: the same error over BCS (view) and JSON (viewJson)", async () => {
  for (const fn of ["0x1::coin::nope", "0x1::nope::f"]) {
    // The ABI is given, so view sends BCS without looking the module up.
    const abi = { typeParameters: [], parameters: [], returnTypes: [] };
    const overBCS = await viewError(() => aptos.view({ payload: { function: fn, functionArguments: [], abi } }));
    const overJSON = await viewError(() => aptos.viewJson({ payload: { function: fn, functionArguments: [] } }));
    assert.deepEqual(overBCS, overJSON);
    assert.equal(overBCS.error_code, "invalid_input");
    assert.equal(overBCS.vm_error_code, 1091);
    assert.equal(overBCS.message, `Module or function do not exist for ${fn}`);
  }
});

test("a 9 MiB body is answered 413 with a JSON error", async () => {
  const resp = await fetch(nodeURL + "/transactions", {
    method: "POST",
    headers: { "content-type": "application/x.aptos.signed_transaction+bcs" },
    body: new Uint8Array(9 << 20),
  });
  assert.equal(resp.status, 413);
  assert.equal((await resp.json()).error_code, "web_framework_error");
});
