import assert from "node:assert/strict";
import { mapLimited } from "../../../src/resilience";

describe("mapLimited", () => {
  it("keeps at most the limit in flight and returns the results in the items' order", async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapLimited([30, 10, 20, 5, 15], 2, async (ms) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight -= 1;
      return ms * 2;
    });
    assert.deepEqual(results, [60, 20, 40, 10, 30]);
    assert.equal(most, 2);
  });

  it("resolves with nothing for no items", async () => {
    assert.deepEqual(await mapLimited([], 4, () => Promise.resolve(1)), []);
  });
});
