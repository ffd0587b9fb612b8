import assert from "node:assert/strict";
import { StoredRouterDecisionSchema, routerDecisionSchema } from "../../../src/domain";

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

describe("StoredRouterDecisionSchema", () => {
  it("loads a decision stored with a separate priority list: selected in that order, the list dropped", () => {
    const loaded = StoredRouterDecisionSchema.parse({
      ...base,
      selected: ["contract", "spend", "negotiation"],
      // Older decisions could order fewer ids than they selected; the rest kept their selection order.
      priority: ["negotiation", "contract"],
      fallback: false,
    });
    assert.deepEqual(loaded.selected, ["negotiation", "contract", "spend"]);
    assert.ok(!("priority" in loaded));
  });

  it("loads a decision stored before the Router decided scope as in scope", () => {
    const { inScope: _inScope, scopeReason: _scopeReason, ...older } = base;
    const loaded = StoredRouterDecisionSchema.parse({ ...older, selected: ["spend"], priority: ["spend"], fallback: true });
    assert.deepEqual(loaded, { ...older, selected: ["spend"], inScope: true, scopeReason: "", fallback: true });
  });

  it("loads today's decision unchanged", () => {
    const today = { ...base, selected: ["spend", "contract"], fallback: false };
    assert.deepEqual(StoredRouterDecisionSchema.parse(today), today);
  });
});
