import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { PriceBenchmarkSchema, SupplierSchema, type PriceBenchmark } from "../../domain";
import { describeZodError } from "../../domain/errors";

const currency = z.enum(["JPY", "USD", "EUR"]);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "ISO date YYYY-MM-DD");

/** One spend category: how its suppliers bill and what they hold (infra/sample-data/categories.yaml). */
const CategoryProfileSchema = z.object({
  id: z.string(),
  /** The category's Japanese display name, as an imported data set gives it in suppliers.csv's categoryNameJa. */
  nameJa: z.string().min(1),
  annualSpendJpy: z.tuple([z.number().positive(), z.number().positive()]),
  transactionsPerMonth: z.number().positive(),
  costCenters: z.array(z.string()).min(1),
  certifications: z.array(z.string()),
  contractTitles: z.array(z.string()).min(1),
  priceIndex: z.string(),
  billing: z.string(),
});
export type CategoryProfile = z.infer<typeof CategoryProfileSchema>;

/** A supplier as authored in suppliers.yaml; omitted facts are generated. */
const SupplierEntrySchema = SupplierSchema.pick({ id: true, name: true, aliases: true, category: true, region: true }).extend({
  riskRating: SupplierSchema.shape.riskRating.optional(),
  certifications: z.array(z.string()).optional(),
  sanctionsFlag: z.boolean().optional(),
  preferred: z.boolean().optional(),
  annualSpendJpy: z.number().positive().optional(),
  growthPct: z.number().optional(),
  spendUntil: isoDate.optional(),
});
export type SupplierEntry = z.infer<typeof SupplierEntrySchema>;

/** How a contract's price may change: a capped increase, an index with a cap, fixed, or market-linked. */
const PriceVariantSchema = z.enum(["cap", "index", "fixed", "market"]);
export type PriceVariant = z.infer<typeof PriceVariantSchema>;

/** A contract whose terms are fixed in contracts.yaml rather than drawn. */
const PinnedContractSchema = z.object({
  id: z.string(),
  supplierId: z.string(),
  title: z.string(),
  annualValue: z.number().positive(),
  currency,
  startDate: isoDate,
  endDate: isoDate,
  autoRenew: z.boolean(),
  noticeDays: z.number().int().positive(),
  priceVariant: PriceVariantSchema,
  priceCapPct: z.number().nullable(),
});
export type PinnedContract = z.infer<typeof PinnedContractSchema>;

const variants = z.array(z.string().min(1)).min(1);

const ContractTemplatesSchema = z.object({
  pinned: z.array(PinnedContractSchema),
  clauses: z.object({
    term: variants,
    renewal_auto: variants,
    renewal_manual: variants,
    price_cap: variants,
    price_index: variants,
    price_fixed: variants,
    price_market: variants,
    termination_convenience: variants,
    termination_cause: variants,
    liability: variants,
    payment: variants,
  }),
  other: z.record(z.string()),
});
export type ContractTemplates = z.infer<typeof ContractTemplatesSchema>;

/** Everything authored by hand under infra/sample-data. */
export interface Catalogue {
  categories: CategoryProfile[];
  suppliers: SupplierEntry[];
  templates: ContractTemplates;
  benchmarks: PriceBenchmark[];
}

/** The infra/sample-data directory, found by walking up from this file (works from src/ and dist/). */
export function sampleDataDirectory(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "infra", "sample-data");
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`infra/sample-data not found above ${__dirname}`);
  }
}

/** Errors name the file and the failing path. */
export function loadCatalogue(directory: string): Catalogue {
  return {
    categories: readYaml(directory, "categories.yaml", z.array(CategoryProfileSchema)),
    suppliers: readYaml(directory, "suppliers.yaml", z.array(SupplierEntrySchema)),
    templates: readYaml(directory, "contracts.yaml", ContractTemplatesSchema),
    benchmarks: readYaml(directory, "benchmarks.yaml", z.array(PriceBenchmarkSchema)),
  };
}

function readYaml<S extends z.ZodTypeAny>(directory: string, file: string, schema: S): z.output<S> {
  const parsed = schema.safeParse(parse(readFileSync(path.join(directory, file), "utf8")));
  if (parsed.success) return parsed.data as z.output<S>;
  const issues = describeZodError(parsed.error);
  throw new Error(`${file}: ${issues}`);
}
