import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { copyFileSync, linkSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { importCommand } from "../../../src/cli/import";
import { silentProgress } from "../../../src/import/progress";

const ROOT = path.resolve(__dirname, "../../..");
const SUPPLIERS = path.join(ROOT, "test/fixtures/import/vendors/suppliers.csv");
const SPEND_HEADER = "id,date,supplierId,category,costCenter,amount,currency,poNumber,contractId";

/** A folder with the vendors fixture's suppliers and the given files. */
function folderWith(files: Record<string, string>): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), "procura-import-messages-"));
  copyFileSync(SUPPLIERS, path.join(directory, "suppliers.csv"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(directory, name), text);
  return directory;
}

/** `npm run import -- DIR …` into a fresh data folder: its exit code and the issue lines (`file:line: …`). */
async function importFolder(directory: string, ...flags: string[]): Promise<{ code: number; issues: string[]; stdout: string }> {
  let stderr = "";
  let stdout = "";
  const code = await importCommand([directory, ...flags], {
    env: { PROCURA_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "procura-import-messages-data-")) },
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
    progress: silentProgress,
  });
  return { code, issues: stderr.split("\n").filter((line) => /^\S+:\d+: /.test(line)), stdout };
}

describe("import messages name the real problem", function () {
  this.timeout(60_000);

  it("an empty file is one issue saying it is empty, not a missing column per required column", async () => {
    const { code, issues } = await importFolder(folderWith({ "spend.csv": "" }));
    assert.equal(code, 1);
    assert.deepEqual(issues, ["spend.csv:1: file: the file is empty (no header line, no rows)"]);
  });

  it("a row with more fields than the header says so at file:line with the count, not as a shifted value", async () => {
    const spend = `${SPEND_HEADER}\nAP-1,2025-04-15,100234,saas,CC-1100 IT,12,5O0,JPY,PO-1,\nAP-2,2025-04-15,100234,saas,CC-1100 IT,12500,JPY,PO-2,\n`;
    const { code, issues } = await importFolder(folderWith({ "spend.csv": spend }));
    assert.equal(code, 1);
    assert.deepEqual(issues, [
      'spend.csv:2: row: 10 fields where the header has 9: a value with the delimiter in it (like 12,500) must be in quotes ("12,500")',
    ]);
  });

  it("a bare quote in a row is that row's issue at file:line; the rows after it are read", async () => {
    const spend = `${SPEND_HEADER}\nAP-1,2025-04-15,100234,saas,CC "IT",1200,JPY,PO-1,\nAP-2,2025-04-15,100234,saas,"CC ""IT""",1300,JPY,PO-2,\nAP-3,2025-04-15,100234,saas,CC-1100 IT,1400,JPY,PO-3,\n`;
    const { code, issues, stdout } = await importFolder(folderWith({ "spend.csv": spend }), "--skip-invalid");
    assert.equal(code, 0);
    assert.deepEqual(issues, [
      'spend.csv:2: costCenter: a quote (") inside a value that is not in quotes: put the whole value in quotes and double the quote inside ("12"" screen")',
    ]);
    assert.match(stdout, /^spend \(spend\.csv, UTF-8\): 3 rows read, 2 new/m);
  });

  it("a hard link in the import folder is refused with a clear message and never read", async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), "procura-outside-"));
    writeFileSync(path.join(outside, "secret.csv"), "id,name,category\nS-1,Secret,logistics\n");
    const directory = mkdtempSync(path.join(os.tmpdir(), "procura-import-messages-"));
    linkSync(path.join(outside, "secret.csv"), path.join(directory, "suppliers.csv"));
    const { code, issues } = await importFolder(directory);
    assert.equal(code, 1);
    assert.equal(issues.length, 1);
    assert.match(
      issues[0],
      /^suppliers\.csv:1: file: "suppliers\.csv" is a hard link \(the file has 2 names, some maybe outside the import folder\): put a copy of the file in the folder instead/,
    );
  });

  it("a data folder the file system refuses is one line with the path and what to do", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "procura-not-a-folder-")), "data");
    writeFileSync(file, "");
    const stderr = await new Promise<string>((resolve) =>
      execFile(
        process.execPath,
        ["--import", "tsx", "src/cli/import.ts", path.join(ROOT, "test/fixtures/import/vendors")],
        { cwd: ROOT, env: { PATH: process.env.PATH, PROCURA_DATA_DIR: path.join(file, "procura") } },
        (_error, _stdout, text) => resolve(text),
      ),
    );
    const failure = stderr.split("\n").filter((line) => line.startsWith("Import failed"));
    assert.deepEqual(failure, [
      `Import failed: ${path.join(file, "procura")}: a part of this path is a file, not a folder: choose another path (ENOTDIR)`,
    ]);
  });
});
