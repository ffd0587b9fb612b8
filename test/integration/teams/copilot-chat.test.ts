import assert from "node:assert/strict";
import { stringsFor } from "../../../src/domain";
import type { RecordedActivity } from "../../fakes/fake-connector";
import { findingReply, moderatorReply, RENEWAL_QUESTION, routerReply } from "../../fakes/scripted-replies";
import { useScriptedBot } from "./bot-harness";

/** The stream fields of a recorded activity (its channel data carries them, like the streaminfo entity). */
function streamOf(activity: RecordedActivity): { streamType?: string; streamId?: string } {
  return activity.activity.channelData ?? {};
}

/**
 * A message from Microsoft 365 Copilot chat to a custom engine agent: Copilot reaches the bot through
 * the Teams channel as a one-to-one chat (the agent must have personal scope), with a `clientInfo`
 * entity and `productContext: "COPILOT"` in the channel data.
 */
function copilotMessage(serviceUrl: string, conversationId: string, text: string) {
  return {
    type: "message",
    id: `copilot-${conversationId}`,
    timestamp: new Date().toISOString(),
    channelId: "msteams",
    serviceUrl,
    from: { id: "29:copilot-user", aadObjectId: "aad-copilot-user", name: "Aiko Tanaka" },
    recipient: { id: "28:procura", name: "Procura" },
    conversation: { id: conversationId, conversationType: "personal", tenantId: "tenant-1" },
    channelData: { tenant: { id: "tenant-1" }, productContext: "COPILOT" },
    entities: [{ type: "clientInfo", locale: "en-US", platform: "Web" }],
    locale: "en-US",
    text,
  };
}

describe("Procura in Microsoft 365 Copilot chat (bot, scripted model at the wire)", function () {
  this.timeout(60_000);
  const suite = useScriptedBot();

  it("answers a conversation starter as in personal chat: streamed, then one final message with citations, the AI label and feedback", async () => {
    suite.model
      .script("router", routerReply(["contract"]))
      .script("contract", findingReply("CTR-0001 caps increases at 5%."))
      .script("moderator", moderatorReply());
    const { harness } = suite;
    const conversationId = "a:1copilot-chat-procura";
    // The first conversation starter Copilot shows.
    const starter = stringsFor("en").promptStarters[0].question;
    assert.equal(starter, RENEWAL_QUESTION);
    const response = await harness.post(copilotMessage(harness.serviceUrl, conversationId, starter));
    assert.ok(response.status < 300, `accepted: ${response.status}`);
    const final = await harness.answerIn(conversationId, 30_000);
    suite.model.assertNoUnexpectedCalls();
    const activities = harness.connector.inConversation(conversationId);
    const [first] = activities;
    assert.equal(streamOf(first).streamType, "informative", "the first reaction is a streamed update, not a progress card");
    assert.equal(streamOf(final).streamType, "final");
    assert.equal(streamOf(final).streamId, first.activityId, "the final message ends the same stream");
    const message = (final.activity.entities as Record<string, any>[]).find((e) => e.type === "https://schema.org/Message");
    assert.ok(message, "the final message carries the Teams AI entity");
    assert.deepEqual(message.additionalType, ["AIGeneratedContent"], "the AI-generated label");
    assert.deepEqual(
      message.citation.map((c: any) => c.appearance.name),
      ["Contract CTR-0001"],
    );
    assert.equal((final.activity.channelData as Record<string, unknown>).feedbackLoopEnabled, true, "Teams' native feedback");
    assert.equal(activities.filter((a) => a.activity.type === "message").length, 1, "exactly one message");
  });
});
