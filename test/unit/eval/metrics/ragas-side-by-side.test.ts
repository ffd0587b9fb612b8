/**
 * Procura's metrics next to ragas' on the same cases. Python ragas cannot run here, so its three
 * metrics are ported below line by line from its source (src/ragas/metrics/_tool_call_f1.py,
 * _tool_call_accuracy.py, _topic_adherence.py), Python semantics included: ToolCallF1 puts
 * (name, frozenset(args.items())) in sets (duplicates collapse, a dict or list argument is unhashable,
 * True == 1); ToolCallAccuracy compares names in order and argument values as str(); TopicAdherence
 * counts refused off-topic topics as true negatives and divides with a 1e-10 epsilon. The table in
 * docs/evaluation.md is this file's cases and numbers.
 */
import assert from "node:assert/strict";
import type { SampleToolCall } from "../../../../src/domain";
import { topicAdherenceScores, type TopicClassification } from "../../../../src/eval/metrics/topic-adherence";
import { toolCallAccuracy } from "../../../../src/eval/metrics/tool-call-accuracy";

const call = (name: string, args: Record<string, unknown> = {}): SampleToolCall => ({ name, arguments: args });

// ---------------------------------------------------------------- ragas, ported

/** Python's hash/equality for a set member: True == 1, and a dict or list is unhashable. */
function pythonKey(value: unknown): string {
  if (typeof value === "object" && value !== null) throw new TypeError(`unhashable type: '${Array.isArray(value) ? "list" : "dict"}'`);
  return JSON.stringify(typeof value === "boolean" ? Number(value) : value);
}

function ragasToolCallF1(actual: SampleToolCall[], reference: SampleToolCall[]): number {
  const key = (c: SampleToolCall) =>
    `${c.name}|${Object.entries(c.arguments)
      .map(([k, v]) => `${k}=${pythonKey(v)}`)
      .sort()
      .join(",")}`;
  const expected = new Set(reference.map(key));
  const got = new Set(actual.map(key));
  const tp = [...got].filter((k) => expected.has(k)).length;
  const fp = got.size - tp;
  const fn = expected.size - tp;
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  return precision + recall > 0 ? Math.round(((2 * precision * recall) / (precision + recall)) * 1e4) / 1e4 : 0;
}

const pythonStr = (value: unknown) => (typeof value === "boolean" ? (value ? "True" : "False") : String(value));

function ragasToolCallAccuracy(actual: SampleToolCall[], reference: SampleToolCall[], strictOrder = true): number {
  if (actual.length === 0 && reference.length === 0) return 1;
  if (actual.length === 0 || reference.length === 0) return 0;
  const sortKey = (c: SampleToolCall) =>
    [
      c.name,
      ...Object.keys(c.arguments)
        .sort()
        .flatMap((k) => [k, pythonStr(c.arguments[k])]),
    ].join("\u0000");
  const [pred, ref] = strictOrder
    ? [actual, reference]
    : [
        [...actual].sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
        [...reference].sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
      ];
  const names = (calls: SampleToolCall[]) => calls.map((c) => c.name);
  const aligned = strictOrder ? names(pred).join() === names(ref).join() : [...names(pred)].sort().join() === [...names(ref)].sort().join();
  const argScore = (p: Record<string, unknown>, r: Record<string, unknown>) => {
    const keys = Object.keys(r);
    if (keys.length === 0) return Object.keys(p).length === 0 ? 1 : 0;
    return keys.filter((k) => k in p && pythonStr(p[k]) === pythonStr(r[k])).length / keys.length;
  };
  let score = 0;
  for (let i = 0; i < Math.min(pred.length, ref.length); i++)
    if (ref[i].name === pred[i].name) score += argScore(pred[i].arguments, ref[i].arguments);
  score /= ref.length;
  if (Math.min(pred.length, ref.length) < ref.length) score *= Math.min(pred.length, ref.length) / ref.length;
  return aligned ? score : 0;
}

function ragasTopicAdherence(topics: TopicClassification[]) {
  const tp = topics.filter((t) => t.answered && t.onTopic).length;
  const fp = topics.filter((t) => t.answered && !t.onTopic).length;
  const fn = topics.filter((t) => !t.answered && t.onTopic).length;
  const precision = tp / (tp + fp + 1e-10);
  const recall = tp / (tp + fn + 1e-10);
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall + 1e-10) };
}

// ---------------------------------------------------------------- the cases

const round = (value: number) => Math.round(value * 1000) / 1000;
const procura = (actual: SampleToolCall[], reference: SampleToolCall[], mode: "STRICT" | "FLEXIBLE" = "STRICT") =>
  round(toolCallAccuracy({ toolCalls: actual, referenceToolCalls: reference }, { mode, threshold: 0.5 }).score!);

describe("Procura's metrics side by side with ragas' (ported from its source)", () => {
  it("tool calls: duplicates, order, nested arguments, true vs 1, partial and extra arguments", () => {
    const search = call("searchContracts", { supplier: "Acme" });
    const policies = call("searchPolicies", { query: "renewal" });
    const table: [string, SampleToolCall[], SampleToolCall[], "STRICT" | "FLEXIBLE"][] = [
      ["duplicate call", [search, search], [search], "STRICT"],
      ["same calls, other order", [policies, search], [search, policies], "STRICT"],
      ["true vs 1", [call("querySpend", { includeTax: true })], [call("querySpend", { includeTax: 1 })], "STRICT"],
      [
        "one of two arguments differs",
        [call("getPriceBenchmarks", { category: "SaaS", region: "EU" })],
        [call("getPriceBenchmarks", { category: "SaaS", region: "JP" })],
        "FLEXIBLE",
      ],
      ["extra argument", [call("searchContracts", { supplier: "Acme", status: "active" })], [search], "STRICT"],
    ];
    const rows = table.map(([name, actual, reference, mode]) => [
      name,
      procura(actual, reference, mode),
      ragasToolCallF1(actual, reference),
      round(ragasToolCallAccuracy(actual, reference)),
      round(ragasToolCallAccuracy(actual, reference, false)),
    ]);
    assert.deepEqual(rows, [
      ["duplicate call", 0.667, 1, 0, 0],
      ["same calls, other order", 1, 1, 0, 1],
      ["true vs 1", 0, 1, 0, 0],
      ["one of two arguments differs", 1, 0, 0.5, 0.5],
      ["extra argument", 0, 0, 1, 1],
    ]);
    const nested = [call("querySpend", { filters: { supplier: "Acme" } })];
    assert.equal(procura(nested, structuredClone(nested)), 1);
    assert.throws(() => ragasToolCallF1(nested, nested), /unhashable type: 'dict'/);
  });

  it("topic adherence: refusals, a single on-topic topic against seven allowed topics", () => {
    const topic = (
      name: string,
      onTopic: boolean,
      answered: boolean,
      referenceTopics: string[] = onTopic ? ["contracts"] : [],
    ): TopicClassification => ({ topic: name, onTopic, answered, referenceTopics });
    const allowed = ["contracts", "spend", "policy", "negotiation", "sourcing", "supplier risk", "benchmarks"];
    const cases: [string, TopicClassification[], string[]][] = [
      ["answered on-topic, refused off-topic", [topic("renewal", true, true), topic("football", false, false)], ["contracts"]],
      ["only an off-topic topic, refused", [topic("football", false, false)], ["contracts"]],
      ["answered an off-topic topic", [topic("renewal", true, true), topic("football", false, true)], ["contracts"]],
      ["refused an on-topic topic", [topic("renewal", true, false)], ["contracts"]],
      ["one topic, all seven allowed topics as reference", [topic("renewal", true, true)], allowed],
    ];
    const rows = cases.map(([name, classified, reference]) => {
      const coverage = topicAdherenceScores(classified, reference, "COVERAGE");
      const refusal = topicAdherenceScores(classified, reference, "REFUSAL");
      const ragas = ragasTopicAdherence(classified);
      return [
        name,
        [coverage.precision, coverage.recall, coverage.f1].map(round),
        [refusal.precision, refusal.recall, refusal.f1].map(round),
        [ragas.precision, ragas.recall, ragas.f1].map(round),
      ];
    });
    assert.deepEqual(rows, [
      ["answered on-topic, refused off-topic", [0.5, 1, 0.667], [1, 1, 1], [1, 1, 1]],
      ["only an off-topic topic, refused", [0, 0, 0], [1, 1, 1], [0, 0, 0]],
      ["answered an off-topic topic", [0.5, 1, 0.667], [0.5, 1, 0.667], [0.5, 1, 0.667]],
      ["refused an on-topic topic", [1, 0, 0], [1, 0, 0], [0, 0, 0]],
      ["one topic, all seven allowed topics as reference", [1, 0.143, 0.25], [1, 1, 1], [1, 1, 1]],
    ]);
  });
});
