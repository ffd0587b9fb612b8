import { openCsv, type CsvRow } from "./csv-rows";
import { FieldReader } from "./fields";
import type { ImportRun, KindOutcome } from "./import-run";
import type { CsvKind } from "./mapping";
import { REQUIRED_COLUMNS } from "./records";

/**
 * The rows of a kind's CSV in batches, each row with a field reader set on it (one reader, reset per
 * row), counting them as read and showing progress. A file missing a required column has its
 * issues recorded and yields nothing.
 */
export async function* csvBatches(
  run: ImportRun,
  kind: CsvKind,
  file: string,
  outcome: KindOutcome,
): AsyncIterable<{ batch: CsvRow[]; fields: FieldReader }> {
  const { progress, mapping } = run.options;
  progress.start(outcome.file, 1);
  const csv = await openCsv(file, kind, mapping, REQUIRED_COLUMNS[kind], (read, total) => {
    progress.start(outcome.file, total);
    progress.update(read);
  });
  if (csv.missingColumns.length > 0) {
    for (const column of csv.missingColumns)
      outcome.issues.add({ file: outcome.issues.file, line: 1, column, reason: "missing required column" });
    progress.stop();
    return;
  }
  const fields = new FieldReader(mapping, csv.columns);
  try {
    for await (const batch of csv.batches) {
      outcome.read += batch.length;
      yield { batch, fields };
    }
  } finally {
    progress.stop();
  }
}

/**
 * Reads every row of a kind's CSV through `read`, recording each bad row's issues; the valid
 * records, or undefined when the file is absent.
 */
export async function readCsvRecords<T>(
  run: ImportRun,
  kind: CsvKind,
  read: (f: FieldReader, row: CsvRow) => T,
): Promise<{ outcome: KindOutcome; records: T[] } | undefined> {
  const file = run.file(kind);
  if (file === undefined) return undefined;
  const started = Date.now();
  const outcome = run.outcome(kind, file);
  const records: T[] = [];
  for await (const { batch, fields } of csvBatches(run, kind, file, outcome)) {
    for (const row of batch) {
      const record = read(fields.reset(row.values), row);
      if (fields.problems.length > 0) outcome.issues.addRow(row.line, fields.problems);
      else records.push(record);
    }
  }
  outcome.durationMs = Date.now() - started;
  return { outcome, records };
}
