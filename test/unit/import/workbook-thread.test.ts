import assert from "node:assert/strict";
import type { TableRow } from "../../../src/import/table-file";
import { packRows, unpackRows } from "../../../src/import/workbook-thread";

describe("rows crossing to the importing thread", () => {
  it("arrive as they left: every value in its row and place, empty values, problems and rows too long to read", () => {
    const rows: TableRow[] = [
      { line: 2, values: ["INV-1", "45601", "", "山田運輸", "1,5"] },
      { line: 3, values: [], rowProblem: { at: 4, reason: "the row is too long" } },
      { line: 7, values: ["", ""], unreadable: [{ at: 1, reason: "the cell holds the error #N/A" }] },
      { line: 8, values: [""] },
      { line: 9, values: ["a\tb\nc", "&<>"] },
    ];
    assert.deepEqual(unpackRows(packRows(rows)), rows);
    assert.deepEqual(unpackRows(packRows([{ line: 4, values: [] }])), [{ line: 4, values: [] }]);
  });

  it("never shift a value into another column: values that do not add up to the rows are an error", () => {
    const packed = packRows([{ line: 2, values: ["INV-1", "100"] }]);
    assert.throws(() => unpackRows({ ...packed, text: "INV-1\u0000100\u0000JPY" }), /sent 3 values for rows of 2/);
  });
});
