import { z } from "zod";

/**
 * An auto-renewing contract whose notice deadline (end date minus notice days) is still ahead: the
 * last day to give notice before the contract renews by itself. Dates are ISO (YYYY-MM-DD).
 */
export const RenewalDueSchema = z.object({
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
});
export type RenewalDue = z.infer<typeof RenewalDueSchema>;
