import assert from "node:assert/strict";
import type { RunState } from "../../../src/domain";
import { runQuestion } from "../../../src/workflow/runner";
import { findingReply, moderatorReply, routerReply } from "../../fakes/scripted-replies";
import { offlineAsker, scriptedModel, useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";

/** Commitments at or above the ¥10,000,000 threshold, worded without 締結 or "sign", through the whole offline graph. */
describe("commitment questions through the offline graph", () => {
  let ask: (question: string) => Promise<RunState>;
  before(async () => {
    ask = await offlineAsker();
  });

  for (const question of [
    "旭産業資材と8,000万円の3年契約を結んでもよいですか？",
    "アクメと5,000万円の3年間のクラウドサービス契約を結べますか？",
    "Can we enter into an ¥80,000,000 three-year agreement with Asahi Industrial?",
  ])
    it(`waits for an approver: ${question}`, async () => {
      const state = await ask(question);
      assert.equal(state.status, "awaiting_approval");
      assert.ok(
        (state.approval?.reasons ?? []).some((reason) => /¥(?:80|50),000,000/.test(reason) && reason.includes("¥10,000,000")),
        (state.approval?.reasons ?? []).join("; "),
      );
    });

  it("answers a question about the threshold for the same amount without waiting", async () => {
    const state = await ask("旭産業資材と8,000万円の3年契約を結ぶには誰の承認が必要ですか？");
    assert.equal(state.status, "answered");
    assert.deepEqual(state.approval?.reasons ?? [], []);
  });
});

describe("commitment questions with a model whose Router and Moderator see no need for approval", () => {
  const scripted = useScriptedModelServer();

  it("still waits for an approver: the rule is applied with the Router's judgement, not instead of it", async () => {
    scripted.server
      .script("router", routerReply(["contract"], { hitl: false, evidenceNeed: "low" }))
      .script("contract", findingReply("A three-year contract is possible."))
      .script("moderator", moderatorReply({ hitl: false, qscore: 90 }));
    const state = await runQuestion(workflowHarness(scriptedModel(scripted.baseUrl())).deps, {
      question: "旭産業資材と8,000万円の3年契約を結んでもよいですか？",
    });
    assert.equal(state.status, "awaiting_approval");
    assert.deepEqual(state.approval?.reasons ?? [], ["規程: 金額¥80,000,000は承認基準額¥10,000,000以上です"]);
  });
});
