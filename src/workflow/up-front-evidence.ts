import type { Language } from "../domain";
import type { WorkflowDeps } from "./deps";
import type { ModelToolCall, PlannedToolCall } from "./ports";
import { runToolCalls, toolSpecsOf, type ToolCallResult } from "./steps/tool-runner";

/**
 * The tool calls the question implies for every specialist, by specialist id, run once each even when several would make
 * the same call; a chosen specialist starts with its share. The tools are read-only, so the calls of specialists the
 * Router does not choose are simply not used.
 */
export async function gatherUpFrontEvidence(
  deps: Pick<WorkflowDeps, "tools" | "prompts" | "evidencePlanner">,
  question: { text: string; language: Language },
): Promise<Map<string, ToolCallResult[]>> {
  const planner = deps.evidencePlanner;
  if (!planner) return new Map();
  const { specialists } = deps.prompts;
  const plans = await Promise.all(specialists.map((s) => planner.plan(question, s, toolSpecsOf(deps.tools, s.tools))));
  const calls = new Map<string, ModelToolCall>();
  for (const call of plans.flat()) {
    const key = callKey(call);
    if (!calls.has(key))
      calls.set(key, { id: `upfront-${calls.size + 1}-${call.name}`, name: call.name, arguments: JSON.stringify(call.args) });
  }
  const allowed = [...new Set(specialists.flatMap((s) => s.tools))];
  const results = await runToolCalls(deps.tools, allowed, [...calls.values()], question.language);
  const byKey = new Map([...calls.keys()].map((key, i) => [key, results[i]]));
  return new Map(specialists.map((s, i) => [s.id, plans[i].flatMap((call) => byKey.get(callKey(call)) ?? [])]));
}

/** Two planned calls are the same when their names and arguments are (argument order aside). */
function callKey(call: PlannedToolCall): string {
  return `${call.name}:${JSON.stringify(Object.entries(call.args).sort(([a], [b]) => a.localeCompare(b)))}`;
}
