import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { stringsFor, labelsFor } from "../../../src/domain";
import { HISTORY_PAGE_VERB } from "../../../src/cards";
import type { Approval } from "../../../src/domain";
import { approvalRecord } from "../../fixtures/approval-records";
import { cardOf, cardTexts, type RecordedActivity } from "../../fakes/fake-connector";
import type { BotHarness } from "../teams/bot-harness";
import {
  APPROVER,
  CHANNEL_ID,
  STRANGER,
  TEAM_ID,
  TEAM_MEMBER,
  approvalInvoke,
  approvalWhen,
  askNeedingApproval,
  en,
  useApprovalHarness,
} from "./approval-harness";

const ja = labelsFor("ja");
const replies = stringsFor("en").approvals;
type Person = typeof APPROVER;

/** An ISO time `hours` hours ago. */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A stored approval approved by Kenji `decidedHoursAgo` hours ago, about `supplier`, posted in a thread. */
function decided(supplier: string, decidedHoursAgo: number, index: number): Approval {
  const id = `hist-${supplier}-${index}-${randomUUID()}`;
  return approvalRecord({
    id,
    createdAt: hoursAgo(decidedHoursAgo + 1),
    status: "approved",
    question: `${supplier} renewal #${index}?`,
    decision: {
      byAadObjectId: APPROVER.aadObjectId,
      byName: "Kenji Sato",
      at: hoursAgo(decidedHoursAgo),
      kind: "approve",
      before: "ok",
      after: "ok",
    },
    approverThread: { conversationId: `${CHANNEL_ID};messageid=${index}`, activityId: String(index), serviceUrl: "https://smba.example/" },
  });
}

describe("approvals history in Teams (real bot, embedded Cosmos, fake connector)", function () {
  this.timeout(90_000);
  const suite = useApprovalHarness();
  let harness: BotHarness;

  before(async () => {
    harness = suite.harness;
    // Seven Globex decisions an hour apart (two pages), and Initech decisions 2 and 10 days ago.
    const seeded = [
      ...Array.from({ length: 7 }, (_, i) => decided("Globex", i + 1, i + 1)),
      decided("Initech", 48, 101),
      decided("Initech", 240, 102),
    ];
    for (const approval of seeded) assert.equal((await harness.store.approvals.create(approval)).kind, "written");
  });

  /** `text` typed by `who` in their personal chat (or in the given channel); resolves with the bot's reply there. */
  async function type(
    text: string,
    who: Person,
    where: { channelId?: string; locale?: string; tenantId?: string } = {},
  ): Promise<RecordedActivity> {
    const conversationId = where.channelId ?? `personal-${randomUUID()}`;
    const message = harness.message(text, {
      conversationId,
      conversationType: where.channelId ? "channel" : "personal",
      ...(where.locale ? { locale: where.locale } : {}),
    });
    const activity = {
      ...message,
      ...(where.tenantId
        ? { conversation: { ...message.conversation, tenantId: where.tenantId }, channelData: { tenant: { id: where.tenantId } } }
        : {}),
      from: who,
      ...(where.channelId ? { channelData: { tenant: { id: "tenant-1" }, team: { id: TEAM_ID }, channel: { id: where.channelId } } } : {}),
    };
    const before = harness.connector.inConversation(conversationId).length;
    assert.equal((await harness.post(activity)).status, 200);
    return harness.connector.waitFor(
      (a) =>
        a.conversationId === conversationId &&
        a.method === "POST" &&
        a.activity.type === "message" &&
        harness.connector.inConversation(conversationId).indexOf(a) >= before,
      10_000,
      `the reply to ${text}`,
    );
  }

  /** The history card's entries: one list of texts per decision (the containers after the title). */
  function entries(card: any): string[][] {
    return (card.body as any[]).filter((element) => element.type === "Container").map((container) => cardTexts({ body: container.items }));
  }

  /** The "next page" click on `card`, by `who`, in the approver channel. */
  function nextPageInvoke(card: any, who: Person) {
    const next = (card.actions as any[]).find((action) => action.verb === HISTORY_PAGE_VERB);
    assert.ok(next, "a next page button");
    return {
      type: "invoke",
      name: "adaptiveCard/action",
      id: randomUUID(),
      channelId: "msteams",
      serviceUrl: harness.serviceUrl,
      from: who,
      recipient: { id: "28:procura", name: "Procura" },
      conversation: { id: CHANNEL_ID, conversationType: "channel", tenantId: "tenant-1", isGroup: true },
      channelData: { tenant: { id: "tenant-1" }, team: { id: TEAM_ID }, channel: { id: CHANNEL_ID } },
      locale: "en-US",
      value: { action: { type: "Action.Execute", verb: next.verb, data: next.data }, trigger: "manual" },
    };
  }

  it("an approver lists two real decisions (one edited) with question, requester, decision, approver, time to decision, edit and the thread link", async () => {
    const approved = await askNeedingApproval(harness, "Can we sign a ¥50,000,000 cloud contract with Umbrella Corp?");
    const edited = await askNeedingApproval(harness, "Can we sign a ¥70,000,000 logistics contract with Umbrella Corp?");
    await harness.post(approvalInvoke(harness, approved, APPROVER, "approval.approve"));
    await approvalWhen(harness, approved.approvalId, (a) => a.status === "approved");
    await harness.post(
      approvalInvoke(harness, edited, APPROVER, "approval.edit", { editedText: "Yes, within the Umbrella framework cap." }),
    );
    await approvalWhen(harness, edited.approvalId, (a) => a.status === "approved");

    const card = cardOf(await type("approvals history 7 Umbrella", APPROVER));
    const texts = cardTexts(card);
    assert.ok(texts.includes(en.historyTitle), texts.join(" | "));
    assert.ok(texts.includes(en.historyScope(7, "Umbrella", 0)), texts.join(" | "));
    const [first, second] = entries(card);
    assert.equal(entries(card).length, 2);
    // Newest decision first: the edit.
    for (const [entry, question, decision, editedAnswer] of [
      [first, "¥70,000,000 logistics", en.outcomeEdited, en.yes],
      [second, "¥50,000,000 cloud", en.outcomeApproved, en.no],
    ] as const) {
      assert.ok(
        entry.some((t) => t.includes(question)),
        entry.join(" | "),
      );
      assert.ok(entry.includes("Test User"), "the requester");
      assert.ok(entry.includes(decision), `the decision: ${entry.join(" | ")}`);
      assert.ok(entry.includes(APPROVER.name), "the approver");
      assert.ok(entry.includes(en.historyDuration(0)), "time to decision");
      assert.ok(entry.includes(editedAnswer), "whether the answer was edited");
    }
    const thread = edited.thread;
    const link = `https://teams.microsoft.com/l/message/${encodeURIComponent(CHANNEL_ID)}/${thread.activityId}?parentMessageId=${thread.activityId}`;
    assert.ok(first.includes(`[${en.historyOpenThread}](${link})`), `the deep link to the approval's thread: ${first.join(" | ")}`);
    assert.equal((card.actions as unknown[]).length, 0, "one page only");
  });

  it("pages: five decisions newest first, then the rest on 'Next page' in the approver channel, authorised again on each click", async () => {
    const card = cardOf(await type("approvals history 30 Globex", APPROVER, { channelId: CHANNEL_ID }));
    assert.deepEqual(
      entries(card).map((entry) => entry[0]),
      ["Globex renewal #1?", "Globex renewal #2?", "Globex renewal #3?", "Globex renewal #4?", "Globex renewal #5?"],
    );
    assert.ok(entries(card)[0].includes(en.historyDuration(60)), "an hour from request to decision");
    assert.ok(entries(card)[0].some((t) => t.includes("Aiko Tanaka")));

    const next = await harness.post(nextPageInvoke(card, TEAM_MEMBER));
    assert.equal(next.body.type, "application/vnd.microsoft.card.adaptive", "a member of the approver team may page too");
    assert.deepEqual(
      entries(next.body.value).map((entry) => entry[0]),
      ["Globex renewal #6?", "Globex renewal #7?"],
    );
    assert.ok(cardTexts(next.body.value).includes(en.historyScope(30, "Globex", 1)));
    assert.equal((next.body.value.actions as unknown[]).length, 0, "no page after the last");

    const forwarded = await harness.post(nextPageInvoke(card, STRANGER));
    assert.equal(forwarded.body.type, "application/vnd.microsoft.activity.message");
    assert.equal(forwarded.body.value, replies.historyNotAnApprover, "a non-approver clicking the button sees nothing");
  });

  it("refuses a non-approver, and an approver anywhere but the approver channel or a personal chat: no card, nothing listed", async () => {
    const stranger = await type("approvals history 30 Globex", STRANGER);
    assert.equal(stranger.activity.text, replies.historyNotAnApprover);
    // An approver's object id from another tenant, in a personal chat, with the channel set by configuration.
    const foreign = await type("approvals history 30 Globex", APPROVER, { tenantId: "tenant-evil" });
    assert.equal(foreign.activity.text, replies.historyNotAnApprover);
    assert.equal(cardOf(stranger), undefined);

    const otherChannel = await type("approvals history 30 Globex", APPROVER, { channelId: "19:general@thread.tacv2" });
    assert.equal(otherChannel.activity.text, replies.historyNotHere);
    assert.equal(cardOf(otherChannel), undefined);
  });

  it("filters by days and supplier; 「承認履歴」 answers in Japanese; bad days get a clear message", async () => {
    const recent = cardOf(await type("approvals history 5 initech", APPROVER));
    assert.deepEqual(
      entries(recent).map((entry) => entry[0]),
      ["Initech renewal #101?"],
      "only decisions of the last 5 days, supplier in any case",
    );
    const month = cardOf(await type("approvals history 30 Initech", APPROVER));
    assert.deepEqual(
      entries(month).map((entry) => entry[0]),
      ["Initech renewal #101?", "Initech renewal #102?"],
    );
    assert.ok(
      entries(month).every((entry) => !entry[0].includes("Globex")),
      "other suppliers are left out",
    );

    const japanese = cardOf(await type("承認履歴　３０ Initech", APPROVER));
    assert.ok(cardTexts(japanese).includes(ja.historyTitle));
    assert.ok(cardTexts(japanese).includes(ja.historyScope(30, "Initech", 0)));
    assert.equal(entries(japanese).length, 2);

    const none = cardOf(await type("approvals history 30 Nobody Inc", APPROVER));
    assert.ok(cardTexts(none).includes(en.historyEmpty));

    const bad = await type("approvals history 0", APPROVER);
    assert.equal(bad.activity.text, stringsFor("en").bot.historyBadDays);
  });
});
