import assert from "node:assert/strict";
import type { Finding, ModeratorAnswer, RunPhase, RunState } from "../../../src/domain";
import type { WorkflowSettings } from "../../../src/domain";
import { nextPhase, validateGraph, type AgentGraph } from "../../../src/workflow/graph";
import { AGENT_GRAPHS, GROUP_CHAT_GRAPH, HANDOFF_GRAPH, SELECTIVE_GRAPH } from "../../../src/workflow/modes";

const settings = { qscoreThreshold: 80 } as WorkflowSettings;

/** A run state with just what the edge conditions read. */
function state(fields: Partial<RunState> = {}): RunState {
  return { status: "running", findings: [], quality: { initialScore: null, finalScore: null, retried: false }, ...fields } as RunState;
}
const ok = (specialist: string): Finding => ({
  specialist,
  status: "ok",
  summary: "s",
  details: "d",
  evidence: [],
  confidence: 0.8,
  toolCalls: [],
});
const failed = (specialist: string): Finding => ({ specialist, status: "failed", error: "timed out", toolCalls: [] });
const answer = (qscore: number) => ({ qscore, critique: "" }) as ModeratorAnswer;
const declares = (graph: AgentGraph, from: RunPhase, to: RunPhase) => graph.edges.some((edge) => edge.from === from && edge.to === to);

describe("agent graph", () => {
  it("is valid as declared, in every orchestration mode, with a step for every node", () => {
    for (const graph of Object.values(AGENT_GRAPHS)) assert.doesNotThrow(() => validateGraph(graph));
  });

  it("declares the group chat as its own graph: no parallel fan-out, the same closing as selective", () => {
    assert.ok(declares(GROUP_CHAT_GRAPH, "route", "converse"));
    assert.ok(!declares(GROUP_CHAT_GRAPH, "route", "investigate"));
    assert.ok(!declares(SELECTIVE_GRAPH, "route", "converse"), "not in the selective graph");
    for (const edge of SELECTIVE_GRAPH.edges.filter((e) => ["moderate", "gate", "reinvestigate", "decide"].includes(e.from)))
      assert.ok(declares(GROUP_CHAT_GRAPH, edge.from, edge.to), `${edge.from} → ${edge.to}`);
  });

  it("rejects a node that cannot reach the end", () => {
    const broken = { ...SELECTIVE_GRAPH, edges: SELECTIVE_GRAPH.edges.filter((e) => !(e.from === "decide")) };
    assert.throws(() => validateGraph(broken), /'decide' cannot reach 'done'/);
  });

  it("rejects an unreachable node, and a node without a step", () => {
    const unreachable = { ...SELECTIVE_GRAPH, edges: SELECTIVE_GRAPH.edges.filter((e) => e.to !== "debate") };
    assert.throws(() => validateGraph(unreachable), /'debate' is unreachable/);
    const stepless = { ...SELECTIVE_GRAPH, steps: { ...SELECTIVE_GRAPH.steps, debate: undefined } };
    assert.throws(() => validateGraph(stepless), /'debate' has no step/);
  });

  describe("routing by the edges' conditions", () => {
    const next = (graph: AgentGraph, from: RunPhase, fields: Partial<RunState>) => nextPhase(graph, from, state(fields), settings);

    it("selective: debate with two answers in debate mode, moderate with one, re-route with none, end when failed", () => {
      const debate = { decision: { debateMode: "debate" } } as Partial<RunState>;
      assert.equal(next(SELECTIVE_GRAPH, "investigate", { ...debate, findings: [ok("contract"), ok("spend")] }), "debate");
      assert.equal(next(SELECTIVE_GRAPH, "investigate", { ...debate, findings: [ok("contract"), failed("spend")] }), "moderate");
      assert.equal(next(SELECTIVE_GRAPH, "investigate", { findings: [ok("contract"), ok("spend")] }), "moderate");
      assert.equal(next(SELECTIVE_GRAPH, "investigate", { findings: [failed("contract")] }), "route");
      assert.equal(next(SELECTIVE_GRAPH, "investigate", { status: "failed", findings: [failed("contract")] }), "done");
    });

    it("every mode: an out-of-scope question or an ask-back ends the run", () => {
      for (const graph of Object.values(AGENT_GRAPHS)) {
        assert.equal(next(graph, "route", { status: "out_of_scope" }), "done");
        assert.equal(next(graph, "understand", { status: "needs_clarification" }), "done");
        assert.equal(next(graph, "understand", {}), "route");
      }
    });

    it("closing: the gate sends a low score back once, the Moderator's first failure reruns the flow, its second ends it", () => {
      assert.equal(next(SELECTIVE_GRAPH, "gate", { answer: answer(60) }), "reinvestigate");
      assert.equal(
        next(SELECTIVE_GRAPH, "gate", { answer: answer(60), quality: { initialScore: 60, finalScore: null, retried: true } }),
        "decide",
      );
      assert.equal(next(SELECTIVE_GRAPH, "gate", { answer: answer(85) }), "decide");
      assert.equal(next(SELECTIVE_GRAPH, "moderate", { answer: answer(85) }), "gate");
      assert.equal(next(SELECTIVE_GRAPH, "moderate", { attempts: 2 }), "route");
      assert.equal(next(SELECTIVE_GRAPH, "moderate", { status: "failed" }), "done");
    });

    it("handoff: a hand-over to a specialist stays in handoff, one to the Router goes back to route, an answer to the Moderator", () => {
      const handedTo = (to: string) =>
        ({ handoffs: [{ from: "contract", to, reason: "r", finding: ok("contract") }] }) as Partial<RunState>;
      assert.equal(next(HANDOFF_GRAPH, "handoff", handedTo("spend")), "handoff");
      assert.equal(next(HANDOFF_GRAPH, "handoff", handedTo("router")), "route");
      assert.equal(next(HANDOFF_GRAPH, "handoff", { ...handedTo("spend"), findings: [ok("spend")] }), "moderate");
      assert.equal(next(HANDOFF_GRAPH, "handoff", { status: "failed" }), "done");
    });

    it("throws when no edge holds or several do (a bug in a graph, not a model outcome)", () => {
      assert.throws(() => next(HANDOFF_GRAPH, "handoff", {}), /no edge out of 'handoff' holds/);
      const ambiguous = {
        ...SELECTIVE_GRAPH,
        edges: [...SELECTIVE_GRAPH.edges, { from: "decide" as const, to: "gate" as const, when: "never", holds: () => true }],
      };
      assert.throws(() => next(ambiguous, "decide", {}), /several edges out of 'decide' hold/);
    });
  });
});
