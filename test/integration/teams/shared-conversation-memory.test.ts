import assert from "node:assert/strict";
import { finalReplyOf } from "../../../bench/outcomes";
import { labelsFor, stringsFor } from "../../../src/domain";
import { cardOf, cardTexts, type RecordedActivity } from "../../fakes/fake-connector";
import { startBotHarness, type BotHarness } from "./bot-harness";

const en = labelsFor("en");
const MENTION = { entities: [{ type: "mention", text: "<at>Procura</at>", mentioned: { id: "28:procura", name: "Procura" } }] };

describe("memory in shared conversations is per person (offline, embedded Cosmos)", function () {
  this.timeout(180_000);
  let harness: BotHarness;

  before(async () => {
    harness = await startBotHarness();
  });
  after(() => harness?.stop());

  /** What the bot finally replied to a message: an answer card, an asking back, or a plain text. */
  function isFinalReply(a: RecordedActivity): boolean {
    if (a.method !== "POST" || a.activity.type !== "message") return false;
    if (a.activity.text) return true;
    return finalReplyOf(a) !== undefined || cardTexts(cardOf(a) ?? {}).includes(en.clarifyTitle);
  }

  /** Posts `text` from `userId` in `conversationId` and resolves with the texts of the bot's final reply to it. */
  async function say(
    conversationId: string,
    conversationType: "groupChat" | "channel",
    userId: string,
    text: string,
  ): Promise<{ text?: string; card: string[] }> {
    const before = harness.connector.inConversation(conversationId).length;
    await harness.post(harness.message(`<at>Procura</at> ${text}`, { conversationId, conversationType, userId, extra: MENTION }));
    const reply = await harness.connector.waitFor(
      (a) =>
        a.conversationId === conversationId && harness.connector.inConversation(conversationId).indexOf(a) >= before && isFinalReply(a),
      60_000,
      `the reply to ${userId}'s "${text}"`,
    );
    return { ...(reply.activity.text ? { text: reply.activity.text } : {}), card: cardTexts(cardOf(reply) ?? {}) };
  }

  const chats = [
    ["groupChat", `19:group-${Date.now()}@thread.v2`],
    ["channel", `19:chan-${Date.now()}@thread.tacv2;messageid=1`],
  ] as const;
  for (const [conversationType, id] of chats) {
    it(`in a ${conversationType}, Bob's "And with Nimbus?" does not use Alice's turn, and Bob's reset leaves Alice's context`, async () => {
      const first = await say(id, conversationType, "alice", "How much did we spend with Acme in FY2025?");
      assert.ok(
        first.card.some((t) => t.includes("FY2025")),
        first.card.join(" | "),
      );

      const bobs = await say(id, conversationType, "bob", "And with Nimbus?");
      assert.ok(!bobs.card.includes(`${en.understoodAs}: `), `nothing of Alice's was carried over: ${bobs.card.join(" | ")}`);
      assert.ok(bobs.card.includes(en.clarifyTitle), `with nothing of his own remembered, Bob is asked back: ${bobs.card.join(" | ")}`);

      const reset = await say(id, conversationType, "bob", "reset");
      assert.equal(reset.text, stringsFor("en").bot.resetDoneShared);

      const alices = await say(id, conversationType, "alice", "And with Nimbus?");
      assert.ok(
        alices.card.includes(`${en.understoodAs}: `) && alices.card.includes("How much did we spend with Nimbus Workflow Inc. in FY2025?"),
        `Alice's follow-up continues her own question: ${alices.card.join(" | ")}`,
      );
    });
  }
});
