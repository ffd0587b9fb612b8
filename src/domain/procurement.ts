import { z } from "zod";
import { LanguageSchema } from "./language";

/** Stored text limits: the import refuses a longer cell, and every reader cuts one it finds anyway, so no megabyte name reaches a prompt, card or log. */
export const STORED_TEXT_LIMITS = {
  /** Identifiers and codes: ids, supplier and contract references, currencies, policy keys. */
  idChars: 128,
  /** Names and titles: supplier names and aliases, contract and policy titles, categories, units. */
  nameChars: 300,
  pathChars: 2_048,
  /** Any other cell: free text, numbers and dates before parsing. */
  textChars: 4_000,
} as const;

export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const StoredNameSchema = z.string().transform((text) => cutText(text, STORED_TEXT_LIMITS.nameChars));

/** A cited record's document link (SharePoint, OneDrive); https only, so a link never downgrades or runs script. */
export const DocumentUrlSchema = z
  .string()
  .max(2048)
  .refine((text) => /^https:\/\//i.test(text) && URL.canParse(text), "not an https URL");

/** A record or evidence item without a link has no `url` key at all. */
export function optionalUrl(url: string | undefined): { url?: string } {
  return url === undefined ? {} : { url };
}

export const SupplierSchema = z.object({
  id: z.string(), // "SUP-001"
  name: StoredNameSchema, // "Acme Cloud Software"
  aliases: z.array(StoredNameSchema), // other spellings users type, incl. Japanese ("アクメ", "A社")
  // The name Japanese answers use ("はやぶさ物流"); without it, `supplierNameJa` reads one off the aliases.
  nameJa: StoredNameSchema.pipe(z.string().min(1)).optional(),
  category: StoredNameSchema, // "saas", "logistics", …
  // The category's Japanese display name as the data set gives it ("物流"): Japanese answers name the category by it.
  categoryNameJa: StoredNameSchema.pipe(z.string().min(1)).optional(),
  region: StoredNameSchema, // "JP", "US", "EU", "APAC"
  riskRating: z.enum(["low", "medium", "high"]),
  certifications: z.array(StoredNameSchema), // "ISO 27001", "SOC 2 Type II", …
  // null when the source has no figure: an answer shows "—", never a 0 that reads as a measured score.
  performance: z.object({
    onTimeDeliveryPct: z.number().nullable(),
    qualityScore: z.number().nullable(),
    incidentsLast12m: z.number().int().nullable(),
  }),
  sanctionsFlag: z.boolean(),
  preferred: z.boolean(),
  since: z.string(), // ISO date; "" when the source has none
});
export type Supplier = z.infer<typeof SupplierSchema>;

/** A Japanese answer's name for a supplier: `nameJa`, else its first alias in kana (and kanji), else one in kanji, else its name. */
export function supplierNameJa(supplier: { name: string; nameJa?: string | null; aliases?: readonly string[] }): string {
  const japanese = (supplier.aliases ?? []).filter((alias) => /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー・]+$/u.test(alias));
  return (
    supplier.nameJa ?? japanese.find((alias) => /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(alias)) ?? japanese[0] ?? supplier.name
  );
}

const ContractClauseSchema = z.object({
  kind: z.enum(["term", "renewal", "price_adjustment", "termination", "liability", "payment", "other"]),
  text: z.string(),
});
export type ClauseKind = z.infer<typeof ContractClauseSchema>["kind"];

export const ContractSchema = z.object({
  id: z.string(), // "CTR-0001"
  supplierId: z.string(),
  supplierName: StoredNameSchema,
  title: StoredNameSchema,
  category: StoredNameSchema,
  annualValue: z.number(),
  currency: z.string(), // "JPY" | "USD" | "EUR"
  startDate: z.string(),
  endDate: z.string(),
  autoRenew: z.boolean(),
  noticeDays: z.number().int(),
  priceCapPct: z.number().nullable(), // max yearly increase allowed by the price adjustment clause
  status: z.enum(["active", "expiring", "expired", "draft"]),
  clauses: z.array(ContractClauseSchema),
  url: DocumentUrlSchema.optional(),
  /** Who answers for the contract (contracts.csv `ownerAadId` / `ownerEmail`): @mentioned on its renewal alert. */
  ownerAadId: z.string().optional(),
  ownerEmail: z.string().optional(),
});
export type Contract = z.infer<typeof ContractSchema>;

export const SpendTransactionSchema = z.object({
  id: z.string(), // "TXN-000001"
  date: z.string(), // ISO date
  fiscalYear: z.string(), // "FY2025" (April–March)
  supplierId: z.string(),
  supplierName: StoredNameSchema,
  category: StoredNameSchema,
  costCenter: StoredNameSchema,
  amount: z.number(),
  currency: z.string(),
  amountJpy: z.number(), // normalised for aggregation
  poNumber: z.string(),
  contractId: z.string().nullable(),
});
export type SpendTransaction = z.infer<typeof SpendTransactionSchema>;

const PolicySectionSchema = z.object({ id: z.string(), heading: StoredNameSchema, text: z.string() });

export const PolicyDocumentSchema = z.object({
  id: z.string(), // "POL-APPROVAL-MATRIX-en"
  policyKey: z.string(), // "approval-matrix" (same across languages)
  language: LanguageSchema,
  title: StoredNameSchema,
  version: z.string(),
  effectiveDate: z.string(),
  sections: z.array(PolicySectionSchema),
  url: DocumentUrlSchema.optional(),
});
export type PolicyDocument = z.infer<typeof PolicyDocumentSchema>;

export const PriceBenchmarkSchema = z.object({
  category: StoredNameSchema,
  unit: StoredNameSchema,
  currency: z.string(),
  p25: z.number(),
  median: z.number(),
  p75: z.number(),
  typicalAnnualIncreasePct: z.number(),
  source: StoredNameSchema,
  asOf: z.string(),
});
export type PriceBenchmark = z.infer<typeof PriceBenchmarkSchema>;

export interface ProcurementDataSet {
  suppliers: Supplier[];
  contracts: Contract[];
  spend: SpendTransaction[];
  policies: PolicyDocument[];
  benchmarks: PriceBenchmark[];
}

/** One of the largest transactions of a spend cell, kept so transaction lists never read every row. */
const SpendLineSchema = SpendTransactionSchema.omit({ fiscalYear: true, supplierId: true, category: true, costCenter: true });
export type SpendLine = z.infer<typeof SpendLineSchema>;

/** Spend totals of one month per supplier × category × cost center × currency, kept at load: spend questions never read every row. */
export const SpendCellSchema = z.object({
  month: z.string(), // "2025-04"
  fiscalYear: z.string(),
  supplierId: z.string(),
  supplierName: StoredNameSchema,
  category: StoredNameSchema,
  costCenter: StoredNameSchema,
  currency: z.string(),
  amount: z.number(), // in `currency`
  amountJpy: z.number(),
  count: z.number().int(),
  offContractJpy: z.number(),
  firstDate: z.string(),
  lastDate: z.string(),
  largest: z.array(SpendLineSchema), // the cell's largest transactions by JPY amount, largest first
  // Only on a fiscal-year roll-up (its `month` is its first month with spend): JPY per month of the year, so year-to-date
  // comparisons need no month cells.
  monthlyJpy: z.array(z.number()).length(12).optional(),
});
export type SpendCell = z.infer<typeof SpendCellSchema>;

export const DATA_KINDS = ["suppliers", "contracts", "spend", "policies", "benchmarks"] as const;
export type DataKind = (typeof DATA_KINDS)[number];

const count = z.number().int();

export const DataSetSummarySchema = z.object({
  name: z.enum(["sample", "imported"]),
  location: z.string(),
  importedAt: z.string().nullable(),
  /** First month of its fiscal years (4 = April–March): spend rows were labelled with it when imported. */
  fiscalYearStartMonth: z.number().int().min(1).max(12).default(4),
  counts: z.object({ suppliers: count, contracts: count, spend: count, policies: count, policySections: count, benchmarks: count }),
});
export type DataSetSummary = z.infer<typeof DataSetSummarySchema>;
