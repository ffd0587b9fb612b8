import { z } from "zod";
import { LanguageSchema } from "./language";
import { ModeratorAnswerSchema } from "./agent-input";
import { RequesterSchema } from "./run-message";

/** Where an approval is: waiting for a human, decided, or timed out. */
const ApprovalStatusSchema = z.enum(["pending", "approved", "rejected", "expired"]);
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

/** What an approver decided, with the text before and after (an edit changes it). */
const ApprovalDecisionSchema = z.object({
  byAadObjectId: z.string(),
  byName: z.string(),
  at: z.string(),
  kind: z.enum(["approve", "edit", "reject"]),
  comment: z.string().optional(),
  before: z.string(),
  after: z.string(),
});
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>;

/** One audited attempt or decision; one person's refused clicks within an hour are one entry (`count`, first `at`, last `lastAt`). */
const ApprovalAuditEntrySchema = z.object({
  at: z.string(),
  actorAadObjectId: z.string(),
  action: z.string(),
  outcome: z.string(),
  detail: z.string(),
  count: z.number().int().min(1).optional(),
  lastAt: z.string().optional(),
});
export type ApprovalAuditEntry = z.infer<typeof ApprovalAuditEntrySchema>;

/** A run paused for human approval: the durable, versioned record every card click reloads (Cosmos `approvals`, partition key `/id`). */
export const ApprovalSchema = z.object({
  id: z.string().min(1),
  schemaVersion: z.literal(1),
  runId: z.string().min(1),
  status: ApprovalStatusSchema,
  requester: RequesterSchema,
  /** The requester's display name for the approval card (shown to approvers only, never in telemetry). */
  requesterName: z.string().optional(),
  question: z.string(),
  language: LanguageSchema,
  draft: ModeratorAnswerSchema,
  qscore: z.number(),
  specialists: z.array(z.string()),
  reasons: z.array(z.string()),
  createdAt: z.string(),
  remindedAt: z.string().optional(),
  expiresAt: z.string(),
  decision: ApprovalDecisionSchema.optional(),
  /** When the decided run's card reached the requester and the approver card showed the outcome; absent until then. */
  outcomeShownAt: z.string().optional(),
  /** The thread in the approver channel; `serviceUrl` is where to update it. */
  approverThread: z.object({ conversationId: z.string(), activityId: z.string(), serviceUrl: z.string() }).optional(),
  audit: z.array(ApprovalAuditEntrySchema),
  /** How many entries of clicks that changed nothing were dropped to keep the audit within its maximum length. */
  auditDropped: z.number().int().min(1).optional(),
});
export type Approval = z.infer<typeof ApprovalSchema>;

export const DEFAULT_HISTORY_DAYS = 30;
/** The longest look-back of `approvals history` (the auditors' export covers more). */
export const MAX_HISTORY_DAYS = 365;
/** Longest supplier filter accepted (a name, not a text). */
export const MAX_HISTORY_SUPPLIER_CHARS = 100;
/** Furthest page a history card may ask for (bounds a forged page number). */
const MAX_HISTORY_PAGE = 1000;

/** Typed by a person or sent back by a history card's "next page" button, so validated either way; page 0 first. */
export const ApprovalHistoryQuerySchema = z.object({
  days: z.number().int().min(1).max(MAX_HISTORY_DAYS),
  supplier: z.string().trim().min(1).max(MAX_HISTORY_SUPPLIER_CHARS).optional(),
  page: z.number().int().min(0).max(MAX_HISTORY_PAGE),
});
export type ApprovalHistoryQuery = z.infer<typeof ApprovalHistoryQuerySchema>;

export interface DecidedApprovalsFilter {
  decidedSince: string;
  /** Only approvals whose question or final answer contains this text (any case). */
  supplier?: string;
  offset: number;
  limit: number;
}
