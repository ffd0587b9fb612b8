import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import AdmZip from "adm-zip";
import ExcelJS from "exceljs";
import { LocalDataStore } from "../../../src/storage/local-data-store";
import { IMPORT_LIMITS } from "../../../src/import/limits";
import { DEFAULT_MAPPING } from "../../../src/import/mapping";
import {
  aliasBombFrontMatter,
  craftedWorkbook,
  docxBomb,
  docxHidingAPart,
  docxWithUnknownCompression,
  forgedDocx,
  javascriptFrontMatterPolicy,
} from "./hostile-files";
import { FIXTURES, importFixture, temporaryDataDirectory } from "./import-fixture";

const SUPPLIERS = readFileSync(path.join(FIXTURES, "acme", "suppliers.csv"), "utf8");
const SECRET = "The launch codes are 0000.";

/**
 * A fresh import folder holding the given files (paths relative to it), two levels below a folder
 * that holds secret.txt, so "../../secret.txt" from the import folder is a real file.
 */
function importFolder(files: Record<string, string | Buffer>): string {
  const outside = mkdtempSync(path.join(os.tmpdir(), "procura-hostile-"));
  writeFileSync(path.join(outside, "secret.txt"), `# Secret\n## 1. Codes\n${SECRET}\n`);
  const directory = path.join(outside, "exports", "import");
  mkdirSync(directory, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(directory, name)), { recursive: true });
    writeFileSync(path.join(directory, name), content);
  }
  return directory;
}

describe("import of hostile files", () => {
  describe("front matter is YAML only", () => {
    for (const dryRun of [false, true]) {
      it(`never runs a ---js policy's front matter and reports it as file:1${dryRun ? " (dry run)" : ""}`, async () => {
        const marker = path.join(mkdtempSync(path.join(os.tmpdir(), "procura-marker-")), "ran.txt");
        const directory = importFolder({ "policies/evil.md": javascriptFrontMatterPolicy(marker) });
        const store = new LocalDataStore(temporaryDataDirectory());
        const result = await importFixture(store, "acme", { directory, dryRun });
        assert.equal(existsSync(marker), false, "the front matter's code ran");
        assert.equal((globalThis as { procuraFrontMatterRan?: boolean }).procuraFrontMatterRan, undefined);
        const policies = result.outcomes.find((o) => o.kind === "policies")!;
        assert.equal(policies.status, "rejected");
        assert.deepEqual(policies.issues.lines(), [
          'policies/evil.md:1: front matter: front matter in "js" is not read: only YAML front matter ("---") is allowed',
        ]);
        assert.deepEqual(await store.load("policies"), []);
      });
    }

    it("refuses a 706-byte billion-laughs front matter as a file:1 issue", async () => {
      const directory = importFolder({ "policies/laughs.md": `${aliasBombFrontMatter()}## 1. Scope\nText.\n` });
      const result = await importFixture(new LocalDataStore(temporaryDataDirectory()), "acme", { directory });
      assert.deepEqual(result.outcomes.find((o) => o.kind === "policies")!.issues.lines(), [
        "policies/laughs.md:1: front matter: front matter is not valid YAML: too many YAML aliases (an alias bomb?)",
      ]);
    });
  });

  describe("paths stay inside the import folder", () => {
    it("refuses a contract document at ../../secret.txt, at an absolute path or behind a link to outside, as file:line issues", async () => {
      const directory = importFolder({ "suppliers.csv": SUPPLIERS, "contracts/own.md": "## 1. Term\nTwo years.\n" });
      const secret = path.resolve(directory, "../../secret.txt");
      symlinkSync(secret, path.join(directory, "contracts", "link.md"));
      writeFileSync(
        path.join(directory, "contracts.csv"),
        [
          "id,supplierId,title,startDate,endDate,document",
          "C-1,NW-100,Relative,2024-04-01,2027-03-31,../../secret.txt",
          `C-2,NW-100,Absolute,2024-04-01,2027-03-31,${secret}`,
          "C-3,NW-100,Linked,2024-04-01,2027-03-31,contracts/link.md",
          "C-4,NW-100,Own,2024-04-01,2027-03-31,contracts/own.md",
        ].join("\n"),
      );
      const store = new LocalDataStore(temporaryDataDirectory());
      const result = await importFixture(store, "acme", { directory, skipInvalid: true });
      const contracts = result.outcomes.find((o) => o.kind === "contracts")!;
      assert.deepEqual(contracts.issues.lines(), [
        'contracts.csv:2: document: "../../secret.txt" is outside the import folder',
        `contracts.csv:3: document: ${JSON.stringify(secret)} is an absolute path: name a file inside the import folder`,
        'contracts.csv:4: document: "contracts/link.md" links to a file outside the import folder',
      ]);
      const stored = await store.load("contracts");
      assert.deepEqual(
        stored.map((c) => c.id),
        ["C-4"],
      );
      assert.ok(!JSON.stringify(stored).includes(SECRET));
    });

    it("refuses a mapping whose files: leave the folder, and a CSV that is a link to outside, as line-1 issues", async () => {
      const directory = importFolder({ "suppliers.csv": SUPPLIERS });
      symlinkSync(path.resolve(directory, "../../secret.txt"), path.join(directory, "spend.csv"));
      const mapping = { ...DEFAULT_MAPPING, files: { suppliers: "../../../../etc/passwd", fx: "/etc/hostname" } };
      const result = await importFixture(new LocalDataStore(temporaryDataDirectory()), "acme", { directory, mapping });
      assert.deepEqual(
        result.outcomes.map((o) => [o.kind, o.status, o.issues.lines()]),
        [
          [
            "fx",
            "rejected",
            ['hostname:1: file: "/etc/hostname" is an absolute path: name a file inside the import folder (the mapping\'s files.fx)'],
          ],
          [
            "suppliers",
            "rejected",
            ['passwd:1: file: "../../../../etc/passwd" is outside the import folder (the mapping\'s files.suppliers)'],
          ],
          ["spend", "rejected", ['spend.csv:1: file: "spend.csv" links to a file outside the import folder (the mapping\'s files.spend)']],
        ],
      );
    });

    it("refuses a policy that is a link to outside and a policies.csv row naming a file outside", async () => {
      const directory = importFolder({
        "policies/own.md": "---\nkey: own\nlanguage: en\ntitle: Own\nversion: 1\neffectiveDate: 2025-01-01\n---\n## 1. Scope\nAll.\n",
        "policies.csv": "file,key,language,title,version,effectiveDate\n../../../secret.txt,secret,en,Secret,1,2025-01-01\n",
      });
      symlinkSync(path.resolve(directory, "../../secret.txt"), path.join(directory, "policies", "link.md"));
      const store = new LocalDataStore(temporaryDataDirectory());
      const result = await importFixture(store, "acme", { directory, skipInvalid: true });
      assert.deepEqual(result.outcomes.find((o) => o.kind === "policies")!.issues.lines(), [
        'policies.csv:2: file: "../../../secret.txt" is outside the import folder',
        'policies/link.md:1: file: "policies/link.md" links to a file outside the import folder',
      ]);
      assert.deepEqual(
        (await store.load("policies")).map((p) => p.policyKey),
        ["own"],
      );
    });
  });

  describe("values and documents stay within limits", () => {
    it("refuses a 50 MB supplier name and over-long names, ids and text as row issues, keeping the other rows", async function () {
      // Reading 50 MB of text takes a while on a slow machine, although the parser never holds more than a row's limit of it.
      this.timeout(120_000);
      const name = "N".repeat(50 * 1024 * 1024);
      const directory = importFolder({
        "suppliers.csv": [
          "id,name,category,aliases",
          `S-1,${name},logistics,`,
          `${"I".repeat(129)},Long id,logistics,`,
          `S-3,Long aliases,logistics,${"a;".repeat(2_001)}`,
          "S-4,Fine Supplier,logistics,Fine",
          `S-5,${"n".repeat(301)},logistics,`,
        ].join("\n"),
      });
      const store = new LocalDataStore(temporaryDataDirectory());
      const result = await importFixture(store, "acme", { directory, skipInvalid: true });
      assert.deepEqual(result.outcomes.find((o) => o.kind === "suppliers")!.issues.lines(), [
        "suppliers.csv:2: name: a row of 52,428,815 characters, over the 1,000,000 a row may have (it passes them in this column): the row is not read",
        "suppliers.csv:3: id: 129 characters: an identifier has at most 128",
        "suppliers.csv:4: aliases: 4,002 characters: a value has at most 4,000",
        "suppliers.csv:6: name: 301 characters: a name has at most 300",
      ]);
      assert.deepEqual(
        (await store.load("suppliers")).map((s) => s.name),
        ["Fine Supplier"],
      );
    });

    it("refuses over-long spend categories and cost centres as row issues, never storing a cut text", async () => {
      const spend = (id: string, category: string, costCenter: string) =>
        `${id},2025-04-10,NW-100,${category},${costCenter},1200000,JPY,PO-7001,`;
      const directory = importFolder({
        "suppliers.csv": SUPPLIERS,
        "spend.csv": [
          "id,date,supplierId,category,costCenter,amount,currency,poNumber,contractId",
          spend("INV-1", "c".repeat(301), "CC-2100"),
          spend("INV-2", "logistics", "k".repeat(301)),
          spend("INV-3", "logistics", "CC-2100"),
          spend("INV-4", "c".repeat(301), "CC-2100"),
        ].join("\n"),
      });
      const store = new LocalDataStore(temporaryDataDirectory());
      const result = await importFixture(store, "acme", { directory, skipInvalid: true });
      assert.deepEqual(result.outcomes.find((o) => o.kind === "spend")!.issues.lines(), [
        "spend.csv:2: category: 301 characters: a name has at most 300",
        "spend.csv:3: costCenter: 301 characters: a name has at most 300",
        "spend.csv:5: category: 301 characters: a name has at most 300",
      ]);
      const stored: string[][] = [];
      for await (const row of store.spendRows()) stored.push([row.id, row.category, row.costCenter]);
      assert.deepEqual(stored, [["INV-3", "logistics", "CC-2100"]]);
    });

    it("reads no row past the row limit, whose quoted cell in a column the import ignores holds line breaks, and counts the lines after it", async () => {
      // Just over the limit stands for a 300 MB cell: the reader stops holding a row at the limit either way.
      const note = `"${"Delivery note.\n".repeat(Math.ceil(IMPORT_LIMITS.rowChars / 15))}"`;
      const rows = [
        "id,notes,name,category,riskRating",
        "S-1,short,First Supplier,logistics,low",
        `S-2,${note},Noted Supplier,logistics,low`,
        "S-3,,Third Supplier,logistics,extreme",
        "S-4,,Fourth Supplier,logistics,high",
      ];
      const lineOf = (row: number) =>
        rows
          .slice(0, row + 1)
          .join("\n")
          .split("\n").length;
      const store = new LocalDataStore(temporaryDataDirectory());
      const result = await importFixture(store, "acme", {
        directory: importFolder({ "suppliers.csv": rows.join("\n") }),
        skipInvalid: true,
      });
      const suppliers = result.outcomes.find((o) => o.kind === "suppliers")!;
      assert.deepEqual(suppliers.issues.lines(), [
        `suppliers.csv:${lineOf(2)}: notes: a row of ${rows[2].length.toLocaleString("en")} characters, over the 1,000,000 a row may have (it passes them in this column): the row is not read`,
        `suppliers.csv:${lineOf(3)}: riskRating: "extreme" is not one of low, medium, high`,
      ]);
      assert.equal(suppliers.read, 4);
      assert.deepEqual(
        (await store.load("suppliers")).map((s) => s.name),
        ["First Supplier", "Fourth Supplier"],
      );
    });

    it("reads the rows before a quoted cell that never closes and reports its row, whatever the cell holds", async () => {
      const rows = ["id,name,category", "S-1,First Supplier,logistics", `S-2,"${"never closed ".repeat(80_000)}`];
      const store = new LocalDataStore(temporaryDataDirectory());
      const result = await importFixture(store, "acme", {
        directory: importFolder({ "suppliers.csv": rows.join("\n") }),
        skipInvalid: true,
      });
      assert.deepEqual(result.outcomes.find((o) => o.kind === "suppliers")!.issues.lines(), [
        `suppliers.csv:3: name: a row of ${rows[2].length.toLocaleString("en")} characters, over the 1,000,000 a row may have (it passes them in this column): the row is not read`,
      ]);
      assert.deepEqual(
        (await store.load("suppliers")).map((s) => s.name),
        ["First Supplier"],
      );
    });

    it("reads every other row of a worksheet with cells too long for a row, one longer than the reader ever holds", async () => {
      const directory = importFolder({});
      // Inline strings, as the sheet then holds each text itself: the first is cut as it streams, the second is just over.
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(directory, "suppliers.xlsx"), useSharedStrings: false });
      const sheet = book.addWorksheet("Vendors");
      for (const row of [
        ["id", "name", "category", "notes"],
        ["S-1", "First Supplier", "logistics", "fine"],
        ["S-2", "Cut Supplier", "logistics", "x".repeat(4 * IMPORT_LIMITS.rowChars + 100)],
        ["S-3", "Over Supplier", "logistics", "y".repeat(IMPORT_LIMITS.rowChars)],
        ["S-4", "Fourth Supplier", "logistics", ""],
      ])
        sheet.addRow(row).commit();
      await book.commit();
      const store = new LocalDataStore(temporaryDataDirectory());
      const result = await importFixture(store, "acme", { directory, skipInvalid: true });
      const tooLong = "a row of more than the 1,000,000 characters a row may have (it passes them in this column): the row is not read";
      assert.deepEqual(result.outcomes.find((o) => o.kind === "suppliers")!.issues.lines(), [
        `suppliers.xlsx:Vendors:3: notes: ${tooLong}`,
        `suppliers.xlsx:Vendors:4: notes: ${tooLong}`,
      ]);
      assert.deepEqual(
        (await store.load("suppliers")).map((s) => s.name),
        ["First Supplier", "Fourth Supplier"],
      );
    });

    it("refuses a 0.5 MB .docx that unpacks to 500 MB, one whose headers understate what it unpacks to, one hiding a part, one no zip reader knows how to unpack, and oversized text", async () => {
      const bomb = docxBomb();
      assert.ok(bomb.length < 520 * 1024, `${bomb.length} bytes`);
      const directory = importFolder({
        "suppliers.csv": SUPPLIERS,
        "contracts/bomb.docx": bomb,
        "contracts/forged.docx": forgedDocx(),
        "contracts/long.txt": "x".repeat(2_000_001),
        "contracts/huge.md": Buffer.alloc(20 * 1024 * 1024 + 1, "y"),
        "contracts/hiding.docx": docxHidingAPart(),
        "contracts/bzip2.docx": docxWithUnknownCompression(),
        "contracts/text.docx": "not a zip archive",
        "contracts.csv": [
          "id,supplierId,title,startDate,endDate,document",
          "C-1,NW-100,Bomb,2024-04-01,2027-03-31,contracts/bomb.docx",
          "C-2,NW-100,Forged,2024-04-01,2027-03-31,contracts/forged.docx",
          "C-3,NW-100,Long,2024-04-01,2027-03-31,contracts/long.txt",
          "C-4,NW-100,Huge,2024-04-01,2027-03-31,contracts/huge.md",
          "C-5,NW-100,Hiding,2024-04-01,2027-03-31,contracts/hiding.docx",
          "C-6,NW-100,Bzip2,2024-04-01,2027-03-31,contracts/bzip2.docx",
          "C-7,NW-100,Text,2024-04-01,2027-03-31,contracts/text.docx",
        ].join("\n"),
      });
      const result = await importFixture(new LocalDataStore(temporaryDataDirectory()), "acme", { directory });
      const issues = result.outcomes.find((o) => o.kind === "contracts")!.issues.lines();
      assert.deepEqual(issues.slice(0, -1), [
        "contracts.csv:2: document: cannot read contracts/bomb.docx: unpacks to 500.0 MB, more than the 64.0 MB allowed",
        "contracts.csv:3: document: cannot read contracts/forged.docx: word/document.xml unpacks to more than the 1000 bytes it declares",
        "contracts.csv:4: document: cannot read contracts/long.txt: more than 2,000,000 characters of text",
        "contracts.csv:5: document: cannot read contracts/huge.md: 20,971,521 bytes: a document has at most 20,971,520",
        "contracts.csv:6: document: cannot read contracts/hiding.docx: word/media/hidden.bin is not listed once in the archive's directory",
        "contracts.csv:7: document: cannot read contracts/bzip2.docx: word/document.xml uses an unsupported compression method (12)",
      ]);
      assert.match(issues.at(-1)!, /^contracts\.csv:8: document: cannot read contracts\/text\.docx: not a readable zip archive \(.+\)$/);
    });
  });

  describe("workbooks are bounded by what they unpack to", () => {
    const MB = 1024 * 1024;
    const GB = 1024 * MB;

    it("refuses, as file:1 issues and before reading a row, .xlsx files whose parts unpack to more than their limits or than they declare", async function () {
      // Crafting and unpacking some 50 MB of parts takes longer than mocha's default on a loaded runner.
      this.timeout(120_000);
      const directory = importFolder({
        // Shared strings are held in memory: 1 GB declared is refused from the directory alone.
        "suppliers.xlsx": craftedWorkbook([
          { name: "xl/sharedStrings.xml", unpackedBytes: MB, declaredSize: GB },
          { name: "xl/worksheets/sheet1.xml", unpackedBytes: MB, declaredSize: MB },
        ]),
        // Headers that understate: 1,000 bytes declared, 16 MB inside.
        "spend.xlsx": craftedWorkbook([
          { name: "xl/sharedStrings.xml", unpackedBytes: 16 * MB, declaredSize: 1000 },
          { name: "xl/worksheets/sheet1.xml", unpackedBytes: MB, declaredSize: MB },
        ]),
        // Worksheets are streamed, but not without end: two of 3 GB are more than a workbook may hold.
        "contracts.xlsx": craftedWorkbook([
          { name: "xl/worksheets/sheet1.xml", unpackedBytes: MB, declaredSize: 3 * GB },
          { name: "xl/worksheets/sheet2.xml", unpackedBytes: MB, declaredSize: 3 * GB },
        ]),
        // A part the directory does not list is still read by a streaming reader.
        "benchmarks.xlsx": craftedWorkbook([
          { name: "xl/worksheets/sheet1.xml", unpackedBytes: MB, declaredSize: MB },
          { name: "xl/sharedStrings.xml", unpackedBytes: 16 * MB, declaredSize: 16 * MB, hidden: true },
        ]),
        "fx.xlsx": "currency,rate\nUSD,150\n",
      });
      const store = new LocalDataStore(temporaryDataDirectory());
      const result = await importFixture(store, "acme", { directory });
      const issues = (kind: string) => result.outcomes.find((o) => o.kind === kind)!.issues.lines();
      assert.deepEqual(issues("suppliers"), [
        "suppliers.xlsx:1: file: xl/sharedStrings.xml unpacks to 1024.0 MB, more than the 128.0 MB allowed",
      ]);
      assert.deepEqual(issues("spend"), ["spend.xlsx:1: file: xl/sharedStrings.xml unpacks to more than the 1000 bytes it declares"]);
      assert.deepEqual(issues("contracts"), ["contracts.xlsx:1: file: unpacks to 6144.0 MB, more than the 4096.0 MB allowed"]);
      assert.deepEqual(issues("benchmarks"), [
        "benchmarks.xlsx:1: file: xl/sharedStrings.xml is not listed once in the archive's directory",
      ]);
      assert.match(issues("fx").join("\n"), /^fx\.xlsx:1: file: not a readable zip archive \(.+\)$/);
      for (const outcome of result.outcomes) assert.equal(outcome.read, 0, outcome.kind);
      assert.deepEqual(await store.load("suppliers"), []);
      assert.deepEqual(await store.load("contracts"), []);
      const spend = [];
      for await (const row of store.spendRows()) spend.push(row);
      assert.deepEqual(spend, []);
    });

    it("refuses a zip that is not a workbook as a file:1 issue", async () => {
      const zip = new AdmZip();
      zip.addFile("notes.txt", Buffer.from("not a workbook"));
      const directory = importFolder({ "suppliers.xlsx": zip.toBuffer() });
      const result = await importFixture(new LocalDataStore(temporaryDataDirectory()), "acme", { directory });
      assert.deepEqual(result.outcomes.find((o) => o.kind === "suppliers")!.issues.lines(), [
        "suppliers.xlsx:1: file: no xl/workbook.xml in the archive: not an Excel workbook",
      ]);
    });

    it("still imports a workbook within its limits, whose parts declare their sizes only after their data (as exceljs writes them)", async () => {
      const directory = importFolder({});
      const book = new ExcelJS.Workbook();
      book.addWorksheet("Vendors").addRows([
        ["id", "name", "category"],
        ["NW-100", "Northwind Freight K.K.", "logistics"],
        ["JP-1", "山田運輸", "logistics"],
      ]);
      await book.xlsx.writeFile(path.join(directory, "suppliers.xlsx"));
      const store = new LocalDataStore(temporaryDataDirectory());
      const result = await importFixture(store, "acme", { directory, only: new Set(["suppliers"] as const) });
      assert.deepEqual(result.outcomes.find((o) => o.kind === "suppliers")!.issues.lines(), []);
      assert.deepEqual(
        (await store.load("suppliers")).map((s) => s.name),
        ["山田運輸", "Northwind Freight K.K."],
      );
    });
  });
});
