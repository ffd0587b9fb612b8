import assert from "node:assert/strict";
import { labelsFor } from "../../../src/domain";
import { cardShows, describeOfflineBot } from "./bot-harness";

const en = labelsFor("en");

describeOfflineBot("bad input and unknown actions", (bot) => {
  it("explains bad input: empty text, a question over MAX_QUESTION_CHARS, attachments without text", async () => {
    const empty = bot.harness.message("   ");
    await bot.harness.post(empty);
    const hint = await bot.harness.connector.waitFor((a) => a.conversationId === empty.conversation.id);
    assert.match(hint.activity.text ?? "", /procurement question/);

    const huge = bot.harness.message("x".repeat(bot.harness.config.env.MAX_QUESTION_CHARS + 1));
    await bot.harness.post(huge);
    const tooLong = await bot.harness.connector.waitFor((a) => a.conversationId === huge.conversation.id);
    assert.match(tooLong.activity.text ?? "", /4,001 characters long; I can take at most 4,000/);

    const file = bot.harness.message("", {
      extra: { attachments: [{ contentType: "image/png", contentUrl: "https://example.invalid/a.png", name: "quote.png" }] },
    });
    await bot.harness.post(file);
    const explained = await bot.harness.connector.waitFor((a) => a.conversationId === file.conversation.id);
    assert.match(explained.activity.text ?? "", /can't read files/);

    for (const activity of [empty, huge, file]) {
      const sent = bot.harness.connector.inConversation(activity.conversation.id);
      assert.equal(sent.length, 1, "one reply and no run");
    }
  });

  it("refuses unknown card actions politely; an invalid approval action changes nothing", async () => {
    const invoke = (verb: string) => ({
      ...bot.harness.message(""),
      type: "invoke",
      name: "adaptiveCard/action",
      text: undefined,
      value: { action: { type: "Action.Execute", verb, data: {} }, trigger: "manual" },
    });
    const unknown = await bot.harness.post(invoke("launch.rockets"));
    assert.equal(unknown.status, 200);
    assert.equal(unknown.body.statusCode, 200);
    assert.equal(unknown.body.type, "application/vnd.microsoft.activity.message");
    assert.match(unknown.body.value, /not something I can handle/);

    // Routed to the approvals handler (not the unknown-verb refusal); with no approval id nothing changes.
    const approval = await bot.harness.post(invoke("approval.approve"));
    assert.equal(approval.body.type, "application/vnd.microsoft.activity.message");
    assert.doesNotMatch(approval.body.value, /not something I can handle/);
    assert.match(approval.body.value, /nothing was changed/i);

    const submit = bot.harness.message("", { extra: { value: { anything: 1 } } });
    await bot.harness.post(submit);
    const reply = await bot.harness.connector.waitFor((a) => a.conversationId === submit.conversation.id);
    assert.match(reply.activity.text ?? "", /not something I can handle/);
  });

  it("rejects malformed bodies with 400 and keeps serving", async () => {
    const broken = await fetch(`${bot.harness.bot.url}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{ not json",
    });
    assert.equal(broken.status, 400);
    const notAnActivity = await fetch(`${bot.harness.bot.url}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "[1,2]",
    });
    assert.equal(notAnActivity.status, 400);
    const health = await fetch(`${bot.harness.bot.url}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: "ok", store: "reachable" });
    const help = bot.harness.message("help");
    assert.equal((await bot.harness.post(help)).status, 200);
    await bot.harness.connector.waitFor((a) => a.conversationId === help.conversation.id && cardShows(a, en.helpTitle));
  });
});
