import assert from "node:assert/strict";
import { runJson } from "../../../src/cli/run-json";
import { resumeRun, runQuestion } from "../../../src/workflow/runner";
import { readAgentFields } from "../../../src/workflow/agent-message";
import { scriptedModel, useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";
import { RENEWAL_QUESTION, findingReply, moderatorReply, routerReply } from "../../fakes/scripted-replies";

const route = routerReply(["negotiation"], { hitl: true, reason: "a renewal decision", scopeReason: "a contract renewal" });
const finding = (summary: string, confidence = 0.8) => findingReply(summary, { confidence });
const answer = moderatorReply();
const peersOf = (body: { messages: { content?: unknown }[] }) =>
  ((readAgentFields(String(body.messages.at(-1)?.content)) as { peers?: { specialist: string }[] }).peers ?? []).map((p) => p.specialist);

describe("group-chat orchestration against a scripted model server", function () {
  this.timeout(20_000);
  const { server, baseUrl } = useScriptedModelServer();

  it("lets every participant speak in round-robin order, each seeing the transcript so far; a pass is left out; the Moderator closes", async () => {
    server
      .script("router", route)
      .script("contract", finding("Cap is 5%."), finding("Cap is 5%; counter at +3% is within it."))
      .script("spend", finding("pass", 0), finding("pass", 0))
      .script("negotiation", finding("Counter at +3%."), finding("Counter at +3%, as contract says."))
      .script("moderator", answer);
    const { deps } = workflowHarness(scriptedModel(baseUrl()), {
      ORCHESTRATION: "group-chat",
      GROUP_CHAT_SPECIALISTS: "contract,spend,negotiation",
      GROUP_CHAT_ROUNDS: "2",
    });
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });

    assert.equal(state.status, "awaiting_approval", "the Router's approval signal still reaches the approval check");
    assert.equal(runJson(state).mode, "group-chat");
    const specialistCalls = server.calls.map((c) => c.agentId).filter((id) => id !== "router" && id !== "moderator");
    assert.deepEqual(
      specialistCalls,
      ["contract", "spend", "negotiation", "contract", "spend", "negotiation"],
      "fixed round-robin order, two rounds",
    );
    assert.deepEqual(peersOf(server.callsFor("spend")[0].body as never), ["contract"], "the second speaker sees the first");
    assert.deepEqual(peersOf(server.callsFor("negotiation")[0].body as never), ["contract"], "a pass is not in the transcript");
    assert.match((server.callsFor("contract")[1].body as { messages: { content: string }[] }).messages[0].content, /This is a group chat/);
    assert.deepEqual(
      state.decision?.selected,
      ["negotiation", "contract", "spend"],
      "the Router's pick first, then the others in speaking order",
    );
    assert.deepEqual(
      state.findings.map((f) => f.specialist),
      ["contract", "negotiation"],
    );
    assert.match(state.findings[1].status === "ok" ? state.findings[1].summary : "", /as contract says/);
    assert.deepEqual(state.modeState, { mode: "group-chat", turnsTaken: 6 });
  });

  it("resumes a checkpointed chat with the next speaker", async () => {
    server
      .script("router", route)
      .script("contract", finding("Cap is 5%."))
      .script("spend", { hang: true })
      .script("negotiation", finding("Counter at +3%."))
      .script("moderator", answer);
    const { deps, store } = workflowHarness(scriptedModel(baseUrl()), {
      ORCHESTRATION: "group-chat",
      GROUP_CHAT_SPECIALISTS: "contract,spend,negotiation",
      SPECIALIST_TIMEOUT_MS: "300",
    });
    const first = await runQuestion(deps, { question: RENEWAL_QUESTION });
    assert.deepEqual(first.modeState, { mode: "group-chat", turnsTaken: 3 });
    // Rewind to the checkpoint written after the first turn, as a killed process would leave it.
    const saved = {
      ...first,
      status: "running" as const,
      phase: "converse" as const,
      modeState: { mode: "group-chat" as const, turnsTaken: 1 },
      findings: first.findings.slice(0, 1),
      answer: undefined,
      endedAt: undefined,
    };
    server.reset();
    server.script("spend", finding("Spend grew 12%.")).script("negotiation", finding("Counter at +3%.")).script("moderator", answer);
    const resumed = await resumeRun(deps, saved);
    assert.deepEqual(
      server.calls.map((c) => c.agentId),
      ["spend", "negotiation", "moderator"],
      "no turn repeated",
    );
    assert.deepEqual(
      resumed.findings.map((f) => f.specialist),
      ["contract", "spend", "negotiation"],
    );
    assert.ok(await store.load(resumed.runId));
  });
});
