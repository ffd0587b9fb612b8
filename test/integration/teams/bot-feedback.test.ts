import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { labelsFor } from "../../../src/domain";
import { cardOf } from "../../fakes/fake-connector";
import { describeOfflineBot } from "./bot-harness";
import { feedbackForRun } from "../../fakes/stored-feedback";

const en = labelsFor("en");

describeOfflineBot("feedback on answers", (bot) => {
  it("stores a rating from Teams' feedback loop on a personal chat's answer against its run, with the comment; a rating of another message is dropped", async () => {
    const question = bot.harness.message(`What is our spend with Acme in FY2025? (${randomUUID()})`);
    const conversationId = question.conversation.id;
    await bot.harness.post(question);
    await bot.harness.answerIn(conversationId);
    const streamId = bot.harness.connector
      .inConversation(conversationId)
      .find((a) => (a.activity.channelData as { streamType?: string } | undefined)?.streamType === "informative")!.activityId;
    const transcript = (await bot.harness.store.transcripts.listUnevaluated({ limit: 500 })).find((t) => t.question === question.text)!;
    const rate = (replyToId: string, reaction: "like" | "dislike", feedback: string) =>
      bot.harness.post({
        ...bot.harness.message("", { conversationId }),
        type: "invoke",
        name: "message/submitAction",
        text: undefined,
        replyToId,
        value: { actionName: "feedback", actionValue: { reaction, feedback } },
      });
    const liked = await rate(streamId, "dislike", JSON.stringify({ feedbackText: "  missing the FY2024 figure  " }));
    assert.equal(liked.status, 200);
    assert.equal((await rate("some-other-message", "like", "{}")).status, 200);
    const stored = await feedbackForRun(bot.harness.store, transcript.runId);
    assert.deepEqual(
      stored.map((f) => ({ rating: f.rating, comment: f.comment, userId: f.userId, conversationId: f.conversationId })),
      [{ rating: "down", comment: "missing the FY2024 figure", userId: "aad-user-1", conversationId }],
    );
    assert.ok(bot.harness.log.some((line) => line.includes("feedback loop: message some-other-message is no answer in this chat")));
  });

  it("in a group chat, stores 👍/👎 feedback with a comment and thanks the user (the card keeps its answer; the reply carries none)", async () => {
    const question = bot.harness.message("What is our spend with Acme in FY2025?", { conversationType: "groupChat" });
    await bot.harness.post(question);
    const answer = await bot.harness.answerIn(question.conversation.id);
    const runId = /"runId":"([^"]+)"/.exec(JSON.stringify(cardOf(answer)))![1];
    const response = await bot.harness.post({
      ...bot.harness.message("", { conversationId: question.conversation.id, conversationType: "groupChat" }),
      type: "invoke",
      name: "adaptiveCard/action",
      text: undefined,
      replyToId: answer.activityId,
      value: {
        action: { type: "Action.Execute", verb: "feedback", data: { runId, rating: "down", comment: "  missing the FY2024 figure  " } },
        trigger: "manual",
      },
    });
    assert.deepEqual(response.body, {
      statusCode: 200,
      type: "application/vnd.microsoft.activity.message",
      value: en.feedbackThanks("down"),
    });
    const stored = await feedbackForRun(bot.harness.store, runId);
    assert.equal(stored.length, 1);
    assert.deepEqual(
      { rating: stored[0].rating, comment: stored[0].comment, userId: stored[0].userId, conversationId: stored[0].conversationId },
      { rating: "down", comment: "missing the FY2024 figure", userId: "aad-user-1", conversationId: question.conversation.id },
    );
  });
});
