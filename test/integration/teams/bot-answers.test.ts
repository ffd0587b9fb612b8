import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { labelsFor } from "../../../src/domain";
import { cardOf, cardTexts, type RecordedActivity } from "../../fakes/fake-connector";
import { cardShows, eventually, postedAnswers, describeOfflineBot } from "./bot-harness";
import { isFinal } from "../../../src/workflow/run-status";

const en = labelsFor("en");

describeOfflineBot("answers", (bot) => {
  it("answers a question in a group chat: typing and a progress card at once, progress updates, then the answer card with specialist sections", async () => {
    const activity = bot.harness.message("Can we renew the Acme SaaS contract at +8%?", { conversationType: "groupChat" });
    const conversationId = activity.conversation.id;
    const sentAt = performance.now();
    const response = await bot.harness.post(activity);
    assert.equal(response.status, 200);

    const answer = await bot.harness.answerIn(conversationId);
    const activities = bot.harness.connector.inConversation(conversationId);
    const [typing, progress] = activities;
    assert.equal(typing.activity.type, "typing");
    assert.ok(cardShows(progress, en.progressTitle), "the second activity is the progress card");
    assert.equal(progress.replyToId, activity.id, "the progress card replies to the question");
    // The inbound request returned once the progress card was sent, long before the answer.
    assert.ok(progress.at <= response.receivedAt, "progress card sent inside the turn");
    assert.ok(answer.at >= response.receivedAt, "answer delivered after the request returned");

    const updates = activities.filter((a) => a.method === "PUT");
    assert.ok(updates.length >= 1, "the progress card was updated");
    assert.ok(
      updates.every((u) => u.activityId === progress.activityId),
      "updates target the progress card",
    );
    assert.ok(
      updates.every((u) => u.at < answer.at),
      "every progress update lands before the answer card",
    );
    const lastUpdate = cardTexts(cardOf(updates.at(-1)!));
    assert.ok(
      lastUpdate.some((t) => t.includes(en.statusDone)),
      `final progress shows finished specialists: ${lastUpdate.join(" | ")}`,
    );

    const card = cardOf(answer);
    const texts = cardTexts(card);
    assert.ok(texts.includes(en.offline), "the offline label is shown");
    const toggles = JSON.stringify(card).match(/Action\.ToggleVisibility/g) ?? [];
    assert.ok(toggles.length >= 1, "one collapsible section per specialist");
    assert.ok(
      texts.some((t) => t.includes(en.thumbsUp)),
      "feedback buttons",
    );
    for (const section of findingSections(card))
      assert.ok(
        !cardTexts(section.details).includes(section.headline),
        `an opened section does not repeat its headline: ${section.headline}`,
      );

    const runId = /"runId":"([^"]+)"/.exec(JSON.stringify(card))![1];
    const transcript = await bot.harness.store.transcripts.get(runId, conversationId);
    assert.equal(transcript?.status, "answered");
    const record = await eventually(
      async () => (await bot.harness.store.runs.read(runId))?.value,
      (run) => run !== undefined && isFinal(run),
    );
    const checkpoint = record?.state;
    assert.equal(
      checkpoint?.requester?.progressActivityId,
      progress.activityId,
      "the checkpoint keeps the progress card's id for a resumed run",
    );
    assert.deepEqual(
      (checkpoint?.reference?.conversation as { id?: string } | undefined)?.id,
      conversationId,
      "the run keeps the requester's conversation reference, the one place later cards are sent through",
    );
    assert.ok(record && isFinal(record));
    assert.equal(
      record?.lifecycle.sent.answer?.activityId,
      answer.activityId,
      "the answer's activity id is recorded, so no other worker sends it again",
    );
    console.log(
      `      first reaction ${Math.round(typing.at - sentAt)} ms (progress card ${Math.round(progress.at - sentAt)} ms), answer card ${Math.round(answer.at - sentAt)} ms, ${updates.length} progress update(s)`,
    );
  });

  it("streams in a personal chat: an informative update in the turn, then one final message ending the stream with the answer card, its text and citations, and no AI label offline", async () => {
    const activity = bot.harness.message("Can we renew the Acme SaaS contract at +8%?");
    const conversationId = activity.conversation.id;
    assert.equal((await bot.harness.post(activity)).status, 200);
    const answer = await bot.harness.answerIn(conversationId);
    const activities = bot.harness.connector.inConversation(conversationId);
    const streamOf = (a: RecordedActivity) =>
      a.activity.channelData as { streamType?: string; streamId?: string; streamSequence?: number } | undefined;
    const first = activities.find((a) => streamOf(a)?.streamType === "informative")!;
    assert.ok(first, "an informative update started the stream");
    assert.equal(first.activity.text, "Routing your question…");
    assert.ok(!activities.some((a) => cardShows(a, en.progressTitle)), "no progress card in a personal chat");
    assert.equal(streamOf(answer)?.streamType, "final", "the answer ends the stream");
    assert.equal(streamOf(answer)?.streamId, first.activityId, "the same stream");
    assert.equal(activities.filter((a) => a.activity.type === "message").length, 1, "exactly one message");
    const updates = activities.filter((a) => streamOf(a)?.streamId === first.activityId && a !== answer);
    assert.ok(
      updates.every((a) => a.activity.type === "typing"),
      "updates are typing activities",
    );
    const sequences = updates.map((a) => streamOf(a)!.streamSequence!);
    assert.deepEqual(
      sequences,
      [...sequences].sort((x, y) => x - y),
      "sequences grow",
    );
    assert.ok(answer.activity.text && answer.activity.text.length > 0, "the final message carries the answer as text");
    const message = (answer.activity.entities as { type: string; additionalType?: string[]; citation?: unknown[] }[]).find(
      (e) => e.type === "https://schema.org/Message",
    );
    assert.ok(message, "the citations entity");
    assert.equal(message.additionalType, undefined, "offline answers carry no AI-generated label");

    // The text carries the conclusion and rationale with citation markers; the card does not repeat them.
    const text = answer.activity.text;
    assert.ok(text.includes(`**${en.rationale}**`), text);
    const card = cardOf(answer);
    const texts = cardTexts(card);
    assert.ok(
      !texts.includes(en.conclusion) && !texts.includes(en.rationale),
      `no conclusion or rationale on the card: ${texts.join(" | ")}`,
    );
    assert.ok(texts.includes(en.offline), "the card says the answer is offline");
    const markers = [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    assert.ok(markers.length > 0, "citation markers in the text");
    assert.deepEqual(
      [...new Set(markers)].sort(),
      (message.citation as { position: number }[]).map((c) => c.position).sort(),
      "every marker has its citation",
    );
    assert.ok(texts.includes(en.sources) && markers.every((n) => texts.includes(`[${n}] `)), "the card's sources use the text's numbers");
    // Teams' own feedback loop replaces the card's buttons in a personal chat.
    assert.equal((answer.activity.channelData as { feedbackLoopEnabled?: boolean }).feedbackLoopEnabled, true);
    assert.ok(!JSON.stringify(card).includes('"verb":"feedback"'), "no feedback buttons on the card");
  });

  it("answers an off-topic question with the polite out-of-scope card in the asker's language: examples, no QSCORE, stored as out_of_scope", async () => {
    for (const [question, language] of [
      ["What will the weather be in Tokyo tomorrow?", "en"],
      ["有給休暇はあと何日残っていますか？", "ja"],
    ] as const) {
      const labels = labelsFor(language);
      const activity = bot.harness.message(question);
      const conversationId = activity.conversation.id;
      await bot.harness.post(activity);
      const reply = await bot.harness.connector.waitFor(
        (a) => a.conversationId === conversationId && a.method === "POST" && cardShows(a, labels.outOfScopeTitle),
        15_000,
        `the out-of-scope card in ${conversationId}`,
      );
      const texts = cardTexts(cardOf(reply));
      assert.ok(texts.includes(labels.outOfScopeBody));
      for (const example of labels.outOfScopeExamples)
        assert.ok(
          texts.some((t) => t.includes(example)),
          `example shown: ${example}`,
        );
      assert.ok(!texts.some((t) => t.includes("QSCORE")), "no quality badge");
      assert.equal(postedAnswers(bot.harness, conversationId).length, 0, "no answer card");
      const transcripts = await bot.harness.store.transcripts.listUnevaluated({ limit: 500 });
      const transcript = transcripts.find((t) => t.question === question);
      assert.equal(transcript?.status, "out_of_scope");
      assert.deepEqual(
        transcript?.steps.map((step) => step.executor),
        ["router"],
        "only the Router ran",
      );
    }
  });

  it("answers two messages sent at once in one conversation", async () => {
    const conversationId = `group-${randomUUID()}`;
    const first = bot.harness.message("Which suppliers do we have for laptops?", { conversationId, conversationType: "groupChat" });
    const second = bot.harness.message("What does the policy say about single-source purchases?", {
      conversationId,
      conversationType: "groupChat",
      userId: "user-2",
    });
    const statuses = await Promise.all([bot.harness.post(first), bot.harness.post(second)]);
    assert.deepEqual(
      statuses.map((s) => s.status),
      [200, 200],
    );
    await bot.harness.connector
      .waitFor(
        () =>
          bot.harness.connector.inConversation(conversationId).filter((a) => a.method === "POST" && cardShows(a, en.conclusion)).length ===
          2,
        20_000,
        "two answer cards",
      )
      .catch(async () => {
        // waitFor checks each new activity; the count predicate may already hold.
        assert.equal(
          bot.harness.connector.inConversation(conversationId).filter((a) => a.method === "POST" && cardShows(a, en.conclusion)).length,
          2,
        );
      });
    const answers = bot.harness.connector.inConversation(conversationId).filter((a) => a.method === "POST" && cardShows(a, en.conclusion));
    const questions = answers.map((a) => cardTexts(cardOf(a)).find((t) => t === first.text || t === second.text));
    assert.deepEqual(new Set(questions), new Set([first.text, second.text]));
  });
});

/** Each collapsible specialist section of an answer card: the headline shown collapsed, and the element it opens. */
function findingSections(card: unknown): { headline: string; details: unknown }[] {
  const nodes = descendants(card);
  return nodes
    .filter((node) => node.selectAction?.type === "Action.ToggleVisibility")
    .map((header) => ({
      headline: descendants(header).find((node) => node.type === "TextRun" && node.isSubtle)!.text,
      details: nodes.find((node) => node.id === header.selectAction.targetElements[0]),
    }));
}

/** Every object in a card (the card included), depth first. */
function descendants(root: unknown): any[] {
  if (Array.isArray(root)) return root.flatMap(descendants);
  if (typeof root !== "object" || root === null) return [];
  return [root, ...Object.values(root).flatMap(descendants)];
}
