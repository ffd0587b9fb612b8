import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openCsv } from "../../../src/import/csv-rows";
import { clauseKind, splitSections } from "../../../src/import/documents";
import { FieldReader } from "../../../src/import/fields";
import { FileIssues } from "../../../src/import/issues";
import { dateReader, DEFAULT_MAPPING, MappingSchema } from "../../../src/import/mapping";
import type { TableRow } from "../../../src/import/table-file";

describe("import parsing", () => {
  it("reads dates in the mapping's format and refuses impossible ones", () => {
    assert.equal(dateReader("YYYY-MM-DD")("2025-04-01"), "2025-04-01");
    assert.equal(dateReader("DD.MM.YYYY")("5.4.2025"), "2025-04-05");
    assert.equal(dateReader("MM/DD/YY")("04/05/25"), "2025-04-05");
    assert.equal(dateReader("YYYY-MM-DD")("2025-02-30"), undefined);
    assert.equal(dateReader("YYYY-MM-DD")("01.04.2025"), undefined);
    assert.equal(dateReader("YYYY-MM-DD")("2024-02-29"), "2024-02-29");
    assert.equal(dateReader("YYYY-MM-DD")("2100-02-29"), undefined);
    assert.equal(dateReader("YYYY-MM-DD")("2025-00-10"), undefined);
    assert.equal(dateReader("YYYY-MM-DD")("2025-04-31"), undefined);
  });

  it("numbers CSV records by the line they end on, across quoted line breaks and empty lines, in batches", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "procura-csv-"));
    const file = path.join(directory, "spend.csv");
    writeFileSync(file, 'id,amount,note\r\nA,1,plain\r\n\r\nB,2,"two\r\nlines"\r\n  \r\nC,3,last');
    const csv = await openCsv(file, {});
    const records: TableRow[] = [];
    for await (const batch of csv.batches) records.push(...batch);
    const [header, ...rows] = records;
    assert.deepEqual(header, { line: 1, values: ["id", "amount", "note"] });
    assert.deepEqual(
      rows.map((row) => [row.line, row.values[0]]),
      [
        [2, "A"],
        [5, "B"],
        [7, "C"],
      ],
    );
    rmSync(directory, { recursive: true, force: true });
  });

  it("collects every bad column of a row with its reason, and translates values through the mapping", () => {
    const mapping = MappingSchema.parse({ values: { preferred: { Ja: "true" } }, decimalComma: true });
    const record = { amount: "1.234,5", bad: "12x", preferred: "Ja", when: "2025-13-01", risk: "extreme" };
    const columns = new Map(Object.keys(record).map((column, index) => [column, index]));
    const f = new FieldReader(mapping, columns).reset(Object.values(record));
    assert.equal(f.number("amount"), 1234.5);
    assert.equal(f.boolean("preferred"), true);
    f.number("bad");
    f.date("when");
    f.oneOf("risk", ["low", "medium", "high"] as const, "medium");
    f.text("id", { required: true });
    assert.deepEqual(
      f.problems.map((p) => p.column),
      ["bad", "when", "risk", "id"],
    );
    assert.match(f.problems[0].reason, /not a number/);
    assert.match(f.problems[1].reason, /bad date "2025-13-01" \(expected YYYY-MM-DD\)/);
  });

  it("reports issues up to a limit, then a count", () => {
    const issues = new FileIssues("spend.csv", 2);
    for (let line = 2; line < 7; line++) issues.addRow(line, [{ column: "amount", reason: "not a number" }]);
    assert.deepEqual(issues.lines(), [
      "spend.csv:2: amount: not a number",
      "spend.csv:3: amount: not a number",
      "spend.csv: … and 3 more issues",
    ]);
    assert.equal(issues.badRows, 5);
  });

  it("rejects a mapping with unknown keys or a bad date format", () => {
    assert.equal(MappingSchema.safeParse({ colums: {} }).success, false);
    assert.equal(MappingSchema.safeParse({ dateFormat: "dd/mm" }).success, false);
    assert.equal(DEFAULT_MAPPING.dateFormat, "YYYY-MM-DD");
  });

  it("splits documents into sections at markdown headings, numbered lines and 第n条, and finds clause kinds", () => {
    const markdown = splitSections("# Title\n\n## 1. Term\nRuns two years.\n\n## 2. Price adjustment\nUp to 3% a year.\n");
    assert.deepEqual(
      markdown.map((s) => [s.number, s.heading]),
      [
        ["1", "Term"],
        ["2", "Price adjustment"],
      ],
    );
    const plain = splitSections(
      "Master agreement\n1. Renewal\nRenews yearly unless notice is given.\n第2条（解約）\n90日前までに通知する。",
    );
    assert.deepEqual(
      plain.map((s) => s.heading),
      ["Renewal", "解約"],
    );
    assert.equal(clauseKind("Price adjustment", ""), "price_adjustment");
    assert.equal(clauseKind("Article 7", "Either party may terminate for convenience"), "termination");
    assert.equal(clauseKind("解約", ""), "termination");
    assert.equal(clauseKind("Service levels", "99.9% availability"), "other");
  });
});
