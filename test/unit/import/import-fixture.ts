import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_MAPPING, type Mapping } from "../../../src/import/mapping";
import type { DataStoreWriter } from "../../../src/import/ports";
import { silentProgress } from "../../../src/import/progress";
import type { ImportOptions } from "../../../src/import/import-run";
import { runImport } from "../../../src/import/run-import";

/** The committed import fixture directories. */
export const FIXTURES = path.resolve(__dirname, "../../fixtures/import");

/** A fresh, empty local data directory. */
export function temporaryDataDirectory(): string {
  return mkdtempSync(path.join(os.tmpdir(), "procura-data-"));
}

/** Imports a fixture directory with the CLI's defaults, overridable. */
export function importFixture(writer: DataStoreWriter, fixture: string, options: Partial<ImportOptions> & { mapping?: Mapping } = {}) {
  return runImport(writer, {
    directory: path.join(FIXTURES, fixture),
    mapping: DEFAULT_MAPPING,
    dryRun: false,
    skipInvalid: false,
    replace: false,
    issueLimit: 20,
    fiscalYearStartMonth: 4,
    ratesToJpy: { JPY: 1, USD: 150, EUR: 160 },
    today: "2026-11-21",
    progress: silentProgress,
    ...options,
  });
}
