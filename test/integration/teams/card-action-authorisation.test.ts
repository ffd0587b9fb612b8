import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { labelsFor, stringsFor } from "../../../src/domain";
import { cardOf } from "../../fakes/fake-connector";
import {
  APPROVER,
  approvalInvoke,
  approvalWhen,
  askNeedingApproval,
  storedApproval,
  useApprovalHarness,
} from "../approvals/approval-harness";
import type { BotHarness } from "./bot-harness";
import { feedbackForRun } from "../../fakes/stored-feedback";

const en = labelsFor("en");
const refused = stringsFor("en").bot.feedbackRefused;
const MESSAGE_RESPONSE = "application/vnd.microsoft.activity.message";

/** A 👍/👎 card action on `runId`, clicked by `userId` in a group chat. */
function feedbackInvoke(harness: BotHarness, conversationId: string, runId: string, userId = "user-1", rating: "up" | "down" = "up") {
  return {
    ...harness.message("", { conversationId, conversationType: "groupChat", userId }),
    type: "invoke",
    name: "adaptiveCard/action",
    text: undefined,
    value: { action: { type: "Action.Execute", verb: "feedback", data: { runId, rating } }, trigger: "manual" },
  };
}

/** The words of an answer's conclusion long enough to be telling (a reply carrying any of them leaks it). */
function telltaleWords(conclusion: string): string[] {
  return [...new Set(conclusion.split(/[^\p{L}\p{N}¥,]+/u).filter((word) => word.length >= 6))];
}

describe("Card actions are authorised: feedback only on an answer delivered to the clicking conversation, never a run's content in reply", function () {
  this.timeout(90_000);
  const suite = useApprovalHarness();

  it("someone else's run, from another conversation: the same refusal as an unknown run id, no answer content, nothing stored", async () => {
    const { harness } = suite;
    const question = harness.message("What is our spend with Acme in FY2025?", { conversationType: "groupChat" });
    await harness.post(question);
    const answer = await harness.answerIn(question.conversation.id, 20_000);
    const runId = /"runId":"([^"]+)"/.exec(JSON.stringify(cardOf(answer)))![1];
    const conclusion = (await harness.store.runs.load(runId))!.answer!.conclusion;

    const foreign = await harness.post(feedbackInvoke(harness, `group-${randomUUID()}`, runId, "eve"));
    const unknown = await harness.post(feedbackInvoke(harness, `group-${randomUUID()}`, `run-${randomUUID()}`, "eve"));
    assert.deepEqual(foreign.body, { statusCode: 200, type: MESSAGE_RESPONSE, value: refused });
    assert.deepEqual(unknown.body, foreign.body, "an unknown run id is refused word for word the same (no oracle)");
    const leaked = telltaleWords(conclusion).filter((word) => JSON.stringify(foreign.body).includes(word));
    assert.deepEqual(leaked, [], "no word of the answer in the reply");
    assert.deepEqual(await feedbackForRun(harness.store, runId), [], "the foreign rating is not stored");

    // In the conversation the answer went to, a member's rating counts, and the reply is only a thanks.
    const own = await harness.post(feedbackInvoke(harness, question.conversation.id as string, runId, "user-2", "down"));
    assert.deepEqual(own.body, { statusCode: 200, type: MESSAGE_RESPONSE, value: en.feedbackThanks("down") });
    const stored = await feedbackForRun(harness.store, runId);
    assert.deepEqual(
      stored.map((f) => [f.rating, f.conversationId]),
      [["down", question.conversation.id]],
    );
  });

  it("a draft waiting for an approver, then rejected, cannot be read or rated through feedback, even from its own conversation", async () => {
    const { harness } = suite;
    const pending = await askNeedingApproval(harness, undefined, { conversationType: "groupChat" });
    const approval = await storedApproval(harness, pending.approvalId);
    const draftWords = telltaleWords(approval.draft.conclusion);
    assert.ok(draftWords.length > 0);

    const whilePending = await harness.post(feedbackInvoke(harness, pending.requesterConversationId, approval.runId));
    assert.deepEqual(whilePending.body, { statusCode: 200, type: MESSAGE_RESPONSE, value: refused });
    assert.deepEqual(
      draftWords.filter((word) => JSON.stringify(whilePending.body).includes(word)),
      [],
      "no word of the pending draft",
    );

    await harness.post(approvalInvoke(harness, pending, APPROVER, "approval.reject", { reason: "Not this quarter." }));
    await approvalWhen(harness, pending.approvalId, (a) => a.outcomeShownAt !== undefined);
    const afterRejection = await harness.post(feedbackInvoke(harness, pending.requesterConversationId, approval.runId));
    assert.deepEqual(afterRejection.body, whilePending.body, "a rejected draft gets the same refusal");
    assert.deepEqual(await feedbackForRun(harness.store, approval.runId), [], "nothing stored");
  });
});
