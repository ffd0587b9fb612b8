import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { labelsFor } from "../../../src/domain";
import type { RunState } from "../../../src/domain";
import { cardOf, cardTexts, type RecordedActivity } from "../../fakes/fake-connector";
import { cardShows, postedAnswers, startBotHarness, type BotHarness } from "./bot-harness";

const en = labelsFor("en");

describe("Teams bot (embedded Cosmos, fake connector, offline model)", function () {
  this.timeout(60_000);
  let harness: BotHarness;

  before(async () => {
    harness = await startBotHarness();
  });
  after(async () => {
    await harness?.stop();
  });

  it("answers a question in a group chat: typing and a progress card at once, progress updates, then the answer card with specialist sections", async () => {
    const activity = harness.message("Can we renew the Acme SaaS contract at +8%?", { conversationType: "groupChat" });
    const conversationId = activity.conversation.id;
    const sentAt = performance.now();
    const response = await harness.post(activity);
    assert.equal(response.status, 200);

    const answer = await harness.answerIn(conversationId);
    const activities = harness.connector.inConversation(conversationId);
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
    const transcript = await harness.store.transcripts.get(runId, conversationId);
    assert.equal(transcript?.status, "completed");
    const record = await eventually(
      async () => (await harness.store.runs.read(runId))?.value,
      (run) => run?.lifecycle.stage === "delivered",
    );
    const checkpoint = record?.state;
    assert.equal(
      checkpoint?.requester?.progressActivityId,
      progress.activityId,
      "the checkpoint keeps the progress card's id for a resumed run",
    );
    assert.equal(record?.lifecycle.stage, "delivered");
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
    const activity = harness.message("Can we renew the Acme SaaS contract at +8%?");
    const conversationId = activity.conversation.id;
    assert.equal((await harness.post(activity)).status, 200);
    const answer = await harness.answerIn(conversationId);
    const activities = harness.connector.inConversation(conversationId);
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

  it("stores a rating from Teams' feedback loop on a personal chat's answer against its run, with the comment; a rating of another message is dropped", async () => {
    const question = harness.message(`What is our spend with Acme in FY2025? (${randomUUID()})`);
    const conversationId = question.conversation.id;
    await harness.post(question);
    await harness.answerIn(conversationId);
    const streamId = harness.connector
      .inConversation(conversationId)
      .find((a) => (a.activity.channelData as { streamType?: string } | undefined)?.streamType === "informative")!.activityId;
    const transcript = (await harness.store.transcripts.listUnevaluated({ limit: 500 })).find((t) => t.question === question.text)!;
    const rate = (replyToId: string, reaction: "like" | "dislike", feedback: string) =>
      harness.post({
        ...harness.message("", { conversationId }),
        type: "invoke",
        name: "message/submitAction",
        text: undefined,
        replyToId,
        value: { actionName: "feedback", actionValue: { reaction, feedback } },
      });
    const liked = await rate(streamId, "dislike", JSON.stringify({ feedbackText: "  missing the FY2024 figure  " }));
    assert.equal(liked.status, 200);
    assert.equal((await rate("some-other-message", "like", "{}")).status, 200);
    const stored = await harness.store.feedback.listForRun(transcript.runId);
    assert.deepEqual(
      stored.map((f) => ({ rating: f.rating, comment: f.comment, userId: f.userId, conversationId: f.conversationId })),
      [{ rating: "down", comment: "missing the FY2024 figure", userId: "aad-user-1", conversationId }],
    );
    assert.ok(harness.log.some((line) => line.includes("feedback loop: message some-other-message is no answer in this chat")));
  });

  it("answers an off-topic question with the polite out-of-scope card in the asker's language: examples, no QSCORE, stored as out_of_scope", async () => {
    for (const [question, language] of [
      ["What will the weather be in Tokyo tomorrow?", "en"],
      ["有給休暇はあと何日残っていますか？", "ja"],
    ] as const) {
      const labels = labelsFor(language);
      const activity = harness.message(question);
      const conversationId = activity.conversation.id;
      await harness.post(activity);
      const reply = await harness.connector.waitFor(
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
      assert.equal(postedAnswers(harness, conversationId).length, 0, "no answer card");
      const transcripts = await harness.store.transcripts.listUnevaluated({ limit: 500 });
      const transcript = transcripts.find((t) => t.question === question);
      assert.equal(transcript?.status, "out_of_scope");
      assert.deepEqual(
        transcript?.steps.map((step) => step.executor),
        ["router"],
        "only the Router ran",
      );
    }
  });

  it("sends the welcome card when the bot is installed, and nothing when someone else joins", async () => {
    const conversationId = `personal-${randomUUID()}`;
    const base = harness.message("", { conversationId });
    const update = (memberId: string) => ({
      ...base,
      id: randomUUID(),
      type: "conversationUpdate",
      text: undefined,
      membersAdded: [{ id: memberId }],
    });
    assert.equal((await harness.post(update("someone-else"))).status, 200);
    assert.equal((await harness.post(update("28:procura"))).status, 200);
    const welcome = await harness.connector.waitFor((a) => a.conversationId === conversationId && cardShows(a, en.welcomeTitle));
    assert.equal(harness.connector.inConversation(conversationId).length, 1, "exactly one welcome");
    assert.ok(cardTexts(cardOf(welcome)).some((t) => t.includes("help")));
  });

  it("answers `help` with the help card and `reset` with a confirmation, without starting a run", async () => {
    const help = harness.message("help");
    await harness.post(help);
    await harness.connector.waitFor((a) => a.conversationId === help.conversation.id && cardShows(a, en.helpTitle));
    const reset = harness.message(" /reset ");
    await harness.post(reset);
    const reply = await harness.connector.waitFor((a) => a.conversationId === reset.conversation.id);
    assert.match(reply.activity.text ?? "", /cleared this conversation/);
    for (const id of [help.conversation.id, reset.conversation.id])
      assert.ok(!harness.connector.inConversation(id).some((a) => cardShows(a, en.progressTitle)), "no run started");
  });

  it("removes the @mention in a channel and answers in the thread", async () => {
    const conversationId = `19:channel@thread.tacv2;messageid=${Date.now()}`;
    const text = "<at>Procura</at> help";
    const activity = harness.message(text, {
      conversationId,
      conversationType: "channel",
      extra: { entities: [{ type: "mention", text: "<at>Procura</at>", mentioned: { id: "28:procura", name: "Procura" } }] },
    });
    await harness.post(activity);
    await harness.connector.waitFor(
      (a) => a.conversationId === conversationId && cardShows(a, en.helpTitle),
      10_000,
      "help card in the channel thread",
    );
  });

  it("understands a follow-up offline in the thread a channel post started, and shows what it understood", async () => {
    const channel = `19:procurement-${Date.now()}@thread.tacv2`;
    const mention = { entities: [{ type: "mention", text: "<at>Procura</at>", mentioned: { id: "28:procura", name: "Procura" } }] };
    const root = harness.message("<at>Procura</at> How much did we spend with Acme in FY2025?", {
      conversationId: channel,
      conversationType: "channel",
      extra: mention,
    });
    await harness.post(root);
    await harness.answerIn(channel);
    const thread = `${channel};messageid=${root.id}`;
    await harness.post(
      harness.message("<at>Procura</at> And with Nimbus?", { conversationId: thread, conversationType: "channel", extra: mention }),
    );
    const texts = cardTexts(cardOf(await harness.answerIn(thread, 30_000)));
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

  it("explains bad input: empty text, a question over MAX_QUESTION_CHARS, attachments without text", async () => {
    const empty = harness.message("   ");
    await harness.post(empty);
    const hint = await harness.connector.waitFor((a) => a.conversationId === empty.conversation.id);
    assert.match(hint.activity.text ?? "", /procurement question/);

    const huge = harness.message("x".repeat(harness.config.env.MAX_QUESTION_CHARS + 1));
    await harness.post(huge);
    const tooLong = await harness.connector.waitFor((a) => a.conversationId === huge.conversation.id);
    assert.match(tooLong.activity.text ?? "", /4,001 characters long; I can take at most 4,000/);

    const file = harness.message("", {
      extra: { attachments: [{ contentType: "image/png", contentUrl: "https://example.invalid/a.png", name: "quote.png" }] },
    });
    await harness.post(file);
    const explained = await harness.connector.waitFor((a) => a.conversationId === file.conversation.id);
    assert.match(explained.activity.text ?? "", /can't read files/);

    for (const activity of [empty, huge, file]) {
      const sent = harness.connector.inConversation(activity.conversation.id);
      assert.equal(sent.length, 1, "one reply and no run");
    }
  });

  it("refuses unknown card actions politely; an invalid approval action changes nothing", async () => {
    const invoke = (verb: string) => ({
      ...harness.message(""),
      type: "invoke",
      name: "adaptiveCard/action",
      text: undefined,
      value: { action: { type: "Action.Execute", verb, data: {} }, trigger: "manual" },
    });
    const unknown = await harness.post(invoke("launch.rockets"));
    assert.equal(unknown.status, 200);
    assert.equal(unknown.body.statusCode, 200);
    assert.equal(unknown.body.type, "application/vnd.microsoft.activity.message");
    assert.match(unknown.body.value, /not something I can handle/);

    // Routed to the approvals handler (not the unknown-verb refusal); with no approval id nothing changes.
    const approval = await harness.post(invoke("approval.approve"));
    assert.equal(approval.body.type, "application/vnd.microsoft.activity.message");
    assert.doesNotMatch(approval.body.value, /not something I can handle/);
    assert.match(approval.body.value, /nothing was changed/i);

    const submit = harness.message("", { extra: { value: { anything: 1 } } });
    await harness.post(submit);
    const reply = await harness.connector.waitFor((a) => a.conversationId === submit.conversation.id);
    assert.match(reply.activity.text ?? "", /not something I can handle/);
  });

  it("in a group chat, stores 👍/👎 feedback with a comment and thanks the user (the card keeps its answer; the reply carries none)", async () => {
    const question = harness.message("What is our spend with Acme in FY2025?", { conversationType: "groupChat" });
    await harness.post(question);
    const answer = await harness.answerIn(question.conversation.id);
    const runId = /"runId":"([^"]+)"/.exec(JSON.stringify(cardOf(answer)))![1];
    const response = await harness.post({
      ...harness.message("", { conversationId: question.conversation.id, conversationType: "groupChat" }),
      type: "invoke",
      name: "adaptiveCard/action",
      text: undefined,
      replyToId: answer.activityId,
      value: {
        action: { type: "Action.Execute", verb: "feedback", data: { runId, rating: "down", comment: "  missing the FY2024 figure  " } },
        trigger: "manual",
      },
    });
    assert.deepEqual(response.body, {
      statusCode: 200,
      type: "application/vnd.microsoft.activity.message",
      value: en.feedbackThanks("down"),
    });
    const stored = await harness.store.feedback.listForRun(runId);
    assert.equal(stored.length, 1);
    assert.deepEqual(
      { rating: stored[0].rating, comment: stored[0].comment, userId: stored[0].userId, conversationId: stored[0].conversationId },
      { rating: "down", comment: "missing the FY2024 figure", userId: "aad-user-1", conversationId: question.conversation.id },
    );
  });

  it("answers two messages sent at once in one conversation", async () => {
    const conversationId = `group-${randomUUID()}`;
    const first = harness.message("Which suppliers do we have for laptops?", { conversationId, conversationType: "groupChat" });
    const second = harness.message("What does the policy say about single-source purchases?", {
      conversationId,
      conversationType: "groupChat",
      userId: "user-2",
    });
    const statuses = await Promise.all([harness.post(first), harness.post(second)]);
    assert.deepEqual(
      statuses.map((s) => s.status),
      [200, 200],
    );
    await harness.connector
      .waitFor(
        () =>
          harness.connector.inConversation(conversationId).filter((a) => a.method === "POST" && cardShows(a, en.conclusion)).length === 2,
        20_000,
        "two answer cards",
      )
      .catch(async () => {
        // waitFor checks each new activity; the count predicate may already hold.
        assert.equal(
          harness.connector.inConversation(conversationId).filter((a) => a.method === "POST" && cardShows(a, en.conclusion)).length,
          2,
        );
      });
    const answers = harness.connector.inConversation(conversationId).filter((a) => a.method === "POST" && cardShows(a, en.conclusion));
    const questions = answers.map((a) => cardTexts(cardOf(a)).find((t) => t === first.text || t === second.text));
    assert.deepEqual(new Set(questions), new Set([first.text, second.text]));
  });

  it("rejects malformed bodies with 400 and keeps serving", async () => {
    const broken = await fetch(`${harness.bot.url}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{ not json",
    });
    assert.equal(broken.status, 400);
    const notAnActivity = await fetch(`${harness.bot.url}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "[1,2]",
    });
    assert.equal(notAnActivity.status, 400);
    const health = await fetch(`${harness.bot.url}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: "ok", store: "reachable" });
    const help = harness.message("help");
    assert.equal((await harness.post(help)).status, 200);
    await harness.connector.waitFor((a) => a.conversationId === help.conversation.id && cardShows(a, en.helpTitle));
  });

  it("takes over a run whose worker died (its message back on the queue), updates its progress card to the final state, then delivers its answer", async () => {
    const inFlight = await seedInFlightRun(harness, "activity-progress-before-restart");

    const answer = await harness.answerIn(inFlight.requester!.conversationId);
    assert.ok(cardTexts(cardOf(answer)).includes(inFlight.question));
    const stored = await eventually(
      async () => (await harness.store.runs.read(inFlight.runId))?.value,
      (run) => run?.lifecycle.stage === "delivered",
    );
    assert.equal(stored?.state.status, "completed");
    assert.equal(stored?.lifecycle.owners, 2, "a second owner finished it");

    const activities = harness.connector.inConversation(inFlight.requester!.conversationId);
    assert.ok(!activities.some((a) => a.method === "POST" && cardShows(a, en.progressTitle)), "no second progress card");
    const updates = activities.filter((a) => a.method === "PUT");
    assert.ok(updates.length >= 1, "the old progress card was updated");
    assert.ok(
      updates.every((u) => u.activityId === "activity-progress-before-restart" && u.at < answer.at),
      "updates target the old card, before the answer",
    );
    assertFinalProgress(updates.at(-1)!, stored.state);
  });

  it("replaces the progress card of a taken-over run when the old one can no longer be updated", async () => {
    harness.connector.failNext(1, (method, path) => method === "PUT" && path.endsWith("/activity-progress-gone"), 404);
    const inFlight = await seedInFlightRun(harness, "activity-progress-gone");

    const answer = await harness.answerIn(inFlight.requester!.conversationId);
    const activities = harness.connector.inConversation(inFlight.requester!.conversationId);
    const replacements = activities.filter((a) => a.method === "POST" && cardShows(a, en.progressTitle));
    assert.equal(replacements.length, 1, "exactly one new progress card");
    const replacement = replacements[0];
    const later = activities.filter((a) => a.method === "PUT");
    assert.ok(
      later.every((u) => u.activityId === replacement.activityId),
      "later updates go to the new card",
    );
    const last = later.at(-1) ?? replacement;
    assert.ok(last.at < answer.at, "the final progress lands before the answer");
    assertFinalProgress(last, (await harness.store.runs.load(inFlight.runId))!);
    assert.ok(harness.log.some((line) => line.includes("progress card activity-progress-gone could not be updated")));
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

/**
 * Leaves what a worker killed at the routing phase leaves: its run stored `running` under its owner,
 * and the run's message back on the queue (its lease expired).
 */
async function seedInFlightRun(harness: BotHarness, progressActivityId: string): Promise<RunState> {
  const conversationId = `personal-${randomUUID()}`;
  const reference = {
    channelId: "msteams",
    serviceUrl: harness.serviceUrl,
    conversation: { id: conversationId, conversationType: "personal", isGroup: false, name: "" },
    bot: { id: "28:procura", name: "Procura" },
    user: { id: "user-9", name: "" },
  };
  const now = new Date().toISOString();
  const inFlight: RunState = {
    schemaVersion: 1,
    runId: `run-${randomUUID()}`,
    question: "Can we renew the Acme SaaS contract at +8%?",
    language: "en",
    requester: { userId: "user-9", conversationId, progressActivityId },
    status: "running",
    phase: "route",
    attempts: 1,
    modeState: { mode: "selective" },
    startedAt: now,
    updatedAt: now,
    offline: true,
    findings: [],
    quality: { initialScore: null, finalScore: null, retried: false },
    hitlReasons: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    events: [],
  };
  await harness.store.conversations.save(conversationId, reference);
  await harness.store.runs.write(
    { lifecycle: { stage: "running", owner: "killed-instance#1", owners: 1, sent: {} }, state: inFlight },
    undefined,
  );
  await harness.queue.enqueue({
    kind: "question",
    runId: inFlight.runId,
    question: inFlight.question,
    requester: inFlight.requester!,
    reference,
    acceptedAt: now,
  });
  return inFlight;
}

/** The progress card shows the finished run: the last phase, and every selected specialist done. */
function assertFinalProgress(progress: RecordedActivity, finished: RunState): void {
  const texts = cardTexts(cardOf(progress));
  assert.ok(texts.includes(en.phaseAnswered), `final phase: ${texts.join(" | ")}`);
  assert.ok(texts.includes(en.progressTitleDone), "the card no longer says it is working");
  const selected = finished.decision!.selected;
  assert.ok(selected.length >= 1);
  const statuses = texts.filter((t) => t.includes(en.statusDone) || t.includes(en.statusWorking) || t.includes(en.statusWaiting));
  assert.deepEqual(
    statuses,
    selected.map(() => `✅ ${en.statusDone}`),
    `every specialist done: ${texts.join(" | ")}`,
  );
}

/** Polls `read` until `done` holds (a run's stage is written just after its card is sent), for at most 5 s. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
