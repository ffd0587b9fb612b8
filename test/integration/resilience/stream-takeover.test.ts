import assert from "node:assert/strict";
import { botKilledMidRun, MID_STREAM, type BotKillResult, type KilledChat } from "../../../bench/chaos/bot-kill";
import { startFaultSimulator } from "../../../bench/chaos/graph-faults";
import { finalReplyOf } from "../../../bench/outcomes";
import { StreamPositions } from "../../../src/teams/run-progress";
import { streamInfoOf, type RecordedActivity } from "../../fakes/fake-connector";
import type { LatencyModelServer } from "../../fakes/latency-model-server";

/** Teams refuses a stream this long after its start. */
const TEAMS_STREAM_AGE_LIMIT_MS = 120_000;

/** Three personal chats on one process; what survives of each stream differs after the kill. */
const CONTINUED = "What is the risk rating of our logistics vendor?";
const POSITION_LOST = "How much did we spend on cloud services in FY2025?";
const TOO_OLD = "Which contracts with Acme expire this year?";

/** What a chat received, told apart by the process that sent it. */
function view(result: BotKillResult, question: string) {
  const chat = result.chats.find((candidate) => candidate.question === question)!;
  const before = chat.activities.filter((a) => a.at < result.killedAt);
  const after = chat.activities.filter((a) => a.at >= result.killedAt);
  const [first] = chat.activities;
  return { chat, first, streamId: first.activityId, before, after, trail: trailOf(chat) };
}

/** Typing activities with a streaminfo entity: the stream's start and its updates. */
const updates = (activities: RecordedActivity[]) => activities.filter((a) => a.activity.type === "typing" && streamInfoOf(a));
const sequences = (activities: RecordedActivity[]) => updates(activities).map((a) => streamInfoOf(a)!.streamSequence!);
const finalsOnStream = (activities: RecordedActivity[]) => activities.filter((a) => streamInfoOf(a)?.streamType === "final");

function trailOf(chat: KilledChat): string {
  return chat.activities
    .map((a) => `${a.activity.type} ${JSON.stringify(streamInfoOf(a) ?? {})} ${JSON.stringify(a.activity.text?.slice(0, 40) ?? "")}`)
    .join("\n  ");
}

/** The chat's stream started once, by the first process, and nothing but its own updates and final carry a stream id. */
function assertOneStream(first: RecordedActivity, activities: RecordedActivity[], streamId: string, trail: string) {
  assert.deepEqual(
    [first.activity.type, streamInfoOf(first)?.streamType, streamInfoOf(first)?.streamSequence, streamInfoOf(first)?.streamId],
    ["typing", "informative", 1, undefined],
    `the first reaction starts the stream:\n  ${trail}`,
  );
  for (const activity of activities.slice(1).filter((a) => streamInfoOf(a)))
    assert.equal(streamInfoOf(activity)?.streamId, streamId, `one stream, never a second start:\n  ${trail}`);
  const numbers = sequences(activities);
  assert.ok(
    numbers.every((n, i) => i === 0 || n > numbers[i - 1]),
    `stream sequences rise strictly: ${numbers.join(", ")}`,
  );
}

describe("resilience: a personal chat's stream when its run moves to another process (kill -9, two bot processes)", function () {
  this.timeout(120_000);
  let sim: LatencyModelServer;
  let result: BotKillResult;
  before(async () => {
    let baseUrl: string;
    ({ sim, baseUrl } = await startFaultSimulator(0.1));
    result = await botKilledMidRun(sim, baseUrl, {
      killPoint: MID_STREAM,
      questions: [CONTINUED, POSITION_LOST, TOO_OLD],
      beforeRestart: async ({ store, runIdOf }, [, lostChat, oldChat]) => {
        const positions = new StreamPositions(store.botState);
        const lostRun = (await runIdOf(lostChat))!;
        await positions.forget(lostRun);
        // As if the run had been stuck long: Teams has closed the stream by age.
        const oldRun = (await runIdOf(oldChat))!;
        const saved = (await positions.get(oldRun))!;
        await positions.save(oldRun, { ...saved, startedAt: new Date(Date.now() - TEAMS_STREAM_AGE_LIMIT_MS - 60_000).toISOString() });
      },
    });
  });
  after(() => sim.stop());

  it("each chat gets exactly one final reply, and every run is delivered", () => {
    for (const chat of result.chats) {
      assert.equal(chat.finals.length, 1, `one final reply in "${chat.question}": ${trailOf(chat)}`);
      assert.ok(["answer", "under_review"].includes(chat.finals[0]), result.userSaw);
      assert.ok(
        ["answered", "out_of_scope", "needs_clarification", "blocked", "awaiting_approval"].includes(chat.storedStatus),
        chat.storedStatus,
      );
    }
    assert.ok(result.callsAfter >= 1, "the second process continued the runs");
  });

  it("the second process continues the same stream: one stream id, sequences rising across both processes, one final with the answer, nothing after it", () => {
    const { chat, first, streamId, before, after, trail } = view(result, CONTINUED);
    assertOneStream(first, chat.activities, streamId, trail);
    assert.ok(sequences(before).length >= 2, `the first process had updated the stream before it died:\n  ${trail}`);
    assert.ok(sequences(after).length >= 1, `the second process updated the same stream:\n  ${trail}`);
    assert.ok(Math.min(...sequences(after)) > Math.max(...sequences(before)), `after the first process's numbers:\n  ${trail}`);
    const finals = finalsOnStream(chat.activities);
    assert.equal(finals.length, 1, `exactly one final message:\n  ${trail}`);
    assert.equal(finals[0], chat.activities.at(-1), `nothing on the stream after its final message:\n  ${trail}`);
    assert.equal(finals[0].activity.type, "message");
    assert.ok(after.includes(finals[0]), "the second process ended it");
    assert.ok(finalReplyOf(finals[0]), `the final message carries the reply:\n  ${trail}`);
    assert.ok(
      chat.activities.every((a) => streamInfoOf(a)),
      `nothing arrives beside the stream:\n  ${trail}`,
    );
  });

  it("a stream whose saved position is lost takes no more updates (a number could repeat) and is closed by the final message carrying the answer", () => {
    const { chat, first, streamId, after, trail } = view(result, POSITION_LOST);
    assertOneStream(first, chat.activities, streamId, trail);
    assert.deepEqual(
      after.map((a) => [a.activity.type, streamInfoOf(a)?.streamType, streamInfoOf(a)?.streamId]),
      [["message", "final", streamId]],
      `the second process only closes the stream:\n  ${trail}`,
    );
    assert.ok(finalReplyOf(after[0]), `with the reply:\n  ${trail}`);
  });

  it("a stream past Teams' age limit gets nothing more: the answer arrives as a normal message", () => {
    const { chat, first, streamId, after, trail } = view(result, TOO_OLD);
    assertOneStream(first, chat.activities, streamId, trail);
    assert.equal(finalsOnStream(chat.activities).length, 0, `no final message on the closed stream:\n  ${trail}`);
    assert.deepEqual(
      after.map((a) => [a.activity.type, streamInfoOf(a)]),
      [["message", undefined]],
      `one normal message from the second process:\n  ${trail}`,
    );
    assert.ok(finalReplyOf(after[0]), `carrying the reply:\n  ${trail}`);
  });
});
