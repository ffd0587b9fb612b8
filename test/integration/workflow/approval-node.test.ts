import assert from "node:assert/strict";
import type { Approval, RunState } from "../../../src/domain";
import { cardFor } from "../../../src/workflow/run-status";
import { resumeRun, runQuestion } from "../../../src/workflow/runner";
import { findingReply, moderatorReply, routerReply } from "../../fakes/scripted-replies";
import { scriptedModel, useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";

const QUESTION = "Can we enter into an ¥80,000,000 three-year agreement with Asahi Industrial?";

/** A decided approval as the approvals room stores it (only what the node reads). */
function decided(run: RunState, status: Approval["status"], kind?: "approve" | "edit" | "reject", after = "draft"): Approval {
  const decision = kind && { byAadObjectId: "aad-approver-1", byName: "Kenji", at: new Date().toISOString(), kind, before: "draft", after };
  return { id: `approval-${run.runId}`, runId: run.runId, status, ...(decision ? { decision } : {}) } as unknown as Approval;
}

describe("approval as a node of the graph: the run stops there and the decision resumes it through resumeRun", () => {
  const scripted = useScriptedModelServer();
  const harness = (requestApproval?: (state: RunState) => Promise<void>) => {
    scripted.server
      .script("router", routerReply(["contract"], { hitl: false, evidenceNeed: "low" }))
      .script("contract", findingReply("A three-year agreement is possible."))
      .script("moderator", moderatorReply({ hitl: false, qscore: 90 }));
    const built = workflowHarness(scriptedModel(scripted.baseUrl()));
    return { ...built, deps: { ...built.deps, ...(requestApproval ? { requestApproval } : {}) } };
  };

  it("asks the approvals room once and stops at the approval node, checkpointed there", async () => {
    const asked: RunState[] = [];
    const { deps, store } = harness(async (state) => void asked.push(structuredClone(state)));
    const waiting = await runQuestion(deps, { question: QUESTION });
    assert.deepEqual([waiting.status, waiting.phase], ["awaiting_approval", "approve"]);
    assert.equal(asked.length, 1, "one request for the run");
    assert.ok(asked[0].answer, "with the draft the approver decides on");
    assert.deepEqual((await store.load(waiting.runId))?.phase, "approve", "the stop is checkpointed");
    assert.deepEqual(cardFor(waiting), "approval_request");
  });

  for (const [status, kind, expected] of [
    ["approved", "approve", "answered"],
    ["approved", "edit", "answered"],
    ["rejected", "reject", "rejected"],
    ["expired", undefined, "expired"],
  ] as const)
    it(`resumes a waiting run with its decision (${status}${kind ? `, ${kind}` : ""}) and ends it by the node's exit`, async () => {
      const { deps } = harness(async () => undefined);
      const waiting = await runQuestion(deps, { question: QUESTION });
      const final = await resumeRun(deps, waiting, decided(waiting, status, kind, "Only with a 2-year term."));
      assert.deepEqual([final.status, final.phase], [expected, "done"]);
      if (kind === "edit") assert.equal(final.answer?.conclusion, "Only with a 2-year term.");
      assert.equal(cardFor(final), { approved: "answer", rejected: "approval_rejected", expired: "approval_expired" }[status]);
      assert.deepEqual(await resumeRun(deps, waiting), waiting, "without a decision a waiting run stays where it is");
    });

  it("fails closed when the approval cannot be stored: the run fails and the asker is told to try again", async () => {
    const { deps } = harness(() => Promise.reject(new Error("approvals container unreachable")));
    const final = await runQuestion(deps, { question: QUESTION });
    assert.equal(final.status, "failed");
    assert.match(final.failure?.message ?? "", /approvals container unreachable/);
    assert.equal(cardFor(final), "approval_unavailable");
  });
});
