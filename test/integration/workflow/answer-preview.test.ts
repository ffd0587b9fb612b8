import assert from "node:assert/strict";
import { runQuestion } from "../../../src/workflow/runner";
import { ScriptedModelServer } from "../../fakes/scripted-model-server";
import { scriptedModel, workflowHarness } from "../../fakes/workflow-harness";
import { findingReply, moderatorReply, quoting, RENEWAL_QUESTION, routerReply } from "../../fakes/scripted-replies";

const conclusion = "Not at +8%: the contract caps yearly increases at 5%, so the renewal needs an amendment or a counter-offer.";

describe("answer preview: the Moderator's conclusion while it is written", () => {
  const server = new ScriptedModelServer();
  let baseUrl: string;
  before(async () => ({ baseUrl } = await server.start()));
  after(() => server.stop());
  beforeEach(() => server.reset());

  it("hands the growing conclusion to the preview before the run ends, and the run's answer is the whole one", async () => {
    server
      .script("router", routerReply(["contract"], { evidenceNeed: "low", reason: "contract" }))
      .script(
        "contract",
        findingReply("Cap is 5%.", { ...quoting({ source: "contract", referenceId: "CTR-0001", quote: "5% cap" }), confidence: 0.9 }),
      )
      .script("moderator", moderatorReply({ conclusion, qscore: 90 }));
    const previews: { runId: string; text: string; runEnded: boolean }[] = [];
    const harness = workflowHarness(scriptedModel(baseUrl));
    let ended = false;
    const deps = {
      ...harness.deps,
      answerPreview: { conclusion: (runId: string, text: string) => previews.push({ runId, text, runEnded: ended }) },
    };
    const state = await runQuestion(deps, { question: RENEWAL_QUESTION, runId: "run-preview" });
    ended = true;
    assert.equal(state.answer?.conclusion, conclusion);
    assert.ok(previews.length >= 2, `several previews, got ${previews.length}`);
    assert.ok(previews.every((p) => p.runId === "run-preview" && !p.runEnded));
    assert.ok(previews[0].text.length < conclusion.length);
    assert.equal(previews.at(-1)!.text, conclusion);
    assert.equal(server.callsFor("router")[0].body.stream, undefined, "only the Moderator streams");
    server.assertNoUnexpectedCalls();
  });

  it("asks for the conclusion right after hitl and qscore, so the first streamed words wait for no approval reason", async () => {
    server
      .script("router", routerReply(["contract"], { evidenceNeed: "low", reason: "contract" }))
      .script("contract", findingReply("Cap is 5%."))
      .script("moderator", moderatorReply({ conclusion, qscore: 90 }));
    await runQuestion(workflowHarness(scriptedModel(baseUrl)).deps, { question: RENEWAL_QUESTION });
    const format = server.callsFor("moderator")[0].body.response_format;
    const properties = format?.type === "json_schema" ? (format.json_schema.schema.properties as object) : {};
    assert.deepEqual(Object.keys(properties).slice(0, 3), ["hitl", "qscore", "conclusion"]);
  });
});
