import assert from "node:assert/strict";
import { criticalPath, modelCriticalPathMs, type TimedCall } from "../../../bench/critical-path";

const call = (agentId: string, startedAt: number, endedAt: number, aborted = false): TimedCall => ({
  agentId,
  startedAt,
  endedAt,
  aborted,
});

describe("bench: model critical path from the simulator's call log", () => {
  it("is router + the slowest specialist chain + moderator, without the gaps between calls (our overhead)", () => {
    const calls = [
      call("router", 0, 500),
      call("contract", 510, 1_000), // tool call turn
      call("contract", 1_050, 3_000), // finding (50 ms of tools before it)
      call("spend", 505, 2_000),
      call("moderator", 3_020, 5_000),
    ];
    assert.equal(modelCriticalPathMs(calls), 500 + (490 + 1_950) + 1_980);
  });

  it("names the calls in sequence on that path, and the path's time up to any call's end", () => {
    const calls = [
      call("router", 0, 500),
      call("contract", 510, 1_000),
      call("contract", 1_050, 3_000),
      call("spend", 505, 2_000),
      call("moderator", 3_020, 5_000),
    ];
    const path = criticalPath(calls);
    assert.deepEqual(
      path.chain.map((c) => `${c.agentId}@${c.startedAt}`),
      ["router@0", "contract@510", "contract@1050", "moderator@3020"],
    );
    assert.equal(path.longestTo(calls[3]), 500 + 1_495);
    assert.equal(path.longestTo(calls[4]), path.ms);
  });

  it("does not chain different specialists together", () => {
    // A mixed chain contract#1 → spend#2 would be 2,900 ms; each specialist alone is at most 1,900 ms.
    const calls = [
      call("router", 0, 100),
      call("contract", 100, 1_100),
      call("contract", 1_150, 1_250),
      call("spend", 100, 200),
      call("spend", 1_200, 3_000),
      call("moderator", 3_000, 3_100),
    ];
    assert.equal(modelCriticalPathMs(calls), 100 + 1_900 + 100);
  });

  it("runs a speculative specialist call beside the Router and ignores cancelled calls", () => {
    const speculative = [
      call("router", 0, 600),
      call("knowledge", 0, 1_500),
      call("contract", 600, 1_000),
      call("moderator", 1_500, 2_000),
    ];
    assert.equal(modelCriticalPathMs(speculative), 1_500 + 500);
    const cancelled = [
      call("router", 0, 600),
      call("knowledge", 0, 600, true),
      call("contract", 600, 1_000),
      call("moderator", 1_000, 1_500),
    ];
    assert.equal(modelCriticalPathMs(cancelled), 600 + 400 + 500);
  });

  it("makes a follow-up's specialists started on the guess wait for the rewriter, though not for the Router", () => {
    const followUp = [
      call("rewriter", 0, 1_300),
      call("router", 1_310, 2_810),
      call("spend", 1_320, 3_320), // the guess, made from the rewriter's standalone question
      call("moderator", 3_330, 5_830),
    ];
    assert.equal(modelCriticalPathMs(followUp), 1_300 + 2_000 + 2_500);
  });

  it("counts a re-ask round and the second moderation after the first", () => {
    const calls = [
      call("router", 0, 100),
      call("contract", 100, 300),
      call("moderator", 300, 400),
      call("contract", 400, 700),
      call("moderator", 700, 800),
    ];
    assert.equal(modelCriticalPathMs(calls), 800);
  });

  it("places streamed text at the write of the chunk that reached its offset, whatever the call's end", () => {
    const chunks = [
      { writtenAt: 4_000, endOffset: 32 },
      { writtenAt: 4_100, endOffset: 64 },
      { writtenAt: 4_200, endOffset: 96 },
    ];
    const calls = [call("router", 0, 500), call("contract", 500, 3_000), { ...call("moderator", 3_000, 5_000), chunks }];
    const path = criticalPath(calls);
    // Up to the Moderator's start 3,000 ms, then 1,100 ms into its call.
    assert.equal(path.writtenTo(calls[2], 33), 3_000 + 1_100);
    assert.equal(path.writtenTo(calls[2], 64), 3_000 + 1_100, "a chunk ending exactly at the offset completes it");
    assert.equal(path.writtenTo(calls[2], 97), undefined, "no chunk reached the offset");
    assert.equal(path.writtenTo(calls[1], 1), undefined, "a call that did not stream");
  });

  it("counts each call's planned model time, not what a loaded machine's timers delivered", () => {
    const late = (agentId: string, startedAt: number, endedAt: number, plannedMs: number): TimedCall => ({
      ...call(agentId, startedAt, endedAt),
      plannedMs,
    });
    const chunks = [{ writtenAt: 2_900, plannedAt: 200, endOffset: 10 }];
    const calls = [late("router", 0, 700, 500), late("contract", 750, 2_000, 1_000), { ...late("moderator", 2_100, 3_500, 600), chunks }];
    const path = criticalPath(calls);
    assert.equal(path.ms, 500 + 1_000 + 600);
    assert.equal(path.writtenTo(calls[2], 10), 500 + 1_000 + 200);
  });

  it("never makes a specialist started beside the Router wait for it, however the timers raced", () => {
    // The guessed specialist's second call began after the Router ended only because the timers were late.
    const calls = [call("router", 0, 1_000), call("contract", 0, 990), call("contract", 1_010, 2_000), call("moderator", 2_000, 2_500)];
    assert.equal(modelCriticalPathMs(calls), 990 + 990 + 500);
  });

  it("never makes a guessed specialist wait for the Router when our own work delayed its first call past the Router's end", () => {
    // At 1/20 time scale, 60 ms of tools on a loaded machine before the guessed start is 1.2 s of model time.
    const calls = [call("router", 0, 1_000), call("contract", 1_060, 3_060), call("moderator", 3_070, 4_070)];
    assert.equal(modelCriticalPathMs(calls), 1_000 + 2_000 + 1_000, "inferred from the timers: after the Router");
    assert.equal(modelCriticalPathMs(calls, { speculative: new Set(["contract"]) }), 2_000 + 1_000, "as the run guessed: beside it");
  });
});
