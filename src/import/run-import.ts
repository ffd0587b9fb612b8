import { systemClock, type DataSetSummary } from "../domain";
import { importBenchmarks, importFx, importSuppliers } from "./import-tables";
import { importContracts } from "./import-contracts";
import { importPolicies } from "./import-policies";
import { ImportRun, type ImportOptions, type KindOutcome } from "./import-run";
import { importSpend } from "./import-spend";
import type { DataStoreWriter, DirectoryKind } from "./ports";

/** Later kinds are checked against earlier ones; records are upserted by id, so importing the same files again changes nothing. */
export async function runImport(
  writer: DataStoreWriter,
  options: ImportOptions,
): Promise<{ outcomes: KindOutcome[]; summary: DataSetSummary | undefined }> {
  const run = new ImportRun(writer, options);
  const previous = await writer.loadSummary();
  run.spendCount = previous?.counts.spend ?? 0;
  await importFx(run);
  const validated = run.wants("suppliers") ? await importSuppliers(run) : [];
  run.suppliers = new Map([...(await writer.load("suppliers")), ...validated].map((s) => [s.id, s]));
  if (run.wants("contracts")) await importContracts(run);
  if (run.wants("spend")) await importSpend(run);
  if (run.wants("policies")) await importPolicies(run);
  if (run.wants("benchmarks")) await importBenchmarks(run);
  const wrote = run.outcomes.some((o) => o.status === "imported" && o.kind !== "fx");
  if (options.dryRun || !wrote) return { outcomes: run.outcomes, summary: previous };
  const summary = await summaryAfter(run);
  await writer.saveSummary(summary);
  return { outcomes: run.outcomes, summary };
}

// Kinds written in this run are counted as written, not read back: in Cosmos a read of ten thousand contracts is a long query.
async function summaryAfter(run: ImportRun): Promise<DataSetSummary> {
  const stored = <K extends DirectoryKind>(kind: K) => run.written[kind] ?? run.writer.load(kind);
  const [suppliers, contracts, policies, benchmarks] = await Promise.all([
    stored("suppliers"),
    stored("contracts"),
    stored("policies"),
    stored("benchmarks"),
  ]);
  return {
    name: "imported",
    location: run.writer.location,
    importedAt: systemClock.now().toISOString(),
    fiscalYearStartMonth: run.options.fiscalYearStartMonth,
    counts: {
      suppliers: suppliers.length,
      contracts: contracts.length,
      spend: run.spendCount,
      policies: policies.length,
      policySections: policies.reduce((n, p) => n + p.sections.length, 0),
      benchmarks: benchmarks.length,
    },
  };
}
