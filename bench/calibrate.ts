/**
 * `npm run bench -- calibrate FILE`: the simulator's profiles from production telemetry. FILE is the
 * result of the KQL query in docs/latency.md over the `ModelStreamTimed` events (each streamed answer's
 * time to first text, speed, tokens per chunk and reasoning tokens, per deployment and model), exported
 * from Application Insights as CSV, or as JSON (`az monitor app-insights query` output, or an array of
 * rows). The profiles are keyed by model name (`gpt-5.4`), as the bench's deployments are named; lay
 * them over the shipped ones with `npm run bench -- latency --profiles OUT`.
 */
import { parse as parseCsv } from "csv-parse/sync";
import { z } from "zod";
import { parseModelName } from "../src/domain";
import { describeZodError } from "../src/domain/errors";
import type { ModelProfiles } from "./sim/latency";
import { percentile } from "./stats";

/** Fewer streamed answers than this give no profile for a model: a median of a handful would mislead. */
export const MIN_ANSWERS_PER_MODEL = 20;

const number = z.union([z.number(), z.string().trim().min(1).pipe(z.coerce.number())]);
const optionalNumber = z.union([number, z.literal(""), z.null()]).optional();

/** One `ModelStreamTimed` row as the documented query projects it. */
const RowSchema = z.object({
  deployment: z.string().min(1),
  model: z.string().min(1),
  reasoningEffort: z.string().nullish(),
  firstTextMs: number.pipe(z.number().nonnegative()),
  tokensPerSecond: optionalNumber,
  chunkTokens: number.pipe(z.number().positive()),
  reasoningTokens: optionalNumber,
});
type Row = z.infer<typeof RowSchema>;

/** What calibration made of the file: the profiles, and why any model got none. */
export interface Calibration {
  profiles: ModelProfiles;
  skipped: string[];
}

/** Profiles from an export's text (`name` says where it came from, for the profiles' sources). */
export function calibrateProfiles(text: string, name: string, today: string): Calibration {
  const rows = readRows(text).map((row, index) => {
    const parsed = RowSchema.safeParse(row);
    if (!parsed.success) throw new Error(`${name}: row ${index + 1}: ${describeZodError(parsed.error)}`);
    return parsed.data;
  });
  if (rows.length === 0) throw new Error(`${name}: no rows (run the query in docs/latency.md and export its result)`);
  const byModel = groupBy(rows, (row) => parseModelName(row.model).name);
  const profiles: ModelProfiles = {};
  const skipped: string[] = [];
  for (const [model, answers] of byModel) {
    if (answers.length < MIN_ANSWERS_PER_MODEL) {
      skipped.push(`${model}: ${answers.length} streamed answers, fewer than ${MIN_ANSWERS_PER_MODEL}`);
      continue;
    }
    profiles[model] = profileOf(answers, `${name}, calibrated ${today}`);
  }
  return { profiles, skipped };
}

function profileOf(answers: readonly Row[], from: string): ModelProfiles[string] {
  const speeds = answers.flatMap((row) =>
    typeof row.tokensPerSecond === "number" && row.tokensPerSecond > 0 ? [row.tokensPerSecond] : [],
  );
  const tokensPerSecond = percentile(speeds, 50);
  if (!Number.isFinite(tokensPerSecond)) throw new Error(`${from}: no answer of ${answers[0].model} streamed in more than one chunk`);
  // Time to first text without reasoning: what remains once the reasoning, at the model's speed, is taken off.
  const base = answers.map((row) => Math.max(1, row.firstTextMs - (reasoningOf(row) / tokensPerSecond) * 1000));
  const ttftMedianMs = median(base);
  const byEffort = groupBy(answers, (row) => row.reasoningEffort || "none");
  const deployments = [...new Set(answers.map((row) => row.deployment))].sort().join(", ");
  return {
    ttftMedianMs: Math.round(ttftMedianMs),
    ttftP95OverMedian: round2(Math.max(1, percentile(base, 95) / ttftMedianMs)),
    tokensPerSecond: round2(tokensPerSecond),
    reasoningTokens: Object.fromEntries([...byEffort].map(([effort, rows]) => [effort, Math.round(median(rows.map(reasoningOf)))])),
    filterChunkTokens: round2(median(answers.map((row) => row.chunkTokens))),
    sources: [`ModelStreamTimed telemetry: ${answers.length} streamed answers of ${deployments} (${from})`],
  };
}

/** The rows of a CSV export (header row first) or a JSON one (Log Analytics' tables, or an array of objects). */
function readRows(text: string): unknown[] {
  const trimmed = text.trim();
  if (!trimmed.startsWith("[") && !trimmed.startsWith("{")) return parseCsv(trimmed, { columns: true, skip_empty_lines: true, bom: true });
  const json: unknown = JSON.parse(trimmed);
  const tables = z.object({
    tables: z.array(z.object({ columns: z.array(z.object({ name: z.string() })), rows: z.array(z.array(z.unknown())) })),
  });
  const asTables = tables.safeParse(json);
  if (!asTables.success) return z.array(z.unknown()).parse(json);
  const [table] = asTables.data.tables;
  return (table?.rows ?? []).map((row) => Object.fromEntries(table.columns.map((column, i) => [column.name, row[i]])));
}

function reasoningOf(row: Row): number {
  return typeof row.reasoningTokens === "number" ? row.reasoningTokens : 0;
}

function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** The rows by key, in first-seen order (Map.groupBy needs Node 21). */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
