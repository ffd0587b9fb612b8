import assert from "node:assert/strict";
import path from "node:path";
import { testConfig } from "../../fakes/test-config";
import { buildWorkflowDeps } from "../../../src/composition/workflow-deps";
import { readFollowUpDialogues, runFollowUpDialogues, type FollowUpTurnResult } from "../../../src/eval/followups";
import { buildQuestionVocabulary } from "../../../src/tools/question/vocabulary";
import { MemoryRunStore } from "../../../src/storage";
import { rememberRun } from "../../../src/workflow/conversation-turn";
import { runQuestion } from "../../../src/workflow/runner";
import { sampleData } from "../../fakes/workflow-harness";

/** Asks in a conversation over the sample data with the offline engine, remembering each run as the bot does. */
async function offlineConversation() {
  const deps = await buildWorkflowDeps(testConfig({ LLM_PROVIDER: "offline" }), {
    data: sampleData,
    store: new MemoryRunStore(),
    events: { emit: () => undefined },
  });
  return async (question: string, conversationKey: string) => {
    const state = await runQuestion(deps, { question, conversationKey });
    await rememberRun(deps.memory, state);
    return state;
  };
}

describe("follow-up dialogues (offline, whole workflow)", function () {
  this.timeout(120_000);

  it("resolves at least 90% of the fixture's follow-ups, in English and Japanese, and scores a miss as one", async () => {
    const dialogues = readFollowUpDialogues(path.resolve(__dirname, "../../fixtures/followups/dialogues.json"));
    assert.ok(dialogues.length >= 30);
    assert.deepEqual([...new Set(dialogues.map((d) => d.language))].sort(), ["en", "ja"]);
    assert.ok(dialogues.some((d) => d.turns.length === 3) && dialogues.some((d) => d.turns.length === 2));

    const ask = await offlineConversation();
    const vocabulary = await buildQuestionVocabulary(sampleData);
    const results: FollowUpTurnResult[] = [];
    const summary = await runFollowUpDialogues(dialogues, ask, vocabulary, new Date(), (result) => results.push(result));
    assert.ok(
      summary.rate >= 0.9,
      `offline resolution ${summary.resolved}/${summary.turns}:\n${results
        .filter((r) => !r.resolved)
        .map((r) => `${r.dialogue}#${r.turn}: ${r.problems.join("; ")}`)
        .join("\n")}`,
    );

    // The scorer is not a rubber stamp: a dialogue whose expectation is wrong counts as unresolved, with the reason.
    const wrong = [
      {
        ...dialogues[0],
        id: "wrong",
        turns: [
          dialogues[0].turns[0],
          { message: "And with Nimbus?", expect: { kind: "rewritten" as const, entities: { suppliers: ["SUP-005"] } } },
        ],
      },
    ];
    const missed: FollowUpTurnResult[] = [];
    const scored = await runFollowUpDialogues(wrong, ask, vocabulary, new Date(), (result) => missed.push(result));
    assert.equal(scored.resolved, 0);
    assert.deepEqual(missed[0].problems, ["does not name suppliers SUP-005"]);
  });

  it("writes each standalone question in the new turn's language and leaves a complete question as written (dialogues switching en/ja)", async () => {
    const dialogues = readFollowUpDialogues(path.resolve(__dirname, "../../fixtures/followups/mixed-language.json"));
    assert.ok(dialogues.length >= 40);
    const results: FollowUpTurnResult[] = [];
    const summary = await runFollowUpDialogues(
      dialogues,
      await offlineConversation(),
      await buildQuestionVocabulary(sampleData),
      new Date(),
      (r) => results.push(r),
    );
    const misses = results.filter((r) => !r.resolved).map((r) => `${r.dialogue}#${r.turn}: ${r.understoodAs} — ${r.problems.join("; ")}`);
    assert.ok(summary.rate >= 0.9, `offline ${summary.resolved}/${summary.turns}:\n${misses.join("\n")}`);
    const acme = results.find((r) => r.dialogue === "ja-then-en-acme-fy");
    assert.equal(acme?.understoodAs, "How much did we spend with Acme in FY2025?", "left exactly as written");
  });
});
