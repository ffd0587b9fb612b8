/**
 * The models are told, at the wire, to name suppliers and categories by name in the asker's language,
 * never by a raw id used as a word, and to state plainly a name that is not in the data: the
 * Moderator's and each specialist's system messages carry those rules.
 */
import assert from "node:assert/strict";
import { runQuestion } from "../../../src/workflow/runner";
import { findingReply, moderatorReply, routerReply } from "../../fakes/scripted-replies";
import { scriptedModel, useScriptedModelServer, workflowHarness } from "../../fakes/workflow-harness";

const systemOf = (body: { messages: unknown[] }) => (body.messages[0] as { role: string; content: string }).content;

describe("naming rules in the models' requests (scripted model server)", function () {
  this.timeout(20_000);
  const { server, baseUrl } = useScriptedModelServer();

  it("tells the Moderator and the specialist to use names, never ids, and to say what is not in the data", async () => {
    server
      .script("router", routerReply(["spend"]))
      .script("spend", findingReply("物流の支出は記録されています。"))
      .script("moderator", moderatorReply());
    const state = await runQuestion(workflowHarness(scriptedModel(baseUrl())).deps, { question: "物流の2025年度の支出は？" });
    assert.equal(state.status, "answered");

    const moderator = systemOf(server.callsFor("moderator")[0].body);
    assert.match(moderator, /never by a raw id/);
    assert.match(moderator, /a category by its display name: 「物流」 in a Japanese answer/);
    assert.match(moderator, /records are\s+cited in `citations` only, by handle/);
    assert.match(moderator, /「ノースウィンド・ロボティクス」という取引先はデータにありません。/);

    const specialist = systemOf(server.callsFor("spend")[0].body);
    assert.match(specialist, /name suppliers, categories and\s+contracts by the names the tools returned/);
    assert.match(specialist, /When a tool says a name is not in the\s+data, or fits several records, say so plainly/);
  });
});
