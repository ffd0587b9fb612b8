import assert from "node:assert/strict";
import { createServer } from "node:net";
import { createApprovals } from "../../../src/approvals";
import { conclusionMarkdown } from "../../../src/cards";
import { MAX_COMMENT_CHARS } from "../../../src/domain";
import { CosmosApprovalRepository } from "../../../src/storage/approval-repository";
import { createCosmosClient } from "../../../src/storage/cosmos-store";
import { noopTelemetry } from "../../../src/telemetry";
import { cardOf, cardTexts, isAnswerCard } from "../../fakes/fake-connector";
import { TeamsAiEntitySchema } from "../../fakes/teams-ai-entity-schema";
import { cardShows, postedAnswers, type BotHarness } from "../teams/bot-harness";
import { z } from "zod";
import { isFinal } from "../../../src/workflow/run-status";
import {
  ADMIN,
  APPROVER,
  CHANNEL_ID,
  TEAM_ID,
  STRANGER,
  TEAM_MEMBER,
  approvalInvoke,
  approvalWhen,
  askNeedingApproval,
  continueRunOn,
  en,
  settle,
  specialistNames,
  startApprovalHarness,
  storedApproval,
  teamsApprovalMessaging,
} from "./approval-harness";
import { feedbackForRun } from "../../fakes/stored-feedback";

describe("Approvals through the Teams bot (real teams-ai app, embedded Cosmos, fake connector)", function () {
  this.timeout(90_000);
  let harness: BotHarness;

  before(async () => {
    harness = await startApprovalHarness();
  });
  after(async () => {
    await harness?.stop();
  });

  /** A thumbs up/down from Teams' feedback loop on message `replyToId`, with a comment typed in its form. */
  const feedbackLoopInvoke = (conversationId: string, replyToId: string, reaction: "like" | "dislike", feedbackText: string) => ({
    ...harness.message("", { conversationId }),
    type: "invoke",
    name: "message/submitAction",
    text: undefined,
    replyToId,
    value: { actionName: "feedback", actionValue: { reaction, feedback: JSON.stringify({ feedbackText }) } },
  });

  it("posts the approval card as a new thread in the approver channel, carrying only the approval id, after storing the record", async () => {
    const pending = await askNeedingApproval(harness);
    assert.equal(pending.thread.conversationId, CHANNEL_ID, "created in the configured channel");
    const card = cardOf(pending.thread);
    const texts = cardTexts(card);
    assert.ok(texts.includes(en.approvalTitle));
    assert.ok(
      texts.some((t) => t.includes("Test User")),
      "requester name shown",
    );
    assert.ok(
      texts.some((t) => t.includes("policy: amount")),
      "why approval is needed",
    );
    const executes = JSON.stringify(card).match(/"type":"Action\.Execute"[^}]*"data":\{[^}]*\}/g) ?? [];
    assert.equal(executes.length, 3, "approve, edit, reject");
    for (const action of executes) assert.deepEqual(JSON.parse(/"data":(\{[^}]*\})/.exec(action)![1]), { approvalId: pending.approvalId });

    const approval = await storedApproval(harness, pending.approvalId);
    assert.equal(approval.status, "pending");
    assert.deepEqual(approval.approverThread, {
      conversationId: pending.threadConversationId,
      activityId: pending.thread.activityId,
      serviceUrl: harness.serviceUrl,
    });
    assert.deepEqual(
      approval.audit.map((entry) => entry.action),
      ["request", "post"],
    );
    const run = await harness.store.runs.load(approval.runId);
    assert.equal(run?.status, "awaiting_approval");
    assert.equal(postedAnswers(harness, pending.requesterConversationId).length, 0, "no answer before a decision");
  });

  it("in a personal chat, the under-review notice ends the question's stream: the requester gets exactly one message", async () => {
    const pending = await askNeedingApproval(harness);
    const messages = harness.connector.inConversation(pending.requesterConversationId).filter((a) => a.activity.type === "message");
    assert.equal(messages.length, 1, "exactly one message to the requester");
    assert.equal((messages[0].activity.channelData as { streamType?: string }).streamType, "final", "it ends the stream");
  });

  it("refuses a non-approver (and a listed approver from another tenant): nothing changes, the attempt is audited", async () => {
    const pending = await askNeedingApproval(harness);
    const refused = await harness.post(approvalInvoke(harness, pending, STRANGER, "approval.approve"));
    assert.equal(refused.status, 200);
    assert.equal(refused.body.type, "application/vnd.microsoft.activity.message");
    assert.match(refused.body.value, /Only authorised approvers/);
    const otherTenant = await harness.post(approvalInvoke(harness, pending, APPROVER, "approval.approve", {}, "tenant-evil"));
    assert.match(otherTenant.body.value, /Only authorised approvers/);

    await settle();
    const approval = await storedApproval(harness, pending.approvalId);
    assert.equal(approval.status, "pending");
    assert.equal(approval.decision, undefined);
    const refusals = approval.audit.filter((entry) => entry.outcome === "refused");
    assert.deepEqual(
      refusals.map((entry) => entry.actorAadObjectId),
      [STRANGER.aadObjectId, APPROVER.aadObjectId],
    );
    assert.match(refusals[0].detail, /not a member of the approver team/);
    assert.match(refusals[1].detail, /tenant/);
    assert.equal(postedAnswers(harness, pending.requesterConversationId).length, 0);
  });

  it("approves once: outcome card in the invoke response and on the thread, one answer to the requester, marked delivered; a replay delivers nothing", async () => {
    const pending = await askNeedingApproval(harness);
    const response = await harness.post(approvalInvoke(harness, pending, APPROVER, "approval.approve"));
    assert.equal(response.body.type, "application/vnd.microsoft.card.adaptive");
    const outcome = cardTexts(response.body.value);
    assert.ok(outcome.includes(en.outcomeApproved), outcome.join(" | "));
    assert.ok(
      outcome.some((t) => t.includes(APPROVER.name)),
      "who decided",
    );

    const answer = await harness.answerIn(pending.requesterConversationId, 10_000);
    assert.ok(
      cardTexts(cardOf(answer)).some((t) => t.includes(en.reviewed)),
      "the reviewed-by-an-approver line",
    );
    const update = await harness.connector.waitFor(
      (a) => a.method === "PUT" && a.conversationId === pending.threadConversationId,
      10_000,
      "the thread card update",
    );
    assert.equal(update.activityId, pending.thread.activityId);
    assert.ok(cardShows(update, en.outcomeApproved), "approver card replaced with the outcome for everyone");

    const approval = await approvalWhen(harness, pending.approvalId, (a) => a.outcomeShownAt !== undefined);
    assert.equal(approval.status, "approved");
    assert.equal(approval.decision?.byAadObjectId, APPROVER.aadObjectId);
    assert.equal(approval.decision?.before, approval.decision?.after);
    const run = (await harness.store.runs.read(approval.runId))?.value;
    assert.equal(run?.state.status, "answered");
    assert.ok(run && isFinal(run), "the run moved on through the lifecycle with its status");
    const transcript = await harness.store.transcripts.get(approval.runId, pending.requesterConversationId);
    assert.equal(transcript?.status, "answered");

    const replay = await harness.post(approvalInvoke(harness, pending, APPROVER, "approval.approve"));
    assert.ok(cardTexts(replay.body.value).includes(en.outcomeApproved), "the replay gets the final outcome card");
    await settle();
    assert.equal(postedAnswers(harness, pending.requesterConversationId).length, 1, "delivered exactly once");
    const final = await storedApproval(harness, pending.approvalId);
    assert.equal(final.audit.filter((entry) => entry.outcome === "already_decided").length, 1, "the replay is audited");
    assert.equal(final.audit.filter((entry) => entry.action === "deliver").length, 1, "its outcome is recorded shown once");
  });

  it("two approvers clicking at once (one of them double-clicking): exactly one decision and one delivery; all see the outcome", async () => {
    const pending = await askNeedingApproval(harness);
    const responses = await Promise.all([
      harness.post(approvalInvoke(harness, pending, APPROVER, "approval.approve")),
      harness.post(approvalInvoke(harness, pending, TEAM_MEMBER, "approval.reject", { reason: "Too expensive" })),
      harness.post(approvalInvoke(harness, pending, APPROVER, "approval.approve")),
      harness.post(approvalInvoke(harness, pending, TEAM_MEMBER, "approval.edit", { editedText: "Fine at +2%." })),
    ]);
    const outcomes = responses.map((r) => cardTexts(r.body.value));
    const approval = await approvalWhen(harness, pending.approvalId, (a) => a.outcomeShownAt !== undefined);
    const winner =
      approval.decision?.kind === "approve"
        ? en.outcomeApproved
        : approval.decision?.kind === "edit"
          ? en.outcomeEdited
          : en.outcomeRejected;
    for (const texts of outcomes) assert.ok(texts.includes(winner), `both see the one outcome: ${texts.join(" | ")}`);
    assert.equal(approval.audit.filter((entry) => entry.outcome === "approved" || entry.outcome === "rejected").length, 1, "one decision");
    assert.equal(approval.audit.filter((entry) => entry.outcome === "already_decided").length, 3, "the losers are audited");
    await settle();
    const delivered = harness.connector
      .inConversation(pending.requesterConversationId)
      .filter((a) => a.method === "POST" && (isAnswerCard(a) || cardShows(a, en.rejectedTitle)));
    assert.equal(delivered.length, 1, "one delivery");
  });

  it("an approved answer reaches a personal chat as Teams' own answer message: text with citation markers, the citations entity, the feedback loop that rates the run", async () => {
    const pending = await askNeedingApproval(harness);
    await harness.post(approvalInvoke(harness, pending, APPROVER, "approval.approve"));
    const answer = await harness.answerIn(pending.requesterConversationId, 10_000);
    const approval = await approvalWhen(harness, pending.approvalId, (a) => a.outcomeShownAt !== undefined);
    const run = await harness.store.runs.load(approval.runId);
    assert.ok(run?.answer, "the settled run has its answer");

    // A new message (the question's stream ended with the under-review notice), written as the bot writes any answer.
    const { entities, channelData } = answer.activity as { entities?: { type: string }[]; channelData?: object };
    const text = answer.activity.text ?? "";
    assert.ok(text.startsWith(conclusionMarkdown(run.answer.conclusion)), `the conclusion is the message text: ${text}`);
    assert.ok(text.includes(`**${en.rationale}**`), text);
    const entity = TeamsAiEntitySchema.parse(entities?.find((e) => e.type === "https://schema.org/Message"));
    assert.equal(entity.additionalType, undefined, "the offline engine's answer carries no AI-generated label");
    assert.equal(entity.usageInfo?.name, "Confidential", "the cited contract brings the configured sensitivity label");
    const markers = [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    assert.ok(markers.length > 0, "citation markers in the text");
    assert.deepEqual([...new Set(markers)].sort(), (entity.citation ?? []).map((c) => c.position).sort(), "every marker has its citation");
    assert.deepEqual(channelData, { feedbackLoopEnabled: true }, "Teams' feedback loop, and no stream fields: a new message");
    const card = cardOf(answer);
    const texts = cardTexts(card);
    assert.ok(
      texts.some((t) => t.includes(en.reviewed)),
      "the reviewed-by-an-approver line",
    );
    assert.ok(!texts.includes(en.conclusion), "the card does not repeat the text");
    assert.ok(!JSON.stringify(card).includes('"verb":"feedback"'), "no feedback buttons on the card");

    // Teams' feedback loop on that message is stored against the run.
    const rated = await harness.post(feedbackLoopInvoke(pending.requesterConversationId, answer.activityId, "like", "Clear, thanks."));
    assert.equal(rated.status, 200);
    const stored = await feedbackForRun(harness.store, approval.runId);
    assert.deepEqual(
      stored.map((f) => ({ rating: f.rating, comment: f.comment, conversationId: f.conversationId })),
      [{ rating: "up", comment: "Clear, thanks.", conversationId: pending.requesterConversationId }],
    );
  });

  it("edit & approve in a personal chat: the edited text is the message text (no rationale, no citations), the card says it was edited, before/after audited", async () => {
    const pending = await askNeedingApproval(harness);
    const edited = "Yes, but only at +5% and after legal review of the liability clause.";
    const response = await harness.post(approvalInvoke(harness, pending, TEAM_MEMBER, "approval.edit", { editedText: edited }));
    assert.ok(cardTexts(response.body.value).includes(en.outcomeEdited));
    const answer = await harness.connector.waitFor(
      (a) => a.conversationId === pending.requesterConversationId && cardShows(a, en.reviewedEdited),
      10_000,
      "the edited answer",
    );
    assert.equal(answer.activity.text, edited, "the edited text alone is the message text");
    const entity = TeamsAiEntitySchema.parse(
      (answer.activity.entities as { type: string }[]).find((e) => e.type === "https://schema.org/Message"),
    );
    assert.deepEqual(entity.citation, [], "nothing to cite");
    assert.deepEqual(answer.activity.channelData, { feedbackLoopEnabled: true });
    assert.ok(!cardTexts(cardOf(answer)).some((t) => t.includes(edited)), "the card does not repeat the text");
    const approval = await approvalWhen(harness, pending.approvalId, (a) => a.outcomeShownAt !== undefined);
    assert.equal(approval.decision?.kind, "edit");
    assert.equal(approval.decision?.after, edited);
    assert.notEqual(approval.decision?.before, edited);
    assert.equal((await harness.store.runs.load(approval.runId))?.answer?.conclusion, edited);

    const comment = "y".repeat(MAX_COMMENT_CHARS);
    await harness.post(feedbackLoopInvoke(pending.requesterConversationId, answer.activityId, "dislike", comment));
    const [stored] = await feedbackForRun(harness.store, approval.runId);
    assert.deepEqual([stored?.rating, stored?.comment], ["down", comment], "the feedback loop rates the edited answer");
  });

  it("a group-chat requester gets the edited answer as the plain card with its own feedback buttons, which rate the delivered run", async () => {
    const pending = await askNeedingApproval(harness, undefined, { conversationType: "groupChat" });
    const edited = "Yes, but only at +5% and after legal review of the liability clause.";
    // An approver's edit with a script link: only its text reaches the requester.
    await harness.post(
      approvalInvoke(harness, pending, TEAM_MEMBER, "approval.edit", {
        editedText: `${edited} [Details](javascript:alert(document.cookie))`,
      }),
    );
    const answer = await harness.connector.waitFor(
      (a) => a.conversationId === pending.requesterConversationId && cardShows(a, en.reviewedEdited),
      10_000,
      "the edited answer",
    );
    assert.ok(
      cardTexts(cardOf(answer)).some((t) => t.includes(edited)),
      "the edited text is on the card",
    );
    assert.ok(!JSON.stringify(cardOf(answer)).includes("javascript:"), "no script link reaches the requester");
    assert.ok(
      cardTexts(cardOf(answer)).some((t) => t.includes("Details")),
      "the link's text stays",
    );
    assert.equal(answer.activity.text, undefined, "no message text");
    assert.equal(answer.activity.entities, undefined, "no citations entity");
    assert.equal(answer.activity.channelData, undefined, "no feedback loop");
    assert.ok(JSON.stringify(cardOf(answer)).includes('"verb":"feedback"'), "the card's own feedback buttons");
    const approval = await approvalWhen(harness, pending.approvalId, (a) => a.outcomeShownAt !== undefined);

    // The requester rates the delivered answer: a thanks in reply (the card on screen keeps the edited answer).
    const comment = "y".repeat(MAX_COMMENT_CHARS);
    const rated = await harness.post({
      ...harness.message("", { conversationId: pending.requesterConversationId, conversationType: "groupChat" }),
      type: "invoke",
      name: "adaptiveCard/action",
      text: undefined,
      replyToId: answer.activityId,
      value: {
        action: { type: "Action.Execute", verb: "feedback", data: { runId: approval.runId, rating: "up", comment } },
        trigger: "manual",
      },
    });
    assert.equal(rated.body.value, en.feedbackThanks("up"));
    const [stored] = await feedbackForRun(harness.store, approval.runId);
    assert.equal(stored?.comment, comment, "the longest comment the card accepts is stored whole");
  });

  it("reject needs a reason (refused with a clear message); with one, the requester gets the reason", async () => {
    const pending = await askNeedingApproval(harness);
    const noReason = await harness.post(approvalInvoke(harness, pending, APPROVER, "approval.reject", { reason: "  " }));
    assert.match(noReason.body.value, /rejection needs a reason/);
    assert.equal((await storedApproval(harness, pending.approvalId)).status, "pending");

    const reason = "Commitments above ¥10M need a competitive quote first.";
    const response = await harness.post(approvalInvoke(harness, pending, APPROVER, "approval.reject", { reason }));
    const outcome = cardTexts(response.body.value);
    assert.ok(outcome.includes(en.outcomeRejected));
    assert.ok(
      outcome.some((t) => t.includes(reason)),
      "the outcome card shows the reason",
    );
    const notice = await harness.connector.waitFor(
      (a) => a.conversationId === pending.requesterConversationId && cardShows(a, en.rejectedTitle),
      10_000,
      "the rejection notice",
    );
    assert.ok(cardTexts(cardOf(notice)).some((t) => t.includes(reason)));
    const approval = await approvalWhen(harness, pending.approvalId, (a) => a.outcomeShownAt !== undefined);
    assert.equal(approval.decision?.comment, reason);
    const run = (await harness.store.runs.read(approval.runId))?.value;
    assert.equal(run?.state.status, "rejected");
    assert.ok(run && isFinal(run), "the rejection notice went out: nothing resumes the run");
    const { reasons, ...decided } = run?.state.approval ?? { reasons: [] };
    assert.deepEqual(decided, { id: pending.approvalId, decision: "rejected", reason });
    assert.match(reasons.join("\n"), /approval threshold/, "why it needed a human stays with it");
    assert.equal(postedAnswers(harness, pending.requesterConversationId).length, 0, "no answer after a rejection");
  });

  it("a decision after a restart (new process over the same Cosmos) works", async () => {
    const pending = await askNeedingApproval(harness);
    await harness.restart();
    const response = await harness.post(approvalInvoke(harness, pending, APPROVER, "approval.approve"));
    assert.ok(cardTexts(response.body.value).includes(en.outcomeApproved));
    await harness.connector.waitFor(
      (a) => a.conversationId === pending.requesterConversationId && cardShows(a, en.reviewed),
      10_000,
      "the answer after a restart",
    );
    await approvalWhen(harness, pending.approvalId, (a) => a.outcomeShownAt !== undefined);
  });

  it("retries the delivery with backoff while Teams fails, and delivers once it recovers", async () => {
    const pending = await askNeedingApproval(harness);
    // The connector SDK already retries 408/429/5xx itself; a failure it passes straight through shows our own retries.
    harness.connector.failNext(
      2,
      (method, path) => method === "POST" && decodeURIComponent(path).includes(pending.requesterConversationId),
      400,
    );
    await harness.post(approvalInvoke(harness, pending, APPROVER, "approval.approve"));
    const approval = await approvalWhen(harness, pending.approvalId, (a) => a.outcomeShownAt !== undefined, 20_000);
    assert.equal(approval.audit.filter((entry) => entry.action === "deliver").length, 1, "shown once, after the worker's retries");
    assert.equal(postedAnswers(harness, pending.requesterConversationId).length, 1);
  });

  it("fails closed when the store is down at request time: the request throws (the run fails, see request-fails-closed) and nothing is posted", async () => {
    const pending = await askNeedingApproval(harness);
    const run = (await harness.store.runs.load((await storedApproval(harness, pending.approvalId)).runId))!;
    assert.ok(run);
    // A Cosmos endpoint on a loopback port nobody listens on: the real SDK, failing at the wire.
    const deadPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const client = await createCosmosClient({ endpoint: `http://127.0.0.1:${deadPort}/`, key: Buffer.from("down").toString("base64") });
    const deadApprovals = new CosmosApprovalRepository(client.database("procura").container("approvals"), { remindAfterMs: 3_600_000 });
    const approvals = createApprovals({
      config: harness.config,
      names: specialistNames(harness.config),
      store: { ...harness.store, approvals: deadApprovals },
      telemetry: noopTelemetry,
      messaging: teamsApprovalMessaging(),
      continueRun: continueRunOn(harness.queue),
      log: () => undefined,
    });
    const conversationId = `personal-fail-closed-${Date.now()}`;
    const reference = {
      channelId: "msteams",
      serviceUrl: harness.serviceUrl,
      conversation: { id: conversationId, isGroup: false, conversationType: "personal", name: "" },
      user: { id: "user-9", name: "Test User" },
    };
    const threadsBefore = harness.connector.createdThreads.length;
    const request = approvals.request({
      ...run,
      runId: `fail-closed-${Date.now()}`,
      status: "awaiting_approval",
      requester: { userId: "user-9", conversationId, tenantId: "tenant-1" },
      reference,
    });
    await assert.rejects(request);
    client.dispose();
    assert.equal(
      harness.connector.inConversation(conversationId).length,
      0,
      "the run's own card tells the requester, not the approvals room",
    );
    assert.equal(harness.connector.createdThreads.length, threadsBefore, "nothing posted to the approver channel");
  });

  it("`approvers here` in a channel: refused for a non-admin (an approver too); an admin moves the approver channel, and new approvals go there", async () => {
    const channelMessage = (who: { id: string; aadObjectId: string; name: string }) => ({
      ...harness.message("<at>Procura</at> approvers here", {
        conversationId: "19:new-approvals@thread.tacv2",
        conversationType: "channel",
      }),
      from: who,
      entities: [{ type: "mention", mentioned: { id: "28:procura", name: "Procura" }, text: "<at>Procura</at>" }],
      channelData: { tenant: { id: "tenant-1" }, team: { id: TEAM_ID }, channel: { id: "19:new-approvals@thread.tacv2" } },
    });
    await harness.post(channelMessage(STRANGER));
    const refused = await harness.connector.waitFor(
      (a) => a.conversationId === "19:new-approvals@thread.tacv2" && (a.activity.text ?? "").includes("approver channel"),
    );
    assert.match(refused.activity.text ?? "", /Only an admin listed in APPROVER_ADMIN_AAD_IDS can choose the approver channel/);
    await harness.post(channelMessage(APPROVER));
    await harness.connector.waitFor(
      (a) =>
        a.conversationId === "19:new-approvals@thread.tacv2" &&
        a !== refused &&
        (a.activity.text ?? "").includes("Only an admin listed in APPROVER_ADMIN_AAD_IDS"),
      10_000,
      "the approver's refusal",
    );

    await harness.post(channelMessage(ADMIN));
    const accepted = await harness.connector.waitFor(
      (a) => a.conversationId === "19:new-approvals@thread.tacv2" && (a.activity.text ?? "").includes("now the approver channel"),
    );
    assert.ok(accepted);
    const stored = await harness.store.settings.get(
      "approverChannel",
      z.object({ channelId: z.string(), setByAadObjectId: z.string() }).passthrough(),
    );
    assert.equal(stored?.channelId, "19:new-approvals@thread.tacv2");
    assert.equal(stored?.setByAadObjectId, ADMIN.aadObjectId);

    const next = await askNeedingApproval(harness, "Can we commit ¥80,000,000 to Globex for logistics next year?");
    assert.equal(next.thread.conversationId, "19:new-approvals@thread.tacv2");
    assert.equal(
      harness.connector.inConversation("19:new-approvals@thread.tacv2").filter((a) => /\d+ waiting/.test(a.activity.text ?? "")).length,
      0,
    );
  });

  it("the command in Japanese (「承認者はここ」) works the same and is answered in Japanese, even from an English client", async () => {
    const channel = "19:ja-approvals@thread.tacv2";
    const channelMessage = (who: { id: string; aadObjectId: string; name: string }, command: string) => ({
      ...harness.message(`<at>Procura</at> ${command}`, { conversationId: channel, conversationType: "channel", locale: "en-US" }),
      from: who,
      entities: [{ type: "mention", mentioned: { id: "28:procura", name: "Procura" }, text: "<at>Procura</at>" }],
      channelData: { tenant: { id: "tenant-1" }, team: { id: TEAM_ID }, channel: { id: channel } },
    });
    await harness.post(channelMessage(STRANGER, "承認者はここ"));
    const refused = await harness.connector.waitFor(
      (a) => a.conversationId === channel && (a.activity.text ?? "").includes("承認チャネル"),
    );
    assert.match(refused.activity.text ?? "", /承認チャネルを選べるのは APPROVER_ADMIN_AAD_IDS に登録された管理者のみです/);

    await harness.post(channelMessage(ADMIN, "ここを承認チャネルに。"));
    const accepted = await harness.connector.waitFor(
      (a) => a.conversationId === channel && (a.activity.text ?? "").includes("設定しました"),
    );
    assert.match(accepted.activity.text ?? "", /このチャネルを承認チャネルに設定しました/);
    const stored = await harness.store.settings.get("approverChannel", z.object({ channelId: z.string() }).passthrough());
    assert.equal(stored?.channelId, channel);
  });
});
