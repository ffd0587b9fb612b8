import assert from "node:assert/strict";
import { labelsFor } from "../../../src/domain";
import { cardOf, cardTexts, type RecordedActivity } from "../../fakes/fake-connector";
import { useScriptedBot } from "./bot-harness";
import { quoting } from "../../fakes/scripted-replies";

const en = labelsFor("en");
const conclusion =
  "Not at +8%: the contract caps yearly increases at 5%, so the renewal needs an amendment or a counter-offer within the cap.";

/** The stream fields of a recorded activity (channel data carries them, like the streaminfo entity). */
function streamOf(activity: RecordedActivity): { streamType?: string; streamId?: string; streamSequence?: number } {
  return activity.activity.channelData ?? {};
}

describe("Streamed answer in a personal chat (bot, scripted model streaming at the wire)", function () {
  this.timeout(60_000);
  // The Moderator's reply arrives in chunks over about four seconds, as a real model writes it.
  const suite = useScriptedBot({ model: { streamChunkDelayMs: 350 }, env: { CONTRACT_SENSITIVITY_LABEL: "Confidential" } });

  it("streams the conclusion as it is written, at most one update a second, then ends the stream with the AI label, citations and the sensitivity label", async () => {
    suite.model
      .script("router", {
        selected: ["contract"],
        debateMode: "independent",
        evidenceNeed: "medium",
        hitl: false,
        inScope: true,
        scopeReason: "procurement",
        reason: "contract",
      })
      .script("contract", {
        summary: "CTR-0001 caps increases at 5%.",
        details: "Clause 4.2",
        ...quoting({ source: "contract", referenceId: "CTR-0001", quote: "shall not exceed 5%" }),
        confidence: 0.9,
      })
      .script("moderator", {
        hitl: false,
        qscore: 91,
        hitlReason: "",
        conclusion,
        rationale: [{ point: "CTR-0001 clause 4.2 caps yearly increases at 5%.", citations: ["CTR-0001"] }],
        findings: [{ specialist: "contract", summary: "Cap of 5%" }],
        nextActions: ["Counter at +3%."],
        critique: "",
      });
    const question = suite.harness.message("Can we renew the Acme SaaS contract at +8%?");
    await suite.harness.post(question);
    const final = await suite.harness.answerIn(question.conversation.id, 30_000);
    suite.model.assertNoUnexpectedCalls();

    const activities = suite.harness.connector.inConversation(question.conversation.id);
    // The first reaction is the stream's first informative update.
    const [first] = activities;
    assert.equal(streamOf(first).streamType, "informative");
    const streamId = first.activityId;
    const updates = activities.filter((a) => a !== final && a !== first && streamOf(a).streamId === streamId);
    const streamed = updates.filter((a) => streamOf(a).streamType === "streaming");
    assert.ok(
      streamed.length >= 1,
      `the conclusion streamed: ${updates.map((a) => `${streamOf(a).streamType}: ${a.activity.text}`).join(" / ")}`,
    );
    for (const update of streamed)
      assert.ok(conclusion.startsWith(update.activity.text!), `streamed text grows towards the conclusion: ${update.activity.text}`);
    const kinds = updates.map((a) => streamOf(a).streamType);
    assert.ok(kinds.lastIndexOf("informative") < kinds.indexOf("streaming"), "no informative update after the text started");
    const sequences = updates.map((a) => streamOf(a).streamSequence!);
    assert.ok(
      sequences.every((n, i) => i === 0 || n > sequences[i - 1]),
      `sequences rise: ${sequences.join(", ")}`,
    );
    // Teams throttles streams to about one update a second: the bot never sends them faster.
    const paced = [first, ...updates, final];
    for (let i = 1; i < paced.length; i++)
      assert.ok(
        paced[i].at - paced[i - 1].at >= 900,
        `update ${i} came ${Math.round(paced[i].at - paced[i - 1].at)} ms after the one before`,
      );

    assert.equal(streamOf(final).streamType, "final");
    assert.equal(streamOf(final).streamId, streamId, "the same stream ends");
    assert.ok(final.activity.text!.startsWith(conclusion), "the final text continues the streamed conclusion");
    const message = (final.activity.entities as Record<string, any>[]).find((e) => e.type === "https://schema.org/Message")!;
    assert.deepEqual(message.additionalType, ["AIGeneratedContent"], "the AI-generated label");
    assert.equal(message.usageInfo?.name, "Confidential", "a cited contract brings the sensitivity label");
    assert.deepEqual(
      message.citation.map((c: any) => [c.position, c.appearance.name, c.appearance.abstract]),
      [[1, "Contract CTR-0001", "shall not exceed 5%"]],
    );
    assert.ok(!cardTexts(cardOf(final)).includes(en.offline), "not labelled offline");
    assert.equal(activities.filter((a) => a.activity.type === "message").length, 1, "exactly one message");
  });
});
