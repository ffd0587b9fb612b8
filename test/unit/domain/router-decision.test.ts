import assert from "node:assert/strict";
import { routerDecisionSchema } from "../../../src/domain";

const ids = ["contract", "spend", "negotiation", "sourcing", "knowledge", "supplier"];
const base = { debateMode: "independent", evidenceNeed: "high", hitl: false, inScope: true, scopeReason: "procurement", reason: "r" };

describe("routerDecisionSchema", () => {
  const schema = routerDecisionSchema(ids, 3);

  it("accepts 1..3 known ids and keeps their order (most important first)", () => {
    const result = schema.parse({ ...base, selected: ["negotiation", "contract"] });
    assert.deepEqual(result.selected, ["negotiation", "contract"]);
    assert.equal(result.fallback, false);
  });

  it("ignores a priority list a model still writes: the order is the selection's", () => {
    const result = schema.parse({ ...base, selected: ["contract", "negotiation"], priority: ["negotiation", "contract"] });
    assert.deepEqual(result.selected, ["contract", "negotiation"]);
    assert.ok(!("priority" in result));
  });

  for (const [label, selected, message] of [
    ["an empty list", [], /selected is empty/],
    ["too many ids", ["contract", "spend", "negotiation", "sourcing"], /at most 3/],
    ["an unknown id", ["legal"], /unknown specialist id 'legal'/],
    ["a repeated id", ["spend", "spend"], /repeats/],
  ] as const) {
    it(`rejects ${label}`, () => {
      const parsed = schema.safeParse({ ...base, selected });
      assert.equal(parsed.success, false);
      assert.match(parsed.error.issues.map((i) => i.message).join("; "), message);
    });
  }
});
