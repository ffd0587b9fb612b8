import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { importCommand } from "../../../src/cli/import";
import { silentProgress } from "../../../src/import/progress";

const ROOT = path.resolve(__dirname, "../../..");
const VENDORS = path.join(ROOT, "test/fixtures/import/vendors");
const temporaries = (directory: string) => readdirSync(directory).filter((name) => name.endsWith(".tmp"));

/** The vendors fixture's suppliers with `rows` spend rows: an import that takes a while. */
function largeImport(rows: number): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), "procura-large-import-"));
  copyFileSync(path.join(VENDORS, "suppliers.csv"), path.join(directory, "suppliers.csv"));
  const lines = Array.from({ length: rows }, (_, i) => `AP-${i},2025-0${(i % 9) + 1}-15,100234,saas,CC-1100 IT,${1000 + i},JPY,PO-${i},`);
  writeFileSync(
    path.join(directory, "spend.csv"),
    `id,date,supplierId,category,costCenter,amount,currency,poNumber,contractId\n${lines.join("\n")}\n`,
  );
  return directory;
}

describe("an interrupted import cleans up", function () {
  this.timeout(180_000);

  it("Ctrl-C (SIGINT) while the spend rows are written removes the import's temporary files", async () => {
    const data = mkdtempSync(path.join(os.tmpdir(), "procura-interrupted-data-"));
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/import.ts", largeImport(400_000)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PROCURA_DATA_DIR: data },
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const exited = once(child, "exit");
    // Interrupt once the staged spend file exists, as a person pressing Ctrl-C mid-import does.
    const staged = () => temporaries(data).some((name) => /^spend\.ndjson\.\d+\.tmp$/.test(name));
    while (child.exitCode === null && !staged()) await delay(20);
    assert.ok(staged(), stderr);
    child.kill("SIGINT");
    const [code] = (await exited) as [number];
    assert.equal(code, 130, stderr);
    assert.match(stderr, /Import interrupted: its temporary files were removed/);
    assert.deepEqual(temporaries(data), []);
  });

  it("an import removes the temporary files a killed import left in the data folder", async () => {
    const data = mkdtempSync(path.join(os.tmpdir(), "procura-stale-data-"));
    // No process has this id (above Linux's largest), as after a kill -9; a name without one is as old.
    writeFileSync(path.join(data, "spend.ndjson.4194305.tmp"), "{}\n".repeat(1000));
    writeFileSync(path.join(data, "suppliers.json.tmp"), "[");
    const code = await importCommand([VENDORS], {
      env: { PROCURA_DATA_DIR: data },
      out: () => {},
      err: () => {},
      progress: silentProgress,
    });
    assert.equal(code, 0);
    assert.deepEqual(temporaries(data), []);
    assert.ok(readdirSync(data).includes("manifest.json"));
  });
});
