import type { ModeratorAnswer, RouterDecision, RunState, WorkflowSettings } from "../../domain";

/** True when the answer (or the part of it written so far) scores below the threshold and the gate has not sent it back yet. */
export function needsRequery(answer: Pick<ModeratorAnswer, "qscore">, threshold: number, alreadyRetried: boolean): boolean {
  return !alreadyRetried && answer.qscore < threshold;
}

/** True when the quality gate sends this run's answer back for one re-ask. */
export function gateSendsBack(state: RunState, settings: Pick<WorkflowSettings, "qscoreThreshold">): boolean {
  return state.answer !== undefined && needsRequery(state.answer, settings.qscoreThreshold, state.quality.retried);
}

/** The top-priority specialists to re-ask (at most `count`, most important first). */
export function requeryTargets(decision: RouterDecision, count: number): string[] {
  return decision.selected.slice(0, Math.max(1, count));
}
