import type { PriceBenchmark, Supplier } from "../domain";
import type { FieldReader } from "./fields";
import type { ImportRun, KindOutcome } from "./import-run";
import type { DirectoryKind, DirectoryRecords } from "./ports";
import { readTableRecords } from "./table-records";

/** Upserted by id into the stored ones (or replacing them all); the run keeps the result as written. */
export async function mergeDirectory<K extends DirectoryKind>(
  run: ImportRun,
  kind: K,
  records: DirectoryRecords[K][],
  idOf: (record: DirectoryRecords[K]) => string,
  outcome: KindOutcome,
): Promise<void> {
  const { writer, options } = run;
  const stored = new Map((await writer.load(kind)).map((record) => [idOf(record), record]));
  const merged = options.replace ? new Map<string, DirectoryRecords[K]>() : new Map(stored);
  const changed: DirectoryRecords[K][] = [];
  for (const record of records) {
    const before = stored.get(idOf(record));
    const unchanged = before !== undefined && JSON.stringify(before) === JSON.stringify(record);
    if (before === undefined) outcome.inserted += 1;
    else if (unchanged) outcome.unchanged += 1;
    else outcome.updated += 1;
    if (!unchanged) changed.push(record);
    merged.set(idOf(record), record);
  }
  const removed = options.replace ? [...stored].filter(([id]) => !merged.has(id)).map(([, record]) => record) : [];
  outcome.removed = removed.length;
  const all = [...merged.values()].sort((a, b) => idOf(a).localeCompare(idOf(b)));
  await writer.save(kind, { all, changed, removed });
  (run.written as Record<K, DirectoryRecords[K][]>)[kind] = all;
}

/** suppliers.csv; its valid suppliers, which later kinds are checked against, even in a dry run. */
export async function importSuppliers(run: ImportRun): Promise<Supplier[]> {
  const result = await readTableRecords(run, "suppliers", (f, _row, checkId) => {
    const supplier = readSupplier(f);
    checkId(supplier.id);
    return supplier;
  });
  if (!result) return [];
  if (run.accept(result.outcome, result.records.length))
    await mergeDirectory(run, "suppliers", result.records, (s) => s.id, result.outcome);
  return result.outcome.issues.total === 0 || run.options.skipInvalid ? result.records : [];
}

export async function importBenchmarks(run: ImportRun): Promise<void> {
  const result = await readTableRecords(run, "benchmarks", (f, _row, checkId) => {
    const benchmark = readBenchmark(f);
    checkId(benchmarkId(benchmark), "category");
    return benchmark;
  });
  if (!result) return;
  if (run.accept(result.outcome, result.records.length))
    await mergeDirectory(run, "benchmarks", result.records, benchmarkId, result.outcome);
}

/** fx.csv: its rates add to and override the configured ones; they only convert this import's amounts, so a dry run uses them too. */
export async function importFx(run: ImportRun): Promise<void> {
  const result = await readTableRecords(run, "fx", (f) => ({
    currency: f.text("currency", { required: true }).toUpperCase(),
    rate: f.number("rateToJpy", { required: true, min: Number.MIN_VALUE }),
  }));
  if (!result) return;
  const { outcome, records } = result;
  const valid = outcome.issues.total === 0 || run.options.skipInvalid;
  if (valid) for (const { currency, rate } of records) run.rates[currency] = rate;
  run.accept(outcome, records.length);
  if (outcome.status !== "rejected") outcome.status = run.options.dryRun ? "validated" : "imported";
  outcome.inserted = valid ? records.length : 0;
}

function readSupplier(f: FieldReader): Supplier {
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

function readBenchmark(f: FieldReader): PriceBenchmark {
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

function benchmarkId(benchmark: PriceBenchmark): string {
  return `${benchmark.category}|${benchmark.unit}`;
}

function optionalText<K extends string>(key: K, value: string): Partial<Record<K, string>> {
  return value === "" ? {} : ({ [key]: value } as Record<K, string>);
}
