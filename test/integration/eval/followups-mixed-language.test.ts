import assert from "node:assert/strict";
import path from "node:path";
import { loadConfig } from "../../../src/config";
import { buildWorkflowDeps } from "../../../src/composition/workflow-deps";
import { readFollowUpDialogues, runFollowUpDialogues, type FollowUpTurnResult } from "../../../src/eval/followups";
import { buildOfflineVocabulary } from "../../../src/llm/offline";
import { MemoryRunStore } from "../../../src/storage";
import { rememberRun } from "../../../src/workflow/conversation-turn";
import { runQuestion } from "../../../src/workflow/runner";
import { sampleData } from "../../fakes/workflow-harness";

describe("follow-up dialogues that switch between English and Japanese (offline, whole workflow)", function () {
  this.timeout(120_000);

  it("writes each standalone question in the new turn's language and leaves a complete question as written", async () => {
    const dialogues = readFollowUpDialogues(path.resolve(__dirname, "../../fixtures/followups/mixed-language.json"));
    assert.ok(dialogues.length >= 40);
    const deps = await buildWorkflowDeps(loadConfig({ LLM_PROVIDER: "offline" }), {
      data: sampleData,
      store: new MemoryRunStore(),
      events: { emit: () => undefined },
    });
    const ask = async (question: string, conversationKey: string) => {
      const state = await runQuestion(deps, { question, conversationKey });
      await rememberRun(deps.memory, state);
      return state;
    };
    const results: FollowUpTurnResult[] = [];
    const summary = await runFollowUpDialogues(dialogues, ask, await buildOfflineVocabulary(sampleData), new Date(), (r) =>
      results.push(r),
    );
    const misses = results.filter((r) => !r.resolved).map((r) => `${r.dialogue}#${r.turn}: ${r.understoodAs} — ${r.problems.join("; ")}`);
    assert.ok(summary.rate >= 0.9, `offline ${summary.resolved}/${summary.turns}:\n${misses.join("\n")}`);
    const acme = results.find((r) => r.dialogue === "ja-then-en-acme-fy");
    assert.equal(acme?.understoodAs, "How much did we spend with Acme in FY2025?", "left exactly as written");
  });
});
