import assert from "node:assert/strict";
import { AGENT_GRAPH, assertTransition, validateGraph } from "../../../src/workflow/graph";

describe("agent graph", () => {
  it("is valid as declared", () => assert.doesNotThrow(() => validateGraph()));

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
