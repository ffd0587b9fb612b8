import assert from "node:assert/strict";
import { labelsFor } from "../../../src/domain";
import type { RecordedActivity } from "../../fakes/fake-connector";
import { useScriptedBot } from "./bot-harness";
import { quoting } from "../../fakes/scripted-replies";

const en = labelsFor("en");
/** A draft made of words found nowhere else (question, labels, progress lines), so any leak of it shows. */
const draft = "Quixotic Vellum Amberjack terms outrank Zephyrine Marmoset baseline";
const draftWords = draft.toLowerCase().split(" ");

const router = (hitl: boolean) => ({
  selected: ["contract"],
  debateMode: "independent",
  evidenceNeed: "medium",
  hitl,
  inScope: true,
  scopeReason: "procurement",
  reason: hitl ? "commits the company" : "contract",
});
const finding = {
  summary: "CTR-0001 caps increases at 5%.",
  details: "Clause 4.2",
  ...quoting({ source: "contract", referenceId: "CTR-0001", quote: "shall not exceed 5%" }),
  confidence: 0.9,
};
/**
 * The Moderator's reply; `hitlFirst` false writes the conclusion before the flag and the score (a
 * model ignoring the schema's order).
 */
function moderator(hitl: boolean, hitlFirst = true, { qscore = 91, conclusion = draft } = {}): Record<string, unknown> {
  const flag = { hitl, qscore, hitlReason: hitl ? "renewal commits the company" : "" };
  const rest = {
    conclusion,
    rationale: [{ point: "CTR-0001 clause 4.2 caps yearly increases at 5%.", citations: ["CTR-0001"] }],
    findings: [{ specialist: "contract", summary: "Cap of 5%" }],
    nextActions: ["Counter at +3%."],
    critique: qscore < 80 ? "Show the clause that sets the cap." : "",
  };
  return hitlFirst ? { ...flag, ...rest } : { ...rest, ...flag };
}

function isUnderReview(activity: RecordedActivity): boolean {
  return JSON.stringify(activity.activity).includes(en.underReviewTitle);
}

describe("An answer that waits for an approver never streams to its requester (bot, slow scripted stream at the wire)", function () {
  this.timeout(90_000);
  // The Moderator's reply arrives in eight chunks about three seconds long, as a real model writes it.
  const suite = useScriptedBot({
    model: { streamChunkDelayMs: 350 },
    env: {
      APPROVER_TEAM_ID: "19:team-approvers@thread.tacv2",
      APPROVER_CHANNEL_ID: "19:approvals@thread.tacv2",
      APPROVER_AAD_IDS: "aad-kenji",
      HITL_CATEGORIES: "consulting",
    },
  });
  beforeEach(() => suite.model.reset());

  /** Asks in a new personal chat; returns every activity the requester's chat got up to and just after the under-review notice. */
  async function askUntilUnderReview(question: string): Promise<RecordedActivity[]> {
    const activity = suite.harness.message(question);
    const conversationId = activity.conversation.id as string;
    assert.equal((await suite.harness.post(activity)).status, 200);
    await suite.harness.connector.waitFor(
      (a) => a.conversationId === conversationId && isUnderReview(a),
      30_000,
      "the under-review notice",
    );
    // Anything still queued on the stream would show up within Teams' one-update-a-second pace.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    suite.model.assertNoUnexpectedCalls();
    return suite.harness.connector.inConversation(conversationId);
  }

  function assertNoDraftWord(activities: RecordedActivity[]): void {
    assert.ok(activities.length >= 2, "the informative update and the under-review notice arrived");
    for (const recorded of activities) {
      const sent = JSON.stringify(recorded.activity).toLowerCase();
      const leaked = draftWords.filter((word) => sent.includes(word));
      assert.deepEqual(leaked, [], `an activity to the requester carries draft words: ${JSON.stringify(recorded.activity).slice(0, 400)}`);
    }
  }

  it("the Router asks for approval: only informative updates and the under-review notice, no word of the conclusion", async () => {
    suite.model.script("router", router(true)).script("contract", finding).script("moderator", moderator(false));
    assertNoDraftWord(await askUntilUnderReview("Can we renew the Acme SaaS contract at +8%?"));
  });

  it("the amount rule asks for approval (a commitment above the threshold): no word of the conclusion", async () => {
    suite.model.script("router", router(false)).script("contract", finding).script("moderator", moderator(false));
    assertNoDraftWord(await askUntilUnderReview("We want to renew the Acme SaaS contract for ¥60,000,000 a year."));
  });

  it("the Moderator declares hitl=true before its conclusion: the stream holds, no word of the conclusion", async () => {
    suite.model.script("router", router(false)).script("contract", finding).script("moderator", moderator(true));
    assertNoDraftWord(await askUntilUnderReview("Can we renew the Acme SaaS contract at +8%?"));
  });

  it("a Moderator that writes the conclusion before hitl=true still streams nothing: the flag is awaited", async () => {
    suite.model.script("router", router(false)).script("contract", finding).script("moderator", moderator(true, false));
    assertNoDraftWord(await askUntilUnderReview("Can we renew the Acme SaaS contract at +8%?"));
  });

  it("the first answer scores below the gate and the re-asked one needs an approver: the first draft never streams", async () => {
    suite.model
      .script("router", router(false))
      .script("contract", finding, finding)
      .script("moderator", moderator(false, true, { qscore: 40 }), moderator(true));
    assertNoDraftWord(await askUntilUnderReview("Can we renew the Acme SaaS contract at +8%?"));
  });

  it("a configured category appears only in the re-asked evidence: the first, low-scoring draft never streams", async () => {
    const consulting = { ...finding, ...quoting({ source: "contract", referenceId: "CTR-0001", quote: "Consulting services, 5% cap" }) };
    suite.model
      .script("router", router(false))
      .script("contract", finding, consulting)
      .script("moderator", moderator(false, true, { qscore: 40 }), moderator(false));
    assertNoDraftWord(await askUntilUnderReview("Can we renew the Acme SaaS contract at +8%?"));
  });

  it("an answer that needs no approver still streams its conclusion before the final message", async () => {
    suite.model.script("router", router(false)).script("contract", finding).script("moderator", moderator(false));
    const question = suite.harness.message("Can we renew the Acme SaaS contract at +8%?");
    await suite.harness.post(question);
    const final = await suite.harness.answerIn(question.conversation.id, 30_000);
    const streamed = suite.harness.connector
      .inConversation(question.conversation.id)
      .filter((a) => a !== final && (a.activity.channelData as { streamType?: string } | undefined)?.streamType === "streaming");
    assert.ok(streamed.length >= 1, "the conclusion streamed");
    assert.ok(
      streamed.every((a) => draft.startsWith(a.activity.text!)),
      streamed.map((a) => a.activity.text).join(" / "),
    );
    assert.ok(final.activity.text!.startsWith(draft));
  });
});
