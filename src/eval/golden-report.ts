import type { CanaryRow } from "../domain";
import { PASSING_SCORE } from "./metrics/metric-result";
import type { MetricLine } from "./score-sample";

/** One golden result as a row: passed, failed (below PASSING_SCORE, or no score), or skipped (no model). */
export function goldenRow(line: MetricLine): CanaryRow {
  const base = { id: line.id, metric: line.metric };
  if (typeof line.skipped === "string") return { ...base, score: null, status: "skip", note: line.skipped };
  const score = typeof line.score === "number" ? line.score : null;
  const status = score !== null && score >= PASSING_SCORE ? "pass" : "fail";
  return { ...base, score, status, note: noteOf(line) };
}

/** The reason, plus what a reader must not miss: a tool-call warning, and each model's score when several disagree. */
function noteOf(line: MetricLine): string {
  const models = line.models as { perModel: { model: string; score: number | null }[]; disagreement: boolean } | undefined;
  const warning = typeof line.warning === "string" ? `WARNING ${line.warning}; ` : "";
  if (models && models.perModel.length > 1)
    return `${warning}${models.perModel.map((one) => `${one.model}=${one.score === null ? "n/a" : round(one.score)}`).join(", ")}${models.disagreement ? " (models disagree)" : ""}`;
  return `${warning}${typeof line.reason === "string" ? line.reason : ""}`;
}

function round(score: number): string {
  return String(Math.round(score * 1000) / 1000);
}

export function countRows(rows: CanaryRow[]): Record<CanaryRow["status"], number> {
  const count = (status: CanaryRow["status"]) => rows.filter((row) => row.status === status).length;
  return { pass: count("pass"), fail: count("fail"), skip: count("skip") };
}

/** The canary does not count skips: its skipped kinds are already listed above the count. */
export function renderGoldenReport(rows: CanaryRow[], options: { countSkipped: boolean } = { countSkipped: true }): string[] {
  const scored = rows.filter((row) => row.status !== "skip");
  const header = ["case", "metric", "score", "result", "note"];
  const cells = scored.map((row) => [
    row.id,
    row.metric,
    row.score === null ? "n/a" : round(row.score),
    row.status.toUpperCase(),
    row.note,
  ]);
  const widths = header.slice(0, -1).map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column].length)));
  const format = (cell: string[]) =>
    cell
      .map((text, column) => (column < widths.length ? text.padEnd(widths[column]) : text))
      .join("  ")
      .trimEnd();
  const table =
    scored.length > 0 ? [format(header), format(widths.map((width) => "-".repeat(width)).concat("----")), ...cells.map(format)] : [];
  const skips = rows.filter((row) => row.status === "skip");
  const skipped = [...new Set(skips.map((row) => row.metric))].map((metric) => {
    const cases = skips.filter((row) => row.metric === metric);
    return `skipped ${metric} for ${cases.length} case${cases.length === 1 ? "" : "s"}: ${cases[0].note}`;
  });
  const counts = countRows(rows);
  return [
    ...table,
    ...(skipped.length > 0 ? ["", ...skipped] : []),
    "",
    `${counts.pass} passed, ${counts.fail} failed` + (options.countSkipped ? `, ${counts.skip} skipped` : ""),
  ];
}
