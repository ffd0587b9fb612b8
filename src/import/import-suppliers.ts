import { readTableRecords } from "./table-records";
import { DuplicateIds } from "./duplicate-ids";
import type { ImportRun } from "./import-run";
import { mergeDirectory } from "./merge-directory";
import { readSupplier } from "./records";

/** suppliers.csv; its valid suppliers are what later kinds are checked against, even in a dry run. */
export async function importSuppliers(run: ImportRun): Promise<void> {
  const seen = new DuplicateIds();
  const result = await readTableRecords(run, "suppliers", (f, row) => {
    const supplier = readSupplier(f);
    seen.check(f, supplier.id, row.line);
    return supplier;
  });
  if (!result) return;
  if (result.outcome.issues.total === 0 || run.options.skipInvalid) run.pendingSuppliers = result.records;
  if (run.accept(result.outcome, result.records.length))
    await mergeDirectory(run, "suppliers", result.records, (s) => s.id, result.outcome);
}
