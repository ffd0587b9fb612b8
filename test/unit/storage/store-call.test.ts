import assert from "node:assert/strict";
import { SystemError } from "../../../src/domain/errors";
import { storeCall, storeCallExpecting } from "../../../src/storage/store-call";

const sdkError = (code: number | string, message = "boom") => Object.assign(new Error(message), { code });

/** An operation that fails with the given errors, then succeeds; counts its calls. */
function flaky(errors: Error[]) {
  const state = { calls: 0 };
  const fn = async () => {
    state.calls++;
    const error = errors.shift();
    if (error) throw error;
    return "done";
  };
  return { fn, state };
}

describe("storeCall", () => {
  it("retries service-signalled transient statuses (503, 408, 449) within the bound", async () => {
    const { fn, state } = flaky([sdkError(503), sdkError(408)]);
    assert.equal(await storeCall("read runs/x", fn), "done");
    assert.equal(state.calls, 3);
  });

  it("gives up after the bound with a SystemError naming the operation and carrying the cause", async () => {
    const { fn, state } = flaky([1, 2, 3, 4].map((n) => sdkError(503, `Service Unavailable #${n}`)));
    const error = await storeCall("read runs/x", fn).catch((e: unknown) => e);
    assert.ok(error instanceof SystemError);
    assert.match(error.message, /^Cosmos read runs\/x failed \(503\): Error: Service Unavailable #3$/);
    assert.equal(state.calls, 3);
    assert.equal((error.cause as Error).message, "Service Unavailable #3", "the last failure is the cause");
  });

  it("does not retry throttling (the SDK already did) or connection refusal", async () => {
    for (const code of [429, "ECONNREFUSED"]) {
      const { fn, state } = flaky([sdkError(code)]);
      await assert.rejects(storeCall("query spend", fn), SystemError);
      assert.equal(state.calls, 1);
    }
  });

  it("gives the operation an abort signal and gives up at its deadline, even on a call that never answers", async () => {
    let given: AbortSignal | undefined;
    const hanging = (signal: AbortSignal) => {
      given = signal;
      return new Promise<never>(() => {});
    };
    const error = await storeCall("read runs/x", hanging, 50).catch((e: unknown) => e);
    assert.ok(error instanceof SystemError);
    assert.match(error.message, /^Cosmos read runs\/x failed: DeadlineExceeded: Cosmos read runs\/x: no answer within 50 ms$/);
    assert.equal(given?.aborted, true, "the SDK call is aborted, not left running");
  });

  it("returns expected statuses as values instead of errors", async () => {
    const { fn } = flaky([sdkError(412)]);
    assert.deepEqual(await storeCallExpecting("replace approvals/a", fn, [412, 404]), { kind: "status", status: 412 });
    assert.deepEqual(await storeCallExpecting("replace approvals/a", fn, [412]), { kind: "ok", value: "done" });
  });
});
