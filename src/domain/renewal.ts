import { z } from "zod";
import { LanguageSchema } from "./language";

/**
 * An auto-renewing contract whose notice deadline (end date minus notice days) is still ahead: the
 * last day to give notice before the contract renews by itself. Dates are ISO (YYYY-MM-DD).
 */
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

/**
 * The one alert of a contract's notice deadline, keyed by both (`renewalAlertId`). Created `pending`
 * by the instance that claims it (a create-if-absent write: a second claim is a conflict), `posted`
 * once the card is in the channel, `dismissed` when someone dismissed it there.
 */
export const RenewalAlertSchema = z.object({
  id: z.string(),
  /** The renewal as the card shows it (clicks rebuild the card and the question from it). */
  due: RenewalDueSchema,
  state: z.enum(["pending", "posted", "dismissed"]),
  /** When the posting instance claimed it: a claim left `pending` long after this is taken over. */
  claimedAt: z.string(),
  language: LanguageSchema,
  /** The card's thread in the channel, once posted. */
  thread: z.object({ serviceUrl: z.string(), conversationId: z.string(), activityId: z.string() }).optional(),
  /** Who dismissed it (Entra object id and the name Teams gave) and when. */
  dismissed: z.object({ byAadObjectId: z.string(), byName: z.string(), at: z.string() }).optional(),
});
export type RenewalAlert = z.infer<typeof RenewalAlertSchema>;

/**
 * The alert's id: one per contract and notice deadline. Any character of the contract id other than
 * ASCII letters, digits, `.` and `-` is written as `_<hex>_`, so the id is a safe Cosmos id and card
 * key whatever the imported id holds (`K-2025/017`, `契約-0042`), and two contract ids never share one.
 */
export function renewalAlertId(contractId: string, noticeDeadline: string): string {
  const safe = contractId.replace(/[^A-Za-z0-9.-]/gu, (char) => `_${char.codePointAt(0)?.toString(16)}_`);
  return `renewal.${safe}.${noticeDeadline}`;
}

/** A renewal alert posted (`sent`), dismissed or asked about: the contract id and the days left, never names. */
export interface RenewalAlertProps {
  action: "sent" | "dismissed" | "asked";
  contractId: string;
  daysLeft: number;
}
