import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

describe("npm run bench -- --help", function () {
  // A cold tsx compile of the bench on a loaded CI runner takes tens of seconds.
  this.timeout(120_000);

  it("prints every section and its flags from within a section, and exits 0", async () => {
    for (const args of [["latency", "--help"]]) {
      const { stdout } = await run(process.execPath, ["--import", "tsx", "src/cli/bench.ts", ...args]);
      assert.match(stdout, /^Usage: npm run bench -- \[SECTION\]/, args.join(" "));
      for (const section of ["latency", "calibrate FILE", "streaming", "prompt-cache", "throughput", "data"])
        assert.ok(stdout.includes(`  ${section}`), section);
    }
  });
});
