/**
 * What the approvals flow needs from the outside world: Teams implements it (`teams/messenger.ts`, `teams/approval-inbound.ts`)
 * and the Cosmos repositories satisfy the store ports structurally. Nothing here names a Teams type: the arrow runs from teams to approvals.
 */
import type { z } from "zod";
import type { AdaptiveCard, DisplayNames } from "../cards";
import type { Approval, DecidedApprovalsFilter, Log } from "../domain";
import type { RetryPolicy } from "../resilience";
import type { Telemetry } from "../telemetry";
import type { Clock, ConditionalWrite, RunStore, Versioned } from "../workflow/ports";
import type { ApproverConfig } from "./create-approvals";

/** Everything the approvals flow and its maintenance job use. */
export interface ApprovalDeps {
  records: ApprovalRecords;
  runs: RunStore;
  settings: SettingsStore;
  messaging: ApprovalMessaging;
  approvers: ApproverConfig;
  timing: { remindAfterMs: number; expireAfterMs: number };
  /** What the approver card shows beside the run: the specialists' names and the quality threshold. */
  cards: { names: DisplayNames; qscoreThreshold: number };
  clock: Clock;
  telemetry: Pick<Telemetry, "event" | "exception">;
  /** Hands a decided or expired approval to the run queue, where a worker resumes its run and delivers the requester's card. */
  continueRun: (approvalId: string) => Promise<void>;
  /** How Teams sends to the approver channel are retried. */
  sendRetry: RetryPolicy;
  log: Log;
}

/** The `approvals` container (CosmosApprovalRepository), which is also the approval history. */
export interface ApprovalRecords {
  create(approval: Approval): Promise<ConditionalWrite>;
  get(id: string): Promise<Versioned<Approval> | undefined>;
  replace(approval: Approval, etag: string): Promise<ConditionalWrite>;
  listPending(): Promise<Versioned<Approval>[]>;
  listDue(now: Date): Promise<Versioned<Approval>[]>;
  /** Settled approvals (decided or expired before `settledBefore`) whose outcome was never shown. */
  listOutcomeNotShown(settledBefore: Date): Promise<Versioned<Approval>[]>;
  /** One page of decided approvals, newest decision first. */
  listDecided(filter: DecidedApprovalsFilter): Promise<Approval[]>;
}

/** Run-time key/value settings (the store's `settings`). */
export interface SettingsStore {
  get<S extends z.ZodTypeAny>(key: string, schema: S): Promise<z.output<S> | undefined>;
  set(key: string, value: unknown): Promise<void>;
}

/** A message in Teams that can be updated later: an approval's thread. */
export type PostedMessage = NonNullable<Approval["approverThread"]>;

/** Where approval cards go: a channel of a team, reached through the tenant's serviceUrl. */
export interface ChannelTarget {
  serviceUrl: string;
  channelId: string;
  tenantId?: string;
}

/** The Teams operations of the approvals flow. Every method throws on failure. */
export interface ApprovalMessaging {
  /** Posts a card as a new thread in a channel; returns the thread (conversation id + root activity id). */
  postThread(target: ChannelTarget, card: AdaptiveCard): Promise<PostedMessage>;
  /** Replaces a card the bot posted earlier, for everyone. */
  updateCard(message: PostedMessage, card: AdaptiveCard): Promise<void>;
  /** Replies inside a thread (e.g. a reminder). */
  replyInThread(thread: PostedMessage, text: string): Promise<void>;
}

/** Whether the person acting is a member of a team (Teams roster lookup); false when unknown. */
export type TeamMembership = (teamId: string) => Promise<boolean>;

/** Who clicked or typed: ids from the inbound activity, the name for the audit and outcome card. */
export interface Actor {
  aadObjectId: string;
  /** The channel account id (`from.id`), which identifies the same person across the bot's conversations. */
  userId?: string;
  name: string;
  tenantId?: string;
}
