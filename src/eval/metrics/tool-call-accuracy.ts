import type { Sample, SampleToolCall } from "../../domain";
import { jsonEqual, sampleToolCalls } from "../samples/sample-tool-calls";
import type { MetricOptions } from "../score-sample";
import { f1Score, ratio, scored } from "./metric-result";

/** STRICT: same name and deep-equal arguments. FLEXIBLE: same name and at least a `threshold` share of reference arguments equal. */
export type ToolCallAccuracyConfig = Pick<Extract<MetricOptions, { metric: "tool-call-accuracy" }>, "mode" | "threshold">;

/** Absorbs binary floating-point noise such as 0.1 * 3 when comparing a ratio with the threshold. */
const THRESHOLD_EPSILON = 1e-9;

/**
 * Share of the reference call's argument keys whose values are deep-equal in the actual call. Extra actual arguments are ignored; a
 * reference call with no arguments matches fully.
 */
function argumentMatchShare(reference: SampleToolCall, actual: SampleToolCall): number {
  const keys = Object.keys(reference.arguments).filter((key) => reference.arguments[key] !== undefined);
  if (keys.length === 0) return 1;
  const equal = keys.filter(
    (key) => Object.prototype.hasOwnProperty.call(actual.arguments, key) && jsonEqual(reference.arguments[key], actual.arguments[key]),
  );
  return equal.length / keys.length;
}

function callsMatch(reference: SampleToolCall, actual: SampleToolCall, config: ToolCallAccuracyConfig): boolean {
  if (reference.name !== actual.name) return false;
  if (config.mode === "STRICT") return jsonEqual(reference.arguments, actual.arguments);
  return argumentMatchShare(reference, actual) >= config.threshold - THRESHOLD_EPSILON;
}

/**
 * F1 of a one-to-one maximum matching of reference calls to the agents' own and up-front calls; an up-front call nobody needed is reported
 * apart, not held against the agents' choices. Both lists empty → 1; any other 0/0 → 0.
 */
export function toolCallAccuracy(
  sample: Pick<Sample, "toolCalls" | "referenceToolCalls"> & Partial<Pick<Sample, "userInputMessages" | "upFrontToolCalls">>,
  config: ToolCallAccuracyConfig,
) {
  const reference = sample.referenceToolCalls ?? [];
  const { calls: own, source, warning } = sampleToolCalls(sample);
  const upFront = sample.upFrontToolCalls ?? [];
  const actual = [...own, ...upFront];
  const pairs = maximumBipartiteMatching(reference.length, actual.length, (r, a) => callsMatch(reference[r], actual[a], config));
  const matchedReference = new Set(pairs.map((pair) => pair.left));
  const matchedActual = new Set(pairs.map((pair) => pair.right));
  const upFrontMatched = upFront.filter((_, index) => matchedActual.has(own.length + index));
  const chosen = own.length + upFrontMatched.length;
  const bothEmpty = reference.length === 0 && chosen === 0;
  const precision = ratio(pairs.length, chosen, bothEmpty ? 1 : 0);
  const recall = ratio(pairs.length, reference.length, bothEmpty ? 1 : 0);
  const f1 = bothEmpty ? 1 : f1Score(precision, recall);
  const unmatchedReference = reference.filter((_, index) => !matchedReference.has(index));
  const unmatchedActual = own.filter((_, index) => !matchedActual.has(index));
  const parts = {
    mode: config.mode,
    precision,
    recall,
    f1,
    matched: pairs.map((pair) => ({
      reference: reference[pair.left],
      actual: actual[pair.right],
      argumentMatch: argumentMatchShare(reference[pair.left], actual[pair.right]),
    })),
    unmatchedReference,
    unmatchedActual,
    // Reference calls made by the evidence fetched up front; calls fetched up front that no reference call needed are reported, not scored.
    upFrontMatched: upFrontMatched.length,
    upFrontUnused: upFront.filter((call) => !upFrontMatched.includes(call)),
    toolCallSource: source,
    // Set when top-level `toolCalls` and the AI messages' tool calls disagree.
    ...(warning ? { warning } : {}),
  };
  const reason = bothEmpty
    ? "no tool calls expected and none made"
    : [
        `${pairs.length} of ${reference.length} reference calls made (${upFrontMatched.length} by the evidence fetched up front), ${unmatchedActual.length} of the agents' ${own.length} own calls not expected (${config.mode})`,
        ...(unmatchedReference.length > 0 ? [`missing ${unmatchedReference.map(describeCall).join(", ")}`] : []),
        ...(unmatchedActual.length > 0 ? [`not expected ${unmatchedActual.map(describeCall).join(", ")}`] : []),
        ...(parts.upFrontUnused.length > 0 ? [`fetched up front, not needed: ${parts.upFrontUnused.map(describeCall).join(", ")}`] : []),
      ].join("; ");
  return scored("tool-call-accuracy", f1, reason, parts);
}

/** "querySpend(category=saas, fiscalYear=FY2025)". */
function describeCall(call: SampleToolCall): string {
  const args = Object.entries(call.arguments)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([key, value]) => `${key}=${typeof value === "string" ? value.slice(0, 40) : JSON.stringify(value)}`);
  return `${call.name}(${args.join(", ")})`;
}

/**
 * Kuhn's augmenting paths: greedy first-fit pairing under-counts when one left item could take several right items. Ties go to the lowest
 * indices. O(L·E).
 */
function maximumBipartiteMatching(
  leftCount: number,
  rightCount: number,
  canMatch: (left: number, right: number) => boolean,
): { left: number; right: number }[] {
  const rights = [...Array(rightCount).keys()];
  const edges = Array.from({ length: leftCount }, (_, left) => rights.filter((right) => canMatch(left, right)));
  const leftOfRight = new Array<number>(rightCount).fill(-1);
  const augment = (left: number, visited: Set<number>): boolean =>
    edges[left].some((right) => {
      if (visited.has(right)) return false;
      visited.add(right);
      if (leftOfRight[right] !== -1 && !augment(leftOfRight[right], visited)) return false;
      leftOfRight[right] = left;
      return true;
    });
  edges.forEach((_, left) => augment(left, new Set()));
  return leftOfRight.flatMap((left, right) => (left === -1 ? [] : [{ left, right }])).sort((a, b) => a.left - b.left);
}
