import assert from "node:assert/strict";
import { botKilledAwaitingApproval } from "../../../bench/chaos/approval-kill";
import { startFaultSimulator } from "../../../bench/chaos/graph-faults";
import { labelsFor } from "../../../src/domain";
import type { LatencyModelServer } from "../../fakes/latency-model-server";

describe("resilience: the bot process killed with an approval pending (child process, embedded Cosmos)", function () {
  this.timeout(120_000);
  let sim: LatencyModelServer;
  let baseUrl: string;
  before(async () => ({ sim, baseUrl } = await startFaultSimulator(0.1)));
  after(() => sim.stop());

  it("an approver's click after kill -9 and a restart decides it: exactly one reviewed answer reaches the requester", async () => {
    const result = await botKilledAwaitingApproval(sim, baseUrl);
    assert.deepEqual(
      result.finals,
      ["under_review", "answer"],
      `the notice before the kill, one answer after the decision: ${result.userSaw}`,
    );
    assert.equal(result.reviewed, true, "the answer carries the reviewed-by-an-approver line");
    assert.equal(result.invokeStatus, 200);
    assert.ok(
      result.invokeOutcome.includes(labelsFor("en").outcomeApproved),
      `the approver sees the outcome card: ${result.invokeOutcome.join(" | ")}`,
    );
    assert.deepEqual(
      { approval: result.atKill.approval, run: result.atKill.run },
      { approval: "pending", run: "awaiting_approval" },
      "the process died with the decision pending",
    );
    assert.deepEqual(result.after, { approval: "approved", run: "answered", outcomesShown: 1 }, "decided once, its outcome shown once");
    assert.equal(result.threadsPosted, 1, "the restart did not post the approval card again");
  });
});
