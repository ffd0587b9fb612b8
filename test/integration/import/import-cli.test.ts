import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { importCommand } from "../../../src/cli/import";
import { lineProgress } from "../../../src/import/progress";

/** `npm run import -- …` into a fresh local data directory, with progress as it prints off a terminal; its exit code and output. */
async function importCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await importCommand(args, {
    env: { PROCURA_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "procura-cli-data-")) },
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
    progress: lineProgress((line) => (stderr += `${line}\n`)),
  });
  return { code, stdout, stderr };
}

function directoryWith(files: Record<string, string>): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), "procura-cli-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(directory, name), text);
  return directory;
}

describe("npm run import, as documented", () => {
  it("exits 0 when imported, with one progress line per step off a terminal and the counts in the singular where they are one", async () => {
    // Over ten read chunks of 64 KB, so that one tenth of the file takes several chunks.
    const rows = Array.from({ length: 12_000 }, (_, i) => `S-${i},Supplier ${i} with a long enough name to fill the file,logistics`);
    const directory = directoryWith({
      "suppliers.csv": ["id,name,category", ...rows].join("\n"),
      "fx.csv": "currency,rateToJpy\nUSD,150\n",
    });
    const { code, stdout, stderr } = await importCli(directory);
    assert.equal(code, 0, stderr);
    const progress = stderr.split("\n").filter((line) => line.includes("% read"));
    assert.deepEqual(progress, [...new Set(progress)], "no progress line is printed twice");
    assert.ok(progress.includes("suppliers.csv: 100% read"), stderr);
    assert.match(stdout, /^fx \(fx\.csv, UTF-8\): 1 rate to JPY used for this import$/m);
    assert.match(stdout, /^suppliers \(suppliers\.csv, UTF-8\): 12,000 rows read, 12,000 new/m);
  });

  it("names the closest headers and the mapping option for a misnamed column, not --skip-invalid (exit 1)", async () => {
    const directory = directoryWith({ "suppliers.csv": "id,name,Category Name\nS-1,One,logistics\n" });
    const { code, stdout, stderr } = await importCli(directory);
    assert.equal(code, 1);
    assert.deepEqual(
      stderr.split("\n").filter((line) => line.startsWith("suppliers.csv:1:")),
      [
        'suppliers.csv:1: category: missing required column (closest headers found: "Category Name"; name the file\'s header in the mapping: columns: suppliers: category: <header>)',
      ],
    );
    assert.match(stdout, /suppliers \(suppliers\.csv, UTF-8\): 0 rows read, 1 issue in 0 rows \(file-level\) — nothing imported/);
    assert.doesNotMatch(stdout, /--skip-invalid/);
    assert.match(stdout, /in the mapping file, given with --mapping/);
  });

  it("skips and counts wholly empty rows instead of reporting each required column as empty", async () => {
    const directory = directoryWith({ "suppliers.csv": "id,name,category,region,since\nS-1,One,logistics,JP,\n,,,,\nS-2,Two,cloud,,\n" });
    const { code, stdout, stderr } = await importCli(directory);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /suppliers \(suppliers\.csv, UTF-8\): 2 rows read \(1 empty row skipped\), 2 new/);
  });

  it("says in a dry run with --skip-invalid how many rows would be skipped and how many are valid, never 'all valid'", async () => {
    const directory = directoryWith({ "suppliers.csv": "id,name,category\nS-1,One,logistics\nS-2,,cloud\nS-3,Three,cloud\n" });
    const { code, stdout, stderr } = await importCli(directory, "--dry-run", "--skip-invalid");
    assert.equal(code, 0, stderr);
    assert.doesNotMatch(stdout, /all valid/);
    assert.match(
      stdout,
      /^suppliers \(suppliers\.csv, UTF-8\): 3 rows read, 1 invalid row would be skipped; the other 2 are valid \(dry run\)/m,
    );
  });

  it("exits 2 for usage errors: an unknown flag, an unreadable or invalid mapping, an unknown encoding, nothing to import", async () => {
    const directory = directoryWith({ "suppliers.csv": "id,name,category\nS-1,One,logistics\n" });
    const unknownFlag = await importCli(directory, "--frobnicate");
    assert.equal(unknownFlag.code, 2);
    assert.match(unknownFlag.stderr, /^Unknown option --frobnicate\.\nUsage: npm run import/);
    const missingMapping = await importCli(directory, "--mapping", path.join(directory, "nope.yaml"));
    assert.equal(missingMapping.code, 2);
    assert.match(missingMapping.stderr, /mapping file .*nope\.yaml/);
    writeFileSync(path.join(directory, "bad.yaml"), "encoding: latin-9\n");
    const badMapping = await importCli(directory, "--mapping", path.join(directory, "bad.yaml"));
    assert.equal(badMapping.code, 2);
    assert.match(badMapping.stderr, /unknown encoding/);
    const badEncoding = await importCli(directory, "--encoding", "ebcdic");
    assert.equal(badEncoding.code, 2);
    assert.match(badEncoding.stderr, /--encoding: unknown encoding ebcdic \(use utf-8, utf-16le, utf-16be, shift_jis\)/);
    const nothing = await importCli(directoryWith({ "readme.txt": "hello" }));
    assert.equal(nothing.code, 2);
    assert.match(nothing.stderr, /^Nothing to import in /m);
  });
});
