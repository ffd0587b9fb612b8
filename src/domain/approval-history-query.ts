import { z } from "zod";

/** Days of decisions `approvals history` lists when none are given. */
export const DEFAULT_HISTORY_DAYS = 30;
/** The longest look-back of `approvals history` (the auditors' export covers more). */
export const MAX_HISTORY_DAYS = 365;
/** Longest supplier filter accepted (a name, not a text). */
export const MAX_HISTORY_SUPPLIER_CHARS = 100;
/** Furthest page a history card may ask for (bounds a forged page number). */
const MAX_HISTORY_PAGE = 1000;

/**
 * What `approvals history` lists: decisions of the last `days` days, optionally only those whose
 * question or final answer names `supplier`, page `page` (0 first). Typed by a person or sent back
 * by a history card's "next page" button, so it is validated either way.
 */
export const ApprovalHistoryQuerySchema = z.object({
  days: z.number().int().min(1).max(MAX_HISTORY_DAYS),
  supplier: z.string().trim().min(1).max(MAX_HISTORY_SUPPLIER_CHARS).optional(),
  page: z.number().int().min(0).max(MAX_HISTORY_PAGE),
});
export type ApprovalHistoryQuery = z.infer<typeof ApprovalHistoryQuerySchema>;

/** Which decided approvals to read, newest decision first. */
export interface DecidedApprovalsFilter {
  /** Decisions at or after this ISO time. */
  decidedSince: string;
  /** Only approvals whose question or final answer contains this text (any case). */
  supplier?: string;
  offset: number;
  limit: number;
}
