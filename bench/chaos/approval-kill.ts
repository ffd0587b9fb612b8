/**
 * The bot process killed (SIGKILL) while an answer waits for an approver, then started again over
 * the same store: the approver's click on the card posted before the kill must still work, and the
 * requester get exactly one answer (with the reviewed line), nothing doubled.
 */
import { randomUUID } from "node:crypto";
import { labelsFor } from "../../src/domain";
import type { ApprovalStatus } from "../../src/domain";
import type { CosmosStore } from "../../src/storage";
import { cardOf, cardTexts, type RecordedActivity } from "../../test/fakes/fake-connector";
import type { LatencyModelServer } from "../../test/fakes/latency-model-server";
import { postActivity, userMessage } from "../activities";
import { finalReplies, finalReplyOf, type FinalReply } from "../outcomes";
import { DOUBLED_REPLY_GRACE_MS, withKillRig } from "./kill-rig";

const en = labelsFor("en");
const TEAM_ID = "19:chaos-approvers@thread.tacv2";
const CHANNEL_ID = "19:chaos-approvals@thread.tacv2";
/** The approver's user id; `userMessage` gives it the Entra object id `aad-<id>`, listed in APPROVER_AAD_IDS. */
const APPROVER_USER_ID = "approver-chaos";
/** ¥50,000,000: above the default HITL_AMOUNT_THRESHOLD (¥10,000,000). */
const QUESTION = "Can we sign a ¥50,000,000 three-year cloud services contract with Acme?";

/** The approval and its run as stored. */
export interface StoredState {
  approval?: ApprovalStatus;
  run?: string;
  /** How many times the approval recorded its outcome shown (once is right). */
  outcomesShown?: number;
}

/** What happened around the kill. */
export interface ApprovalKillResult {
  injected: string;
  userSaw: string;
  /** Final replies the requester received, in order (an under-review notice, then one answer, is right). */
  finals: FinalReply[];
  /** The answer delivered after the decision carries the "Reviewed by an approver" line. */
  reviewed: boolean;
  /** HTTP status and outcome texts of the approver's invoke (sent to the restarted process). */
  invokeStatus: number;
  invokeOutcome: string[];
  /** What the store held when the process died, and at the end. */
  atKill: StoredState;
  after: StoredState;
  /** Approval threads posted to the channel (exactly one is right: the restart must not re-post). */
  threadsPosted: number;
}

/** Runs the scenario against the simulator (any time scale). */
export async function botKilledAwaitingApproval(sim: LatencyModelServer, baseUrl: string): Promise<ApprovalKillResult> {
  sim.reset();
  const approverEnv = { APPROVER_TEAM_ID: TEAM_ID, APPROVER_CHANNEL_ID: CHANNEL_ID, APPROVER_AAD_IDS: `aad-${APPROVER_USER_ID}` };
  return withKillRig(baseUrl, approverEnv, async ({ connector, serviceUrl, store, startBot }) => {
    let bot = await startBot();
    const conversationId = `personal-${randomUUID()}`;
    const asked = await postActivity(bot.url, userMessage(serviceUrl, conversationId, QUESTION, "user-approval"));
    if (asked !== 200) throw new Error(`the bot answered ${asked}`);
    const thread = await connector.waitFor(
      (a) => a.conversationId === CHANNEL_ID && approvalIdOf(a) !== undefined,
      30_000,
      "the approval card in the approver channel",
    );
    await connector.waitFor(
      (a) => a.conversationId === conversationId && finalReplyOf(a) === "under_review",
      30_000,
      "the under-review notice",
    );
    await bot.kill9();
    const approvalId = approvalIdOf(thread)!;
    const atKill = await storedState(store, approvalId);

    bot = await startBot();
    const threadConversationId = `${CHANNEL_ID};messageid=${thread.activityId}`;
    const click = {
      ...userMessage(serviceUrl, threadConversationId, "", APPROVER_USER_ID),
      type: "invoke",
      name: "adaptiveCard/action",
      text: undefined,
      conversation: { id: threadConversationId, conversationType: "channel", tenantId: "tenant-1", isGroup: true },
      channelData: { tenant: { id: "tenant-1" }, team: { id: TEAM_ID }, channel: { id: CHANNEL_ID } },
      replyToId: thread.activityId,
      value: { action: { type: "Action.Execute", verb: "approval.approve", data: { approvalId } }, trigger: "manual" },
    };
    const response = await fetch(`${bot.url}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(click),
    });
    const invokeOutcome = outcomeTexts(((await response.json().catch(() => undefined)) as { value?: unknown } | undefined)?.value);
    const answer = await connector.waitFor(
      (a) => a.conversationId === conversationId && finalReplyOf(a) === "answer",
      30_000,
      "the approved answer after the restart",
    );
    await new Promise((resolve) => setTimeout(resolve, DOUBLED_REPLY_GRACE_MS));

    const finals = finalReplies(connector.inConversation(conversationId));
    const reviewed = cardTexts(cardOf(answer)).some((text) => text.includes(en.reviewed));
    return {
      injected:
        "kill -9 of the bot process with the approval card posted and the answer held; restart, then an approver approves on that card",
      userSaw: `${finals.join(" → ") || "nothing"}${reviewed ? " (reviewed line)" : ""}; the approver's click: HTTP ${response.status}, ${invokeOutcome.includes(en.outcomeApproved) ? `"${en.outcomeApproved}" card` : invokeOutcome[0]}`,
      finals,
      reviewed,
      invokeStatus: response.status,
      invokeOutcome,
      atKill,
      after: await storedState(store, approvalId),
      threadsPosted: connector.createdThreads.filter((t) => t.conversationId === CHANNEL_ID).length,
    };
  });
}

async function storedState(store: CosmosStore, approvalId: string): Promise<StoredState> {
  const approval = (await store.approvals.get(approvalId))?.value;
  if (!approval) return {};
  const run = await store.runs.load(approval.runId);
  return {
    approval: approval.status,
    ...(run ? { run: run.status } : {}),
    outcomesShown: approval.audit.filter((entry) => entry.action === "deliver").length,
  };
}

/** The approval id the approval card's actions carry, if the activity is an approval card. */
function approvalIdOf(recorded: RecordedActivity): string | undefined {
  return /"approvalId":"([^"]+)"/.exec(JSON.stringify(cardOf(recorded) ?? {}))?.[1];
}

/** The texts of an invoke response's value: a card's texts, or the message. */
function outcomeTexts(value: unknown): string[] {
  return typeof value === "object" && value !== null ? cardTexts(value) : [value === undefined || value === null ? "" : String(value)];
}
