/** One line saying what the user was told at the end of a run (the card the bot sends for this state). */
import type { RunState } from "../../src/domain";

/** e.g. "answer card (QSCORE 86); says spend failed: error: 500 …" or "error card, correlation id …". */
export function whatTheUserSaw(state: RunState): string {
  switch (state.status) {
    case "answered": {
      const failed = state.findings.filter((f) => f.status === "failed").map((f) => f.specialist);
      const notes = [
        ...(state.decision?.fallback ? [`Knowledge fallback (${state.decision.reason})`] : []),
        ...(failed.length ? [`says ${failed.join(", ")} failed`] : []),
      ];
      return `answer card (QSCORE ${state.quality.finalScore ?? state.quality.initialScore})${notes.length ? `; ${notes.join("; ")}` : ""}`;
    }
    case "awaiting_approval":
      return "under-review notice (answer held for an approver)";
    case "failed":
    case "poisoned":
      return `error card, correlation id ${state.failure?.correlationId}: ${state.failure?.message.slice(0, 80)}`;
    case "needs_clarification":
      return "a question back (the follow-up could not be resolved)";
    case "out_of_scope":
      return "out-of-scope notice (no specialist ran)";
    case "blocked":
      return "blocked notice (the content filter refused the question)";
    case "rejected":
      return `rejection notice (${state.approval?.reason ?? ""})`;
    case "expired":
      return "expiry notice (no approver decided in time)";
    case "queued":
    case "running":
      return "nothing yet (still running)";
  }
}
