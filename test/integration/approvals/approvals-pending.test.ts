import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { PENDING_REPOST_VERB } from "../../../src/cards";
import { labelsFor, stringsFor } from "../../../src/domain";
import { cardOf, cardTexts, type RecordedActivity } from "../../fakes/fake-connector";
import type { BotHarness } from "../teams/bot-harness";
import {
  APPROVER,
  CHANNEL_ID,
  STRANGER,
  TEAM_ID,
  approvalInvoke,
  approvalWhen,
  askNeedingApproval,
  en,
  storedApproval,
  useApprovalHarness,
  type PendingApproval,
} from "./approval-harness";

const replies = stringsFor("en").approvals;
type Person = typeof APPROVER;

describe("approvals pending in Teams: the open approvals, oldest first, each posted again on request (real bot, embedded Cosmos, fake connector)", function () {
  this.timeout(120_000);
  const suite = useApprovalHarness();
  let harness: BotHarness;
  let older: PendingApproval;
  const olderQuestion = "Can we sign a ¥40,000,000 cloud contract with Hooli?";
  const newerQuestion = "旭産業資材と8,000万円の3年契約を結んでもよいですか？";

  before(async () => {
    harness = suite.harness;
    older = await askNeedingApproval(harness, olderQuestion);
    await askNeedingApproval(harness, newerQuestion);
  });

  /** `text` typed by `who` in a personal chat, or in `channelId`; resolves with the bot's reply there. */
  async function type(text: string, who: Person, channelId?: string): Promise<RecordedActivity> {
    const conversationId = channelId ?? `personal-${randomUUID()}`;
    const activity = {
      ...harness.message(text, { conversationId, conversationType: channelId ? "channel" : "personal" }),
      from: who,
      ...(channelId ? { channelData: { tenant: { id: "tenant-1" }, team: { id: TEAM_ID }, channel: { id: channelId } } } : {}),
    };
    const before = harness.connector.inConversation(conversationId).length;
    assert.equal((await harness.post(activity)).status, 200);
    return harness.connector.waitFor(
      (a) =>
        a.conversationId === conversationId && a.method === "POST" && harness.connector.inConversation(conversationId).indexOf(a) >= before,
      10_000,
      `the reply to ${text}`,
    );
  }

  /** Each listed approval's texts, in the card's order. */
  function entries(card: any): string[][] {
    return (card.body as any[]).filter((element) => element.type === "Container").map((container) => cardTexts({ body: container.items }));
  }

  /** The "post again" click of the entry about `question`, by `who`, in the approver channel. */
  function repostInvoke(card: any, question: string, who: Person) {
    const container = (card.body as any[]).find((element) => element.type === "Container" && JSON.stringify(element).includes(question));
    const button = (container.items as any[]).find((item) => item.type === "ActionSet").actions[0];
    assert.equal(button.verb, PENDING_REPOST_VERB);
    return {
      ...approvalInvoke(harness, older, who, button.verb, button.data),
      conversation: { id: CHANNEL_ID, conversationType: "channel", tenantId: "tenant-1", isGroup: true },
    };
  }

  it("lists every open approval, oldest first, in the approver's personal chat and in the approver channel", async () => {
    for (const channelId of [undefined, CHANNEL_ID]) {
      const card = cardOf(await type("approvals pending", APPROVER, channelId));
      assert.ok(card, "a card");
      const questions = entries(card).map((entry) => entry[0]);
      assert.deepEqual(questions, [olderQuestion, newerQuestion]);
      assert.ok(cardTexts(card).includes(en.pendingTitle(2)));
      assert.ok(entries(card)[0].includes("Test User"), "the requester");
    }
    const japanese = cardOf(await type("承認待ち", APPROVER));
    assert.ok(cardTexts(japanese).includes(labelsFor("ja").pendingTitle(2)), "「承認待ち」 answers in Japanese");
  });

  it("refuses a non-approver, and an approver in another channel: nothing listed", async () => {
    const stranger = await type("approvals pending", STRANGER);
    assert.equal(stranger.activity.text, replies.pendingNotAnApprover);
    assert.equal(cardOf(stranger), undefined);
    const elsewhere = await type("approvals pending", APPROVER, "19:general@thread.tacv2");
    assert.equal(elsewhere.activity.text, replies.pendingNotHere);
  });

  it("'post again' posts the card as a new thread that then takes the decision; a stranger's click posts nothing", async () => {
    const card = cardOf(await type("approvals pending", APPROVER));
    const threadsBefore = harness.connector.createdThreads.length;
    const refused = await harness.post(repostInvoke(card, olderQuestion, STRANGER));
    assert.equal(refused.body.value, replies.pendingNotAnApprover);
    assert.equal(harness.connector.createdThreads.length, threadsBefore, "nothing posted for a stranger");

    const reposted = await harness.post(repostInvoke(card, olderQuestion, APPROVER));
    assert.equal(reposted.body.value, replies.repostDone);
    const thread = harness.connector.createdThreads.slice(threadsBefore).find((t) => JSON.stringify(cardOf(t)).includes("Hooli"));
    assert.ok(thread, "the approval card was posted again as a new thread");
    const stored = await storedApproval(harness, older.approvalId);
    assert.equal(stored.approverThread?.activityId, thread.activityId, "the record points at the new thread");
    assert.ok(stored.audit.some((entry) => entry.action === "post" && entry.outcome === "posted again"));

    const again = { ...older, thread, threadConversationId: `${thread.conversationId};messageid=${thread.activityId}` };
    await harness.post(approvalInvoke(harness, again, APPROVER, "approval.approve"));
    await approvalWhen(harness, older.approvalId, (approval) => approval.status === "approved");
    const late = await harness.post(repostInvoke(card, olderQuestion, APPROVER));
    assert.equal(late.body.value, replies.repostNotPending, "a decided approval is not posted again");
    const after = cardOf(await type("approvals pending", APPROVER));
    assert.deepEqual(
      entries(after).map((entry) => entry[0]),
      [newerQuestion],
    );
  });
});
