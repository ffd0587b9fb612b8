import assert from "node:assert/strict";
import { startApprovalScheduler } from "../../../src/approvals/maintenance";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("startApprovalScheduler", () => {
  it("runs nothing unless the bot is the scheduler (APPROVAL_SCHEDULER=function or off)", async () => {
    for (const mode of ["function", "off"] as const) {
      let runs = 0;
      const stop = startApprovalScheduler(mode, async () => runs++, { intervalMs: 5, log: () => undefined });
      await wait(30);
      await stop();
      assert.equal(runs, 0, mode);
    }
  });

  it("runs on the interval in the bot, never two passes at once, logs a failed pass and keeps going; stop waits for the pass", async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const logged: string[] = [];
    const stop = startApprovalScheduler(
      "bot",
      async () => {
        runs++;
        active++;
        maxActive = Math.max(maxActive, active);
        await wait(25);
        active--;
        if (runs === 1) throw new Error("store hiccup");
      },
      { intervalMs: 5, log: (line) => logged.push(line) },
    );
    await wait(120);
    await stop();
    assert.equal(active, 0, "stop waited for the pass in progress");
    assert.ok(runs >= 2, `ran ${runs} passes`);
    assert.equal(maxActive, 1);
    assert.deepEqual(logged, ["approval maintenance failed: Error: store hiccup"]);
  });
});
