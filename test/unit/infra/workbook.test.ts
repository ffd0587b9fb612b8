import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { TelemetryEvent, TelemetryMetric } from "../../../src/telemetry/records";
import { ALLOWED_PROPERTIES } from "../../../src/telemetry/redaction";

const INFRA = path.resolve(__dirname, "..", "..", "..", "infra");

interface WorkbookItem {
  type: number;
  name: string;
  content: { query?: string; title?: string; timeContextFromParameter?: string; parameters?: { name: string }[] };
}

const workbook = JSON.parse(readFileSync(path.join(INFRA, "workbook.json"), "utf8")) as {
  version: string;
  items: WorkbookItem[];
  fallbackResourceIds: string[];
};
const queries = workbook.items.filter((item) => item.type === 3);
const alerts = readFileSync(path.join(INFRA, "modules", "alerts.bicep"), "utf8");

/** Every KQL text shipped: workbook panels and alert rules. */
const kql = [...queries.map((item) => item.content.query ?? ""), ...[...alerts.matchAll(/query: '([^']+)'/g)].map((m) => m[1])];

describe("operations workbook and alerts", () => {
  it("has the panels the issue lists", () => {
    const titles = queries.map((item) => item.content.title ?? "").join("\n");
    for (const expected of [
      /Run latency p50 \/ p95 against the 8 s and 15 s targets/,
      /Executor latency p50 \/ p95/,
      /QSCORE distribution/,
      /Quality-gate retry rate and Router fallback rate/,
      /Specialist selection frequency/,
      /Approvals: decisions and time to decision/,
      /Tokens \(uncached vs cached input; output incl\. reasoning\) and estimated cost per model per day/,
      /Content filter: refused prompts and stopped answers by category and agent/,
      /Evaluation pass rate/,
      /Failed runs/,
      /Exceptions/,
      /Renewal alerts: sent, dismissed and asked about/,
    ])
      assert.match(titles, expected);
  });

  it("queries only the custom events and metrics the code sends, and only properties that survive redaction", () => {
    const events = new Set<string>(Object.values(TelemetryEvent));
    const metrics = new Set<string>(Object.values(TelemetryMetric));
    for (const text of kql) {
      for (const match of text.matchAll(/name == "([^"]+)"/g))
        assert.ok(events.has(match[1]) || metrics.has(match[1]), `${match[1]} is an event or metric name the code sends`);
      for (const match of text.matchAll(/customDimensions(?:\.(\w+)|\["([^"]+)"\])/g)) {
        const property = match[1] ?? match[2];
        assert.ok(ALLOWED_PROPERTIES.has(property), `customDimensions.${property} is on the redaction allow-list`);
      }
    }
  });

  it("draws every query panel over the workbook's time range and targets the deployed Application Insights", () => {
    const parameters = workbook.items.find((item) => item.type === 9)?.content.parameters?.map((p) => p.name);
    assert.deepEqual(parameters, ["TimeRange", "ModelPrices"]);
    for (const item of queries) assert.equal(item.content.timeContextFromParameter, "TimeRange", item.name);
    assert.deepEqual(workbook.fallbackResourceIds, ["__APP_INSIGHTS_ID__"]);
    assert.match(
      readFileSync(path.join(INFRA, "modules", "workbook.bicep"), "utf8"),
      /replace\(loadTextContent\('\.\.\/workbook\.json'\), '__APP_INSIGHTS_ID__', appInsightsId\)/,
    );
  });

  it("splits input tokens into uncached and cached (prompt-cache hits) and prices each at its own rate", () => {
    const panel = queries.find((item) => item.name === "tokens-cost")!.content.query!;
    assert.match(panel, /customDimensions\.cachedInputTokens/);
    assert.match(panel, /uncached_input_tokens = input_tokens - cached_input_tokens/);
    assert.match(panel, /cached_input_tokens \* todouble\(prices\[model\]\[1\]\)/);
    const prices = workbook.items.find((item) => item.type === 9)!.content.parameters!.find((p) => p.name === "ModelPrices") as unknown as {
      value: string;
    };
    for (const [model, triple] of Object.entries(JSON.parse(prices.value) as Record<string, number[]>)) {
      assert.equal(triple.length, 3, `${model}: [input, cached input, output]`);
      assert.ok(triple[1] < triple[0], `${model}: cached input is cheaper than input`);
    }
  });

  it("alerts on failure rate, p95 over 15 s and Moderator failures", () => {
    assert.deepEqual(
      [...alerts.matchAll(/name: '(failure-rate|p95-latency|moderator-failures)'/g)].map((m) => m[1]),
      ["failure-rate", "p95-latency", "moderator-failures"],
    );
    assert.match(alerts, /param p95TargetMs int = 15000/);
    assert.match(alerts, /customDimensions\.executor\) == "moderator" and tostring\(customDimensions\.outcome\) != "ok"/);
  });

  it("alerts when the golden-set canary's pass rate falls below its threshold or a canary run fails", () => {
    assert.match(alerts, /param canaryPassRatePercent int = 90/);
    assert.match(
      alerts,
      /name == "CanaryCompleted" and tostring\(customDimensions\.outcome\) == "completed" and todouble\(customDimensions\.passRate\) \* 100 < \$\{canaryPassRatePercent\}/,
    );
    assert.match(alerts, /name == "CanaryCompleted" and tostring\(customDimensions\.outcome\) == "failed"/);
    assert.match(alerts, /operation_Name == "golden-canary" and success == false/);
  });
});
