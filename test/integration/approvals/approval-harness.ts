import { randomUUID } from "node:crypto";
import assert from "node:assert/strict";
import { createApprovals, type Approvals } from "../../../src/approvals";
import { Messenger } from "../../../src/teams/messenger";
import { displayNamesFrom, type DisplayNames } from "../../../src/cards";
import type { AppConfig } from "../../../src/config";
import { labelsFor, type Approval } from "../../../src/domain";
import { createTeamsAdapter } from "../../../src/teams/teams-adapter";
import { noopTelemetry } from "../../../src/telemetry";
import type { RunQueue } from "../../../src/workflow/ports";
import { loadPromptLibrary } from "../../../src/workflow/prompt-library";
import { cardOf, type RecordedActivity } from "../../fakes/fake-connector";
import { cardActionInvoke } from "../../fakes/teams-activity";
import { cardShows, startBotHarness, type BotHarness } from "../teams/bot-harness";

export const en = labelsFor("en");
const ja = labelsFor("ja");
export const TEAM_ID = "19:team-approvers@thread.tacv2";
export const CHANNEL_ID = "19:approvals@thread.tacv2";
/** Listed in APPROVER_AAD_IDS. */
export const APPROVER = { id: "29:approver-1", aadObjectId: "aad-approver-1", name: "Kenji Sato" };
/** Not listed, but a member of the approver team (roster lookup). */
export const TEAM_MEMBER = { id: "29:member-2", aadObjectId: "aad-member-2", name: "Maria Garcia" };
/** Listed in APPROVER_ADMIN_AAD_IDS: may choose the approver channel (and nothing more). */
export const ADMIN = { id: "29:admin-1", aadObjectId: "aad-admin-1", name: "Akira Admin" };
/** Neither listed nor a team member. */
export const STRANGER = { id: "29:stranger", aadObjectId: "aad-stranger", name: "Eve Stranger" };

/** The bot (real teams-ai app, offline model, embedded Cosmos) configured with an approver channel. */
export async function startApprovalHarness(): Promise<BotHarness> {
  const harness = await startBotHarness({
    APPROVER_TEAM_ID: TEAM_ID,
    APPROVER_CHANNEL_ID: CHANNEL_ID,
    APPROVER_TENANT_ID: "tenant-1",
    APPROVER_AAD_IDS: APPROVER.aadObjectId,
    APPROVER_ADMIN_AAD_IDS: ADMIN.aadObjectId,
    APPROVAL_REMIND_AFTER: "1h",
    APPROVAL_EXPIRE_AFTER: "2h",
    APPROVAL_SCHEDULER: "off",
    CONTRACT_SENSITIVITY_LABEL: "Confidential",
  });
  harness.connector.addTeamMembers(TEAM_ID, TEAM_MEMBER.aadObjectId);
  return harness;
}

/** Lets background work (delivery, retries) that should NOT happen have a chance to show up. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

/** Registers the suite's hooks: one approval harness started before its tests and stopped after them. */
export function useApprovalHarness(): { readonly harness: BotHarness } {
  const suite = { harness: undefined as unknown as BotHarness };
  before(async () => {
    suite.harness = await startApprovalHarness();
  });
  after(async () => {
    await suite.harness?.stop();
  });
  return suite;
}

/** The specialists' display names, as a process loads them from its prompt library. */
export function specialistNames(config: AppConfig): DisplayNames {
  return displayNamesFrom(loadPromptLibrary(config.workflow.promptsDir).specialists);
}

/** The approvals' Teams messaging as a process other than the harness's bot builds it: its own unauthenticated adapter. */
export function teamsApprovalMessaging(): Messenger {
  return new Messenger(createTeamsAdapter({ authenticated: false, appId: undefined }), undefined);
}

/** What hands decided approvals to `queue`, where a bot's worker resumes their runs. */
export function continueRunOn(queue: RunQueue): (approvalId: string) => Promise<void> {
  return (approvalId) => queue.enqueue({ kind: "approval_decided", approvalId });
}

/**
 * Approvals as another process over the same Cosmos, run queue and connector would run them (the
 * Functions timer, or a bot instance after a crash): its own adapter and approvals instance, quick
 * send retries; the harness's bot resumes the runs it queues.
 */
export function approvalsInAnotherProcess(harness: BotHarness, config: AppConfig = harness.config): Approvals {
  return createApprovals({
    config,
    names: specialistNames(config),
    store: harness.store,
    telemetry: noopTelemetry,
    messaging: teamsApprovalMessaging(),
    sendRetry: { maxRetries: 1, initialMs: 10, multiplier: 2, maxMs: 10 },
    continueRun: continueRunOn(harness.queue),
    log: () => undefined,
  });
}

export interface PendingApproval {
  requesterConversationId: string;
  approvalId: string;
  thread: RecordedActivity;
  threadConversationId: string;
}

/**
 * Asks a question that needs approval, in a personal chat unless `asker.conversationType` says otherwise,
 * as `asker.userId` (user-1 by default; the Entra object id is `aad-<userId>`); waits for the thread in
 * the approver channel and the under-review notice.
 */
export async function askNeedingApproval(
  harness: BotHarness,
  question = "Can we sign a ¥50,000,000 three-year cloud services contract with Acme?",
  asker: { userId?: string; conversationType?: "personal" | "groupChat" } = {},
): Promise<PendingApproval> {
  const conversationType = asker.conversationType ?? "personal";
  const activity = harness.message(question, {
    conversationId: `${conversationType}-${randomUUID()}`,
    conversationType,
    ...(asker.userId ? { userId: asker.userId } : {}),
  });
  const requesterConversationId = activity.conversation.id as string;
  const threadsBefore = harness.connector.createdThreads.length;
  assert.equal((await harness.post(activity)).status, 200);
  await harness.connector.waitFor(
    (a) => a.conversationId === requesterConversationId && (cardShows(a, en.underReviewTitle) || cardShows(a, ja.underReviewTitle)),
    20_000,
    "the under-review notice",
  );
  const thread = harness.connector.createdThreads
    .slice(threadsBefore)
    .find((t) => JSON.stringify(cardOf(t)).includes(question.slice(0, 20)));
  assert.ok(thread, "the approval card was posted as a new thread");
  const approvalId = /"approvalId":"([^"]+)"/.exec(JSON.stringify(cardOf(thread)))![1];
  return { requesterConversationId, approvalId, thread, threadConversationId: `${thread.conversationId};messageid=${thread.activityId}` };
}

/** An Action.Execute invoke on the approval card, clicked by `who` in the approver thread. */
export function approvalInvoke(
  harness: BotHarness,
  pending: PendingApproval,
  who: { id: string; aadObjectId: string; name: string },
  verb: string,
  data: Record<string, string> = {},
  tenantId = "tenant-1",
) {
  return cardActionInvoke({
    serviceUrl: harness.serviceUrl,
    threadConversationId: pending.threadConversationId,
    channelId: CHANNEL_ID,
    teamId: TEAM_ID,
    replyToId: pending.thread.activityId,
    tenantId,
    who,
    verb,
    data: { approvalId: pending.approvalId, ...data },
  });
}

/** The approval record as stored. */
export async function storedApproval(harness: BotHarness, approvalId: string): Promise<Approval> {
  const read = await harness.store.approvals.get(approvalId);
  assert.ok(read, `approval ${approvalId} is stored`);
  return read.value;
}

/** Waits until the stored approval satisfies `predicate` (background delivery marks it). */
export async function approvalWhen(
  harness: BotHarness,
  approvalId: string,
  predicate: (approval: Approval) => boolean,
  timeoutMs = 10_000,
): Promise<Approval> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const approval = await storedApproval(harness, approvalId);
    if (predicate(approval)) return approval;
    if (Date.now() > deadline)
      assert.fail(
        `approval ${approvalId} never reached the expected state: ${JSON.stringify({ status: approval.status, outcomeShownAt: approval.outcomeShownAt })}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Cards sent to a conversation (POSTs only) showing `text`. */
export function postedCardsShowing(harness: BotHarness, conversationId: string, text: string): RecordedActivity[] {
  return harness.connector.inConversation(conversationId).filter((a) => a.method === "POST" && cardShows(a, text));
}
