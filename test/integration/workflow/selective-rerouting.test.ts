import assert from "node:assert/strict";
import { runQuestion } from "../../../src/workflow/runner";
import { readAgentFields } from "../../../src/workflow/agent-message";
import { scriptedModel, useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";
import { RENEWAL_QUESTION, findingReply, moderatorReply, routerReply } from "../../fakes/scripted-replies";

/** Selective mode when every selected specialist fails: the Router is asked once more without them, then Knowledge alone. */
describe("selective re-routing against a scripted model server", () => {
  const { server, baseUrl } = useScriptedModelServer();

  it("asks the Router once more without the failed specialists when every selected one fails", async () => {
    server
      .script("router", routerReply(["contract", "spend"]), routerReply(["negotiation"]))
      .script("contract", { content: "not json" }, { content: "still not json" })
      .fallback("spend", { status: 500 })
      .script("negotiation", findingReply("Counter at +3%."))
      .script("moderator", moderatorReply({ qscore: 84 }));
    const { deps, events } = workflowHarness(scriptedModel(baseUrl(), 1));
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });

    assert.equal(state.status, "answered");
    assert.deepEqual(state.modeState, { mode: "selective", rerouted: { excluded: ["contract", "spend"] } });
    assert.deepEqual(state.decision?.selected, ["negotiation"]);
    assert.deepEqual(
      state.findings.map((f) => [f.specialist, f.status]),
      [
        ["contract", "failed"],
        ["spend", "failed"],
        ["negotiation", "ok"],
      ],
    );
    const second = server.callsFor("router")[1].body as unknown as {
      messages: { content: string }[];
      response_format: { json_schema: { schema: { properties: { selected: { items: { enum: string[] } } } } } };
    };
    const offered = second.response_format.json_schema.schema.properties.selected.items.enum;
    assert.ok(!offered.includes("contract") && !offered.includes("spend") && offered.includes("negotiation"), `offered ${offered}`);
    const routerInput = readAgentFields(second.messages.at(-1)?.content ?? "") as {
      unavailable: { specialist: string }[];
      specialists: { id: string }[];
    };
    assert.deepEqual(
      routerInput.unavailable.map((u) => u.specialist),
      ["contract", "spend"],
    );
    assert.ok(!routerInput.specialists.some((s) => s.id === "contract"));
    const moderatorInput = readAgentFields((server.callsFor("moderator")[0].body.messages.at(-1) as { content: string }).content) as {
      failures: { specialist: string }[];
    };
    assert.deepEqual(
      moderatorInput.failures.map((f) => f.specialist),
      ["contract", "spend"],
      "the Moderator is still told who failed",
    );
    assert.ok(events.some((e) => e.type === "phase_completed" && (e.detail ?? "").includes("asking the Router again without them")));
  });

  it("re-routes only once, then tries Knowledge alone", async () => {
    server
      .script("router", routerReply(["contract"]), routerReply(["spend"]))
      .script("contract", { content: "not json" }, { content: "still not json" })
      .fallback("spend", { status: 500 })
      .script("knowledge", findingReply("General guidance."))
      .script("moderator", moderatorReply({ qscore: 82 }));
    const { deps } = workflowHarness(scriptedModel(baseUrl(), 1));
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION });
    assert.equal(state.status, "answered");
    assert.equal(server.callsFor("router").length, 2, "never a third routing");
    assert.deepEqual(
      state.findings.map((f) => [f.specialist, f.status]),
      [
        ["contract", "failed"],
        ["spend", "failed"],
        ["knowledge", "ok"],
      ],
    );
  });
});
