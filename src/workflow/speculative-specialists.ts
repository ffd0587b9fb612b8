import type { Finding, RouterInput } from "../domain";
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

/**
 * Specialists started from the route guess while the Router decides, so that a correct guess takes the Router's time off the critical path.
 * They work under the guess as a provisional decision; the Router's decision keeps the ones it chose (their findings are used as they
 * arrive) and cancels the others, whose calls then cost their prompt tokens and whatever output was written before the cancel.
 */
export class SpeculativeSpecialists {
  private constructor(
    private readonly context: RunContext,
    private readonly started: Map<string, WorkingSpecialist>,
  ) {}

  /**
   * Starts the specialists the evidence planner guesses for `input` (the Router's own input). None start when no planner is wired,
   * SPECULATIVE_SPECIALISTS is off, or no specialist's tools and keywords fit the question.
   */
  static async start(context: RunContext, input: RouterInput): Promise<SpeculativeSpecialists | undefined> {
    const { deps, state } = context;
    if (!deps.evidencePlanner || !deps.settings.speculativeSpecialists) return undefined;
    const offered = deps.prompts.specialists.filter((s) => input.specialists.some((o) => o.id === s.id));
    const guess = await deps.evidencePlanner.guess(
      { text: input.question },
      offered.map((s) => ({ id: s.id, keywords: s.keywords, tools: toolSpecsOf(deps.tools, s.tools) })),
    );
    const ids = guess.slice(0, input.maxSpecialists);
    if (ids.length === 0) return undefined;
    // runSpecialist reads the decision when it starts: the guess stands in for the Router's until it decides.
    // It reads like the fallback decision (independent, medium evidence, no sign-off), with the guessed specialists.
    const reason = "started from the question's words while the Router decides";
    state.decision = { ...fallbackDecision(reason), selected: ids, reason, fallback: false };
    const started = new Map(ids.map((id) => [id, startSpecialist(context, id)]));
    state.decision = undefined;
    return new SpeculativeSpecialists(context, started);
  }

  /** The Router decided: keeps the chosen specialists' work and cancels the rest (said in an event). */
  confirm(selected: readonly string[]): void {
    const unchosen = [...this.started.keys()].filter((id) => !selected.includes(id));
    for (const id of unchosen) this.started.get(id)?.abort.abort();
    if (unchosen.length > 0) this.context.note(`speculative start cancelled, not chosen by the Router: ${unchosen.join(", ")}`);
  }

  /** A specialist started early, for the phase that would otherwise start it (once). */
  take(id: string): WorkingSpecialist | undefined {
    const started = this.started.get(id);
    this.started.delete(id);
    return started?.abort.signal.aborted ? undefined : started;
  }

  /** Stops every specialist still working (the run ends before any is needed). */
  cancel(): void {
    for (const { abort } of this.started.values()) abort.abort();
  }
}

/** Starts a specialist's first round, cancellable. */
export function startSpecialist(context: RunContext, id: string): WorkingSpecialist {
  const abort = new AbortController();
  return { id, abort, finding: runSpecialist(context, context.specialist(id), { round: "initial", signal: abort.signal }) };
}
