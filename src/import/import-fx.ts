import { readTableRecords } from "./table-records";
import type { ImportRun } from "./import-run";

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
