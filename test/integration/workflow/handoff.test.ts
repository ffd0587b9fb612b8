import assert from "node:assert/strict";
import { modeStateOf } from "../../../src/domain";
import { runJson } from "../../../src/cli/run-json";
import { runQuestion } from "../../../src/workflow/runner";
import { readAgentFields } from "../../../src/workflow/agent-message";
import { scriptedModel, useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";
import { RENEWAL_QUESTION, findingReply, moderatorReply, routerReply } from "../../fakes/scripted-replies";

const route = (first: string) => routerReply([first], { reason: "renewal", scopeReason: "a contract renewal" });
const finding = (summary: string, handoffTo: string | null = null, handoffReason = "") =>
  findingReply(summary, { handoffTo, handoffReason });
const answer = moderatorReply({ findings: [{ specialist: "negotiation", summary: "counter at +3%" }] });
interface Body {
  messages: { content: string }[];
  response_format: { json_schema: { schema: { properties: Record<string, { anyOf?: { enum?: string[] }[]; enum?: string[] }> } } };
}
const targetsOf = (body: Body) => {
  const property = body.response_format.json_schema.schema.properties.handoffTo;
  return property?.enum ?? property?.anyOf?.flatMap((branch) => branch.enum ?? []);
};

describe("handoff orchestration against a scripted model server", function () {
  this.timeout(20_000);
  const { server, baseUrl } = useScriptedModelServer();

  it("hands the question from specialist to specialist with a reason, never straight back, and the final speaker's answer is moderated", async () => {
    server
      .script("router", route("contract"))
      .script("contract", finding("Cap is 5%.", "negotiation", "the counter-offer is a negotiation question"))
      .script("negotiation", finding("Counter at +3%, within the 5% cap."))
      .script("moderator", answer);
    const { deps } = workflowHarness(scriptedModel(baseUrl()), { ORCHESTRATION: "handoff" });
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });

    assert.equal(state.status, "answered");
    assert.equal(runJson(state).mode, "handoff");
    assert.deepEqual(
      modeStateOf(state, "handoff").handoffs.map(({ from, to, reason }) => ({ from, to, reason })),
      [{ from: "contract", to: "negotiation", reason: "the counter-offer is a negotiation question" }],
    );
    assert.deepEqual(
      state.findings.map((f) => f.specialist),
      ["negotiation"],
      "only the final speaker's answer reaches the Moderator",
    );
    assert.deepEqual(
      state.decision?.selected,
      ["negotiation", "contract"],
      "the speakers so far, the latest (whom the gate re-asks) first",
    );
    const negotiation = server.callsFor("negotiation")[0].body as unknown as Body;
    const targets = targetsOf(negotiation) ?? [];
    assert.ok(!targets.includes("contract"), `no ping-pong: ${targets}`);
    assert.ok(targets.includes("router") && targets.includes("spend"));
    const input = readAgentFields(negotiation.messages.at(-1)?.content ?? "") as { peers: { specialist: string; summary: string }[] };
    assert.deepEqual(
      input.peers.map((p) => [p.specialist, p.summary]),
      [["contract", "Cap is 5%."]],
      "the next speaker sees what was found so far",
    );
    assert.match(negotiation.messages[0].content, /You have the question now/);
  });

  it("goes back to the Router, which chooses again without those already consulted", async () => {
    server
      .script("router", route("contract"), route("spend"))
      .script("contract", finding("Not a contract question.", "router", "this is about spend"))
      .script("spend", finding("Spend grew 12%."))
      .script("moderator", answer);
    const { deps } = workflowHarness(scriptedModel(baseUrl()), { ORCHESTRATION: "handoff" });
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
    assert.equal(state.status, "answered");
    const second = server.callsFor("router")[1].body as unknown as Body;
    const input = readAgentFields(second.messages.at(-1)?.content ?? "") as { unavailable: { specialist: string; error: string }[] };
    assert.deepEqual(input.unavailable, [
      { specialist: "contract", error: "already consulted: handed the question to router (this is about spend)" },
    ]);
    assert.deepEqual(
      state.findings.map((f) => f.specialist),
      ["spend"],
    );
  });

  it("makes the speaker answer once the hand-over bound is reached", async () => {
    server
      .script("router", route("contract"))
      .script("contract", finding("Cap is 5%.", "spend", "spend trend needed"))
      .script("spend", finding("Spend grew 12%."))
      .script("moderator", answer);
    const { deps } = workflowHarness(scriptedModel(baseUrl()), { ORCHESTRATION: "handoff", HANDOFF_MAX: "1" });
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
    assert.equal(state.status, "answered");
    assert.equal(targetsOf(server.callsFor("spend")[0].body as unknown as Body), undefined, "no handoffTo offered: it must answer");
  });
});
