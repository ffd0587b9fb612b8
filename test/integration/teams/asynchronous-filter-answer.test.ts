import assert from "node:assert/strict";
import { cardOf, cardTexts } from "../../fakes/fake-connector";
import { findingReply, moderatorReply, RENEWAL_QUESTION, routerReply } from "../../fakes/scripted-replies";
import { useScriptedBot } from "./bot-harness";

describe("A personal-chat answer behind Azure's asynchronous content filter (bot, filter annotations at the wire)", function () {
  this.timeout(60_000);
  // Every streamed text chunk is followed by an annotation chunk with no delta, as that filter mode sends.
  const suite = useScriptedBot({ model: { asynchronousFilter: true } });

  it("streams and posts the answer, once, with no retry of the flow", async () => {
    const conclusion = "Not at +8%: the contract caps yearly increases at 5%.";
    suite.model
      .script("router", routerReply(["contract"]))
      .script("contract", findingReply("CTR-0001 caps increases at 5%."))
      .script("moderator", moderatorReply({ conclusion }));
    const question = suite.harness.message(RENEWAL_QUESTION);
    await suite.harness.post(question);
    const final = await suite.harness.answerIn(question.conversation.id, 30_000);
    suite.model.assertNoUnexpectedCalls();
    assert.ok(final.activity.text?.startsWith(conclusion), `the answer ends the stream with its conclusion: ${final.activity.text}`);
    assert.ok(
      cardTexts(cardOf(final)).some((text) => text.includes("Counter at +3%")),
      "the answer card shows its next actions",
    );
    assert.equal(suite.model.callsFor("moderator").length, 1, "the Moderator was asked once");
    assert.equal(suite.model.callsFor("moderator")[0].body.stream, true, "its answer streamed");
  });
});
