import assert from "node:assert/strict";
import { GRAPH_FAULTS, runGraphFault, startFaultSimulator, storeOutage, type ChaosResult } from "../../../bench/chaos/graph-faults";
import type { LatencyModelServer } from "../../fakes/latency-model-server";

const scenario = (name: string) => GRAPH_FAULTS.find((s) => s.scenario === name)!;

describe("resilience: model and store faults through the agent graph (latency simulator)", function () {
  this.timeout(60_000);
  let sim: LatencyModelServer;
  let baseUrl: string;
  before(async () => ({ sim, baseUrl } = await startFaultSimulator()));
  after(() => sim.stop());
  afterEach(() => assert.deepEqual(sim.unexpected, [], "the simulator answered every call"));

  it("429 with Retry-After on 30 % of calls: every run still answers, after waiting as told", async () => {
    const result = await runGraphFault(sim, baseUrl, scenario("rate limiting"));
    assert.deepEqual(
      result.states.map((s) => s.status),
      ["answered", "answered"],
      result.userSaw,
    );
    const limited = result.calls.filter((c) => c.status === 429);
    assert.ok(limited.length >= 2, `429s were injected (${limited.length} of ${result.calls.length})`);
    for (const call of limited) {
      const retry = result.calls.find(
        (c) => c.agentId === call.agentId && c.question === call.question && c.callIndex === call.callIndex + 1,
      );
      assert.ok(retry, `the ${call.agentId} call was retried`);
      assert.ok(
        retry.startedAt - call.endedAt! >= 900,
        `the retry waited for Retry-After (${Math.round(retry.startedAt - call.endedAt!)} ms)`,
      );
    }
    assert.ok(
      result.states.every((s) => s.findings.every((f) => f.status === "ok")),
      "no specialist was lost to throttling",
    );
  });

  it("a Router call that never answers times out and the run falls back to Knowledge", async () => {
    const result = await runGraphFault(sim, baseUrl, scenario("model timeout"));
    const [state] = result.states;
    assert.equal(state.status, "answered");
    assert.equal(state.decision?.fallback, true);
    assert.deepEqual(state.decision?.selected, ["knowledge"]);
    assert.match(state.decision.reason, /timeout|timed out/i);
    assert.ok(
      result.calls.filter((c) => c.agentId === "router").every((c) => c.aborted),
      "the hanging Router call was abandoned",
    );
    assert.match(result.userSaw, /^answer card .*Knowledge fallback/);
  });

  it("a specialist answering 500 is excluded, and the answer says so", async () => {
    const result = await runGraphFault(sim, baseUrl, scenario("specialist 500"));
    const [state] = result.states;
    const victim = result.calls.find((c) => c.status === 500)!.agentId;
    assert.equal(state.status, "answered");
    const failed = state.findings.find((f) => f.specialist === victim);
    assert.equal(failed?.status, "failed");
    assert.match(failed?.status === "failed" ? failed.error : "", /500/);
    assert.ok(result.calls.filter((c) => c.agentId === victim).length >= 2, "the 500 was retried before giving up");
    assert.ok(
      state.findings.some((f) => f.status === "ok"),
      "another specialist (or the Knowledge fallback) answered",
    );
    assert.match(result.userSaw, new RegExp(`answer card .*${victim} failed`));
  });

  it("invalid Moderator output: one repair, one rerun of the whole flow, then an error card with a correlation id", async () => {
    const result = await runGraphFault(sim, baseUrl, scenario("invalid Moderator output"));
    const [state] = result.states;
    assert.equal(state.status, "failed");
    assert.equal(state.attempts, 2, "the whole flow ran again once");
    assert.equal(result.calls.filter((c) => c.agentId === "moderator").length, 4, "two moderations, each with one repair");
    assert.equal(result.calls.filter((c) => c.agentId === "router").length, 2);
    assert.equal(state.failure?.correlationId, state.runId);
    assert.match(state.failure.message, /Moderator could not produce an answer \(invalid_output/);
    assert.match(result.userSaw, /^error card, correlation id /);
  });

  it("the store unreachable for 10 s mid-run: the run finishes and its final state is stored once the store is back", async function () {
    this.timeout(60_000);
    const result: ChaosResult = await storeOutage(sim, baseUrl, 10_000);
    const [state] = result.states;
    assert.equal(state.status, "answered", result.userSaw);
    assert.ok((result.events.checkpoint_failed ?? 0) >= 1, `checkpoints failed during the outage: ${JSON.stringify(result.events)}`);
    assert.deepEqual(result.storedStatuses, ["answered"], "the final state reached the store");
  });
});
