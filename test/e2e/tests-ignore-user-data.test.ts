/**
 * A newcomer imports their own data into the default `.procura/data`, as docs/data.md says, then runs
 * the tests: nothing changes. The tests run in a copy of this clone (every entry linked, with a
 * `.procura/data` of its own holding another data set, also named by PROCURA_DATA_DIR) and must pass
 * there as they do here: every test that needs data makes or names its own folder.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { importCommand } from "../../src/cli/import";
import { silentProgress } from "../../src/import/progress";

const ROOT = path.resolve(__dirname, "../..");

/** Tests that answer from the sample data set through the store, the bot and the ask CLI. */
const SAMPLE_DATA_TESTS = [
  "test/integration/storage/cosmos-store.test.ts",
  "test/integration/teams/shared-conversation-memory.test.ts",
  "test/integration/workflow/resume-and-cli.test.ts",
];

describe("the tests with a user's own data set imported", function () {
  this.timeout(600_000);

  it("pass as they do without it: the user's .procura/data (or PROCURA_DATA_DIR) is never read", async () => {
    const clone = mkdtempSync(path.join(tmpdir(), "procura-clone-"));
    for (const entry of readdirSync(ROOT))
      if (entry !== ".procura" && entry !== ".git") symlinkSync(path.join(ROOT, entry), path.join(clone, entry));
    const userData = path.join(clone, ".procura", "data");
    const imported = await importCommand([path.join(ROOT, "test/fixtures/import/vendors")], {
      env: { PROCURA_DATA_DIR: userData },
      out: () => undefined,
      err: () => undefined,
      progress: silentProgress,
    });
    assert.equal(imported, 0);
    const { PROCURA_DATA_DIR: _theirs, ...env } = process.env;
    const result = await new Promise<{ code: number; output: string }>((resolve) =>
      execFile(
        process.execPath,
        [path.join(ROOT, "node_modules/mocha/bin/mocha.js"), "--reporter", "dot", ...SAMPLE_DATA_TESTS],
        { cwd: clone, env: { ...env, PROCURA_DATA_DIR: userData }, maxBuffer: 1 << 24 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
      ),
    );
    assert.equal(result.code, 0, result.output.slice(-4000));
    assert.match(result.output, /\d+ passing/);
  });
});
