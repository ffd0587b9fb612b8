/**
 * `npm run import -- DIR [--dry-run] [--only spend,suppliers] [--mapping FILE] [--skip-invalid]
 * [--replace] [--max-issues N]`: imports a team's own procurement data (CSV files, contract and
 * policy documents) into the Cosmos account (COSMOS_ENDPOINT) or else the local data directory
 * (PROCURA_DATA_DIR). Exit codes: 0 imported, 1 a file had errors (or the import failed), 2 usage.
 */
import { existsSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig, type AppConfig } from "../config";
import { parseRatesToJpy } from "../config/fx-rates";
import { dataSetBanner } from "../composition/procurement-data";
import { DATA_KINDS, describeError, redactUrl, type DataKind } from "../domain";
import { DEFAULT_ISSUE_LIMIT } from "../import/issues";
import { DEFAULT_MAPPING, loadMapping } from "../import/mapping";
import type { DataStoreWriter } from "../import/ports";
import { createProgress } from "../import/progress";
import { runImport, type KindOutcome } from "../import/run-import";
import { openCosmosStore } from "../storage";
import { CosmosDataWriter } from "../storage/cosmos-data-writer";
import { LocalDataStore } from "../storage/local-data-store";
import { toIsoDate } from "../tools/iso-date";

const USAGE =
  "Usage: npm run import -- DIR [--dry-run] [--only suppliers,contracts,spend,policies,benchmarks] [--mapping FILE] [--skip-invalid] [--replace] [--max-issues N]";

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        "dry-run": { type: "boolean", default: false },
        only: { type: "string" },
        mapping: { type: "string" },
        "skip-invalid": { type: "boolean", default: false },
        replace: { type: "boolean", default: false },
        "max-issues": { type: "string" },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || !existsSync(positionals[0]) || !statSync(positionals[0]).isDirectory()) {
    process.stderr.write(`${positionals.length === 1 ? `${positionals[0]} is not a directory.\n` : ""}${USAGE}\n`);
    return 2;
  }
  const only = values.only
    ?.split(",")
    .map((kind) => kind.trim())
    .filter(Boolean);
  const unknown = only?.filter((kind) => !(DATA_KINDS as readonly string[]).includes(kind)) ?? [];
  if (unknown.length > 0) {
    process.stderr.write(`--only: unknown kind ${unknown.join(", ")} (use ${DATA_KINDS.join(", ")})\n`);
    return 2;
  }
  const maxIssues = values["max-issues"] === undefined ? DEFAULT_ISSUE_LIMIT : Number(values["max-issues"]);
  if (!Number.isInteger(maxIssues) || maxIssues < 1) {
    process.stderr.write(`--max-issues: ${values["max-issues"]} is not a positive whole number\n`);
    return 2;
  }
  const config = loadConfig();
  const mapping = values.mapping ? await loadMapping(values.mapping) : DEFAULT_MAPPING;
  const { writer, close } = await openWriter(config);
  try {
    const started = Date.now();
    const result = await runImport(writer, {
      directory: positionals[0],
      mapping,
      only: only ? new Set(only as DataKind[]) : undefined,
      dryRun: values["dry-run"],
      skipInvalid: values["skip-invalid"],
      replace: values.replace,
      issueLimit: maxIssues,
      fiscalYearStartMonth: config.env.FISCAL_YEAR_START_MONTH,
      ratesToJpy: parseRatesToJpy(config.env.FX_RATES_JPY) as Record<string, number>,
      today: toIsoDate(new Date()),
      progress: createProgress(),
    });
    for (const outcome of result.outcomes) for (const line of outcome.issues.lines()) process.stderr.write(`${line}\n`);
    if (result.outcomes.length === 0)
      process.stdout.write(
        `Nothing to import in ${positionals[0]} (expected suppliers.csv, spend.csv, contracts.csv, policies/, benchmarks.csv, fx.csv).\n`,
      );
    for (const outcome of result.outcomes) process.stdout.write(`${summaryLine(outcome)}\n`);
    const rejected = result.outcomes.filter((outcome) => outcome.status === "rejected");
    if (values["dry-run"]) process.stdout.write(`Dry run: nothing was written to ${writer.location}.\n`);
    else if (result.summary) process.stdout.write(`${dataSetBanner(result.summary)} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    if (rejected.length > 0)
      process.stdout.write(
        `Files with errors imported nothing: ${rejected.map((o) => o.file).join(", ")}. Fix them, or pass --skip-invalid to import their valid rows.\n`,
      );
    return rejected.length > 0 ? 1 : 0;
  } finally {
    await close();
  }
}

/** "spend (spend.csv): 1,000,000 rows, 999,000 new, 1,000 updated, 0 unchanged — 12.3 s, 81,300 rows/s". */
function summaryLine(o: KindOutcome): string {
  const n = (value: number) => value.toLocaleString("en-US");
  const rate = o.durationMs > 0 ? `, ${n(Math.round((o.read / o.durationMs) * 1000))} rows/s` : "";
  const timing = ` — ${(o.durationMs / 1000).toFixed(1)} s${rate}`;
  if (o.status === "rejected")
    return `${o.kind} (${o.file}): ${n(o.read)} rows read, ${n(o.issues.total)} issue(s) in ${n(o.issues.badRows)} row(s)${o.issues.badRows === 0 ? " (file-level)" : ""} — nothing imported${timing}`;
  const skipped = o.skipped > 0 ? `, ${n(o.skipped)} invalid rows skipped` : "";
  if (o.kind === "fx") return `fx (${o.file}): ${n(o.inserted)} rates to JPY used for this import${skipped}`;
  if (o.status === "validated") return `${o.kind} (${o.file}): ${n(o.read)} rows read, all valid${skipped} (dry run)${timing}`;
  const removed = o.removed > 0 ? `, ${n(o.removed)} removed` : "";
  return `${o.kind} (${o.file}): ${n(o.read)} rows read, ${n(o.inserted)} new, ${n(o.updated)} updated, ${n(o.unchanged)} unchanged${removed}${skipped}${timing}`;
}

/** The Cosmos account with COSMOS_ENDPOINT, else the local data directory. */
async function openWriter(config: AppConfig): Promise<{ writer: DataStoreWriter; close: () => Promise<void> }> {
  if (!config.env.COSMOS_ENDPOINT)
    return { writer: new LocalDataStore(config.env.PROCURA_DATA_DIR, config.env.FISCAL_YEAR_START_MONTH), close: async () => {} };
  const store = await openCosmosStore(config, { log: (line) => process.stderr.write(`${line}\n`) });
  return {
    writer: new CosmosDataWriter(
      store.procurementContainers,
      `Cosmos database ${config.env.COSMOS_DATABASE} at ${redactUrl(config.env.COSMOS_ENDPOINT)}`,
    ),
    close: () => store.close(),
  };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Import failed: ${describeError(error)}\n`);
    process.exit(1);
  },
);
