import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { labelsFor } from "../../../src/domain";
import type { RunState } from "../../../src/domain";
import { cardOf, cardTexts, type RecordedActivity } from "../../fakes/fake-connector";
import { freshRunState } from "../../fakes/fresh-run-state";
import { cardShows, eventually, describeOfflineBot, type BotHarness } from "./bot-harness";
import { isFinal } from "../../../src/workflow/run-status";

const en = labelsFor("en");

describeOfflineBot("runs taken over from a dead worker", (bot) => {
  it("takes over a run whose worker died (its message back on the queue), updates its progress card to the final state, then delivers its answer", async () => {
    const inFlight = await seedInFlightRun(bot.harness, "activity-progress-before-restart");

    const answer = await bot.harness.answerIn(inFlight.requester!.conversationId);
    assert.ok(cardTexts(cardOf(answer)).includes(inFlight.question));
    const stored = await eventually(
      async () => (await bot.harness.store.runs.read(inFlight.runId))?.value,
      (run) => run !== undefined && isFinal(run),
    );
    assert.equal(stored?.state.status, "answered");
    assert.equal(stored?.lifecycle.owners, 2, "a second owner finished it");

    const activities = bot.harness.connector.inConversation(inFlight.requester!.conversationId);
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
    bot.harness.connector.failNext(1, (method, path) => method === "PUT" && path.endsWith("/activity-progress-gone"), 404);
    const inFlight = await seedInFlightRun(bot.harness, "activity-progress-gone");

    const answer = await bot.harness.answerIn(inFlight.requester!.conversationId);
    const activities = bot.harness.connector.inConversation(inFlight.requester!.conversationId);
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
    assertFinalProgress(last, (await bot.harness.store.runs.load(inFlight.runId))!);
    assert.ok(bot.harness.log.some((line) => line.includes("progress card activity-progress-gone could not be updated")));
  });
});

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
  const inFlight: RunState = {
    ...freshRunState({
      runId: `run-${randomUUID()}`,
      question: "Can we renew the Acme SaaS contract at +8%?",
      requester: { userId: "user-9", conversationId, progressActivityId },
    }),
    reference,
    phase: "route",
  };
  await harness.store.runs.write({ lifecycle: { owner: "killed-instance#1", owners: 1, sent: {} }, state: inFlight }, undefined);
  await harness.queue.enqueue({
    kind: "question",
    runId: inFlight.runId,
    question: inFlight.question,
    requester: inFlight.requester!,
    reference,
    acceptedAt: inFlight.startedAt,
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
    selected.map(() => en.statusDone),
    `every specialist done: ${texts.join(" | ")}`,
  );
}
