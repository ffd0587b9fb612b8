import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { TurnContext, type Activity } from "botbuilder";
import { stringsFor, type RunMessage } from "../../../src/domain";
import { postedAnswers, startBotHarness, type BotHarness } from "./bot-harness";

describe("Fair share between users (bot, offline model, embedded Cosmos, Azurite)", function () {
  this.timeout(120_000);

  describe("at intake", () => {
    let harness: BotHarness;
    before(async () => {
      harness = await startBotHarness({ USER_MAX_PER_MINUTE: "2", USER_MAX_IN_FLIGHT: "100" });
    });
    after(() => harness?.stop());

    for (const language of ["en", "ja"] as const)
      it(`refuses a person's questions over USER_MAX_PER_MINUTE with a polite reply in their language (${language}), queuing nothing; others still ask`, async () => {
        const user = `flooder-${language}`;
        const question = language === "en" ? "How much did we spend on logistics last year?" : "昨年度の物流の支出はいくらですか？";
        const replies: string[] = [];
        for (let i = 0; i < 3; i++) {
          const message = harness.message(question, { userId: user });
          await harness.post(message);
          if (i < 2) await harness.answerIn(message.conversation.id, 30_000);
          else
            replies.push(
              ...harness.connector
                .inConversation(message.conversation.id)
                .map((a) => a.activity.text)
                .filter((text): text is string => typeof text === "string"),
            );
        }
        assert.ok(replies.includes(stringsFor(language).bot.tooManyPerMinute(2)), replies.join(" | "));
        const other = harness.message(question, { userId: `patient-${language}` });
        await harness.post(other);
        await harness.answerIn(other.conversation.id, 30_000);
      });
  });

  describe("in the worker", () => {
    let harness: BotHarness;
    before(async () => {
      harness = await startBotHarness({ RUN_WORKER_CONCURRENCY: "2", RUN_WORKER_USER_SHARE: "1" });
    });
    after(() => harness?.stop());

    /** A question message as the intake queues it, for `userId` in a personal chat of its own. */
    function queued(userId: string, text: string): RunMessage & { kind: "question" } {
      const activity = harness.message(text, { userId, conversationId: `personal-${randomUUID()}` }) as Partial<Activity>;
      return {
        kind: "question",
        runId: randomUUID(),
        question: text,
        requester: { userId, conversationId: activity.conversation!.id },
        reference: { ...TurnContext.getConversationReference(activity) },
        acceptedAt: new Date().toISOString(),
      };
    }

    it("takes one person's backlog no faster than their share: a question queued after eight of theirs is answered before most of them", async () => {
      const backlog = Array.from({ length: 8 }, () => queued("flooder", "Who must approve a ¥5M purchase order?"));
      const patient = queued("patient", "What is the risk rating of our logistics vendor?");
      for (const message of [...backlog, patient]) await harness.queue.enqueue(message);
      await harness.answerIn(patient.requester.conversationId, 60_000);
      const flooder = backlog.map((message) => message.requester.conversationId);
      const answeredBefore = flooder.filter((conversationId) => postedAnswers(harness, conversationId).length > 0).length;
      assert.ok(answeredBefore <= 3, `${answeredBefore} of the eight earlier questions were answered first`);
      for (const conversationId of flooder) await harness.answerIn(conversationId, 60_000);
    });
  });
});
