import assert from "node:assert/strict";
import { AGENT_GRAPH, AGENT_GRAPHS, GROUP_CHAT_GRAPH, assertTransition, validateGraph } from "../../../src/workflow/graph";

describe("agent graph", () => {
  it("is valid as declared, in every orchestration mode", () => {
    for (const graph of Object.values(AGENT_GRAPHS)) assert.doesNotThrow(() => validateGraph(graph));
  });

  it("declares the group chat as its own graph: no parallel fan-out, the same closing as selective", () => {
    assert.doesNotThrow(() => assertTransition("route", "converse", GROUP_CHAT_GRAPH));
    assert.throws(() => assertTransition("route", "investigate", GROUP_CHAT_GRAPH), /undeclared transition/);
    assert.throws(() => assertTransition("route", "converse"), /undeclared transition/, "not in the selective graph");
    for (const edge of AGENT_GRAPH.edges.filter((e) => ["moderate", "gate", "reinvestigate", "decide"].includes(e.from)))
      assert.doesNotThrow(() => assertTransition(edge.from, edge.to, GROUP_CHAT_GRAPH));
  });

  it("rejects a node that cannot reach the end", () => {
    const broken = { ...AGENT_GRAPH, edges: AGENT_GRAPH.edges.filter((e) => !(e.from === "decide")) };
    assert.throws(() => validateGraph(broken), /'decide' cannot reach 'done'/);
  });

  it("rejects an unreachable node", () => {
    const broken = { ...AGENT_GRAPH, edges: AGENT_GRAPH.edges.filter((e) => e.to !== "debate") };
    assert.throws(() => validateGraph(broken), /'debate' is unreachable/);
  });

  it("allows declared transitions only", () => {
    assert.doesNotThrow(() => assertTransition("gate", "reinvestigate"));
    assert.throws(() => assertTransition("reinvestigate", "reinvestigate"), /undeclared transition/);
    assert.throws(() => assertTransition("route", "moderate"), /undeclared transition/);
  });
});
