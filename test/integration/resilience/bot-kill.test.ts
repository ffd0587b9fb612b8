import assert from "node:assert/strict";
import { botKilledMidRun } from "../../../bench/chaos/bot-kill";
import { startFaultSimulator } from "../../../bench/chaos/graph-faults";
import type { LatencyModelServer } from "../../fakes/latency-model-server";

describe("resilience: the bot process killed in the middle of a run (child process, embedded Cosmos)", function () {
  this.timeout(120_000);
  let sim: LatencyModelServer;
  let baseUrl: string;
  before(async () => ({ sim, baseUrl } = await startFaultSimulator(0.1)));
  after(() => sim.stop());

  it("resumes the run after kill -9 and a restart: exactly one answer reaches the user, the run is delivered", async () => {
    const result = await botKilledMidRun(sim, baseUrl);
    const [chat] = result.chats;
    assert.equal(chat.finals.length, 1, `one final reply, not lost or doubled: ${chat.finals.join(", ")}`);
    assert.ok(["answer", "under_review", "error"].includes(chat.finals[0]), result.userSaw);
    assert.ok(
      ["answered", "out_of_scope", "needs_clarification", "blocked", "awaiting_approval", "failed"].includes(chat.storedStatus),
      `the run reached its final stage: ${chat.storedStatus}`,
    );
    assert.ok(result.callsBefore >= 2, "the run had been routed and was investigating when the process died");
    assert.ok(result.callsAfter >= 1, "the restarted process continued the run");
  });
});
