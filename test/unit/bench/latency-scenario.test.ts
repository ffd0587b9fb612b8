import assert from "node:assert/strict";
import { criticalPath } from "../../../bench/critical-path";
import { asOneUnderstandingCall, leadSpecialistWords } from "../../../bench/latency-scenario";
import { MODEL_PROFILES } from "../../../bench/sim/latency";
import type { SimulatedCall } from "../../fakes/latency-model-server";

const call = (agentId: string, startedAt: number, plannedMs: number, outputTokens = 40): SimulatedCall => ({
  seq: 0,
  agentId,
  model: "gpt-5.4-mini",
  question: "and last year?",
  callIndex: 0,
  startedAt,
  endedAt: startedAt + plannedMs,
  plannedMs,
  aborted: false,
  inputTokens: 1000,
  outputTokens,
  reasoningTokens: 0,
});

describe("bench: a follow-up as if the rewriter and the Router were one call", () => {
  it("writes the rewriter's output on the Router's draw, and puts the specialists after it", () => {
    const rewriter = call("rewriter", 0, 1_300, 36);
    const router = call("router", 1_310, 1_500);
    // Started from the route guess once the standalone question was known: beside the Router.
    const spend = call("spend", 1_320, 2_000);
    const moderator = call("moderator", 3_330, 2_500);
    const measured = criticalPath([rewriter, router, spend, moderator]).ms;
    assert.equal(measured, 1_300 + 2_000 + 2_500, "today: the rewriter, then the specialist beside the Router");

    const merged = asOneUnderstandingCall([rewriter, router, spend, moderator], MODEL_PROFILES, 1);
    assert.ok(merged);
    // 36 more tokens at gpt-5.4-mini's 180 tokens/s: 200 ms on the Router's own time.
    assert.equal(merged.lead.plannedMs, 1_700);
    assert.equal(merged.lead.outputTokens, 76);
    assert.deepEqual(merged.rest, [spend, moderator]);
    assert.equal(
      merged.lead.plannedMs + criticalPath(merged.rest).ms,
      1_700 + 2_000 + 2_500,
      "one call, but the specialist no longer overlaps it",
    );
  });

  it("leaves a run without both calls as it was (a first question, or one asked back)", () => {
    assert.equal(asOneUnderstandingCall([call("router", 0, 1_000), call("moderator", 1_000, 2_000)], MODEL_PROFILES, 1), undefined);
    assert.equal(asOneUnderstandingCall([call("rewriter", 0, 1_000)], MODEL_PROFILES, 1), undefined);
  });
});

describe("bench: the first text as if the Router's first choice streamed its own summary", () => {
  const filter = { timeScale: 1, contentFilter: "default" as const };
  // gpt-5.4-mini: 180 tokens/s, the default filter releasing 16 tokens at a time.
  const restOf = (outputTokens: number) => ((outputTokens - 16) * 1000) / 180;

  it("shows the specialist's first chunk, not its whole finding, when the Router has decided before it", () => {
    const router = call("router", 0, 1_000);
    const spend = call("spend", 0, 2_500, 196);
    const moderator = call("moderator", 2_500, 2_500);
    const words = leadSpecialistWords([router, spend, moderator], new Set(["spend"]), "spend", "selective", MODEL_PROFILES, filter);
    assert.equal(words, 2_500 - restOf(196), "1.5 s: its first 16 tokens, a second before the finding ends");
  });

  it("waits for the Router when the specialist's first chunk comes before its decision", () => {
    const router = call("router", 0, 1_800);
    const spend = call("spend", 0, 1_500, 196);
    const words = leadSpecialistWords(
      [router, spend, call("moderator", 1_800, 2_500)],
      new Set(["spend"]),
      "spend",
      "selective",
      MODEL_PROFILES,
      filter,
    );
    assert.equal(words, 1_800);
  });

  it("takes the finding written before the first merge, not the answer to a re-ask", () => {
    const router = call("router", 0, 1_000);
    const first = call("contract", 1_000, 2_000, 196);
    const moderator = call("moderator", 3_000, 2_000);
    const reask = { ...call("contract", 5_000, 2_000, 196), callIndex: 1 };
    const words = leadSpecialistWords([router, first, moderator, reask], new Set(), "contract", "selective", MODEL_PROFILES, filter);
    assert.equal(words, 3_000 - restOf(196));
  });
});
