import assert from "node:assert/strict";
import { toolCallAccuracy, type ToolCallAccuracyConfig } from "../../../../src/eval/metrics/tool-call-accuracy";
import type { SampleToolCall } from "../../../../src/domain";

const call = (name: string, args: Record<string, unknown> = {}): SampleToolCall => ({ name, arguments: args });
const STRICT: ToolCallAccuracyConfig = { mode: "STRICT", threshold: 0.8 };
const flexible = (threshold: number): ToolCallAccuracyConfig => ({ mode: "FLEXIBLE", threshold });

describe("ToolCallAccuracy", () => {
  describe("the reference examples", () => {
    it("scores perfect tool usage as 1 in STRICT mode", () => {
      const calls = [
        call("search_flights", { destination: "Париж", date: "2024-01-15" }),
        call("book_flight", { flight_id: "AF123", passenger: "Иван Иванов" }),
      ];
      const result = toolCallAccuracy({ toolCalls: calls, referenceToolCalls: structuredClone(calls) }, STRICT);
      assert.equal(result.score, 1);
      assert.deepEqual([result.parts.precision, result.parts.recall, result.parts.f1], [1, 1, 1]);
      assert.equal(result.parts.matched.length, 2);
    });

    it("matches a call with half its arguments equal in FLEXIBLE mode at threshold 0.5", () => {
      const result = toolCallAccuracy(
        {
          toolCalls: [call("get_weather", { city: "Токио", units: "celsius" })],
          referenceToolCalls: [call("get_weather", { city: "Токио", units: "fahrenheit" })],
        },
        flexible(0.5),
      );
      assert.ok(result.score! >= 0.5);
      assert.equal(result.score, 1);
      assert.equal(result.parts.matched[0].argumentMatch, 0.5);
    });
  });

  describe("conventions", () => {
    const cases: {
      name: string;
      actual: SampleToolCall[];
      reference: SampleToolCall[];
      config: ToolCallAccuracyConfig;
      expected: [number, number, number];
    }[] = [
      { name: "both lists empty → 1, 1, 1", actual: [], reference: [], config: STRICT, expected: [1, 1, 1] },
      { name: "no actual calls, one expected → 0, 0, 0", actual: [], reference: [call("a")], config: STRICT, expected: [0, 0, 0] },
      { name: "actual calls, none expected → 0, 0, 0", actual: [call("a")], reference: [], config: STRICT, expected: [0, 0, 0] },
      {
        name: "object key order is ignored",
        actual: [call("a", { x: 1, y: 2 })],
        reference: [call("a", { y: 2, x: 1 })],
        config: STRICT,
        expected: [1, 1, 1],
      },
      {
        name: "array order is significant",
        actual: [call("a", { ids: [2, 1] })],
        reference: [call("a", { ids: [1, 2] })],
        config: STRICT,
        expected: [0, 0, 0],
      },
      {
        name: "numbers compare as numbers (1 equals 1.0)",
        actual: [call("a", { n: 1.0 })],
        reference: [call("a", { n: 1 })],
        config: STRICT,
        expected: [1, 1, 1],
      },
      {
        name: "no coercion: string '1' is not number 1",
        actual: [call("a", { n: "1" })],
        reference: [call("a", { n: 1 })],
        config: STRICT,
        expected: [0, 0, 0],
      },
      {
        name: "no coercion: string 'true' is not boolean true",
        actual: [call("a", { b: "true" })],
        reference: [call("a", { b: true })],
        config: STRICT,
        expected: [0, 0, 0],
      },
      {
        name: "no coercion: 0 is not false",
        actual: [call("a", { b: 0 })],
        reference: [call("a", { b: false })],
        config: STRICT,
        expected: [0, 0, 0],
      },
      {
        name: "null equals only null",
        actual: [call("a", { v: null })],
        reference: [call("a", { v: {} })],
        config: STRICT,
        expected: [0, 0, 0],
      },
      {
        name: "STRICT: an extra actual argument fails",
        actual: [call("a", { x: 1, extra: 2 })],
        reference: [call("a", { x: 1 })],
        config: STRICT,
        expected: [0, 0, 0],
      },
      {
        name: "FLEXIBLE: extra actual arguments are ignored",
        actual: [call("a", { x: 1, extra: 2 })],
        reference: [call("a", { x: 1 })],
        config: flexible(1),
        expected: [1, 1, 1],
      },
      {
        name: "FLEXIBLE: a reference call with no arguments matches fully",
        actual: [call("a", { anything: 1 })],
        reference: [call("a")],
        config: flexible(1),
        expected: [1, 1, 1],
      },
      {
        name: "FLEXIBLE: nested values compare whole",
        actual: [call("a", { f: { x: 1, y: 3 }, g: 1 })],
        reference: [call("a", { f: { x: 1, y: 2 }, g: 1 })],
        config: flexible(0.8),
        expected: [0, 0, 0],
      },
      {
        name: "a different name never matches",
        actual: [call("b", { x: 1 })],
        reference: [call("a", { x: 1 })],
        config: flexible(0),
        expected: [0, 0, 0],
      },
      {
        name: "calls match one-to-one (duplicate actual counts once)",
        actual: [call("a"), call("a")],
        reference: [call("a")],
        config: STRICT,
        expected: [0.5, 1, 2 / 3],
      },
      { name: "partial recall", actual: [call("a")], reference: [call("a"), call("b")], config: STRICT, expected: [1, 0.5, 2 / 3] },
    ];
    for (const testCase of cases) {
      it(testCase.name, () => {
        const result = toolCallAccuracy({ toolCalls: testCase.actual, referenceToolCalls: testCase.reference }, testCase.config);
        const [precision, recall, f1] = testCase.expected;
        assert.ok(Math.abs(result.parts.precision - precision) < 1e-12, `precision ${result.parts.precision}`);
        assert.ok(Math.abs(result.parts.recall - recall) < 1e-12, `recall ${result.parts.recall}`);
        assert.ok(Math.abs(result.parts.f1 - f1) < 1e-12, `f1 ${result.parts.f1}`);
        assert.equal(result.score, result.parts.f1);
        assert.equal(result.scorable, true);
        assert.ok(!Number.isNaN(result.score));
      });
    }
  });

  it("uses a maximum matching where greedy first-fit pairing under-counts", () => {
    // Reference 0 accepts either actual call; reference 1 accepts only actual 0. Greedy gives reference 0
    // actual 0 and leaves reference 1 unmatched (1 of 2); the maximum matching pairs both.
    const reference = [call("get_weather", { city: "Tokyo" }), call("get_weather", { city: "Tokyo", units: "celsius" })];
    const actual = [call("get_weather", { city: "Tokyo", units: "celsius" }), call("get_weather", { city: "Tokyo", units: "kelvin" })];
    const result = toolCallAccuracy({ toolCalls: actual, referenceToolCalls: reference }, flexible(1));
    assert.equal(result.score, 1);
    assert.deepEqual(
      result.parts.matched.map((pair) => [pair.reference.arguments, pair.actual.arguments]),
      [
        [{ city: "Tokyo" }, { city: "Tokyo", units: "kelvin" }],
        [
          { city: "Tokyo", units: "celsius" },
          { city: "Tokyo", units: "celsius" },
        ],
      ],
    );
    assert.deepEqual(result.parts.unmatchedActual, []);
  });

  describe("FLEXIBLE threshold is inclusive", () => {
    const reference = call("querySpend", { supplier: "Acme", period: "2024", groupBy: "month", currency: "JPY", category: "IT" });
    const fourOfFive = call("querySpend", { supplier: "Acme", period: "2024", groupBy: "month", currency: "JPY", category: "HR" });
    it("4 of 5 arguments equal (0.8) matches at threshold 0.8", () => {
      assert.equal(toolCallAccuracy({ toolCalls: [fourOfFive], referenceToolCalls: [reference] }, flexible(0.8)).score, 1);
    });
    it("4 of 5 arguments equal does not match at threshold 0.81", () => {
      const result = toolCallAccuracy({ toolCalls: [fourOfFive], referenceToolCalls: [reference] }, flexible(0.81));
      assert.equal(result.score, 0);
      assert.deepEqual(result.parts.unmatchedReference, [reference]);
      assert.deepEqual(result.parts.unmatchedActual, [fourOfFive]);
    });
    it("7 of 10 equal matches at threshold 0.7 despite floating-point representation", () => {
      const keys = Array.from({ length: 10 }, (_, index) => `k${index}`);
      const ref = call("t", Object.fromEntries(keys.map((key) => [key, 1])));
      const act = call("t", Object.fromEntries(keys.map((key, index) => [key, index < 7 ? 1 : 2])));
      assert.equal(toolCallAccuracy({ toolCalls: [act], referenceToolCalls: [ref] }, flexible(0.1 * 7)).score, 1);
    });
  });

  describe("calls fetched up front", () => {
    it("count where the reference needed them, are reported apart where not, and the reason names what was missed", () => {
      const result = toolCallAccuracy(
        {
          toolCalls: [call("querySpend", { supplier: "Acme" }), call("listSuppliers", { category: "saas" })],
          upFrontToolCalls: [call("searchContracts", { supplier: "Acme" }), call("getPriceBenchmarks", { category: "saas" })],
          referenceToolCalls: [
            call("querySpend", { supplier: "Acme" }),
            call("searchContracts", { supplier: "Acme" }),
            call("searchPolicies"),
          ],
        },
        flexible(0.8),
      );
      // Matched 2 of 3 references; chosen = 2 own + 1 up-front that matched.
      assert.equal(result.parts.precision, 2 / 3);
      assert.equal(result.parts.recall, 2 / 3);
      assert.equal(result.parts.upFrontMatched, 1);
      assert.deepEqual(result.parts.upFrontUnused, [call("getPriceBenchmarks", { category: "saas" })]);
      assert.equal(
        result.reason,
        "2 of 3 reference calls made (1 by the evidence fetched up front), 1 of the agents' 2 own calls not expected (FLEXIBLE); missing searchPolicies(); not expected listSuppliers(category=saas); fetched up front, not needed: getPriceBenchmarks(category=saas)",
      );
    });
  });
});
