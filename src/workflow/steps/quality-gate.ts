import type { ModeratorAnswer, RouterDecision } from "../../domain";

/** True when the answer scores below the threshold and the gate has not sent it back yet. */
export function needsRequery(answer: ModeratorAnswer, threshold: number, alreadyRetried: boolean): boolean {
  return !alreadyRetried && answer.qscore < threshold;
}

/** The top-priority specialists to re-ask (at most `count`, in priority order). */
export function requeryTargets(decision: RouterDecision, count: number): string[] {
  return decision.priority.slice(0, Math.max(1, count));
}
