import assert from "node:assert/strict";
import { criticalPath, type StreamedChunk, type TimedCall } from "../../../bench/critical-path";
import { fieldTextEndOffset, firstTextOnPath } from "../../../bench/first-text";

type LoggedCall = TimedCall & { content?: string };

const call = (agentId: string, startedAt: number, endedAt: number): LoggedCall => ({ agentId, startedAt, endedAt, aborted: false });

/** A streamed reply cut into `size`-character chunks, the first written at `firstAt`, one every `everyMs`. */
function streamed(content: string, firstAt: number, everyMs: number, size = 16): { content: string; chunks: StreamedChunk[] } {
  const chunks: StreamedChunk[] = [];
  for (let at = 0; at < content.length; at += size)
    chunks.push({ writtenAt: firstAt + chunks.length * everyMs, endOffset: Math.min(content.length, at + size) });
  return { content, chunks };
}

describe("bench: the first streamed text on the critical path", () => {
  const reply = JSON.stringify({ hitl: false, conclusion: "Renew at 5%, not 8%: the contract caps increases.", hitlReason: "" });
  // '{"hitl":false,"conclusion":"' is 28 characters: the conclusion's text starts at offset 28.

  it("finds where the shown text of a field ends in the reply as written, escapes included", () => {
    assert.equal(fieldTextEndOffset(reply, "conclusion", ""), 28);
    assert.equal(fieldTextEndOffset(reply, "conclusion", "Renew"), 33);
    const quoted = JSON.stringify({ conclusion: 'say "no" — 更新不可' });
    assert.equal(fieldTextEndOffset(quoted, "conclusion", 'say "no'), 15 + 'say \\"no'.length);
    assert.equal(fieldTextEndOffset(reply, "rationale", "x"), undefined);
  });

  it("is the write of the chunk that completed the text first shown, on the path, not when the client received it", () => {
    // Chunks end at offsets 16, 32, 48 …, written at 4,000, 4,100, 4,200 … ms.
    const calls: LoggedCall[] = [
      call("router", 0, 500),
      call("contract", 500, 3_000),
      { ...call("moderator", 3_000, 6_000), ...streamed(reply, 4_000, 100) },
    ];
    const path = criticalPath(calls);
    // "Renew" ends at offset 33: the third chunk (ends at 48), written at 4,200 ms, 1,200 ms into the call.
    // The client received it 50 ms later; that lag is not model time.
    assert.equal(firstTextOnPath(calls, path, { at: 4_250, text: "Renew" }), 3_000 + 1_200);
    // Shown whole at once (as when `hitl` would arrive after the conclusion): the chunk that ended it,
    // offset 28 + 49 = 77, the fifth chunk (ends at 80), written at 4,400 ms.
    assert.equal(firstTextOnPath(calls, path, { at: 4_450, text: "Renew at 5%, not 8%: the contract caps increases." }), 3_000 + 1_400);
  });

  it("takes the Moderator call that was streaming when the text arrived (a second moderation after a re-ask)", () => {
    const second = JSON.stringify({ hitl: false, conclusion: "Renew at 4%." });
    const calls: LoggedCall[] = [
      call("router", 0, 500),
      call("contract", 500, 1_000),
      { ...call("moderator", 1_000, 2_000), ...streamed(reply, 1_500, 100) },
      call("contract", 2_000, 3_000),
      { ...call("moderator", 3_000, 4_000), ...streamed(second, 3_500, 100) },
    ];
    const path = criticalPath(calls);
    // "Ren" ends at offset 31: each call's second chunk, written 600 ms into it.
    assert.equal(firstTextOnPath(calls, path, { at: 1_620, text: "Ren" }), 1_000 + 600);
    // A run whose preview began only in the second moderation (the first needed an approver) is placed there.
    assert.equal(firstTextOnPath(calls, path, { at: 3_620, text: "Ren" }), 3_000 + 600);
    assert.equal(firstTextOnPath(calls, path, { at: 900, text: "Ren" }), undefined, "no Moderator call had started");
  });
});
