import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { ContractSchema, PriceBenchmarkSchema, SupplierSchema, type PolicyDocument, type ProcurementDataSet } from "../../domain";
import type { Currency } from "../../domain/amounts";
import { describeZodError } from "../../domain/errors";
import { parseFrontMatter } from "../../domain/front-matter";
import { buildSpend } from "./spend";

/** One spend category: how often its suppliers invoice and which cost centers buy it (infra/sample-data/categories.yaml). */
const CategoryProfileSchema = z.object({
  id: z.string(),
  nameJa: z.string().min(1),
  transactionsPerMonth: z.number().positive(),
  costCenters: z.array(z.string()).min(1),
});

/** A supplier of suppliers.json (names are fictional), with how it bills: spend is generated from these. */
const SampleSupplierSchema = SupplierSchema.extend({
  currency: z.enum(["JPY", "USD", "EUR"]) satisfies z.ZodType<Currency>,
  /** FY2024, JPY. */
  annualSpendJpy: z.number().positive(),
  /** Change per fiscal year, percent. */
  growthPct: z.number(),
  /** No spend after this day, e.g. once sanctions screening flagged the supplier. */
  spendUntil: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "ISO date YYYY-MM-DD")
    .optional(),
});

/** The infra/sample-data directory, found by walking up from this file (works from src/ and dist/). */
export function sampleDataDirectory(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "infra", "sample-data");
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`infra/sample-data not found above ${__dirname}`);
  }
}

/** Everything under infra/sample-data but the policies; errors name the file and the failing path. */
export function loadCatalogue(directory: string) {
  return {
    categories: readData(directory, "categories.yaml", z.array(CategoryProfileSchema)),
    suppliers: readData(directory, "suppliers.json", z.array(SampleSupplierSchema)),
    contracts: readData(directory, "contracts.json", z.array(ContractSchema)),
    benchmarks: readData(directory, "benchmarks.yaml", z.array(PriceBenchmarkSchema)),
  };
}

/** YAML where the file is written by hand, JSON (parsed far faster) where it holds generated records. */
function readData<S extends z.ZodTypeAny>(directory: string, file: string, schema: S): z.output<S> {
  const text = readFileSync(path.join(directory, file), "utf8");
  const parsed = schema.safeParse(file.endsWith(".json") ? JSON.parse(text) : parse(text));
  if (parsed.success) return parsed.data as z.output<S>;
  throw new Error(`${file}: ${describeZodError(parsed.error)}`);
}

/** Front matter of a policy markdown file (`<key>.<en|ja>.md`). */
const PolicyFrontMatterSchema = z.object({
  id: z.string().regex(/^POL-[A-Z0-9-]+$/, "policy code such as POL-APPROVAL-MATRIX"),
  key: z.string().min(1),
  language: z.enum(["en", "ja"]),
  title: z.string().min(1),
  version: z.coerce.string(),
  effectiveDate: z.union([z.string(), z.date().transform((date) => date.toISOString().slice(0, 10))]),
});

/** A numbered heading ("## 3. Thresholds" or "### 3.2 Renewals") starts a section cited as "POL-… §3.2". */
const SECTION_HEADING = /^#{2,4}\s+§?(\d+(?:\.\d+)*)\.?\s+(.+?)\s*$/;

/** Parses one policy file: front matter plus numbered sections (text outside them is ignored). */
function parsePolicyDocument(source: string, fileName: string): PolicyDocument {
  const file = parseFrontMatter(source);
  const front = PolicyFrontMatterSchema.safeParse(file.data);
  if (!front.success) throw new Error(`${fileName}: ${describeZodError(front.error)}`);
  const { id, key, language, title, version, effectiveDate } = front.data;
  const sections: PolicyDocument["sections"] = [];
  for (const line of file.content.split("\n")) {
    const heading = SECTION_HEADING.exec(line);
    if (heading) sections.push({ id: `${id} §${heading[1]}`, heading: heading[2], text: "" });
    else if (sections.length > 0) sections[sections.length - 1].text += `${line}\n`;
  }
  if (sections.length === 0) throw new Error(`${fileName}: no numbered sections ("## 1. Heading")`);
  for (const section of sections) section.text = section.text.trim();
  return { id: `${id}-${language}`, policyKey: key, language, title, version, effectiveDate, sections };
}

/** Every `*.md` policy file of a directory, in file-name order. */
export function loadPolicyDocuments(directory: string): PolicyDocument[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => parsePolicyDocument(readFileSync(path.join(directory, file), "utf8"), file));
}

/**
 * The synthetic procurement data set: suppliers, contracts, ≥ 10,000 spend transactions (FY2024–FY2026 to date), en/ja policy documents and
 * price benchmarks, read from infra/sample-data (contract statuses as of 2026-11-21). Spend is generated from each supplier's billing with a
 * fixed seed, identical on every call.
 */
export function generateSampleDataSet(directory: string = sampleDataDirectory()): ProcurementDataSet {
  const catalogue = loadCatalogue(directory);
  const { contracts, benchmarks } = catalogue;
  const spend = buildSpend(catalogue);
  const suppliers = catalogue.suppliers.map(({ currency: _c, annualSpendJpy: _a, growthPct: _g, spendUntil: _s, ...supplier }) => supplier);
  const policies = loadPolicyDocuments(path.join(directory, "policies"));
  return { suppliers, contracts, spend, policies, benchmarks };
}
