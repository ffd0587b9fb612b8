import assert from "node:assert/strict";
import { testConfig } from "../../fakes/test-config";
import type { RunState } from "../../../src/domain";
import { buildWorkflowDeps } from "../../../src/composition/workflow-deps";
import { MemoryRunStore } from "../../../src/storage/memory-run-store";
import type { ProcurementData } from "../../../src/tools/procurement-data";
import { runQuestion } from "../../../src/workflow/runner";

/** Asks through the whole agent graph with the offline engine. */
export async function ask(data: ProcurementData, question: string): Promise<RunState> {
  const deps = await buildWorkflowDeps(testConfig({ NODE_ENV: "test" }), { data, store: new MemoryRunStore(), events: { emit: () => {} } });
  return runQuestion(deps, { question });
}

/** Everything the requester reads: conclusion, rationale, findings and next actions. */
export function answerText(state: RunState): string {
  const answer = state.answer;
  assert.ok(answer, `no answer (${state.status})`);
  return [answer.conclusion, ...answer.rationale.map((r) => r.point), ...answer.findings.map((f) => f.summary), ...answer.nextActions].join(
    "\n",
  );
}
