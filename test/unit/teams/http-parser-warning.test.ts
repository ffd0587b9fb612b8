import assert from "node:assert/strict";
import "../../../src/teams/http-parser-warning";

/** The warnings the process emits while `act` runs. */
async function warningsDuring(act: () => void): Promise<string[]> {
  const seen: string[] = [];
  const listener = (warning: Error & { code?: string }) => seen.push(`${warning.code ?? ""} ${warning.message}`);
  process.on("warning", listener);
  act();
  // Warnings are emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  process.off("warning", listener);
  return seen;
}

describe("the http_parser deprecation warning restify's dependencies trigger", () => {
  it("is dropped, and only that one: other warnings, deprecations included, still reach the process", async () => {
    const seen = await warningsDuring(() => {
      process.emitWarning("Access to process.binding('http_parser') is deprecated.", "DeprecationWarning", "DEP0111");
      process.emitWarning("Access to process.binding('uv') is deprecated.", "DeprecationWarning", "DEP0111");
      process.emitWarning("Something else is deprecated.", { type: "DeprecationWarning", code: "DEP0999" });
    });
    assert.deepEqual(seen, ["DEP0111 Access to process.binding('uv') is deprecated.", "DEP0999 Something else is deprecated."]);
  });
});
