import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { labelsFor } from "../../../src/domain";
import { cardOf, cardTexts } from "../../fakes/fake-connector";
import { cardShows, describeOfflineBot } from "./bot-harness";

const en = labelsFor("en");

describeOfflineBot("installs, commands and channel threads", (bot) => {
  it("sends the welcome card when the bot is installed, and nothing when someone else joins", async () => {
    const conversationId = `personal-${randomUUID()}`;
    const base = bot.harness.message("", { conversationId });
    const update = (memberId: string) => ({
      ...base,
      id: randomUUID(),
      type: "conversationUpdate",
      text: undefined,
      membersAdded: [{ id: memberId }],
    });
    assert.equal((await bot.harness.post(update("someone-else"))).status, 200);
    assert.equal((await bot.harness.post(update("28:procura"))).status, 200);
    const welcome = await bot.harness.connector.waitFor((a) => a.conversationId === conversationId && cardShows(a, en.welcomeTitle));
    assert.equal(bot.harness.connector.inConversation(conversationId).length, 1, "exactly one welcome");
    assert.ok(cardTexts(cardOf(welcome)).some((t) => t.includes("help")));
  });

  it("welcomes a channel once, however often a client adds the bot again (the Playground does on every page load)", async () => {
    const conversationId = `19:welcome-${randomUUID()}@thread.tacv2`;
    const added = () => ({
      ...bot.harness.message("", { conversationId, conversationType: "channel" }),
      id: randomUUID(),
      type: "conversationUpdate",
      text: undefined,
      membersAdded: [{ id: "28:procura" }],
    });
    // Each post returns once its turn has sent what it sends.
    for (let load = 0; load < 3; load++) assert.equal((await bot.harness.post(added())).status, 200);
    const sent = bot.harness.connector.inConversation(conversationId);
    assert.equal(sent.filter((a) => cardShows(a, en.welcomeTitle)).length, 1, "one welcome card");
    assert.equal(sent.length, 1);
  });

  it("answers `help` with the help card and `reset` with a confirmation, without starting a run", async () => {
    const help = bot.harness.message("help");
    await bot.harness.post(help);
    await bot.harness.connector.waitFor((a) => a.conversationId === help.conversation.id && cardShows(a, en.helpTitle));
    const reset = bot.harness.message(" /reset ");
    await bot.harness.post(reset);
    const reply = await bot.harness.connector.waitFor((a) => a.conversationId === reset.conversation.id);
    assert.match(reply.activity.text ?? "", /cleared this conversation/);
    for (const id of [help.conversation.id, reset.conversation.id])
      assert.ok(!bot.harness.connector.inConversation(id).some((a) => cardShows(a, en.progressTitle)), "no run started");
  });

  it("removes the @mention in a channel and answers in the thread", async () => {
    const conversationId = `19:channel@thread.tacv2;messageid=${Date.now()}`;
    const text = "<at>Procura</at> help";
    const activity = bot.harness.message(text, {
      conversationId,
      conversationType: "channel",
      extra: { entities: [{ type: "mention", text: "<at>Procura</at>", mentioned: { id: "28:procura", name: "Procura" } }] },
    });
    await bot.harness.post(activity);
    await bot.harness.connector.waitFor(
      (a) => a.conversationId === conversationId && cardShows(a, en.helpTitle),
      10_000,
      "help card in the channel thread",
    );
  });

  it("understands a follow-up offline in the thread a channel post started, and shows what it understood", async () => {
    const channel = `19:procurement-${Date.now()}@thread.tacv2`;
    const mention = { entities: [{ type: "mention", text: "<at>Procura</at>", mentioned: { id: "28:procura", name: "Procura" } }] };
    const root = bot.harness.message("<at>Procura</at> How much did we spend with Acme in FY2025?", {
      conversationId: channel,
      conversationType: "channel",
      extra: mention,
    });
    await bot.harness.post(root);
    await bot.harness.answerIn(channel);
    const thread = `${channel};messageid=${root.id}`;
    await bot.harness.post(
      bot.harness.message("<at>Procura</at> And with Nimbus?", { conversationId: thread, conversationType: "channel", extra: mention }),
    );
    const texts = cardTexts(cardOf(await bot.harness.answerIn(thread, 30_000)));
    assert.ok(
      texts.includes(`${en.understoodAs}: `) && texts.includes("How much did we spend with Nimbus Workflow Inc. in FY2025?"),
      texts.join(" | "),
    );
    assert.ok(
      texts.some((text) => text.includes("Nimbus Workflow Inc., FY2025")),
      "answered for Nimbus in FY2025",
    );
    assert.ok(texts.includes(en.suggestedFollowUps), "offers follow-ups");
  });
});
