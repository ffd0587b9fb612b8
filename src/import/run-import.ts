import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import {
  optionalUrl,
  type Contract,
  type DataKind,
  type DataSetSummary,
  type PolicyDocument,
  type SpendTransaction,
  type Supplier,
} from "../domain";
import { fiscalYearOf } from "../tools/fiscal-year";
import { SpendCubeBuilder } from "../tools/spend-cube";
import { openCsv, type CsvRow } from "./csv-rows";
import { clauseKind, DOCUMENT_EXTENSIONS, readDocumentText, splitSections } from "./documents";
import { PolicyFileError, readPolicyDocument } from "./policy-documents";
import { FieldReader } from "./fields";
import { FileIssues } from "./issues";
import { DEFAULT_FILES, type CsvKind, type Mapping } from "./mapping";
import type { DataStoreWriter, DirectoryKind, DirectoryRecords, SpendWrite } from "./ports";
import type { Progress } from "./progress";
import { benchmarkId, readBenchmark, readSupplier, REQUIRED_COLUMNS } from "./records";

/** How an import runs. */
export interface ImportOptions {
  directory: string;
  mapping: Mapping;
  /** Kinds to import; all present ones when undefined. */
  only?: ReadonlySet<DataKind>;
  dryRun: boolean;
  skipInvalid: boolean;
  /** Each imported kind replaces the stored one wholesale instead of upserting by id. */
  replace: boolean;
  issueLimit: number;
  /** First month of the fiscal year (4 = April–March). */
  fiscalYearStartMonth: number;
  /** Rates to JPY from configuration; fx.csv adds to and overrides them. */
  ratesToJpy: Readonly<Record<string, number>>;
  /** ISO date contract statuses are judged on when contracts.csv leaves them empty. */
  today: string;
  progress: Progress;
}

/** What happened to one kind. */
export interface KindOutcome {
  kind: DataKind | "fx";
  file: string;
  /** imported; rejected (errors, nothing written); validated (dry run). */
  status: "imported" | "rejected" | "validated";
  read: number;
  skipped: number;
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  durationMs: number;
  issues: FileIssues;
}

/** The outcome of an import: one entry per kind found, and the data set summary after it. */
export interface ImportResult {
  outcomes: KindOutcome[];
  summary: DataSetSummary | undefined;
}

const CONTRACT_EXPIRING_DAYS = 120;

/**
 * Imports the files of a directory into a store: fx rates, suppliers, contracts (with their
 * documents), spend, policies and benchmarks, in that order (later kinds are checked against earlier
 * ones). Each file is validated in full first; a file with errors writes nothing unless
 * `skipInvalid`. Records are upserted by id, so importing the same files again changes nothing.
 */
export async function runImport(writer: DataStoreWriter, options: ImportOptions): Promise<ImportResult> {
  const run = new ImportRun(writer, options);
  return run.execute();
}

class ImportRun {
  private readonly outcomes: KindOutcome[] = [];
  private rates: Record<string, number>;
  private suppliers = new Map<string, Supplier>();
  private contractIds = new Set<string>();
  private spendCount: number | undefined;
  /** The records of each directory kind as written by this run. */
  private readonly written: { [K in DirectoryKind]?: DirectoryRecords[K][] } = {};
  /** How many spend rows the store held before this import (none: no row needs comparing). */
  private storedSpendRows = 0;

  constructor(
    private readonly writer: DataStoreWriter,
    private readonly options: ImportOptions,
  ) {
    this.rates = { ...options.ratesToJpy };
  }

  async execute(): Promise<ImportResult> {
    const previous = await this.writer.loadSummary();
    this.storedSpendRows = previous?.counts.spend ?? 0;
    await this.importFx();
    if (this.wants("suppliers")) await this.importSuppliers();
    this.suppliers = new Map((await this.writer.load("suppliers")).map((s) => [s.id, s]));
    for (const supplier of this.pendingSuppliers) this.suppliers.set(supplier.id, supplier);
    if (this.wants("contracts")) await this.importContracts();
    if (this.wants("spend")) await this.importSpend();
    if (this.wants("policies")) await this.importPolicies();
    if (this.wants("benchmarks")) await this.importBenchmarks();
    const wrote = this.outcomes.some((o) => o.status === "imported" && o.kind !== "fx");
    if (this.options.dryRun || !wrote) return { outcomes: this.outcomes, summary: previous };
    // Kinds written in this run are counted as written; the others are read back (in Cosmos a read of
    // ten thousand contracts is a long query, so only when they were not imported now).
    const stored = <K extends DirectoryKind>(kind: K) => this.written[kind] ?? this.writer.load(kind);
    const [suppliers, contracts, policies, benchmarks] = await Promise.all([
      stored("suppliers"),
      stored("contracts"),
      stored("policies"),
      stored("benchmarks"),
    ]);
    const summary: DataSetSummary = {
      name: "imported",
      location: this.writer.location,
      importedAt: new Date().toISOString(),
      fiscalYearStartMonth: this.options.fiscalYearStartMonth,
      counts: {
        suppliers: suppliers.length,
        contracts: contracts.length,
        spend: this.spendCount ?? previous?.counts.spend ?? 0,
        policies: policies.length,
        policySections: policies.reduce((n, p) => n + p.sections.length, 0),
        benchmarks: benchmarks.length,
      },
    };
    await this.writer.saveSummary(summary);
    return { outcomes: this.outcomes, summary };
  }

  /** Suppliers validated in this run (a dry run checks spend and contracts against them too). */
  private pendingSuppliers: Supplier[] = [];

  private wants(kind: DataKind): boolean {
    return this.options.only === undefined || this.options.only.has(kind);
  }

  private file(kind: CsvKind): string {
    return path.join(this.options.directory, this.options.mapping.files[kind] ?? DEFAULT_FILES[kind]);
  }

  private outcome(kind: KindOutcome["kind"], file: string): KindOutcome {
    return {
      kind,
      file: path.relative(this.options.directory, file) || file,
      status: "validated",
      read: 0,
      skipped: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      removed: 0,
      durationMs: 0,
      issues: new FileIssues(path.basename(file), this.options.issueLimit),
    };
  }

  /** Reads every row of a CSV through `read`; returns the valid records, or undefined when the file is absent. */
  private async readCsv<T>(
    kind: CsvKind,
    read: (f: FieldReader, row: CsvRow, outcome: KindOutcome) => T | undefined,
  ): Promise<{ outcome: KindOutcome; records: T[] } | undefined> {
    const file = this.file(kind);
    if (!existsSync(file)) return undefined;
    const started = Date.now();
    const outcome = this.outcome(kind === "policies" ? "policies" : kind, file);
    const records: T[] = [];
    for await (const { batch, fields } of this.rows(kind, file, outcome)) {
      for (const row of batch) {
        const record = read(fields.reset(row.values), row, outcome);
        if (fields.problems.length > 0 || record === undefined) outcome.issues.addRow(row.line, fields.problems);
        else records.push(record);
      }
    }
    outcome.durationMs = Date.now() - started;
    return { outcome, records };
  }

  /** The rows of a CSV in batches, each row with a field reader set on it (one reader, reset per row). */
  private async *rows(kind: CsvKind, file: string, outcome: KindOutcome): AsyncIterable<{ batch: CsvRow[]; fields: FieldReader }> {
    this.options.progress.start(outcome.file, 1);
    const csv = await openCsv(file, kind, this.options.mapping, REQUIRED_COLUMNS[kind], (read, total) => {
      this.options.progress.start(outcome.file, total);
      this.options.progress.update(read);
    });
    if (csv.missingColumns.length > 0) {
      for (const column of csv.missingColumns)
        outcome.issues.add({ file: outcome.issues.file, line: 1, column, reason: "missing required column" });
      this.options.progress.stop();
      return;
    }
    const fields = new FieldReader(this.options.mapping, csv.columns);
    try {
      for await (const batch of csv.batches) {
        outcome.read += batch.length;
        yield { batch, fields };
      }
    } finally {
      this.options.progress.stop();
    }
  }

  /** Whether a kind's valid records may be written: no errors, or errors skipped on request. */
  private accept(outcome: KindOutcome, valid: number): boolean {
    outcome.skipped = outcome.read - valid;
    this.outcomes.push(outcome);
    const hasErrors = outcome.issues.total > 0;
    if (hasErrors && !this.options.skipInvalid) {
      outcome.status = "rejected";
      return false;
    }
    if (this.options.dryRun) return false;
    outcome.status = "imported";
    return true;
  }

  private async importFx(): Promise<void> {
    const result = await this.readCsv("fx", (f) => ({
      currency: f.text("currency", { required: true }).toUpperCase(),
      rate: f.number("rateToJpy", { required: true, min: Number.MIN_VALUE }),
    }));
    if (!result) return;
    // Rates only convert this import's amounts; they are used even in a dry run.
    const valid = result.outcome.issues.total === 0 || this.options.skipInvalid;
    if (valid) for (const { currency, rate } of result.records) this.rates[currency] = rate;
    this.accept(result.outcome, result.records.length);
    if (result.outcome.status !== "rejected") result.outcome.status = this.options.dryRun ? "validated" : "imported";
    result.outcome.inserted = valid ? result.records.length : 0;
  }

  private async importSuppliers(): Promise<void> {
    const seen = new Map<string, number>();
    const result = await this.readCsv("suppliers", (f, row) => {
      const supplier = readSupplier(f);
      this.checkDuplicate(f, seen, supplier.id, row.line);
      return supplier;
    });
    if (!result) return;
    if (result.outcome.issues.total === 0 || this.options.skipInvalid) this.pendingSuppliers = result.records;
    if (this.accept(result.outcome, result.records.length))
      await this.mergeDirectory("suppliers", result.records, (s) => s.id, result.outcome);
  }

  private async importContracts(): Promise<void> {
    const seen = new Map<string, number>();
    const documents: { contract: Contract; document: string; line: number }[] = [];
    const result = await this.readCsv("contracts", (f, row) => {
      const supplierId = f.text("supplierId", { required: true });
      const supplier = this.suppliers.get(supplierId);
      if (supplierId !== "" && supplier === undefined) f.fail("supplierId", `unknown supplier ${JSON.stringify(supplierId)}`);
      const startDate = f.date("startDate", { required: true });
      const endDate = f.date("endDate", { required: true });
      if (startDate !== "" && endDate !== "" && endDate < startDate) f.fail("endDate", `ends (${endDate}) before it starts (${startDate})`);
      const currency = f.text("currency", { fallback: "JPY" }).toUpperCase();
      if (this.rates[currency] === undefined) f.fail("currency", `unknown currency ${JSON.stringify(currency)} (add it to fx.csv)`);
      const contract: Contract = {
        id: f.text("id", { required: true }),
        supplierId,
        supplierName: supplier?.name ?? "",
        title: f.text("title", { required: true }),
        category: f.text("category", { fallback: supplier?.category ?? "" }).toLowerCase(),
        annualValue: f.number("annualValue", { min: 0 }),
        currency,
        startDate,
        endDate,
        autoRenew: f.boolean("autoRenew"),
        noticeDays: f.number("noticeDays", { min: 0, integer: true }),
        priceCapPct: f.nullableNumber("priceCapPct"),
        status: f.oneOf("status", ["active", "expiring", "expired", "draft"] as const, statusOn(this.options.today, endDate)),
        clauses: [],
        ...optionalUrl(f.url("url")),
      };
      this.checkDuplicate(f, seen, contract.id, row.line);
      const document = f.text("document");
      if (document !== "") {
        const full = path.resolve(this.options.directory, document);
        if (!DOCUMENT_EXTENSIONS.some((extension) => full.toLowerCase().endsWith(extension)))
          f.fail("document", `unsupported document type (use ${DOCUMENT_EXTENSIONS.join(", ")})`);
        else if (!existsSync(full)) f.fail("document", `file not found: ${document}`);
        else documents.push({ contract, document: full, line: row.line });
      }
      return contract;
    });
    if (!result) return;
    for (const { contract, document, line } of documents) {
      try {
        contract.clauses = splitSections(await readDocumentText(document)).map((section) => ({
          kind: clauseKind(section.heading, section.text),
          text: `${section.heading}\n${section.text}`.trim(),
        }));
      } catch (error) {
        result.outcome.issues.addRow(line, [
          { column: "document", reason: `cannot read ${path.relative(this.options.directory, document)}: ${(error as Error).message}` },
        ]);
      }
    }
    const failed = new Set(result.outcome.issues.shown.map((issue) => issue.line));
    const valid = result.records.filter((contract) => !documents.some((d) => d.contract === contract && failed.has(d.line)));
    for (const contract of valid) this.contractIds.add(contract.id);
    if (this.accept(result.outcome, valid.length)) await this.mergeDirectory("contracts", valid, (c) => c.id, result.outcome);
  }

  /**
   * Spend streams in one pass: rows are validated, folded into the monthly cells and handed to a
   * staged store write as they are read (or spooled to a temporary file for a store that writes as it
   * goes), with a hash per id; only when the file is accepted are the stored rows compared by id and
   * the write finished. Nothing reaches the store from a file that is rejected.
   */
  private async importSpend(): Promise<void> {
    const file = this.file("spend");
    if (!existsSync(file)) return;
    const started = Date.now();
    const outcome = this.outcome("spend", file);
    const write = this.options.dryRun ? undefined : await this.writer.beginSpend();
    const spool = write?.staged ? undefined : await Spool.open();
    const hashes = new Map<string, number>();
    const cube = new SpendCubeBuilder();
    try {
      const storedContracts =
        this.contractIds.size > 0 ? this.contractIds : new Set((await this.writer.load("contracts")).map((c) => c.id));
      for await (const { batch, fields: f } of this.rows("spend", file, outcome)) {
        for (const row of batch) {
          const transaction = this.readSpend(f.reset(row.values), storedContracts);
          if (transaction.id !== "" && hashes.has(transaction.id)) f.fail("id", `duplicate id ${JSON.stringify(transaction.id)}`);
          if (f.problems.length > 0) {
            outcome.issues.addRow(row.line, f.problems);
            continue;
          }
          const line = JSON.stringify(transaction);
          hashes.set(transaction.id, this.storedSpendRows > 0 ? hash(line) : 0);
          cube.add(transaction);
          if (spool) spool.add(line);
          // Whether the row changed is known only later; a staged write keeps every row anyway.
          else await write!.add(line, true);
        }
        await spool?.flush();
      }
      await spool?.close();
      if (!this.accept(outcome, hashes.size)) {
        await write?.abandon();
        return;
      }
      await this.finishSpend(write!, spool, hashes, cube, outcome);
    } catch (error) {
      await write?.abandon();
      throw error;
    } finally {
      await spool?.remove();
      outcome.durationMs = Date.now() - started;
    }
  }

  private readSpend(f: FieldReader, contracts: ReadonlySet<string>): SpendTransaction {
    const supplierId = f.text("supplierId", { required: true });
    const supplier = this.suppliers.get(supplierId);
    if (supplierId !== "" && supplier === undefined) f.fail("supplierId", `unknown supplier ${JSON.stringify(supplierId)}`);
    const date = f.date("date", { required: true });
    const amount = f.number("amount", { required: true });
    const currency = f.text("currency", { required: true }).toUpperCase();
    const rate = this.rates[currency];
    if (currency !== "" && rate === undefined) f.fail("currency", `unknown currency ${JSON.stringify(currency)} (add it to fx.csv)`);
    const contractId = f.text("contractId");
    if (contractId !== "" && contracts.size > 0 && !contracts.has(contractId))
      f.fail("contractId", `unknown contract ${JSON.stringify(contractId)}`);
    return {
      id: f.text("id", { required: true }),
      date,
      fiscalYear: date === "" ? "" : fiscalYearOf(date, this.options.fiscalYearStartMonth),
      supplierId,
      supplierName: supplier?.name ?? "",
      category: f.text("category", { fallback: supplier?.category ?? "" }).toLowerCase(),
      costCenter: f.text("costCenter", { fallback: "unassigned" }),
      amount,
      currency,
      amountJpy: rate === undefined ? 0 : Math.round(amount * rate),
      poNumber: f.text("poNumber"),
      contractId: contractId === "" ? null : contractId,
    };
  }

  /**
   * Completes the resulting spend: stored rows the file does not have (kept, or removed by a replacing
   * import), then the file's rows from the spool if they were spooled, in the order their hashes were
   * recorded.
   */
  private async finishSpend(
    write: SpendWrite,
    spool: Spool | undefined,
    hashes: Map<string, number>,
    cube: SpendCubeBuilder,
    outcome: KindOutcome,
  ): Promise<void> {
    const UNCHANGED = -1;
    for await (const stored of this.writer.spendRows()) {
      const fresh = hashes.get(stored.id);
      if (fresh === undefined) {
        if (this.options.replace) {
          outcome.removed += 1;
          await write.remove(stored);
        } else {
          cube.add(stored);
          await write.add(JSON.stringify(stored), false);
        }
      } else if (fresh === hash(JSON.stringify(stored))) {
        hashes.set(stored.id, UNCHANGED);
        outcome.unchanged += 1;
      } else outcome.updated += 1;
    }
    if (spool) {
      const status = hashes.values();
      for await (const line of spool.lines()) await write.add(line, status.next().value !== UNCHANGED);
    }
    outcome.inserted = hashes.size - outcome.updated - outcome.unchanged;
    await write.finish(cube.build());
    this.spendCount = cube.rowCount;
  }

  private async importPolicies(): Promise<void> {
    const directory = path.join(this.options.directory, "policies");
    if (!existsSync(directory)) return;
    const started = Date.now();
    const outcome = this.outcome("policies", directory);
    const seen = new Map<string, number>();
    const metadata = await this.readCsv("policies", (f) => ({
      file: f.text("file", { required: true }),
      key: f.text("key", { required: true }),
      language: f.oneOf("language", ["en", "ja"] as const, "en"),
      title: f.text("title", { required: true }),
      version: f.text("version", { required: true }),
      effectiveDate: f.date("effectiveDate", { required: true }),
      ...optionalUrl(f.url("url")),
    }));
    if (metadata) {
      for (const issue of metadata.outcome.issues.shown) outcome.issues.add(issue);
      outcome.issues.total += metadata.outcome.issues.total - metadata.outcome.issues.shown.length;
    }
    const described = new Map((metadata?.records ?? []).map((meta) => [meta.file, meta]));
    const policies: PolicyDocument[] = [];
    for (const name of (await readdir(directory)).sort()) {
      if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(path.extname(name).toLowerCase())) continue;
      outcome.read += 1;
      const where = `policies/${name}`;
      const fail = (column: string, reason: string) => outcome.issues.add({ file: where, line: 1, column, reason });
      try {
        const policy = await readPolicyDocument(directory, name, described.get(name));
        if (seen.has(policy.id)) {
          fail("key", `duplicate policy ${policy.id} (key and language already used)`);
          continue;
        }
        seen.set(policy.id, 1);
        policies.push(policy);
      } catch (error) {
        if (error instanceof PolicyFileError) fail(error.column, error.message);
        else fail("file", `cannot read: ${(error as Error).message}`);
      }
    }
    outcome.durationMs = Date.now() - started;
    if (this.accept(outcome, policies.length)) await this.mergeDirectory("policies", policies, (p) => p.id, outcome);
  }

  private async importBenchmarks(): Promise<void> {
    const seen = new Map<string, number>();
    const result = await this.readCsv("benchmarks", (f, row) => {
      const benchmark = readBenchmark(f);
      this.checkDuplicate(f, seen, benchmarkId(benchmark), row.line, "category");
      return benchmark;
    });
    if (!result) return;
    if (this.accept(result.outcome, result.records.length))
      await this.mergeDirectory("benchmarks", result.records, benchmarkId, result.outcome);
  }

  private checkDuplicate(f: FieldReader, seen: Map<string, number>, id: string, line: number, column = "id"): void {
    if (id === "") return;
    const first = seen.get(id);
    if (first !== undefined) f.fail(column, `duplicate id ${JSON.stringify(id)} (first on line ${first})`);
    else seen.set(id, line);
  }

  /** Upserts by id (or replaces the kind), counting what is new, changed and unchanged. */
  private async mergeDirectory<K extends DirectoryKind>(
    kind: K,
    records: DirectoryRecords[K][],
    idOf: (record: DirectoryRecords[K]) => string,
    outcome: KindOutcome,
  ): Promise<void> {
    const stored = new Map((await this.writer.load(kind)).map((record) => [idOf(record), record]));
    const merged = this.options.replace ? new Map<string, DirectoryRecords[K]>() : new Map(stored);
    const changed: DirectoryRecords[K][] = [];
    for (const record of records) {
      const before = stored.get(idOf(record));
      if (before === undefined) outcome.inserted += 1;
      else if (JSON.stringify(before) === JSON.stringify(record)) outcome.unchanged += 1;
      else outcome.updated += 1;
      if (before === undefined || JSON.stringify(before) !== JSON.stringify(record)) changed.push(record);
      merged.set(idOf(record), record);
    }
    const removed = this.options.replace ? [...stored].filter(([id]) => !merged.has(id)).map(([, record]) => record) : [];
    outcome.removed = removed.length;
    const all = [...merged.values()].sort((a, b) => idOf(a).localeCompare(idOf(b)));
    await this.writer.save(kind, { all, changed, removed });
    (this.written as Record<K, DirectoryRecords[K][]>)[kind] = all;
  }
}

function statusOn(today: string, endDate: string): Contract["status"] {
  if (endDate === "") return "active";
  if (endDate < today) return "expired";
  const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return days <= CONTRACT_EXPIRING_DAYS ? "expiring" : "active";
}

/** Validated spend rows as JSON lines in a temporary file, until the file is accepted. */
class Spool {
  private buffer = "";

  private constructor(
    private readonly directory: string,
    private readonly out: WriteStream,
  ) {}

  static async open(): Promise<Spool> {
    const directory = await mkdtemp(path.join(os.tmpdir(), "procura-spend-"));
    return new Spool(directory, createWriteStream(path.join(directory, "rows.ndjson")));
  }

  add(line: string): void {
    this.buffer += `${line}\n`;
  }

  /** Writes what was added once there is enough of it (called per batch of rows). */
  async flush(): Promise<void> {
    if (this.buffer.length < 1 << 20) return;
    const chunk = this.buffer;
    this.buffer = "";
    if (!this.out.write(chunk)) await once(this.out, "drain");
  }

  async close(): Promise<void> {
    this.out.end(this.buffer);
    this.buffer = "";
    await once(this.out, "close");
  }

  async *lines(): AsyncIterable<string> {
    for await (const line of createInterface({ input: createReadStream(path.join(this.directory, "rows.ndjson")), crlfDelay: Infinity }))
      if (line !== "") yield line;
  }

  async remove(): Promise<void> {
    this.out.destroy();
    await rm(this.directory, { recursive: true, force: true });
  }
}

/** A 53-bit FNV-1a style hash of a row's JSON: equal rows hash equal, so re-imports find what changed. */
function hash(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 16777619);
    b = Math.imul(b ^ code, 2246822519);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}
