import assert from "node:assert/strict";
import { routerDecisionSchema } from "../../../src/domain";

const ids = ["contract", "spend", "negotiation", "sourcing", "knowledge", "supplier"];
const base = { debateMode: "independent", evidenceNeed: "high", hitl: false, inScope: true, scopeReason: "procurement", reason: "r" };

describe("routerDecisionSchema", () => {
  const schema = routerDecisionSchema(ids, 3);

  it("accepts 1..3 known ids and completes a partial priority in selection order", () => {
    const result = schema.parse({ ...base, selected: ["contract", "negotiation"], priority: ["negotiation"] });
    assert.deepEqual(result.priority, ["negotiation", "contract"]);
    assert.equal(result.fallback, false);
  });

  for (const [label, selected, priority, message] of [
    ["an empty list", [], [], /selected is empty/],
    ["too many ids", ["contract", "spend", "negotiation", "sourcing"], [], /at most 3/],
    ["an unknown id", ["legal"], ["legal"], /unknown specialist id 'legal'/],
    ["a repeated id", ["spend", "spend"], ["spend"], /repeats/],
    ["a priority outside the selection", ["spend"], ["contract"], /not selected/],
  ] as const) {
    it(`rejects ${label}`, () => {
      const parsed = schema.safeParse({ ...base, selected, priority });
      assert.equal(parsed.success, false);
      assert.match(parsed.error.issues.map((i) => i.message).join("; "), message);
    });
  }
});
