import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import AdmZip from "adm-zip";
import ExcelJS from "exceljs";
import { MappingSchema } from "../../../src/import/mapping";
import type { SpendTransaction } from "../../../src/domain";
import { LocalDataStore } from "../../../src/storage/local-data-store";
import { importFixture, temporaryDataDirectory } from "./import-fixture";

type Cell = ExcelJS.CellValue;

/** Writes a workbook of named sheets, each a list of rows; `prepare` may style or merge cells. */
async function writeWorkbook(file: string, sheets: Record<string, Cell[][]>, prepare: (book: ExcelJS.Workbook) => void = () => {}) {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  prepare(book);
  await book.xlsx.writeFile(file);
}

const SUPPLIER_ROWS: Cell[][] = [
  ["id", "name", "category", "since"],
  ["NW-100", "Northwind Freight K.K.", "logistics", new Date(Date.UTC(2019, 3, 1))],
  ["JP-1", { richText: [{ text: "山田" }, { font: { bold: true }, text: "運輸" }] }, "logistics", "2020-01-15"],
];

async function importDirectory(directory: string, options: Parameters<typeof importFixture>[2] = {}) {
  const store = new LocalDataStore(temporaryDataDirectory());
  const result = await importFixture(store, "acme", { directory, ...options });
  const rows: SpendTransaction[] = [];
  for await (const row of store.spendRows()) rows.push(row);
  return { result, store, rows, outcome: (kind: string) => result.outcomes.find((o) => o.kind === kind)! };
}

describe("import from Excel workbooks", function () {
  // Writing a workbook of thousands of rows with exceljs takes seconds on a busy machine.
  this.timeout(60_000);
  it("reads dates (date cells, serials, text), numbers and formulas' saved results from the sheet the mapping names", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "procura-xlsx-"));
    await writeWorkbook(path.join(directory, "suppliers.xlsx"), { Vendors: SUPPLIER_ROWS });
    await writeWorkbook(
      path.join(directory, "spend.xlsx"),
      {
        Notes: [["Exported from SAP"]],
        Invoices: [
          ["id", "date", "supplierId", "amount", "currency", "costCenter"],
          ["INV-1", new Date(Date.UTC(2025, 3, 10)), "NW-100", 1200000, "JPY", "CC-2100"],
          ["INV-2", 45790, "NW-100", { formula: "1000*1.5", result: 1500 }, "USD", "CC-2100"],
          ["INV-3", "2025-06-02", "JP-1", 2750000.25, "JPY", ""],
          [null, null, null, null, null, null],
          ["INV-4", { formula: "DATE(2025,7,1)", result: 45839 }, "JP-1", 99, "JPY", "CC-1"],
        ],
      },
      (book) => {
        book.getWorksheet("Invoices")!.getCell("B3").numFmt = "0";
      },
    );
    const { outcome, rows, store } = await importDirectory(directory, { mapping: MappingSchema.parse({ sheets: { spend: "Invoices" } }) });
    assert.deepEqual(
      (await store.load("suppliers")).map((s) => [s.id, s.name, s.since]),
      [
        ["JP-1", "山田運輸", "2020-01-15"],
        ["NW-100", "Northwind Freight K.K.", "2019-04-01"],
      ],
    );
    assert.equal(outcome("suppliers").format, "sheet Vendors");
    assert.equal(outcome("spend").format, "sheet Invoices");
    assert.equal(outcome("spend").emptyRows, 1);
    assert.deepEqual(
      rows.map((row) => [row.id, row.date, row.amount, row.currency, row.supplierName]),
      [
        ["INV-1", "2025-04-10", 1200000, "JPY", "Northwind Freight K.K."],
        ["INV-2", "2025-05-13", 1500, "USD", "Northwind Freight K.K."],
        ["INV-3", "2025-06-02", 2750000.25, "JPY", "山田運輸"],
        ["INV-4", "2025-07-01", 99, "JPY", "山田運輸"],
      ],
    );
  });

  it("reads numbers exactly with a decimal-comma mapping, and dates in the mapping's format from text cells", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "procura-xlsx-"));
    await writeWorkbook(path.join(directory, "suppliers.xlsx"), { Sheet1: SUPPLIER_ROWS.slice(0, 2) });
    await writeWorkbook(path.join(directory, "spend.xlsx"), {
      Sheet1: [
        ["id", "date", "supplierId", "amount", "currency"],
        ["INV-1", "10.04.2025", "NW-100", 1250000.5, "JPY"],
        ["INV-2", new Date(Date.UTC(2025, 4, 3)), "NW-100", "980.500,25", "JPY"],
      ],
    });
    const mapping = MappingSchema.parse({ decimalComma: true, dateFormat: "DD.MM.YYYY" });
    const { rows } = await importDirectory(directory, { mapping });
    assert.deepEqual(
      rows.map((row) => [row.id, row.date, row.amount]),
      [
        ["INV-1", "2025-04-10", 1250000.5],
        ["INV-2", "2025-05-03", 980500.25],
      ],
    );
  });

  it("reads a sheet written before its shared strings (as Excel and streaming writers order the zip), past many batches of rows", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "procura-xlsx-"));
    await writeWorkbook(path.join(directory, "suppliers.xlsx"), { Sheet1: SUPPLIER_ROWS.slice(0, 2) });
    // The streaming writer puts each sheet's XML in the zip before sharedStrings.xml and workbook.xml.
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(directory, "spend.xlsx"), useSharedStrings: true });
    book.addWorksheet("Notes").addRow(["Exported from SAP"]).commit();
    const invoices = book.addWorksheet("Invoices");
    invoices.addRow(["id", "date", "supplierId", "amount", "currency"]).commit();
    for (let n = 1; n <= 4999; n++)
      invoices.addRow([`INV-${n}`, "2025-04-01", "NW-100", n === 4321 ? { error: "#N/A" } : n, "JPY"]).commit();
    await book.commit();
    const mapping = MappingSchema.parse({ sheets: { spend: "Invoices" } });
    const { outcome, rows } = await importDirectory(directory, { mapping, skipInvalid: true });
    assert.equal(outcome("spend").read, 4999);
    assert.deepEqual(outcome("spend").issues.lines(), ["spend.xlsx:Invoices:4322: amount: the cell holds the error #N/A"]);
    assert.equal(rows.length, 4998);
    assert.deepEqual(
      [rows[0], rows.at(-1)].map((row) => [row!.id, row!.amount, row!.supplierName]),
      [
        ["INV-1", 1, "Northwind Freight K.K."],
        ["INV-4999", 4999, "Northwind Freight K.K."],
      ],
    );
  });

  it("keeps every row of a long sheet in order, with its issues and empty rows, whatever batches the sheet is read in", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "procura-xlsx-"));
    await writeWorkbook(path.join(directory, "suppliers.xlsx"), { Sheet1: SUPPLIER_ROWS.slice(0, 2) });
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(directory, "spend.xlsx"), useSharedStrings: true });
    const invoices = book.addWorksheet("Invoices");
    invoices.addRow(["id", "date", "supplierId", "amount", "currency"]).commit();
    // Past a dozen of the reader's batches: rows must arrive once each, in order, however they are handed over.
    for (let n = 1; n <= 25_000; n++)
      invoices
        .addRow(n % 5000 === 0 ? [" ", " ", " ", " ", " "] : [`INV-${n}`, "2025-04-01", n === 17_777 ? "NW-999" : "NW-100", n, "JPY"])
        .commit();
    await book.commit();
    const { outcome, rows } = await importDirectory(directory, { skipInvalid: true });
    assert.equal(outcome("spend").read, 24_995);
    assert.equal(outcome("spend").emptyRows, 5);
    assert.deepEqual(outcome("spend").issues.lines(), ['spend.xlsx:Invoices:17778: supplierId: unknown supplier "NW-999"']);
    const expected = Array.from({ length: 25_000 }, (_, i) => i + 1).filter((n) => n % 5000 !== 0 && n !== 17_777);
    assert.deepEqual(
      rows.map((row) => row.amount),
      expected,
    );
  });

  it("fails the import with the parser's reason when a sheet's XML breaks off after its first rows, storing none of them", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "procura-xlsx-"));
    await writeWorkbook(path.join(directory, "suppliers.xlsx"), { Sheet1: SUPPLIER_ROWS.slice(0, 2) });
    const file = path.join(directory, "spend.xlsx");
    await writeWorkbook(file, {
      Invoices: [
        ["id", "date", "supplierId", "amount", "currency"],
        ...Array.from({ length: 3000 }, (_, i) => [`INV-${i + 1}`, "2025-04-01", "NW-100", i + 1, "JPY"]),
      ],
    });
    const zip = new AdmZip(file);
    const sheet = zip.getEntry("xl/worksheets/sheet1.xml")!;
    const xml = sheet.getData().toString("utf8");
    zip.updateFile(sheet, Buffer.from(xml.replace('<row r="2500"', '<row r="2500" <c>')));
    zip.writeZip(file);
    const store = new LocalDataStore(temporaryDataDirectory());
    await assert.rejects(importFixture(store, "acme", { directory }), /attribute|unexpected|invalid|disallowed/i);
    const stored = [];
    for await (const row of store.spendRows()) stored.push(row);
    assert.deepEqual(stored, []);
  });

  it("fails the import naming the file when the worker reading a sheet exits mid-sheet, storing none of its rows", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "procura-xlsx-"));
    writeFileSync(path.join(directory, "suppliers.csv"), "id,name,category\nNW-100,Northwind Freight K.K.,logistics\n");
    await writeWorkbook(path.join(directory, "spend.xlsx"), {
      Invoices: [
        ["id", "date", "supplierId", "amount", "currency"],
        ...Array.from({ length: 3000 }, (_, i) => [`INV-${i + 1}`, "2025-04-01", "NW-100", i + 1, "JPY"]),
      ],
    });
    const store = new LocalDataStore(temporaryDataDirectory());
    // The worker exits once the importing thread has taken its first rows, without the sheet's end.
    const sheetWorker = path.resolve(__dirname, "../../fakes/sheet-worker-exiting-mid-sheet.ts");
    await assert.rejects(
      importFixture(store, "acme", { directory, sheetWorker }),
      /^Error: spend\.xlsx: the workbook reader stopped before the end of the sheet \(exit code 3\)$/,
    );
    const stored = [];
    for await (const row of store.spendRows()) stored.push(row);
    assert.deepEqual(stored, [], "no row of the sheet is stored");
    assert.equal(await store.loadSummary(), undefined, "no data set is recorded");
  });

  it("reports issues as file.xlsx:Sheet:row: column: reason, error cells included", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "procura-xlsx-"));
    await writeWorkbook(path.join(directory, "suppliers.xlsx"), { Sheet1: SUPPLIER_ROWS.slice(0, 2) });
    await writeWorkbook(path.join(directory, "spend.xlsx"), {
      Invoices: [
        ["id", "date", "supplierId", "amount", "currency"],
        ["INV-1", "2025-02-30", "NW-100", 1, "JPY"],
        ["INV-2", "2025-04-01", "NW-100", { error: "#DIV/0!" }, "JPY"],
        ["INV-3", "2025-04-01", "NW-999", 3, "JPY"],
      ],
    });
    const { outcome, rows } = await importDirectory(directory);
    assert.equal(outcome("spend").status, "rejected");
    assert.deepEqual(outcome("spend").issues.lines(), [
      'spend.xlsx:Invoices:2: date: bad date "2025-02-30" (expected YYYY-MM-DD)',
      "spend.xlsx:Invoices:3: amount: the cell holds the error #DIV/0!",
      'spend.xlsx:Invoices:4: supplierId: unknown supplier "NW-999"',
    ]);
    assert.deepEqual(rows, []);
  });

  it("refuses merged header cells, a sheet that is not there, and a CSV and a workbook of the same kind side by side, saying what to do", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "procura-xlsx-"));
    await writeWorkbook(
      path.join(directory, "suppliers.xlsx"),
      {
        Sheet1: [
          ["id", "name", null, "category"],
          ["NW-100", "Northwind", "Freight K.K.", "logistics"],
        ],
      },
      (book) => book.getWorksheet("Sheet1")!.mergeCells("B1:C1"),
    );
    await writeWorkbook(path.join(directory, "benchmarks.xlsx"), { Prices: [["category"]] });
    writeFileSync(path.join(directory, "fx.csv"), "currency,rateToJpy\nUSD,150\n");
    await writeWorkbook(path.join(directory, "fx.xlsx"), { Sheet1: [["currency", "rateToJpy"]] });
    const { outcome } = await importDirectory(directory, { mapping: MappingSchema.parse({ sheets: { benchmarks: "Benchmarks" } }) });
    assert.deepEqual(outcome("suppliers").issues.lines(), [
      "suppliers.xlsx:Sheet1:1: C: empty header cell (merged header cells name only their first column: give each column its own header)",
    ]);
    assert.deepEqual(outcome("benchmarks").issues.lines(), [
      'benchmarks.xlsx:1: sheet: no worksheet named "Benchmarks" (it has "Prices"; set sheets: benchmarks: in the mapping)',
    ]);
    assert.deepEqual(outcome("fx").issues.lines(), [
      "fx.csv:1: file: fx.xlsx is here too: name the one to import in the mapping (files: fx: <file>)",
    ]);
  });
});
