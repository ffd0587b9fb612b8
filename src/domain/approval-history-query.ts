import { z } from "zod";

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
