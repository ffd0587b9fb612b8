import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { openTestStore } from "../../fakes/test-config";
import { leaveDevStoreAddress } from "../../../src/storage/dev-store-address";
import { startEmbeddedCosmos, type EmbeddedCosmos } from "../../../src/storage/embedded-server";
import { approvalRecord } from "../../fixtures/approval-records";

/** `npm run approvals -- export` with no COSMOS_ENDPOINT, in a folder whose local data directory is `dataDir`. */
function exportWithout(dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, ["--import", "tsx", "src/cli/approvals.ts", "export", "--format", "json"], {
    env: { PATH: process.env.PATH, PROCURA_DATA_DIR: dataDir },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => error as { code: number; stdout: string; stderr: string },
  );
}

const freshDataDir = () => mkdtempSync(path.join(tmpdir(), "procura-data-"));

describe("npm run approvals -- export finds the store of a running `npm run dev`", function () {
  this.timeout(60_000);
  let cosmos: EmbeddedCosmos;

  before(async () => {
    cosmos = await startEmbeddedCosmos();
    const store = await openTestStore(cosmos, "dev-db");
    assert.equal(
      (await store.approvals.create(approvalRecord({ id: "appr-pending-in-dev", createdAt: "2026-11-20T09:00:00.000Z" }))).kind,
      "written",
    );
    await store.close();
  });
  after(() => cosmos?.stop());

  it("reads the approvals of the store dev left its address for, not an empty store of its own", async () => {
    const dataDir = freshDataDir();
    // This test process stands for `npm run dev`: the address names a process that is running.
    const remove = leaveDevStoreAddress(dataDir, { endpoint: cosmos.endpoint, database: "dev-db" });
    try {
      const { code, stdout, stderr } = await exportWithout(dataDir);
      assert.equal(code, 0, stderr);
      assert.deepEqual(
        (JSON.parse(stdout) as { approvalId: string }[]).map((approval) => approval.approvalId),
        ["appr-pending-in-dev"],
      );
      assert.match(stderr, /Reading the store of `npm run dev`/);
      assert.match(stderr, /exported 1 approval \(json\)/);
    } finally {
      remove();
    }
  });

  it("without dev running nor COSMOS_ENDPOINT, says in one line how to point at the store and exits 1, never 'exported 0'", async () => {
    const stale = freshDataDir();
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    writeFileSync(path.join(stale, "dev-store.json"), JSON.stringify({ endpoint: cosmos.endpoint, database: "dev-db", pid: gone }));
    for (const dataDir of [freshDataDir(), stale]) {
      const { code, stdout, stderr } = await exportWithout(dataDir);
      assert.equal(code, 1);
      assert.equal(stdout, "");
      assert.doesNotMatch(stderr, /exported/);
      assert.match(stderr.trim(), /^No store to read: run `npm run dev` in this folder .*set COSMOS_ENDPOINT/);
      assert.equal(stderr.trim().split("\n").length, 1);
    }
  });
});
