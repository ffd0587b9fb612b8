import type { KindOutcome } from "../import/run-import";

/** "1 row", "1,204 rows". */
function count(value: number, noun: string, plural = `${noun}s`): string {
  return `${value.toLocaleString("en-US")} ${value === 1 ? noun : plural}`;
}

/**
 * One kind's line of the import summary, naming the file and how it was read: "spend (spend.csv, Shift_JIS): 1,000,000 rows read, 999,000
 * new, 1,000 updated, 0 unchanged — 12.3 s, 81,300 rows/s".
 */
export function summaryLine(o: KindOutcome): string {
  const n = (value: number) => value.toLocaleString("en-US");
  const rate = o.durationMs > 0 ? `, ${n(Math.round((o.read / o.durationMs) * 1000))} rows/s` : "";
  const timing = ` — ${(o.durationMs / 1000).toFixed(1)} s${rate}`;
  const source = `${o.kind} (${o.file}${o.format === "" ? "" : `, ${o.format}`})`;
  const read = `${count(o.read, "row")} read${o.emptyRows > 0 ? ` (${count(o.emptyRows, "empty row")} skipped)` : ""}`;
  if (o.status === "rejected")
    return `${source}: ${read}, ${count(o.issues.total, "issue")} in ${count(o.issues.badRows, "row")}${o.issues.badRows === 0 ? " (file-level)" : ""} — nothing imported${timing}`;
  const skipped = o.skipped > 0 ? `, ${count(o.skipped, "invalid row")} skipped` : "";
  if (o.kind === "fx") return `${source}: ${count(o.inserted, "rate")} to JPY used for this import${skipped}`;
  if (o.status === "validated") return `${source}: ${read}, ${dryRunVerdict(o)} (dry run)${timing}`;
  const removed = o.removed > 0 ? `, ${n(o.removed)} removed` : "";
  return `${source}: ${read}, ${n(o.inserted)} new, ${n(o.updated)} updated, ${n(o.unchanged)} unchanged${removed}${skipped}${timing}`;
}

/** What a dry run found of a file's rows: a dry run skips nothing, so the invalid rows are those that would be. */
function dryRunVerdict({ read, skipped }: KindOutcome): string {
  if (skipped === 0) return "all valid";
  const valid = read - skipped;
  return `${count(skipped, "invalid row")} would be skipped; the other ${valid.toLocaleString("en-US")} ${valid === 1 ? "is" : "are"} valid`;
}

/**
 * What to do about the files that imported nothing: bad rows can be fixed or skipped with --skip-invalid; a file-level problem (a missing
 * column, a sheet not found) can only be fixed, most often in the mapping file.
 */
export function rejectedAdvice(rejected: readonly KindOutcome[]): string[] {
  const files = (outcomes: readonly KindOutcome[]) => outcomes.map((o) => o.file).join(", ");
  const withBadRows = rejected.filter((o) => o.issues.badRows > 0);
  const fileLevel = rejected.filter((o) => o.issues.badRows === 0);
  return [
    ...(withBadRows.length > 0
      ? [`Files with bad rows imported nothing: ${files(withBadRows)}. Fix the rows, or pass --skip-invalid to import the valid ones.`]
      : []),
    ...(fileLevel.length > 0
      ? [
          `Files that could not be read as a whole imported nothing: ${files(fileLevel)}. Fix what is named above (in the mapping file, given with --mapping, for columns and sheets).`,
        ]
      : []),
  ];
}
