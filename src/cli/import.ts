import { existsSync, statSync } from "node:fs";
import { loadConfig, type AppConfig } from "../config";
import { parseRatesToJpy } from "../config/schema";
import { dataSetBanner } from "../composition/procurement-data";
import { DATA_KINDS, redactUrl, type DataKind } from "../domain";
import { DEFAULT_ISSUE_LIMIT } from "../import/issues";
import { DEFAULT_MAPPING, loadMapping, type Mapping } from "../import/mapping";
import type { DataStoreWriter } from "../import/ports";
import { createProgress, type Progress } from "../import/progress";
import { runImport, type KindOutcome } from "../import/run-import";
import { removeOwnTemporaries } from "../import/temporary-files";
import { openCosmosStore } from "../storage";
import { CosmosDataWriter } from "../storage/cosmos-data-writer";
import { LocalDataStore } from "../storage/local-data-store";
import { ENCODING_NAMES, encodingNamed } from "../import/text-encoding";
import { countOf } from "../tools/format";
import { toIsoDate } from "../tools/iso-date";
import { exitCodeOf, parseCommand, runCommand, type ArgsIo } from "./args";

const USAGE =
  "Usage: npm run import -- DIR [--dry-run] [--only suppliers,contracts,spend,policies,benchmarks] [--mapping FILE] [--encoding utf-8|utf-16le|utf-16be|shift_jis] [--skip-invalid] [--replace] [--max-issues N]";

export type ImportCommandIo = ArgsIo & { env?: Record<string, string | undefined>; progress: Progress };

/** 0 imported, 1 a file had errors, 2 usage. */
export function importCommand(argv: string[], io: ImportCommandIo): Promise<number> {
  return exitCodeOf(() => importFiles(argv, io));
}

async function importFiles(argv: string[], io: ImportCommandIo): Promise<number> {
  const { values, positionals } = parseCommand(
    argv,
    {
      usage: USAGE,
      positionals: true,
      options: {
        "dry-run": { type: "boolean", default: false },
        only: { type: "string" },
        mapping: { type: "string" },
        encoding: { type: "string" },
        "skip-invalid": { type: "boolean", default: false },
        replace: { type: "boolean", default: false },
        "max-issues": { type: "string" },
      },
    },
    io,
  );
  const refused = (problem: string) => {
    io.err(`${problem}\n`);
    return 2;
  };
  if (positionals.length !== 1 || !existsSync(positionals[0]) || !statSync(positionals[0]).isDirectory()) {
    io.err(`${positionals.length === 1 ? `${positionals[0]} is not a directory.\n` : ""}${USAGE}\n`);
    return 2;
  }
  const only = values.only
    ?.split(",")
    .map((kind) => kind.trim())
    .filter(Boolean);
  const unknown = only?.filter((kind) => !(DATA_KINDS as readonly string[]).includes(kind)) ?? [];
  if (unknown.length > 0) return refused(`--only: unknown kind ${unknown.join(", ")} (use ${DATA_KINDS.join(", ")})`);
  const maxIssues = values["max-issues"] === undefined ? DEFAULT_ISSUE_LIMIT : Number(values["max-issues"]);
  if (!Number.isInteger(maxIssues) || maxIssues < 1) return refused(`--max-issues: ${values["max-issues"]} is not a positive whole number`);
  const encoding = values.encoding === undefined ? undefined : encodingNamed(values.encoding);
  if (values.encoding !== undefined && encoding === undefined)
    return refused(`--encoding: unknown encoding ${values.encoding} (use ${ENCODING_NAMES})`);
  let mapping: Mapping = DEFAULT_MAPPING;
  try {
    if (values.mapping) mapping = await loadMapping(values.mapping);
  } catch (error) {
    return refused((error as Error).message);
  }
  const config = loadConfig(io.env);
  const { writer, close } = await openWriter(config, io);
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
      progress: io.progress,
      encoding,
    });
    for (const outcome of result.outcomes) for (const line of outcome.issues.lines()) io.err(`${line}\n`);
    if (result.outcomes.length === 0)
      return refused(
        `Nothing to import in ${positionals[0]} (expected suppliers, spend, contracts, benchmarks or fx as .csv or .xlsx, or policies/; other file names go in the mapping file).`,
      );
    for (const outcome of result.outcomes) io.out(`${summaryLine(outcome)}\n`);
    const rejected = result.outcomes.filter((outcome) => outcome.status === "rejected");
    if (values["dry-run"]) io.out(`Dry run: nothing was written to ${writer.location}.\n`);
    else if (result.summary) io.out(`${dataSetBanner(result.summary)} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    for (const line of rejectedAdvice(rejected)) io.out(`${line}\n`);
    return rejected.length > 0 ? 1 : 0;
  } finally {
    await close();
  }
}

async function openWriter(config: AppConfig, io: ImportCommandIo): Promise<{ writer: DataStoreWriter; close: () => Promise<void> }> {
  if (!config.env.COSMOS_ENDPOINT)
    return { writer: new LocalDataStore(config.env.PROCURA_DATA_DIR, config.env.FISCAL_YEAR_START_MONTH), close: async () => {} };
  const store = await openCosmosStore(config, { log: (line) => io.err(`${line}\n`) });
  return {
    writer: new CosmosDataWriter(
      store.procurementContainers,
      `Cosmos database ${config.env.COSMOS_DATABASE} at ${redactUrl(config.env.COSMOS_ENDPOINT)}`,
    ),
    close: () => store.close(),
  };
}

/** "spend (spend.csv, Shift_JIS): 1,000,000 rows read, 999,000 new, 1,000 updated, 0 unchanged — 12.3 s, 81,300 rows/s". */
function summaryLine(o: KindOutcome): string {
  const n = (value: number) => value.toLocaleString("en-US");
  const rate = o.durationMs > 0 ? `, ${n(Math.round((o.read / o.durationMs) * 1000))} rows/s` : "";
  const timing = ` — ${(o.durationMs / 1000).toFixed(1)} s${rate}`;
  const source = `${o.kind} (${o.file}${o.format === "" ? "" : `, ${o.format}`})`;
  const read = `${countOf(o.read, "row")} read${o.emptyRows > 0 ? ` (${countOf(o.emptyRows, "empty row")} skipped)` : ""}`;
  if (o.status === "rejected")
    return `${source}: ${read}, ${countOf(o.issues.total, "issue")} in ${countOf(o.issues.badRows, "row")}${o.issues.badRows === 0 ? " (file-level)" : ""} — nothing imported${timing}`;
  const skipped = o.skipped > 0 ? `, ${countOf(o.skipped, "invalid row")} skipped` : "";
  if (o.kind === "fx") return `${source}: ${countOf(o.inserted, "rate")} to JPY used for this import${skipped}`;
  if (o.status === "validated") return `${source}: ${read}, ${dryRunVerdict(o)} (dry run)${timing}`;
  const removed = o.removed > 0 ? `, ${n(o.removed)} removed` : "";
  return `${source}: ${read}, ${n(o.inserted)} new, ${n(o.updated)} updated, ${n(o.unchanged)} unchanged${removed}${skipped}${timing}`;
}

/** What a dry run found of a file's rows: a dry run skips nothing, so the invalid rows are those that would be. */
function dryRunVerdict({ read, skipped }: KindOutcome): string {
  if (skipped === 0) return "all valid";
  const valid = read - skipped;
  return `${countOf(skipped, "invalid row")} would be skipped; the other ${valid.toLocaleString("en-US")} ${valid === 1 ? "is" : "are"} valid`;
}

// Bad rows can be fixed or skipped with --skip-invalid; a file-level problem (a missing column) can only be fixed, mostly in the mapping.
function rejectedAdvice(rejected: readonly KindOutcome[]): string[] {
  const files = (outcomes: readonly KindOutcome[]) => outcomes.map((o) => o.file).join(", ");
  const withBadRows = rejected.filter((o) => o.issues.badRows > 0);
  const fileLevel = rejected.filter((o) => o.issues.badRows === 0);
  const advice: string[] = [];
  if (withBadRows.length > 0)
    advice.push(
      `Files with bad rows imported nothing: ${files(withBadRows)}. Fix the rows, or pass --skip-invalid to import the valid ones.`,
    );
  if (fileLevel.length > 0)
    advice.push(
      `Files that could not be read as a whole imported nothing: ${files(fileLevel)}. Fix what is named above (in the mapping file, given with --mapping, for columns and sheets).`,
    );
  return advice;
}

if (require.main === module) {
  // Ctrl-C: the files the import was writing go with it, rather than wait for the next import to find them.
  process.once("SIGINT", () => {
    removeOwnTemporaries();
    process.stderr.write("\nImport interrupted: its temporary files were removed. Run it again to import the files.\n");
    process.exit(130);
  });
  runCommand(
    (argv) =>
      importCommand(argv, {
        out: (text) => process.stdout.write(text),
        err: (text) => process.stderr.write(text),
        progress: createProgress(),
      }),
    "Import failed",
  );
}
