import assert from "node:assert/strict";
import { unreachableEndpoint } from "../../../src/resilience/connection-failure";

const socketError = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

describe("resilience/connection-failure unreachableEndpoint", () => {
  it("finds refused, unresolvable and untrusted endpoints anywhere in the cause chain", () => {
    assert.equal(unreachableEndpoint(socketError("ECONNREFUSED"))?.code, "ECONNREFUSED");
    const wrapped = new Error("Connection error.", { cause: new Error("fetch failed", { cause: socketError("ENOTFOUND") }) });
    assert.deepEqual(unreachableEndpoint(wrapped), { code: "ENOTFOUND", reason: "the host name does not resolve" });
    assert.equal(unreachableEndpoint(socketError("DEPTH_ZERO_SELF_SIGNED_CERT"))?.code, "DEPTH_ZERO_SELF_SIGNED_CERT");
  });

  it("leaves transient failures (reset, timeout) and non-errors to the retry policy", () => {
    for (const error of [
      socketError("ECONNRESET"),
      socketError("ETIMEDOUT"),
      new Error("socket hang up"),
      "ECONNREFUSED",
      undefined,
      { code: 42 },
    ])
      assert.equal(unreachableEndpoint(error), undefined, String(error));
  });

  it("stops following a cause chain after a few links (a cycle cannot hang it)", () => {
    const cyclic: { code?: string; cause?: unknown } = {};
    cyclic.cause = cyclic;
    assert.equal(unreachableEndpoint(cyclic), undefined);
  });
});
