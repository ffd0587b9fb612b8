import { z } from "zod";
import { LanguageSchema } from "./language";

/** An auto-renewing contract whose notice deadline (end date minus notice days, ISO) is still ahead. */
const RenewalDueSchema = z.object({
  contractId: z.string(),
  title: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  annualValue: z.number(),
  currency: z.string(),
  endDate: z.string(),
  noticeDeadline: z.string(),
  /** Whole days from today to the notice deadline (0: today is the last day). */
  daysLeft: z.number().int().min(0),
  priceCapPct: z.number().nullable(),
  /** Who answers for the contract, when contracts.csv names them (Entra object id or e-mail). */
  owner: z.object({ aadObjectId: z.string().optional(), email: z.string().optional() }).optional(),
});
export type RenewalDue = z.infer<typeof RenewalDueSchema>;

/** One alert per contract and notice deadline: claimed `pending` by a create-if-absent write (a second claim conflicts), then `posted` or `dismissed`. */
export const RenewalAlertSchema = z.object({
  id: z.string(),
  due: RenewalDueSchema,
  state: z.enum(["pending", "posted", "dismissed"]),
  /** When the posting instance claimed it: a claim left `pending` long after this is taken over. */
  claimedAt: z.string(),
  language: LanguageSchema,
  thread: z.object({ serviceUrl: z.string(), conversationId: z.string(), activityId: z.string() }).optional(),
  /** Who dismissed it (Entra object id and the name Teams gave) and when. */
  dismissed: z.object({ byAadObjectId: z.string(), byName: z.string(), at: z.string() }).optional(),
});
export type RenewalAlert = z.infer<typeof RenewalAlertSchema>;

/** Characters other than ASCII letters, digits, `.` and `-` become `_<hex>_`: a safe Cosmos id and card key, and no two contract ids share one. */
export function renewalAlertId(contractId: string, noticeDeadline: string): string {
  const safe = contractId.replace(/[^A-Za-z0-9.-]/gu, (char) => `_${char.codePointAt(0)?.toString(16)}_`);
  return `renewal.${safe}.${noticeDeadline}`;
}
