import type { PriceBenchmark, Supplier } from "../domain";
import type { FieldReader } from "./fields";

/** Columns each CSV must have (the others may be missing or empty). */
export const REQUIRED_COLUMNS = {
  fx: ["currency", "rateToJpy"],
  suppliers: ["id", "name", "category"],
  spend: ["id", "date", "supplierId", "amount", "currency"],
  contracts: ["id", "supplierId", "title", "startDate", "endDate"],
  benchmarks: ["category", "unit", "currency", "p25", "median", "p75"],
  policies: ["file", "key", "language", "title", "version", "effectiveDate"],
} as const;

export function readSupplier(f: FieldReader): Supplier {
  return {
    id: f.text("id", { required: true }),
    name: f.text("name", { required: true }),
    aliases: f.list("aliases"),
    ...optionalText("nameJa", f.text("nameJa")),
    category: f.text("category", { required: true }).toLowerCase(),
    ...optionalText("categoryNameJa", f.text("categoryNameJa")),
    region: f.text("region").toUpperCase(),
    riskRating: f.oneOf("riskRating", ["low", "medium", "high"] as const, "medium"),
    certifications: f.list("certifications"),
    performance: {
      onTimeDeliveryPct: f.nullableNumber("onTimeDeliveryPct", { min: 0, max: 100 }),
      qualityScore: f.nullableNumber("qualityScore", { min: 0 }),
      incidentsLast12m: f.nullableNumber("incidentsLast12m", { min: 0, integer: true }),
    },
    sanctionsFlag: f.boolean("sanctionsFlag"),
    preferred: f.boolean("preferred"),
    since: f.date("since"),
  };
}

export function readBenchmark(f: FieldReader): PriceBenchmark {
  const benchmark = {
    category: f.text("category", { required: true }).toLowerCase(),
    unit: f.text("unit", { required: true }),
    currency: f.text("currency", { required: true }).toUpperCase(),
    p25: f.number("p25", { required: true }),
    median: f.number("median", { required: true }),
    p75: f.number("p75", { required: true }),
    typicalAnnualIncreasePct: f.number("typicalAnnualIncreasePct"),
    source: f.text("source"),
    asOf: f.date("asOf"),
  };
  if (f.problems.length === 0 && !(benchmark.p25 <= benchmark.median && benchmark.median <= benchmark.p75))
    f.fail("median", `p25 ≤ median ≤ p75 does not hold (${benchmark.p25}, ${benchmark.median}, ${benchmark.p75})`);
  return benchmark;
}

export function benchmarkId(benchmark: PriceBenchmark): string {
  return `${benchmark.category}|${benchmark.unit}`;
}

function optionalText<K extends string>(key: K, value: string): Partial<Record<K, string>> {
  return value === "" ? {} : ({ [key]: value } as Record<K, string>);
}
