import { questionToAnswer, type Finding } from "../domain";
import { toolSpecsOf } from "./steps/tool-runner";
import type { RunContext } from "./run-context";
import { fallbackDecision } from "./steps/router-step";
import { runSpecialist } from "./steps/specialist-step";

/** A chosen specialist at work, with the means to stop it. */
export interface WorkingSpecialist {
  id: string;
  abort: AbortController;
  finding: Promise<Finding>;
}

/** Specialists started early: `confirm` keeps the Router's choices, `take` hands one to its phase, `cancel` stops them all. */
export type SpeculativeSpecialists = NonNullable<Awaited<ReturnType<typeof startSpeculativeSpecialists>>>;

/**
 * Specialists started from the route guess while the Router decides, so that a correct guess takes the Router's time off the critical path.
 * They work under the guess as a provisional decision; the Router's decision keeps the ones it chose (their findings are used as they
 * arrive) and cancels the others, whose calls then cost their prompt tokens and whatever output was written before the cancel.
 * None start when no planner is wired, SPECULATIVE_SPECIALISTS is off, or no specialist's tools and keywords fit the question
 * (every specialist is offered, as the first routing offers them all to the Router).
 */
export async function startSpeculativeSpecialists(context: RunContext) {
  const { deps, state } = context;
  if (!deps.evidencePlanner || !deps.settings.speculativeSpecialists) return undefined;
  const guess = await deps.evidencePlanner.guess(
    { text: questionToAnswer(state) },
    deps.prompts.specialists.map((s) => ({ id: s.id, keywords: s.keywords, tools: toolSpecsOf(deps.tools, s.tools) })),
  );
  const ids = guess.slice(0, deps.settings.maxSpecialists);
  if (ids.length === 0) return undefined;
  // runSpecialist reads the decision when it starts: the guess stands in for the Router's until it decides.
  // It reads like the fallback decision (independent, medium evidence, no sign-off), with the guessed specialists.
  const reason = "started from the question's words while the Router decides";
  state.decision = { ...fallbackDecision(reason), selected: ids, reason, fallback: false };
  const started = new Map(ids.map((id) => [id, startSpecialist(context, id)]));
  state.decision = undefined;
  return {
    /** The Router decided: keeps the chosen specialists' work and cancels the rest (said in an event). */
    confirm(selected: readonly string[]): void {
      const unchosen = [...started.keys()].filter((id) => !selected.includes(id));
      for (const id of unchosen) started.get(id)?.abort.abort();
      if (unchosen.length > 0) context.note(`speculative start cancelled, not chosen by the Router: ${unchosen.join(", ")}`);
    },
    /** A specialist started early, for the phase that would otherwise start it (once). */
    take(id: string): WorkingSpecialist | undefined {
      const specialist = started.get(id);
      started.delete(id);
      return specialist?.abort.signal.aborted ? undefined : specialist;
    },
    /** Stops every specialist still working (the run ends before any is needed). */
    cancel(): void {
      for (const { abort } of started.values()) abort.abort();
    },
  };
}

/** Starts a specialist's first round, cancellable. */
export function startSpecialist(context: RunContext, id: string): WorkingSpecialist {
  const abort = new AbortController();
  return { id, abort, finding: runSpecialist(context, context.specialist(id), { round: "initial", signal: abort.signal }) };
}
