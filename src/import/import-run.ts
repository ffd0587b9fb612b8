import { existsSync } from "node:fs";
import path from "node:path";
import type { DataKind, Supplier } from "../domain";
import { resolveInsideFolder } from "./inside-folder";
import { FileIssues } from "./issues";
import type { CsvKind, Mapping } from "./mapping";
import type { DataStoreWriter, DirectoryKind, DirectoryRecords } from "./ports";
import type { Progress } from "./progress";
import type { TextEncoding } from "./text-encoding";

export interface ImportOptions {
  directory: string;
  mapping: Mapping;
  only?: ReadonlySet<DataKind>;
  dryRun: boolean;
  skipInvalid: boolean;
  /** Each imported kind replaces the stored one wholesale instead of upserting by id. */
  replace: boolean;
  issueLimit: number;
  fiscalYearStartMonth: number;
  /** fx.csv adds to and overrides these. */
  ratesToJpy: Readonly<Record<string, number>>;
  /** ISO date contract statuses are judged on when contracts.csv leaves them empty. */
  today: string;
  progress: Progress;
  /** The encoding of every CSV (`--encoding`), over the mapping's and detection. */
  encoding?: TextEncoding;
  /** The workbook reader's thread entry; a test gives one that exits mid-sheet, to prove that a crashed reader fails the import. */
  sheetWorker?: string;
}

const COUNTS = { read: 0, emptyRows: 0, skipped: 0, inserted: 0, updated: 0, unchanged: 0, removed: 0, durationMs: 0 };

/** `format`: how the file was read, its encoding or a workbook's sheet ("" until it is opened). */
export type KindOutcome = typeof COUNTS & {
  kind: DataKind | "fx";
  file: string;
  status: "imported" | "rejected" | "validated";
  format: string;
  issues: FileIssues;
};

/**
 * One import in progress: where it writes, how it runs, and what the kinds imported so far leave for the later ones (rates for amounts,
 * suppliers and contracts that rows refer to).
 */
export class ImportRun {
  readonly outcomes: KindOutcome[] = [];
  readonly rates: Record<string, number>;
  suppliers = new Map<string, Supplier>();
  readonly contractIds = new Set<string>();
  /** Spend rows in the store: those it held before this import until a spend file is written (none: no row needs comparing). */
  spendCount = 0;
  readonly written: { [K in DirectoryKind]?: DirectoryRecords[K][] } = {};

  constructor(
    readonly writer: DataStoreWriter,
    readonly options: ImportOptions,
  ) {
    this.rates = { ...options.ratesToJpy };
  }

  wants(kind: DataKind): boolean {
    return this.options.only === undefined || this.options.only.has(kind);
  }

  /** As the mapping names it, else spend.csv, else spend.xlsx; a name that leaves the import folder is the kind's line-1 issue. */
  file(kind: CsvKind): string | undefined {
    const csvOrWorkbook = this.exists(kind, "csv") || !this.exists(kind, "xlsx") ? `${kind}.csv` : `${kind}.xlsx`;
    const name = this.options.mapping.files[kind] ?? csvOrWorkbook;
    const inside = resolveInsideFolder(this.options.directory, name);
    if ("path" in inside) return inside.path;
    if (inside.missing) return undefined;
    const outcome = this.outcome(kind, path.join(this.options.directory, name));
    outcome.issues.refuse(1, "file", `${inside.problem} (the mapping's files.${kind})`);
    this.accept(outcome, 0);
    return undefined;
  }

  /** The workbook of a kind whose CSV is there too when the mapping names neither: which to import is not guessed. */
  rivalFile(kind: CsvKind): string | undefined {
    const both = this.options.mapping.files[kind] === undefined && this.exists(kind, "csv") && this.exists(kind, "xlsx");
    return both ? `${kind}.xlsx` : undefined;
  }

  private exists(kind: CsvKind, extension: string): boolean {
    return existsSync(path.join(this.options.directory, `${kind}.${extension}`));
  }

  outcome(kind: KindOutcome["kind"], file: string): KindOutcome {
    return {
      kind,
      file: path.relative(this.options.directory, file) || file,
      status: "validated",
      format: "",
      ...COUNTS,
      issues: new FileIssues(path.basename(file), this.options.issueLimit),
    };
  }

  /** Whether the kind's valid records may be written: no errors, or bad rows skipped on request, never a file that was not read. */
  accept(outcome: KindOutcome, valid: number): boolean {
    outcome.skipped = outcome.read - valid;
    this.outcomes.push(outcome);
    const hasErrors = outcome.issues.total > 0;
    if (outcome.issues.refused || (hasErrors && !this.options.skipInvalid)) {
      outcome.status = "rejected";
      return false;
    }
    if (this.options.dryRun) return false;
    outcome.status = "imported";
    return true;
  }
}
