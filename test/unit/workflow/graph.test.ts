import assert from "node:assert/strict";
import { ORCHESTRATION_MODES, type Finding, type ModeratorAnswer, type RunPhase, type RunState } from "../../../src/domain";
import type { WorkflowSettings } from "../../../src/domain";
import { buildGraph, nextPhase, node, type AgentGraph, type GraphNode } from "../../../src/workflow/graph";
import { agentGraph } from "../../../src/workflow/runner";

const settings = { qscoreThreshold: 80 } as WorkflowSettings;
const SELECTIVE_GRAPH = agentGraph("selective");
const HANDOFF_GRAPH = agentGraph("handoff");
const GROUP_CHAT_GRAPH = agentGraph("group-chat");
const ALL_GRAPHS = [SELECTIVE_GRAPH, HANDOFF_GRAPH, GROUP_CHAT_GRAPH];

/** A run state with just what the nodes' choices read. */
function state(fields: Partial<RunState> = {}): RunState {
  return {
    status: "running",
    modeState: { mode: "selective" },
    findings: [],
    quality: { initialScore: null, finalScore: null, retried: false },
    ...fields,
  } as RunState;
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
const declares = (graph: AgentGraph, from: RunPhase, to: RunPhase) => graph.nodes[from]?.exits.some((exit) => exit.to === to) ?? false;
const step = async () => {};
/** The selective graph with some nodes replaced (or removed, when undefined). */
const withNodes = (nodes: Partial<Record<RunPhase, GraphNode | undefined>>): AgentGraph => ({
  ...SELECTIVE_GRAPH,
  nodes: { ...SELECTIVE_GRAPH.nodes, ...nodes },
});

describe("agent graph", () => {
  it("builds every orchestration mode's graph: each exit leads to a node or the end, every node reachable and able to finish", () => {
    for (const mode of ORCHESTRATION_MODES) assert.doesNotThrow(() => agentGraph(mode), mode);
    assert.deepEqual(
      ALL_GRAPHS.map((graph) => [graph.mode, graph.start, graph.end]),
      ORCHESTRATION_MODES.map((mode) => [mode, "understand", "done"]),
    );
  });

  it("declares the group chat as its own graph: no parallel fan-out, the same closing as selective", () => {
    assert.ok(declares(GROUP_CHAT_GRAPH, "route", "converse"));
    assert.ok(!declares(GROUP_CHAT_GRAPH, "route", "investigate"));
    assert.ok(!declares(SELECTIVE_GRAPH, "route", "converse"), "not in the selective graph");
    for (const from of ["moderate", "gate", "reinvestigate", "decide", "approve"] as const)
      for (const exit of SELECTIVE_GRAPH.nodes[from]?.exits ?? [])
        assert.ok(declares(GROUP_CHAT_GRAPH, from, exit.to), `${from} → ${exit.to}`);
  });

  it("rejects, when built, a node that cannot reach the end", () => {
    const loop = node(step, [{ to: "decide", when: "forever" }], () => "decide");
    assert.throws(() => buildGraph(withNodes({ decide: loop })), /'decide' cannot reach 'done'/);
  });

  it("rejects, when built, an unreachable node, an exit to a phase with no step, and the same exit declared twice", () => {
    const noDebate = node(step, [{ to: "moderate", when: "always" }], () => "moderate");
    assert.throws(() => buildGraph(withNodes({ investigate: noDebate })), /'debate' is unreachable/);
    assert.throws(() => buildGraph(withNodes({ debate: undefined })), /'investigate' may go to 'debate', which has no step/);
    const twice = node(
      step,
      [
        { to: "done", when: "a" },
        { to: "done", when: "b" },
      ],
      () => "done",
    );
    assert.throws(() => buildGraph(withNodes({ decide: twice })), /'decide' declares the same exit twice/);
    assert.throws(() => buildGraph({ ...SELECTIVE_GRAPH, start: "converse" }), /the start 'converse' has no step/);
  });

  describe("routing by each node's one choice", () => {
    const next = (graph: AgentGraph, from: RunPhase, fields: Partial<RunState>) =>
      nextPhase(graph, from, state({ modeState: { mode: graph.mode } as RunState["modeState"], ...fields }), settings);

    it("selective: debate with two answers in debate mode, moderate with one, re-route with none, end when failed", () => {
      const debate = { decision: { debateMode: "debate" } } as Partial<RunState>;
      assert.equal(next(SELECTIVE_GRAPH, "investigate", { ...debate, findings: [ok("contract"), ok("spend")] }), "debate");
      assert.equal(next(SELECTIVE_GRAPH, "investigate", { ...debate, findings: [ok("contract"), failed("spend")] }), "moderate");
      assert.equal(next(SELECTIVE_GRAPH, "investigate", { findings: [ok("contract"), ok("spend")] }), "moderate");
      assert.equal(next(SELECTIVE_GRAPH, "investigate", { findings: [failed("contract")] }), "route");
      assert.equal(next(SELECTIVE_GRAPH, "investigate", { status: "failed", findings: [failed("contract")] }), "done");
      assert.equal(next(SELECTIVE_GRAPH, "investigate", { ...debate, status: "failed", findings: [ok("contract"), ok("spend")] }), "done");
      assert.equal(next(SELECTIVE_GRAPH, "debate", {}), "moderate");
    });

    it("every mode: an out-of-scope question or an ask-back ends the run", () => {
      for (const graph of ALL_GRAPHS) {
        assert.equal(next(graph, "route", { status: "out_of_scope" }), "done");
        assert.equal(next(graph, "understand", { status: "needs_clarification" }), "done");
        assert.equal(next(graph, "understand", {}), "route");
      }
      assert.equal(next(SELECTIVE_GRAPH, "route", {}), "investigate");
      assert.equal(next(GROUP_CHAT_GRAPH, "route", {}), "converse");
      assert.equal(next(HANDOFF_GRAPH, "route", {}), "handoff");
    });

    it("closing: the gate sends a low score back once, the Moderator's first failure reruns the flow, its second ends it", () => {
      for (const graph of ALL_GRAPHS) {
        assert.equal(next(graph, "gate", { answer: answer(60) }), "reinvestigate");
        assert.equal(next(graph, "gate", { answer: answer(60), quality: { initialScore: 60, finalScore: null, retried: true } }), "decide");
        assert.equal(next(graph, "gate", { answer: answer(85) }), "decide");
        assert.equal(next(graph, "moderate", { answer: answer(85) }), "gate");
        assert.equal(next(graph, "moderate", { attempts: 2 }), "route");
        assert.equal(next(graph, "moderate", { status: "failed" }), "done");
        assert.equal(next(graph, "reinvestigate", {}), "moderate");
        assert.equal(next(graph, "decide", { status: "answered" }), "done");
      }
    });

    it("approval: every mode's graph goes from decide to the approval node when a human must sign off, and from it to the end", () => {
      for (const graph of ALL_GRAPHS) {
        assert.ok(declares(graph, "decide", "approve"), graph.mode);
        assert.deepEqual(
          graph.nodes.approve?.exits.map((exit) => exit.to),
          ["done"],
          graph.mode,
        );
        assert.equal(next(graph, "decide", { status: "running", approval: { reasons: ["amount above the threshold"] } }), "approve");
        for (const status of ["answered", "failed"] as const) assert.equal(next(graph, "approve", { status }), "done");
      }
    });

    it("group chat: the Moderator once someone answered, the end when everyone passed or failed", () => {
      assert.equal(next(GROUP_CHAT_GRAPH, "converse", { findings: [ok("contract")] }), "moderate");
      assert.equal(next(GROUP_CHAT_GRAPH, "converse", { status: "failed" }), "done");
    });

    it("handoff: a hand-over to a specialist stays in handoff, one to the Router goes back to route, an answer to the Moderator", () => {
      const handedTo = (to: string) =>
        ({
          modeState: { mode: "handoff", handoffs: [{ from: "contract", to, reason: "r", finding: ok("contract") }] },
        }) as Partial<RunState>;
      assert.equal(next(HANDOFF_GRAPH, "handoff", handedTo("spend")), "handoff");
      assert.equal(next(HANDOFF_GRAPH, "handoff", handedTo("router")), "route");
      assert.equal(next(HANDOFF_GRAPH, "handoff", { ...handedTo("spend"), findings: [ok("spend")] }), "moderate");
      assert.equal(next(HANDOFF_GRAPH, "handoff", { status: "failed" }), "done");
    });

    it("throws on a turn that ended in none of its declared outcomes, and on a choice outside the node's exits (bugs in a graph, not model outcomes)", () => {
      assert.throws(
        () => next(HANDOFF_GRAPH, "handoff", { modeState: { mode: "handoff", handoffs: [] } }),
        /neither an answer, a hand-over nor a failure/,
      );
      // @ts-expect-error the compiler already refuses a choice that is not one of the node's exits
      node(step, [{ to: "done", when: "always" }], () => "gate");
      const undeclared = {
        ...SELECTIVE_GRAPH.nodes,
        decide: { step, exits: [{ to: "done" as const, when: "always" }], choose: () => "gate" as const },
      };
      assert.throws(
        () => next({ ...SELECTIVE_GRAPH, nodes: undeclared }, "decide", {}),
        /'decide' chose 'gate', not one of its exits \(done\)/,
      );
    });

    it("a step of one mode never reads another mode's part of the state", () => {
      assert.throws(() => next(HANDOFF_GRAPH, "handoff", { modeState: { mode: "selective" } }), /a handoff step ran on a selective run/);
    });
  });
});
