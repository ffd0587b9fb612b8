import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { peakRssMb, peakRssMbOf, resetPeakRss } from "../../../bench/process-memory";

const STATUS = ["Name:\tnode", "VmPeak:\t 1234567 kB", "VmHWM:\t  204800 kB", "VmRSS:\t  102400 kB", "Threads:\t11"].join("\n");

/** A node process that touches 160 MB, frees it, says "freed" and waits. */
function allocateAndFree(): { child: ChildProcess; freed: Promise<void> } {
  const script = `let b = Buffer.alloc(160 * 2 ** 20, 1); b = null; global.gc(); setTimeout(() => { console.log("freed"); setInterval(() => {}, 1000); }, 50);`;
  const child = spawn(process.execPath, ["--expose-gc", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const freed = new Promise<void>((resolve) => createInterface({ input: child.stdout }).once("line", () => resolve()));
  return { child, freed };
}

describe("bench: peak RSS of another process", () => {
  it("reads VmHWM (kB) from a /proc status text as MB, and NaN when it is missing", () => {
    assert.equal(peakRssMbOf(STATUS), 200);
    assert.ok(Number.isNaN(peakRssMbOf("Name:\tnode\nVmRSS:\t 1 kB")));
  });

  it("is NaN for a process that does not exist", async () => {
    assert.ok(Number.isNaN(await peakRssMb(2 ** 22 + 1)));
  });

  it("keeps the peak of memory since freed, and counts afresh from the current RSS after a reset", async function () {
    if (process.platform !== "linux") this.skip();
    const { child, freed } = allocateAndFree();
    try {
      await freed;
      const before = await peakRssMb(child.pid!);
      assert.ok(before >= 160, `peak ${before} MB after touching 160 MB`);
      assert.equal(await resetPeakRss(child.pid!), true);
      const after = await peakRssMb(child.pid!);
      assert.ok(after < before - 100, `peak ${after} MB after the reset (was ${before} MB)`);
    } finally {
      child.kill("SIGKILL");
      await once(child, "exit");
    }
  });
});
